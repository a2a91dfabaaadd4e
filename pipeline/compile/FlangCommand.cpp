//===- FlangCommand.cpp - flang-22's own frontend command line ------------===//

#include "pipeline/compile/FlangCommand.h"
#include "pipeline/compile/Devices.h"
#include "support/FlangMessage.h"
#include "support/JsonParse.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <unistd.h>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

bool ompx::pipeline::isFortranSource(StringRef path) {
  static const char *const extensions[] = {".f",   ".for", ".ftn", ".fpp",
                                           ".f77", ".f90", ".f95", ".f03",
                                           ".f08", ".f18", ".cuf"};
  StringRef ext = path::extension(path);
  return llvm::any_of(extensions,
                      [&](const char *e) { return ext.equals_insensitive(e); });
}

/// One job line: ` "prog" "arg" ...`, each argument double-quoted with `\`
/// before `"`, `\` and `$` (clang's Command::printArg).
static std::optional<std::vector<std::string>> parseJobLine(StringRef line) {
  line = line.trim();
  if (!line.starts_with("\""))
    return std::nullopt;
  std::vector<std::string> argv;
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ') {
      ++i;
      continue;
    }
    if (line[i] != '"')
      return std::nullopt;
    std::string arg;
    for (++i; i < line.size() && line[i] != '"'; ++i) {
      if (line[i] == '\\' && i + 1 < line.size())
        ++i;
      arg += line[i];
    }
    if (i >= line.size())
      return std::nullopt; // unterminated
    ++i;
    argv.push_back(std::move(arg));
  }
  if (argv.empty())
    return std::nullopt;
  return argv;
}

std::vector<std::vector<std::string>>
ompx::pipeline::parseJobListing(StringRef listing) {
  std::vector<std::vector<std::string>> jobs;
  llvm::SmallVector<StringRef> lines;
  listing.split(lines, '\n');
  for (StringRef line : lines)
    if (auto job = parseJobLine(line))
      jobs.push_back(std::move(*job));
  return jobs;
}

std::optional<std::vector<std::string>>
ompx::pipeline::flangFrontendJob(StringRef flang,
                                 llvm::ArrayRef<std::string> driverArgs,
                                 std::string &error) {
  std::vector<std::string> args{"-###"};
  llvm::append_range(args, driverArgs);
  ToolRun run = runTool(flang, args, 60);
  if (run.exitCode != 0) {
    // flang's "error: unknown argument: '-foo'" is the message a user wants.
    std::string why;
    llvm::SmallVector<StringRef> lines;
    StringRef(run.output).split(lines, '\n');
    for (StringRef line : lines)
      if (line.contains("error:"))
        why += (why.empty() ? "" : "\n") + line.trim().str();
    error = !why.empty() ? why
            : !run.error.empty()
                ? flang.str() + ": " + run.error
                : flang.str() +
                      " -### failed: " + StringRef(run.output).trim().str();
    return std::nullopt;
  }
  std::optional<std::vector<std::string>> fc1;
  for (auto &job : parseJobListing(run.output)) {
    if (job.size() < 2 || job[1] != "-fc1")
      continue;
    if (fc1) {
      error = "flang-22 plans more than one frontend job for: " +
              llvm::join(driverArgs, " ");
      return std::nullopt;
    }
    fc1.emplace(job.begin() + 1, job.end());
  }
  if (!fc1)
    error =
        "flang-22 plans no frontend job for: " + llvm::join(driverArgs, " ");
  return fc1;
}

std::optional<std::vector<std::string>> ompx::pipeline::flangFrontendJobCached(
    StringRef flang, llvm::ArrayRef<std::string> driverArgs, StringRef source,
    StringRef object, std::string &error) {
  constexpr StringRef kSource = "\x01source", kObject = "\x01object";
  auto template_ = [&](StringRef arg) -> StringRef {
    return arg == source ? kSource : arg == object ? kObject : arg;
  };
  llvm::SmallString<256> file;
  fs::file_status status;
  if (!path::cache_directory(file) || fs::status(flang, status))
    return flangFrontendJob(flang, driverArgs, error);
  std::string key =
      flang.str() + "\n" + std::to_string(status.getSize()) + "\n" +
      std::to_string(
          status.getLastModificationTime().time_since_epoch().count()) +
      "\n" + path::extension(source).str();
  for (const std::string &arg : driverArgs)
    key += "\n" + template_(arg).str();
  path::append(file, "ompx", "fc1",
               llvm::utohexstr(llvm::xxh3_64bits(key), /*LowerCase=*/true) +
                   ".json");
  auto fill = [&](std::vector<std::string> args) {
    for (std::string &arg : args)
      arg = arg == kSource ? source.str() : arg == kObject ? object.str() : arg;
    return args;
  };
  if (auto buffer = llvm::MemoryBuffer::getFile(file)) {
    std::vector<std::string> cached;
    llvm::Expected<llvm::json::Value> json =
        ompx::parseJson((*buffer)->getBuffer());
    llvm::json::Path::Root root;
    if (json && llvm::json::fromJSON(*json, cached, root) && !cached.empty())
      return fill(std::move(cached));
    if (!json)
      llvm::consumeError(json.takeError());
  }
  auto fc1 = flangFrontendJob(flang, driverArgs, error);
  if (!fc1)
    return fc1;
  // Cached only when the names appear once each, as whole arguments.
  std::vector<std::string> generic;
  for (const std::string &arg : *fc1)
    generic.push_back(template_(arg).str());
  if (llvm::count(generic, kSource) != 1 || llvm::count(generic, kObject) != 1)
    return fc1;
  fs::create_directories(path::parent_path(file));
  std::string tmp = (file + ".tmp" + std::to_string(::getpid())).str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(tmp, ec);
    if (ec)
      return fc1;
    os << llvm::json::Value(llvm::json::Array(generic));
  }
  fs::rename(tmp, file); // whole or not at all: concurrent compiles race
  return fc1;
}

void ompx::pipeline::setFrontendAction(std::vector<std::string> &fc1,
                                       StringRef action, StringRef output) {
  static const char *const actions[] = {
      "-emit-obj",  "-emit-llvm", "-emit-llvm-bc", "-emit-fir", "-emit-hlfir",
      "-emit-mlir", "-S",         "-fsyntax-only", "-E"};
  bool replaced = false;
  for (size_t i = 1; i < fc1.size(); ++i) {
    if (llvm::is_contained(actions, StringRef(fc1[i]))) {
      fc1[i] = action.str();
      replaced = true;
    } else if (fc1[i] == "-o" && i + 1 < fc1.size()) {
      fc1[++i] = output.str();
    }
  }
  if (!replaced)
    fc1.insert(fc1.begin() + 1, action.str());
  if (!frontendOption(fc1, "-o")) {
    fc1.push_back("-o");
    fc1.push_back(output.str());
  }
}

std::optional<std::string>
ompx::pipeline::frontendOption(llvm::ArrayRef<std::string> fc1,
                               StringRef flag) {
  std::optional<std::string> value;
  for (size_t i = 0; i + 1 < fc1.size(); ++i)
    if (fc1[i] == flag)
      value = fc1[i + 1];
  return value;
}

std::optional<std::string>
ompx::pipeline::flangErrorDiagnostic(StringRef stderrText) {
  if (std::optional<StringRef> line = firstFlangError(stderrText))
    return line->str();
  return std::nullopt;
}
