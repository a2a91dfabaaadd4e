//===- Includes.cpp - Which files a Fortran source makes flang read -------===//

#include "pipeline/compile/Includes.h"
#include "support/FileAccess.h"
#include "support/FileRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <optional>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {
/// The `#if` groups around a line, as far as they are known without the
/// macros: only a condition that is an integer literal (`#if 0`, the usual
/// way to comment code out) is decided; any other may hold, so the lines
/// under it count as read.
class Conditions {
public:
  /// Takes `directive` (the words after `#`); true when it was one of
  /// `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`.
  bool take(StringRef directive) {
    StringRef word = directive.take_while(
        [](char c) { return llvm::isAlnum(c) || c == '_'; });
    StringRef rest = directive.drop_front(word.size()).trim(" \t");
    if (word == "if" || word == "ifdef" || word == "ifndef") {
      Group g;
      branch(g, word == "if" ? literal(rest) : std::nullopt);
      groups.push_back(g);
    } else if (word == "elif" && !groups.empty()) {
      branch(groups.back(), literal(rest));
    } else if (word == "else" && !groups.empty()) {
      branch(groups.back(), 1);
    } else if (word == "endif" && !groups.empty()) {
      groups.pop_back();
    } else {
      return false;
    }
    return true;
  }
  /// A directive line continued with a backslash: what it decides is not
  /// known any more; the lines after it count as read.
  void unknown() {
    for (Group &g : groups)
      g.dead = false;
  }
  /// Whether the preprocessor surely skips the lines here.
  bool skipped() const {
    return llvm::any_of(groups, [](const Group &g) { return g.dead; });
  }

private:
  struct Group {
    bool taken = false;      ///< an earlier branch surely holds
    bool maybeTaken = false; ///< an earlier branch may hold
    bool dead = false;       ///< this branch is surely skipped
  };
  /// A new branch of `g` whose condition is `value` (nullopt: unknown).
  static void branch(Group &g, std::optional<long long> value) {
    g.dead = g.taken || (value && *value == 0);
    if (g.taken)
      return;
    if (value && *value != 0 && !g.maybeTaken)
      g.taken = true;
    else if (!value || *value != 0)
      g.maybeTaken = true;
  }
  /// `0`, `1`, `(0)`: the value; anything else is unknown (a comment that
  /// goes on to the next line may hide more of the condition).
  static std::optional<long long> literal(StringRef cond) {
    cond = cond.split("//").first;
    if (size_t open = cond.find("/*"); open != StringRef::npos) {
      size_t close = cond.find("*/", open + 2);
      if (close == StringRef::npos ||
          !cond.drop_front(close + 2).trim(" \t").empty())
        return std::nullopt;
      cond = cond.take_front(open);
    }
    cond = cond.trim(" \t");
    while (cond.size() > 2 && cond.front() == '(' && cond.back() == ')')
      cond = cond.drop_front().drop_back().trim(" \t");
    long long value;
    if (cond.getAsInteger(10, value))
      return std::nullopt;
    return value;
  }
  std::vector<Group> groups;
};
} // namespace

std::vector<IncludeLine> ompx::pipeline::includeLines(StringRef source) {
  std::vector<IncludeLine> out;
  Conditions conditions;
  bool continues = false;
  unsigned number = 0;
  for (StringRef rest = source; !rest.empty();) {
    auto [line, next] = rest.split('\n');
    rest = next;
    ++number;
    StringRef l = line.rtrim("\r");
    StringRef body = l.ltrim(" \t");
    unsigned column = unsigned(l.size() - body.size()) + 1;
    IncludeLine inc{number, column, "", false};
    // A line a backslash continues (`#define X \`) goes on here: this line
    // is not a directive of its own.
    bool continued = continues;
    continues = l.ends_with("\\");
    if (continued) {
      conditions.unknown();
    } else if (body.starts_with("#") &&
               conditions.take(body.drop_front().ltrim(" \t"))) {
      continue;
    }
    if (conditions.skipped())
      continue;
    if (body.consume_front("#")) {
      body = body.ltrim(" \t");
      if (!body.consume_front("include"))
        continue;
      // `#include_next`, `#includex`: not an include of flang's.
      if (!body.empty() && (llvm::isAlnum(body[0]) || body[0] == '_'))
        continue;
      body = body.ltrim(" \t");
      char close = body.starts_with("\"")  ? '"'
                   : body.starts_with("<") ? '>'
                                           : 0;
      if (close) {
        size_t end = body.find(close, 1);
        if (end == StringRef::npos)
          continue; // flang's error: no file read
        inc.name = body.slice(1, end).str();
        inc.angled = close == '>';
      }
      out.push_back(std::move(inc)); // a name, or a macro (computed)
      continue;
    }
    // Fortran INCLUDE: the keyword, then a character literal, on its line.
    if (body.size() < 8 || !body.take_front(7).equals_insensitive("include"))
      continue;
    body = body.drop_front(7).ltrim(" \t");
    if (body.empty() || (body[0] != '\'' && body[0] != '"'))
      continue;
    size_t end = body.find(body[0], 1);
    if (end == StringRef::npos)
      continue;
    inc.name = body.slice(1, end).str();
    out.push_back(std::move(inc));
  }
  return out;
}

bool ompx::pipeline::includable(llvm::ArrayRef<std::string> roots,
                                StringRef real) {
  return ompx::insideFolders(roots, real) || real.starts_with("/usr/") ||
         real.starts_with("/opt/");
}

std::vector<std::string>
ompx::pipeline::includeSearchDirs(llvm::ArrayRef<std::string> flags,
                                  StringRef workDir) {
  std::vector<std::string> dirs;
  llvm::SmallString<256> base = workDir;
  fs::make_absolute(base);
  for (size_t i = 0; i < flags.size(); ++i) {
    StringRef f = flags[i], dir;
    for (StringRef flag : {"-I", "-J", "-module-dir"})
      if (f == flag && i + 1 < flags.size()) {
        dir = flags[++i];
        break;
      } else if (f.size() > flag.size() && f.starts_with(flag)) {
        // Joined: `-Idir`, `-Jdir`, `-module-dirdir` (CMake), `-module-dir=`.
        dir = f.drop_front(flag.size());
        if (flag.size() > 2)
          dir.consume_front("=");
        break;
      }
    if (dir.empty())
      continue;
    llvm::SmallString<256> d = dir;
    path::make_absolute(base, d);
    path::remove_dots(d, /*remove_dot_dot=*/true);
    if (!llvm::is_contained(dirs, d.str()))
      dirs.push_back(d.str().str());
  }
  return dirs;
}

std::string IncludeRefusal::flangStyle() const {
  return llvm::formatv("{0}:{1}:{2}: error: ompx: {3}", file, line, column,
                       message)
      .str();
}

namespace {
/// Where flang may find `inc` included from the file in `dir`.
std::vector<std::string> candidates(const IncludeLine &inc, StringRef dir,
                                    llvm::ArrayRef<std::string> searchDirs) {
  if (path::is_absolute(inc.name))
    return {inc.name};
  std::vector<std::string> out;
  if (!inc.angled)
    out.push_back((dir + "/" + inc.name).str());
  for (const std::string &d : searchDirs)
    out.push_back(d + "/" + inc.name);
  return out;
}
} // namespace

std::optional<IncludeRefusal> ompx::pipeline::refusedInclude(
    StringRef file, llvm::ArrayRef<std::string> searchDirs, bool bounded,
    llvm::function_ref<bool(StringRef real)> allowed) {
  // Include files nest (a header that includes another): a worklist, each
  // file once, to a depth no real code needs. A refusal inside an included
  // file is reported at the line of `file` that led there.
  constexpr unsigned kMaxDepth = 32;
  struct Item {
    std::string path;
    unsigned depth;
    IncludeLine from; ///< the line of `file` this one is included through
  };
  llvm::StringSet<> seen;
  std::vector<Item> work{{file.str(), 0, {}}};
  while (!work.empty()) {
    Item item = std::move(work.back());
    work.pop_back();
    auto text = readRegularFile(item.path);
    if (!text) {
      llvm::consumeError(text.takeError()); // flang reports it
      continue;
    }
    llvm::SmallString<256> dir = path::parent_path(item.path);
    if (dir.empty())
      dir = ".";
    for (const IncludeLine &inc : includeLines(*text)) {
      const IncludeLine &top = item.depth ? item.from : inc;
      auto refuse = [&](const llvm::Twine &why) {
        std::string message = why.str();
        if (item.depth)
          message += llvm::formatv("; at {0}:{1}, which '{2}' includes",
                                   item.path, inc.line, top.name);
        return IncludeRefusal{file.str(), top.line, top.column, message};
      };
      if (inc.name.empty() && !bounded)
        continue;
      if (inc.name.empty())
        return refuse("a computed #include (a macro) may name any file: "
                      "ompx does not let flang read it (write the file's "
                      "name in quotes)");
      bool followed = false;
      for (const std::string &c : candidates(inc, dir, searchDirs)) {
        fs::file_status status;
        if (fs::status(c, status) || !fs::exists(status))
          continue;
        llvm::SmallString<256> real;
        if (fs::real_path(c, real))
          continue;
        if (!allowed(real))
          return refuse(llvm::formatv("include of '{0}' leads outside the "
                                      "project, to {1}: not read (add its "
                                      "folder to the editor's workspace to "
                                      "allow it)",
                                      inc.name, real));
        if (!fs::is_regular_file(status))
          return refuse(llvm::formatv("include of '{0}' is not a regular file "
                                      "({1}): flang would wait on it",
                                      inc.name, real));
        if (!followed && item.depth + 1 < kMaxDepth && seen.insert(real).second)
          work.push_back({real.str().str(), item.depth + 1, top});
        followed = true; // flang reads the first; the rest are only checked
      }
    }
  }
  return std::nullopt;
}

std::vector<std::string>
ompx::pipeline::includedFiles(StringRef file, StringRef text,
                              llvm::ArrayRef<std::string> searchDirs) {
  constexpr unsigned kMaxDepth = 32;
  std::vector<std::string> found;
  llvm::StringSet<> seen;
  // Each file to scan with its text (the first one's as given) and depth.
  std::vector<std::pair<std::string, unsigned>> work{{file.str(), 0}};
  while (!work.empty()) {
    auto [current, depth] = std::move(work.back());
    work.pop_back();
    std::string read;
    if (depth == 0) {
      read = text.str();
    } else if (auto t = readRegularFile(current)) {
      read = std::move(*t);
    } else {
      llvm::consumeError(t.takeError()); // flang reports it
      continue;
    }
    llvm::SmallString<256> dir = path::parent_path(current);
    if (dir.empty())
      dir = ".";
    for (const IncludeLine &inc : includeLines(read)) {
      if (inc.name.empty())
        continue;
      for (const std::string &c : candidates(inc, dir, searchDirs)) {
        llvm::SmallString<256> real;
        if (!fs::is_regular_file(c) || fs::real_path(c, real))
          continue;
        if (depth + 1 < kMaxDepth && seen.insert(real).second) {
          found.push_back(real.str().str());
          work.push_back({real.str().str(), depth + 1});
        }
        break; // flang reads the first
      }
    }
  }
  return found;
}

std::vector<std::string>
ompx::pipeline::includedFiles(StringRef file,
                              llvm::ArrayRef<std::string> searchDirs) {
  auto text = readRegularFile(file);
  if (!text) {
    llvm::consumeError(text.takeError()); // flang reports it
    return {};
  }
  return includedFiles(file, *text, searchDirs);
}
