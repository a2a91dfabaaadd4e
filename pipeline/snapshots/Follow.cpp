//===- Follow.cpp - An op followed across the snapshots -------------------===//

#include "pipeline/snapshots/Follow.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace ompx::snapshots;
using llvm::StringRef;

std::string FollowTarget::str() const {
  return file + ":" + std::to_string(line) +
         (column ? ":" + std::to_string(column) : "");
}

std::optional<std::pair<unsigned, unsigned>>
ompx::snapshots::parseLineSpec(StringRef s) {
  auto [l, c] = s.split(':');
  unsigned line = 0, column = 0;
  if (l.getAsInteger(10, line) || line == 0 ||
      (!c.empty() && c.getAsInteger(10, column)))
    return std::nullopt;
  return std::make_pair(line, column);
}

/// `"FILE":LINE:COL` in `text`: the first file location of a `loc(...)`.
static std::optional<FollowTarget> firstFileLoc(StringRef text) {
  size_t open = text.find("loc(");
  if (open == StringRef::npos)
    return std::nullopt;
  text = text.drop_front(open);
  for (size_t q = text.find('"'); q != StringRef::npos;
       q = text.find('"', q + 1)) {
    size_t close = text.find('"', q + 1);
    if (close == StringRef::npos)
      return std::nullopt;
    StringRef rest = text.drop_front(close + 1);
    unsigned line = 0, column = 0;
    if (rest.consume_front(":")) {
      StringRef l = rest.take_while(llvm::isDigit);
      rest = rest.drop_front(l.size());
      StringRef c = rest.consume_front(":") ? rest.take_while(llvm::isDigit)
                                            : StringRef();
      if (!l.getAsInteger(10, line) && !c.getAsInteger(10, column))
        return FollowTarget{
            llvm::sys::path::filename(text.slice(q + 1, close)).str(), line,
            column};
    }
    q = close;
  }
  return std::nullopt;
}

/// The text of `#locN = loc(...)` in `lines`, aliases inside it resolved.
static std::string resolveAliases(StringRef loc,
                                  llvm::ArrayRef<StringRef> lines,
                                  unsigned depth = 0) {
  size_t hash = loc.find("#loc");
  if (hash == StringRef::npos || depth > 16)
    return loc.str();
  StringRef name = loc.drop_front(hash).take_while(
      [](char c) { return llvm::isAlnum(c) || c == '#' || c == '_'; });
  for (StringRef l : lines)
    if (l.starts_with(name) &&
        l.drop_front(name.size()).ltrim().starts_with("="))
      return resolveAliases(l.split('=').second, lines, depth + 1);
  return loc.str();
}

std::optional<FollowTarget>
ompx::snapshots::targetOfMlirLine(StringRef text, StringRef name, unsigned line,
                                  std::string &why) {
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  if (line == 0 || line > lines.size()) {
    why = name.str() + " has " + std::to_string(lines.size()) +
          " lines, not a line " + std::to_string(line);
    return std::nullopt;
  }
  // An op with regions has its location after its closing brace.
  size_t at = line - 1;
  StringRef own = lines[at];
  if (!own.contains("loc(") && own.rtrim().ends_with("{")) {
    int depth = 0;
    for (size_t i = at; i < lines.size(); ++i) {
      depth +=
          int(llvm::count(lines[i], '{')) - int(llvm::count(lines[i], '}'));
      if (depth <= 0) {
        own = lines[i];
        break;
      }
    }
  }
  if (StringRef(own).trim().empty() || own.ltrim().starts_with("//")) {
    why = "line " + std::to_string(line) + " of " + name.str() + " holds no op";
    return std::nullopt;
  }
  if (auto loc = firstFileLoc(resolveAliases(
          own.substr(std::min(own.find("loc("), own.size())), lines)))
    return loc;
  // No location: the op has the line of the file itself.
  return FollowTarget{llvm::sys::path::filename(name).str(), line, 0};
}

namespace {
/// A piece of a snapshot, line by line, with what a hit is named after.
struct PieceLines {
  llvm::SmallVector<StringRef> lines;
  std::string symbol; ///< `@name` on its first line, if any
  explicit PieceLines(StringRef text) {
    text.split(lines, '\n');
    if (lines.empty())
      return;
    size_t at = lines[0].find('@');
    if (at != StringRef::npos)
      symbol = lines[0].drop_front(at).take_while([](char c) {
        return llvm::isAlnum(c) || c == '@' || c == '_' || c == '.' || c == '$';
      });
  }
};

bool hasLoc(StringRef line, const FollowTarget &t) {
  std::string needle = "\":" + std::to_string(t.line) + ":";
  for (size_t pos = line.find(needle); pos != StringRef::npos;
       pos = line.find(needle, pos + 1)) {
    size_t open = pos ? line.rfind('"', pos - 1) : StringRef::npos;
    if (open == StringRef::npos)
      continue;
    StringRef file = line.slice(open + 1, pos);
    if (file != t.file && !file.ends_with("/" + t.file))
      continue;
    unsigned column = 0;
    if (!t.column || (!line.drop_front(pos + needle.size())
                           .take_while(llvm::isDigit)
                           .getAsInteger(10, column) &&
                      column == t.column))
      return true;
  }
  return false;
}

StringRef opNameOf(StringRef line) {
  StringRef t = line.ltrim();
  if (t.starts_with("%")) {
    size_t eq = t.find(" = ");
    if (eq == StringRef::npos)
      return "";
    t = t.drop_front(eq + 3);
  }
  if (t.consume_front("\""))
    return t.take_until([](char c) { return c == '"'; });
  // `return` in a func.func: a default dialect's op prints its bare name.
  return t.take_while(
      [](char c) { return llvm::isAlnum(c) || c == '_' || c == '.'; });
}

/// Value and block names blanked: an op renumbered is not an op changed.
std::string normalized(llvm::ArrayRef<StringRef> lines) {
  std::string out;
  for (StringRef line : lines) {
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      out += c;
      if (c == '%' || c == '^')
        while (i + 1 < line.size() &&
               (llvm::isAlnum(line[i + 1]) || line[i + 1] == '_' ||
                line[i + 1] == '#'))
          ++i;
    }
    out += '\n';
  }
  return out;
}

/// The ops of an MLIR piece at the target.
void findMlir(const PieceLines &p, const FollowTarget &t, FollowStep &step) {
  llvm::SmallVector<std::pair<StringRef, unsigned>> ops; ///< name, count
  for (size_t i = 0; i < p.lines.size(); ++i) {
    if (!hasLoc(p.lines[i], t))
      continue;
    size_t first = i;
    if (p.lines[i].ltrim().starts_with("}")) {
      // The op whose region this closes.
      int depth = 0;
      for (size_t j = i + 1; j-- > 0;) {
        depth += int(llvm::count(p.lines[j], '{')) -
                 int(llvm::count(p.lines[j], '}'));
        if (j < i && depth >= 0) {
          first = j;
          break;
        }
      }
    }
    StringRef op = opNameOf(p.lines[first]);
    if (op.empty())
      continue;
    step.text.push_back(
        normalized(llvm::ArrayRef(p.lines).slice(first, i - first + 1)));
    // A region's end says nothing a reader of the list needs.
    if (op.ends_with(".terminator") || op.ends_with(".yield"))
      continue;
    auto it = llvm::find_if(ops, [&](auto &o) { return o.first == op; });
    if (it == ops.end())
      ops.push_back({op, 1});
    else
      ++it->second;
  }
  if (ops.empty())
    return;
  // One entry per function: `@f: omp.target, omp.map.info x2`.
  std::string what = p.symbol.empty() ? "" : p.symbol + ": ";
  for (size_t i = 0; i < ops.size(); ++i)
    what += (i ? ", " : "") + ops[i].first.str() +
            (ops[i].second > 1 ? " x" + std::to_string(ops[i].second) : "");
  step.found.push_back(std::move(what));
}

/// `__omp_offloading_..._l<line>` (with any suffix) in `s`, or "".
StringRef kernelToken(StringRef s, unsigned line) {
  std::string tail = "_l" + std::to_string(line);
  for (size_t at = s.find("__omp_offloading_"); at != StringRef::npos;
       at = s.find("__omp_offloading_", at + 1)) {
    StringRef token = s.drop_front(at).take_while([](char c) {
      return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
    });
    size_t l = token.find(tail);
    while (l != StringRef::npos) {
      StringRef after = token.drop_front(l + tail.size());
      if (after.empty() || !llvm::isDigit(after[0]))
        return token;
      l = token.find(tail, l + 1);
    }
  }
  return "";
}

/// What a piece of LLVM IR or assembly holds of the target's line: its
/// kernels, their outlined parallel regions, the host's launches of them.
struct LlvmFinds {
  std::vector<std::string> kernels, launches;
  unsigned outlined = 0;
  std::string text; ///< the pieces found in, what `changed` compares

  void scan(const PieceLines &p, unsigned line, bool assembly,
            StringRef pieceText) {
    bool found = false;
    for (StringRef l : p.lines) {
      StringRef token = kernelToken(l, line);
      if (token.empty())
        continue;
      // `..omp_par`: a parallel region outlined from the kernel.
      bool helper = token.contains("..");
      StringRef kernel = token.take_until([](char c) { return c == '.'; });
      if (!assembly && l.starts_with("define ")) {
        helper ? (void)++outlined : add(kernels, "kernel @" + kernel.str());
        found = true;
      } else if (!assembly && l.contains("@__tgt_target_kernel(")) {
        add(launches, "launch in " + p.symbol);
        found = true;
      } else if (assembly && (l.contains(".entry ") || l.contains(".func ") ||
                              l.contains("@function"))) {
        helper ? (void)++outlined : add(kernels, "kernel " + kernel.str());
        found = true;
      }
    }
    if (found)
      text += pieceText;
  }
  static void add(std::vector<std::string> &to, std::string what) {
    if (!llvm::is_contained(to, what))
      to.push_back(std::move(what));
  }
  void into(FollowStep &step) {
    llvm::append_range(step.found, kernels);
    if (outlined)
      step.found.push_back(std::to_string(outlined) + " outlined region" +
                           (outlined == 1 ? "" : "s"));
    llvm::append_range(step.found, launches);
    if (!text.empty())
      step.text.push_back(std::move(text));
  }
};
} // namespace

std::vector<FollowStep> ompx::snapshots::follow(const Store &store,
                                                const FollowTarget &target) {
  std::vector<FollowStep> steps;
  std::map<std::string, std::vector<std::string>> lastText; // by view
  for (const SnapshotRecord &r : store.snapshots()) {
    FollowStep step;
    step.snapshot = &r;
    bool mlir = StringRef(r.name).ends_with(".mlir");
    bool assembly = r.stage == "asm";
    LlvmFinds llvmFinds;
    for (uint32_t id : r.pieces) {
      StringRef text = store.piece(id);
      PieceLines p(text);
      if (mlir)
        findMlir(p, target, step);
      else
        llvmFinds.scan(p, target.line, assembly, text);
    }
    llvmFinds.into(step);
    // The copies start from the input.
    auto previous = lastText.find(r.view);
    if (previous == lastText.end())
      previous = lastText.find("input");
    step.changed = previous == lastText.end() || previous->second != step.text;
    lastText[r.view] = step.text;
    if (!step.found.empty() || (previous != lastText.end() && step.changed))
      steps.push_back(std::move(step));
  }
  return steps;
}
