//===- Preprocessed.cpp - A unit's text as flang's preprocessor leaves it -===//

#include "pipeline/compile/Preprocessed.h"
#include "pipeline/compile/FlangCommand.h"
#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <set>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace path = llvm::sys::path;

bool ompx::pipeline::preprocessedUnit(StringRef source,
                                      llvm::ArrayRef<std::string> flags) {
  std::optional<bool> asked; // the last of -cpp / -nocpp
  for (StringRef f : flags)
    if (f == "-cpp" || f == "-nocpp")
      asked = f == "-cpp";
  if (asked)
    return *asked;
  StringRef ext = path::extension(source);
  return ext.size() > 1 && llvm::isUpper(ext[1]);
}

bool ompx::pipeline::preprocessingMayMatter(StringRef source, StringRef text,
                                            llvm::ArrayRef<std::string> flags) {
  if (!preprocessedUnit(source, flags))
    return false;
  if (llvm::any_of(flags, [](StringRef f) {
        return f.starts_with("-D") || f.starts_with("-U");
      }))
    return true;
  return llvm::any_of(llvm::split(text, '\n'), [](StringRef line) {
    return line.ltrim().starts_with("#");
  });
}

/// The text of `line` after the `&` that makes it a continuation (`&...`
/// or a directive's `!$omp&...`), or nullopt.
static std::optional<StringRef> continuationOf(StringRef line) {
  StringRef t = line.ltrim();
  if (t.consume_front("&"))
    return t;
  if (t.starts_with("!$") && t.size() > 5 && t[5] == '&')
    return t.drop_front(6);
  return std::nullopt;
}

std::vector<PreprocessedFile>
ompx::pipeline::splitPreprocessed(StringRef output) {
  std::vector<PreprocessedFile> files;
  std::vector<std::vector<std::string>> lines;
  llvm::StringMap<size_t> index;
  auto fileNamed = [&](StringRef name) {
    auto [it, added] = index.try_emplace(name, files.size());
    if (added) {
      files.push_back({name.str(), ""});
      lines.emplace_back();
    }
    return it->second;
  };
  size_t current = 0;
  unsigned next = 1; // the line number of the next output line
  // The empty lines the markers' numbers may add, over all files: a
  // `#line 2000000000` of the source must not take gigabytes.
  size_t gapBudget = size_t(1) << 20;
  for (StringRef raw : llvm::split(output, '\n')) {
    raw.consume_back("\r");
    // flang's markers: `#line "FILE" N` and `#line N`.
    if (StringRef marker = raw; marker.consume_front("#line ")) {
      marker = marker.trim();
      std::optional<StringRef> name;
      if (marker.starts_with("\"")) {
        size_t close = marker.find('"', 1);
        if (close == StringRef::npos)
          continue;
        name = marker.slice(1, close);
        marker = marker.drop_front(close + 1).ltrim();
      }
      unsigned number = 0;
      if (marker.consumeInteger(10, number) || number == 0)
        continue;
      if (name)
        current = fileNamed(*name);
      else if (files.empty())
        current = fileNamed("");
      next = number;
      continue;
    }
    if (files.empty())
      current = fileNamed("");
    std::vector<std::string> &ls = lines[current];
    // flang continues a long statement on the next line (`&` ending this,
    // `&` or `!$omp&` opening that): one statement, its first line's number.
    if (next > 1 && next - 1 <= ls.size() &&
        StringRef(ls[next - 2]).rtrim().ends_with("&"))
      if (std::optional<StringRef> rest = continuationOf(raw)) {
        std::string &prev = ls[next - 2];
        prev = StringRef(prev).rtrim().drop_back().str() + rest->str();
        continue;
      }
    if (ls.size() + 1 < next) {
      size_t gap = next - 1 - ls.size();
      if (gap > gapBudget)
        next = ls.size() + 1; // numbered on from the file's last line
      else
        gapBudget -= gap;
    }
    if (ls.size() < next)
      ls.resize(next);
    std::string &slot = ls[next - 1];
    slot = slot.empty() ? raw.str() : slot + "\n" + raw.str();
    ++next;
  }
  for (size_t i = 0; i < files.size(); ++i)
    files[i].text = llvm::join(lines[i], "\n");
  return files;
}

std::optional<std::vector<PreprocessedFile>>
ompx::pipeline::preprocessUnit(llvm::ArrayRef<std::string> command,
                               StringRef workDir) {
  if (command.size() < 2 || command[1] != "-fc1")
    return std::nullopt;
  std::vector<std::string> fc1(command.begin() + 1, command.end());
  setFrontendAction(fc1, "-E", "-");
  SpawnOptions spawn;
  spawn.argv = {command.front()};
  llvm::append_range(spawn.argv, fc1);
  spawn.in = SpawnOptions::Stream::Null;
  spawn.err = SpawnOptions::Stream::Null;
  spawn.workingDirectory = workDir.str();
  auto child = Subprocess::spawn(spawn);
  if (!child) {
    llvm::consumeError(child.takeError());
    return std::nullopt;
  }
  // A unit's text; a runaway output is cut and not scanned.
  constexpr size_t kMaxBytes = size_t(256) << 20;
  std::string out;
  bool cut = false;
  Subprocess::Outcome outcome = (*child)->run(
      Clock::now() + std::chrono::minutes(2), nullptr, [&](StringRef data) {
        if (out.size() + data.size() > kMaxBytes)
          cut = true;
        else
          out.append(data.data(), data.size());
      });
  if (cut || outcome.timedOut || !outcome.status.success())
    return std::nullopt;
  return splitPreprocessed(out);
}

std::string FileRefusals::diagnostics() const {
  std::string out;
  for (const ElementReduction &r : reductions)
    out += r.diagnostic(file) + "\n";
  for (const SourceRefusal &r : blocks)
    out += r.diagnostic(file) + "\n";
  return out;
}

/// The 1-based column of `line`'s first word (1 for a blank line).
static unsigned firstWordColumn(StringRef line) {
  size_t at = line.find_first_not_of(" \t");
  return at == StringRef::npos ? 1 : unsigned(at + 1);
}

std::vector<FileRefusals>
ompx::pipeline::preprocessedRefusals(StringRef path, StringRef raw,
                                     llvm::ArrayRef<PreprocessedFile> files) {
  std::vector<FileRefusals> found;
  for (size_t i = 0; i < files.size(); ++i) {
    // The unit's own text as written, to compare. An included file is not
    // read again: a `#line` in the source names any file it likes, and
    // the callers scanned the included files as written already.
    StringRef written = i == 0 ? raw : StringRef();
    FileRefusals f;
    f.file = i == 0 ? path.str() : files[i].path;
    std::vector<StringRef> writtenLines;
    for (StringRef l : llvm::split(written, '\n'))
      writtenLines.push_back(l);
    auto lineOf = [&](unsigned n) {
      return n && n <= writtenLines.size() ? writtenLines[n - 1] : StringRef();
    };
    // Refused as written already: the same kind at the same line.
    std::set<unsigned> reductionLines, blockLines;
    for (const ElementReduction &r : elementReductions(written))
      reductionLines.insert(r.line);
    for (const SourceRefusal &r : commonBlockRefusals(written))
      blockLines.insert(r.line);
    for (ElementReduction r : elementReductions(files[i].text)) {
      if (reductionLines.count(r.line))
        continue;
      r.column = firstWordColumn(lineOf(r.line));
      f.reductions.push_back(std::move(r));
    }
    for (SourceRefusal r : commonBlockRefusals(files[i].text)) {
      if (blockLines.count(r.line))
        continue;
      r.column = firstWordColumn(lineOf(r.line));
      f.blocks.push_back(std::move(r));
    }
    if (!f.empty())
      found.push_back(std::move(f));
  }
  return found;
}
