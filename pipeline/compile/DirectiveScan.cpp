//===- DirectiveScan.cpp - OpenMP directive statements of Fortran text ----===//

#include "pipeline/compile/DirectiveScan.h"
#include "pipeline/compile/Includes.h"
#include "support/FileRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <optional>
#include <tuple>

using namespace ompx::pipeline;
using llvm::StringRef;

bool ompx::pipeline::isDirective(StringRef line, StringRef sentinel) {
  StringRef t = line.ltrim();
  if (t.starts_with("!$") && t.drop_front(2).starts_with_insensitive(sentinel))
    return true;
  return !line.empty() && llvm::is_contained({'c', 'C', '*'}, line.front()) &&
         line.drop_front(1).starts_with("$") &&
         line.drop_front(2).starts_with_insensitive(sentinel);
}

/// The text after the sentinel of an OpenMP directive line (isDirective):
/// free form `!$omp`, fixed form `c$omp` in column 1.
static StringRef directiveText(StringRef line) {
  StringRef t = line.ltrim();
  return (t.starts_with("!$") ? t : line).drop_front(5);
}

/// `text` without its trailing comment: from the first `!` outside a
/// character literal.
static StringRef withoutComment(StringRef text) {
  char quote = 0;
  for (size_t at = 0; at < text.size(); ++at) {
    char c = text[at];
    if (quote)
      quote = c == quote ? 0 : quote;
    else if (c == '\'' || c == '"')
      quote = c;
    else if (c == '!')
      return text.take_front(at);
  }
  return text;
}

std::string ompx::pipeline::directiveStatement(llvm::ArrayRef<StringRef> lines,
                                               size_t &i) {
  std::string statement;
  StringRef text = directiveText(lines[i]);
  for (;;) {
    StringRef body = withoutComment(text).rtrim();
    bool freeContinues = body.consume_back("&");
    statement += body.lower();
    if (i + 1 == lines.size() || !isDirective(lines[i + 1], "omp")) {
      statement += ' ';
      break;
    }
    StringRef next = directiveText(lines[i + 1]);
    // After the sentinel a new directive has a blank (free form) or a
    // blank or zero in column 6 (fixed form).
    bool fixedContinues = !next.empty() && next.front() != ' ' &&
                          next.front() != '\t' && next.front() != '0';
    if (!freeContinues && !fixedContinues) {
      statement += ' ';
      break;
    }
    text = freeContinues ? next.ltrim() : next.drop_front();
    // Free form: `&` opening the continuation joins it to the character
    // before the other `&` (`tar&` / `&get` is `target`). Fixed form:
    // blanks mean nothing, so `RE` / `C$OMP+DUCTION(` is `reduction(`.
    if (freeContinues && !text.consume_front("&"))
      statement += ' ';
    ++i;
  }
  return statement;
}

static bool isNameChar(char c) { return llvm::isAlnum(c) || c == '_'; }

/// The index of the `)` closing the `(` at `open`, or npos.
static size_t closing(StringRef s, size_t open) {
  int depth = 0;
  for (size_t at = open; at < s.size(); ++at) {
    if (s[at] == '(')
      ++depth;
    else if (s[at] == ')' && --depth == 0)
      return at;
  }
  return StringRef::npos;
}

/// `s` split at each `sep` outside parentheses.
static llvm::SmallVector<StringRef> splitTopLevel(StringRef s, char sep) {
  llvm::SmallVector<StringRef> parts;
  int depth = 0;
  size_t from = 0;
  for (size_t at = 0; at < s.size(); ++at) {
    if (s[at] == '(')
      ++depth;
    else if (s[at] == ')')
      --depth;
    else if (s[at] == sep && depth == 0) {
      parts.push_back(s.slice(from, at));
      from = at + 1;
    }
  }
  parts.push_back(s.substr(from));
  return parts;
}

/// Whether `s` is directive name words and clauses without arguments run
/// together, as fixed form lets them be written (`paralleldo`).
static bool directiveWords(StringRef s) {
  static const char *const words[] = {
      "parallel",   "do",       "simd",     "target",    "teams",
      "distribute", "loop",     "sections", "section",   "single",
      "workshare",  "taskloop", "task",     "end",       "masked",
      "master",     "nowait",   "untied",   "mergeable", "nogroup",
      "data",       "enter",    "exit",     "scope",     "taskgroup"};
  if (s.empty())
    return true;
  return llvm::any_of(words, [&](StringRef w) {
    return s.starts_with(w) && directiveWords(s.drop_front(w.size()));
  });
}

/// The clause `word(` names: the word, or in fixed form, where blanks mean
/// nothing, the clause name ending directive words run together with it
/// (`paralleldoreduction(`, `parallelcopyin(`).
static StringRef clauseWord(StringRef word) {
  // Longer names first: `firstprivate` before `private`.
  static const char *const clauses[] = {
      "task_reduction", "in_reduction", "reduction",
      "firstprivate",   "lastprivate",  "copyprivate",
      "private",        "copyin",       "shared"};
  for (StringRef clause : clauses)
    if (word.ends_with(clause) && directiveWords(word.drop_back(clause.size())))
      return word.take_back(clause.size());
  return word;
}

/// Calls `fn(word, inside, at)` for each clause `word(inside)` of a
/// directive statement (lower case), `at` its offset.
static void
forEachClause(StringRef statement,
              llvm::function_ref<void(StringRef, StringRef, size_t)> fn) {
  for (size_t at = 0; at < statement.size();) {
    if (!isNameChar(statement[at]) || (at && isNameChar(statement[at - 1]))) {
      ++at;
      continue;
    }
    size_t end = at;
    while (end < statement.size() && isNameChar(statement[end]))
      ++end;
    StringRef word = statement.slice(at, end);
    size_t open = statement.find_first_not_of(" \t", end);
    if (open == StringRef::npos || statement[open] != '(') {
      at = end;
      continue;
    }
    size_t close = closing(statement, open);
    if (close == StringRef::npos)
      return;
    StringRef clause = clauseWord(word);
    fn(clause, statement.slice(open + 1, close),
       at + word.size() - clause.size());
    at = close + 1;
  }
}

/// The element and section items of the reduction clauses of one
/// directive statement (lower case).
static std::vector<ElementReduction> statementItems(StringRef statement) {
  std::vector<ElementReduction> out;
  if (statement.ltrim().starts_with("declare"))
    return out; // declare reduction: a combiner, not a list
  forEachClause(statement, [&](StringRef word, StringRef inside, size_t) {
    if (word != "reduction" && word != "in_reduction" &&
        word != "task_reduction")
      return;
    llvm::SmallVector<StringRef> parts = splitTopLevel(inside, ':');
    if (parts.size() < 2)
      return;
    std::string clause = (word + "(" + inside.trim() + ")").str();
    for (StringRef item : splitTopLevel(parts[1], ',')) {
      item = item.trim();
      size_t paren = item.find('(');
      if (paren == StringRef::npos || paren == 0)
        continue;
      ElementReduction r;
      r.clause = clause;
      r.item = item.str();
      r.array = item.take_front(paren).rtrim().str();
      size_t subscripts = closing(item, paren);
      r.section =
          subscripts != StringRef::npos &&
          splitTopLevel(item.slice(paren + 1, subscripts), ':').size() > 1;
      out.push_back(std::move(r));
    }
  });
  return out;
}

/// Calls `fn(lines, first, last, statement)` for each OpenMP directive
/// statement of `text`: its first and last line (0-based) and its text.
static void
forEachOmpDirective(StringRef text,
                    llvm::function_ref<void(llvm::ArrayRef<StringRef>, size_t,
                                            size_t, const std::string &)>
                        fn) {
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!isDirective(lines[i], "omp"))
      continue;
    size_t first = i;
    std::string statement = directiveStatement(lines, i);
    fn(lines, first, i, statement);
  }
}

std::vector<ElementReduction>
ompx::pipeline::elementReductions(StringRef text) {
  std::vector<ElementReduction> out;
  forEachOmpDirective(text, [&](llvm::ArrayRef<StringRef> lines, size_t first,
                                size_t last, const std::string &statement) {
    for (ElementReduction &r : statementItems(statement)) {
      r.line = first + 1;
      for (size_t l = first; l <= last; ++l) {
        size_t col = StringRef(lines[l].lower()).find(r.item);
        if (col != StringRef::npos) {
          r.line = l + 1;
          r.column = col + 1;
          break;
        }
      }
      out.push_back(std::move(r));
    }
  });
  return out;
}

std::vector<unsigned> ompx::pipeline::threadBoundLoopLines(StringRef text) {
  std::vector<unsigned> out;
  forEachOmpDirective(text, [&](llvm::ArrayRef<StringRef>, size_t first, size_t,
                                const std::string &statement) {
    std::string compact;
    for (char c : statement)
      if (c != ' ' && c != '\t')
        compact += c;
    if (StringRef(compact).starts_with("loop") &&
        StringRef(compact).contains("bind(thread)"))
      out.push_back(first + 1);
  });
  return out;
}

std::string ElementReduction::message() const {
  StringRef op = StringRef(clause).drop_until([](char c) { return c == '('; });
  op = splitTopLevel(op.drop_front().drop_back(), ':').front();
  op = splitTopLevel(op, ',').back().trim();
  std::string kind = section ? "a section" : "an element";
  std::string temp = section ? "a temporary array t" : "a scalar t";
  return "ompx: " + clause + " names " + kind + " of array '" + array +
         "': flang-22 reduces all of '" + array +
         "' for it (a private copy of the whole array for each thread or "
         "team, combined element by element), which is another program: an "
         "element the region assigns comes out as its old value combined "
         "with the new one, and in a target region the combine reads and "
         "writes parts of '" +
         array + "' that are not mapped. Reduce " + temp +
         " instead (t = " + item + " before the construct, reduction(" +
         op.str() + ":t), " + item + " = t after it)";
}

std::string ElementReduction::diagnostic(StringRef file) const {
  return (file + ":" + llvm::Twine(line) + ":" +
          llvm::Twine(std::max(column, 1u)) + ": error: " + message())
      .str();
}

std::string SourceRefusal::diagnostic(StringRef file) const {
  return (file + ":" + llvm::Twine(line) + ":" +
          llvm::Twine(std::max(column, 1u)) + ": error: " + message)
      .str();
}

/// Whether a code line (lower case, trimmed, comment-free) starts or ends
/// a program unit, or its contained procedures (`contains`).
static bool unitBoundary(StringRef code) {
  auto keyword = [](StringRef s, StringRef word) {
    return s.starts_with(word) &&
           (s.size() == word.size() || !isNameChar(s[word.size()]));
  };
  if (keyword(code, "end")) {
    StringRef rest = code.drop_front(3).ltrim();
    return rest.empty() || keyword(rest, "program") ||
           keyword(rest, "subroutine") || keyword(rest, "function") ||
           keyword(rest, "module") || keyword(rest, "submodule");
  }
  if (keyword(code, "contains") || keyword(code, "program") ||
      keyword(code, "module") || keyword(code, "submodule"))
    return true;
  // `[prefixes] subroutine|function name`: the word before any string or
  // assignment.
  StringRef head = code.take_until(
      [](char c) { return c == '\'' || c == '"' || c == '=' || c == '('; });
  for (StringRef word : {"subroutine", "function"})
    for (size_t at = head.find(word); at != StringRef::npos;
         at = head.find(word, at + 1))
      if ((at == 0 || !isNameChar(head[at - 1])) &&
          (at + word.size() == head.size() ||
           !isNameChar(head[at + word.size()])))
        return true;
  return false;
}

/// `/name/` of a list item, or "".
static StringRef commonBlockName(StringRef item) {
  item = item.trim();
  if (item.size() < 3 || item.front() != '/' || item.back() != '/')
    return "";
  return item.drop_front().drop_back().trim();
}

namespace {
/// A data-sharing clause naming a common block.
struct BlockUse {
  std::string kind; ///< the clause
  unsigned line, column;
};
} // namespace

/// The firstprivate and lastprivate uses of each block (in one program
/// unit, in order) that a later clause of another kind overrides.
static void overriddenUses(const llvm::StringMap<std::vector<BlockUse>> &uses,
                           std::vector<SourceRefusal> &out) {
  for (const auto &entry : uses) {
    const std::vector<BlockUse> &list = entry.second;
    for (size_t i = 0; i < list.size(); ++i) {
      const BlockUse &use = list[i];
      if (use.kind != "firstprivate" && use.kind != "lastprivate")
        continue;
      auto later =
          llvm::find_if(llvm::drop_begin(list, i + 1),
                        [&](const BlockUse &u) { return u.kind != use.kind; });
      if (later == list.end())
        continue;
      std::string block = "/" + entry.first().str() + "/";
      std::string direction = use.kind == "firstprivate" ? "in" : "out";
      out.push_back(
          {use.line, use.column,
           "ompx: " + use.kind + "(" + block +
               "): flang-22 gives every construct of this program unit the "
               "data-sharing of the last clause that names " +
               block + " (" + later->kind + " at line " +
               std::to_string(later->line) +
               ") for the block's variables, so this " + use.kind +
               " would not copy them " + direction +
               ": another program. Name the common block's variables "
               "instead of " +
               block + " in one of the clauses"});
    }
  }
}

/// A copyin/copyprivate list with items after a common block, which
/// flang-22 drops: the refusal, with the clauses to write instead.
static std::optional<std::string> droppedListItems(StringRef word,
                                                   StringRef inside) {
  llvm::SmallVector<StringRef> items = splitTopLevel(inside, ',');
  std::vector<std::string> blocks, others;
  bool dropped = false;
  for (size_t k = 0; k < items.size(); ++k) {
    StringRef name = commonBlockName(items[k]);
    if (name.empty()) {
      others.push_back(items[k].trim().str());
      continue;
    }
    blocks.push_back(("/" + name + "/").str());
    dropped |= k + 1 < items.size();
  }
  if (!dropped)
    return std::nullopt;
  std::vector<std::string> clauses;
  if (!others.empty())
    clauses.push_back(word.str() + "(" + llvm::join(others, ", ") + ")");
  for (const std::string &b : blocks)
    clauses.push_back(word.str() + "(" + b + ")");
  return "ompx: " + word.str() + "(" + inside.trim().str() +
         "): flang-22 drops every item after a common block in a " +
         word.str() +
         " list, which is another program. Give each common block its own "
         "clause, after the other items: " +
         llvm::join(clauses, " ");
}

/// Whether `line` is a comment or blank: `!`, `#`, and fixed form's `c`/`*`
/// in column 1 before a character that cannot continue a keyword (`call`,
/// `contains`, `complex function` are code in free form).
static bool commentOrBlank(StringRef line) {
  StringRef code = line.trim();
  bool fixedComment = !line.empty() &&
                      llvm::is_contained({'c', 'C', '*'}, line[0]) &&
                      (line.size() == 1 || !isNameChar(line[1]));
  return code.empty() || code.front() == '!' || code.front() == '#' ||
         fixedComment;
}

std::vector<SourceRefusal> ompx::pipeline::commonBlockRefusals(StringRef text) {
  std::vector<SourceRefusal> out;
  llvm::StringMap<std::vector<BlockUse>> uses; // this program unit's
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!isDirective(lines[i], "omp")) {
      if (!commentOrBlank(lines[i]) &&
          unitBoundary(
              StringRef(withoutComment(lines[i].trim()).lower()).trim())) {
        overriddenUses(uses, out);
        uses.clear();
      }
      continue;
    }
    size_t first = i;
    std::string statement = directiveStatement(lines, i);
    size_t last = i;
    // Where the clause `word` appears on the statement's lines, its
    // `nth` time (a whole word: `private` is not the end of
    // `firstprivate`); the directive's line when not found on one.
    llvm::StringMap<unsigned> seen;
    auto place = [&](StringRef word) -> std::pair<unsigned, unsigned> {
      unsigned nth = seen[word]++;
      for (size_t l = first; l <= last; ++l) {
        std::string lower = lines[l].lower();
        for (size_t col = StringRef(lower).find(word); col != StringRef::npos;
             col = StringRef(lower).find(word, col + 1))
          if ((col == 0 || !isNameChar(lower[col - 1])) &&
              (col + word.size() == lower.size() ||
               !isNameChar(lower[col + word.size()])) &&
              nth-- == 0)
            return {unsigned(l) + 1, unsigned(col) + 1};
      }
      return {unsigned(first) + 1, 1};
    };
    forEachClause(statement, [&](StringRef word, StringRef inside, size_t) {
      auto [line, column] = place(word);
      if (word == "copyin" || word == "copyprivate") {
        if (std::optional<std::string> why = droppedListItems(word, inside))
          out.push_back({line, column, *why});
        return;
      }
      if (word != "private" && word != "firstprivate" &&
          word != "lastprivate" && word != "shared")
        return;
      for (StringRef item : splitTopLevel(inside, ',')) {
        // lastprivate(conditional: ...)
        StringRef name = commonBlockName(splitTopLevel(item, ':').back());
        if (!name.empty())
          uses[name].push_back({word.str(), line, column});
      }
    });
  }
  overriddenUses(uses, out);
  llvm::sort(out, [](const SourceRefusal &a, const SourceRefusal &b) {
    return std::tie(a.line, a.column) < std::tie(b.line, b.column);
  });
  return out;
}

std::vector<FileElementReduction> ompx::pipeline::includedElementReductions(
    llvm::StringRef file, llvm::ArrayRef<std::string> searchDirs) {
  std::vector<FileElementReduction> found;
  for (const std::string &included : includedFiles(file, searchDirs)) {
    llvm::Expected<std::string> text = readRegularFile(included);
    if (!text) {
      llvm::consumeError(text.takeError());
      continue;
    }
    for (ElementReduction &r : elementReductions(*text))
      found.push_back({included, std::move(r)});
  }
  return found;
}

std::string ompx::pipeline::commentedOffload(StringRef path, StringRef text,
                                             bool openmp, bool openacc) {
  static constexpr StringRef kConstructWords[] = {
      "target",  "teams",  "distribute", "parallel", "do",      "simd",
      "loop",    "data",   "enter",      "exit",     "update",  "declare",
      "kernels", "serial", "host_data",  "wait",     "routine", "end"};
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  int conditional = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef code = lines[i].ltrim();
    if (code.consume_front("#")) {
      code = code.ltrim();
      if (code.starts_with("if"))
        ++conditional;
      else if (code.starts_with("endif") && conditional > 0)
        --conditional;
      continue;
    }
    bool omp = !openmp && isDirective(lines[i], "omp");
    bool acc = !openacc && isDirective(lines[i], "acc");
    if ((!omp && !acc) || conditional)
      continue;
    size_t first = i; // directiveStatement moves `i` to its last line
    std::string statement = directiveStatement(lines, i);
    // The construct's words, up to its first clause.
    llvm::SmallVector<StringRef> kept;
    for (StringRef w : llvm::split(statement, ' ')) { // lower case
      if (w.empty() || w.contains('$'))               // the sentinel
        continue;
      StringRef word = w.take_until([](char c) { return c == '('; });
      if (!llvm::is_contained(kConstructWords, word))
        break;
      kept.push_back(word);
      if (word.size() < w.size()) // `declare target(x)`
        break;
    }
    if (omp && !llvm::is_contained(kept, "target"))
      continue;
    std::string words = llvm::join(kept, " ");
    size_t column = lines[first].find('!') + 1;
    return (path + ":" + llvm::Twine(first + 1) + ":" + llvm::Twine(column) +
            "\t" + (omp ? "!$omp " : "!$acc ") + words + "\t" +
            (omp ? "-fopenmp" : "-fopenacc") + "\n")
        .str();
  }
  return "";
}

bool ompx::pipeline::hasEnabledDirective(StringRef text, bool openmp,
                                         bool openacc) {
  for (StringRef line : llvm::split(text, '\n'))
    if ((openmp && isDirective(line, "omp")) ||
        (openacc && isDirective(line, "acc")))
      return true;
  return false;
}
