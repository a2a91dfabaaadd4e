//===- FortranDirectives.cpp - MLIR findings on the Fortran source --------===//

#include "server/features/FortranDirectives.h"
#include "dialects/OdsTables.h"
#include "server/features/Describe.h"
#include "server/features/FortranView.h"
#include "server/model/Index.h"
#include "server/syntax/Text.h"
#include "support/FlangMessage.h"
#include "support/FlangNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <optional>

using namespace ompx;
using llvm::StringRef;

/// A range at 1-based `line`/`column` of `text`: the word there (a
/// directive clause, a variable), at least one byte.
static TextRange rangeAt(StringRef text, const LineTable &lines, unsigned line,
                         unsigned column) {
  uint32_t begin = std::min<uint32_t>(
      lines.compilerLineStart(line ? line - 1 : 0) + (column ? column - 1 : 0),
      text.size());
  uint32_t end = begin;
  while (end < text.size() && (llvm::isAlnum(text[end]) || text[end] == '_' ||
                               text[end] == '$' || text[end] == '%'))
    ++end;
  return {begin,
          std::max<uint32_t>(end, std::min<uint32_t>(begin + 1, text.size()))};
}

std::vector<Diagnostic> ompx::flangDiagnostics(StringRef stderrText,
                                               StringRef fortranText,
                                               StringRef path) {
  std::vector<Diagnostic> out;
  LineTable lines(fortranText);
  llvm::SmallVector<StringRef> messageLines;
  stderrText.split(messageLines, '\n');
  // The last message about another file: an included one, whose
  // `included here` line in this file follows (flang's own words at the
  // INCLUDE line, not "included here" alone).
  std::optional<FlangMessage> elsewhere;
  for (StringRef line : messageLines) {
    std::optional<FlangMessage> m = parseFlangMessage(line);
    if (!m || !m->line)
      continue;
    if (!sameSourceFile(m->file, path)) {
      elsewhere = m;
      continue;
    }
    std::string text = m->message.str();
    if (m->message == "included here" && elsewhere) {
      m->severity = elsewhere->severity;
      text = (elsewhere->message + " (at " + elsewhere->file.ltrim("./") + ":" +
              llvm::Twine(elsewhere->line) + ":" +
              llvm::Twine(elsewhere->column) + ", which this line includes)")
                 .str();
    }
    elsewhere.reset();
    TextRange range = rangeAt(fortranText, lines, m->line, m->column);
    // `in the context: execution part construct`: where the error above
    // sits in the program, a note of it.
    if (m->severity == "in the context" || m->severity == "note") {
      if (!out.empty())
        out.back().notes.push_back(
            {range, /*hasRange=*/true,
             (m->severity == "note" ? "" : "in the context: ") + text});
      continue;
    }
    Diagnostic d;
    d.severity = m->severity == "error"     ? Severity::Error
                 : m->severity == "warning" ? Severity::Warning
                                            : Severity::Information;
    d.range = range;
    // ompx's own refusal in flang's form (an include, Includes.h) is not
    // flang's word.
    d.message =
        StringRef(text).starts_with("ompx: ") ? text : "flang-22: " + text;
    // A gap of flang-22's on valid code: its cause and a way around it.
    if (d.severity == Severity::Error)
      if (std::optional<StringRef> why = flangLimitNote(m->message))
        d.notes.push_back({range, /*hasRange=*/true, "ompx: " + why->str()});
    out.push_back(std::move(d));
  }
  return out;
}

/// Whether `op` came from `path` (emit writes locations relative to the
/// project, or as flang was given them: sameSourceFile).
static bool fromFile(const ChunkAnalysis &a, const OpRecord &op,
                     StringRef path) {
  return op.sourceFile >= 0 && op.sourceLine &&
         size_t(op.sourceFile) < a.sourceFiles.size() &&
         sameSourceFile(a.sourceFiles[op.sourceFile], path);
}

/// Where in `path` op `op` is: its own location when it came from `path`,
/// else the INCLUDE line of `path` that brought its file in (an op of an
/// included file), else none.
static std::optional<std::pair<uint32_t, uint32_t>>
placeIn(const ChunkAnalysis &a, const OpRecord &op, StringRef path) {
  if (fromFile(a, op, path))
    return std::make_pair(op.sourceLine, op.sourceColumn);
  if (op.includeFile >= 0 && op.includeLine &&
      size_t(op.includeFile) < a.sourceFiles.size() &&
      sameSourceFile(a.sourceFiles[op.includeFile], path))
    return std::make_pair(op.includeLine, op.includeColumn);
  return std::nullopt;
}

std::vector<Diagnostic> ompx::fortranFindings(const ChunkAnalysis &a,
                                              StringRef fortranText,
                                              StringRef path) {
  std::vector<Diagnostic> out;
  LineTable lines(fortranText);
  // The innermost op holding `offset` (that has a place in this file, or
  // any: a map entry located in a module's .mod file).
  auto innermost = [&](uint32_t offset, bool anyFile) {
    const OpRecord *at = nullptr;
    for (const OpRecord &op : a.ops)
      if ((anyFile ? op.sourceLine != 0 : placeIn(a, op, path).has_value()) &&
          op.fullRange.begin <= offset &&
          offset < std::max(op.fullRange.end, op.fullRange.begin + 1) &&
          (!at || op.fullRange.begin >= at->fullRange.begin))
        at = &op;
    return at;
  };
  for (const Diagnostic &d : a.diagnostics) {
    const OpRecord *at = innermost(d.range.begin, /*anyFile=*/true);
    // flang locates a map entry at the variable's declaration (in a module's
    // .mod file for a module variable); the finding belongs to the
    // directive whose clause made it (the op using it).
    if (at && (at->name.ref() == "omp.map.info" ||
               at->name.ref().starts_with("acc."))) {
      // The first user in the document (records of nested ops come before
      // their parent's); a declare of the device copy inside a compute
      // construct carries the declaration's location too.
      llvm::ArrayRef<int32_t> results = a[at->results];
      const OpRecord *first = nullptr;
      for (const OpRecord &user : a.ops)
        if (placeIn(a, user, path) && user.name.ref() != "omp.map.info" &&
            user.name.ref() != "hlfir.declare" &&
            user.name.ref() != "fir.declare" &&
            (!first || user.fullRange.begin < first->fullRange.begin) &&
            llvm::any_of(a[user.operands], [&](int32_t v) {
              return v >= 0 && llvm::is_contained(results, v);
            }))
          first = &user;
      if (first)
        at = first;
    }
    if (at && !placeIn(a, *at, path))
      at = innermost(d.range.begin, /*anyFile=*/false);
    Diagnostic mapped = d;
    mapped.fixes.clear();
    // Notes at the Fortran line of the op they point at (the access, the
    // construct); a note with no such op is dropped.
    mapped.notes.clear();
    for (const DiagnosticNote &n : d.notes)
      if (const OpRecord *op =
              n.hasRange ? innermost(n.range.begin, false) : nullptr) {
        auto [line, column] = *placeIn(a, *op, path);
        mapped.notes.push_back({rangeAt(fortranText, lines, line, column), true,
                                n.message, n.related});
      }
    if (at) {
      auto [line, column] = *placeIn(a, *at, path);
      mapped.range = rangeAt(fortranText, lines, line, column);
      // From an included file: where in it.
      if (!fromFile(a, *at, path) && at->sourceFile >= 0 &&
          size_t(at->sourceFile) < a.sourceFiles.size())
        mapped.message += " (at " + a.sourceFiles[at->sourceFile] + ":" +
                          std::to_string(at->sourceLine) + ":" +
                          std::to_string(at->sourceColumn) +
                          ", which this line includes)";
      mapped.message += " [" + at->name.str() + "]";
    } else {
      mapped.range = {0, std::min<uint32_t>(1, fortranText.size())};
      mapped.message += " (in the MLIR flang-22 made of it; no Fortran "
                        "location)";
    }
    out.push_back(std::move(mapped));
  }
  return out;
}

/// `line` (1-based, `\n` lines) of `text`.
static StringRef lineText(StringRef text, const LineTable &lines,
                          uint32_t line) {
  uint32_t begin = lines.compilerLineStart(line - 1);
  return text.slice(begin, text.find('\n', begin)).rtrim("\r");
}

/// A directive line: `!$omp`/`!$acc` (free form, any indentation; `c$omp`
/// and `*$omp` in fixed form's first column).
static bool isDirectiveLine(StringRef line) {
  StringRef t = line.ltrim();
  if (t.size() < 5 || (t.data() != line.data() && t[0] != '!'))
    return false;
  StringRef sentinel = t.substr(1, 4);
  return (t[0] == '!' || t[0] == 'c' || t[0] == 'C' || t[0] == '*') &&
         (sentinel.equals_insensitive("$omp") ||
          sentinel.equals_insensitive("$acc"));
}

/// Whether directive line `line` continues on the next (ends with `&`
/// before any comment).
static bool continues(StringRef line) {
  StringRef body = line.ltrim().drop_front(5);
  return body.take_until([](char c) { return c == '!'; })
      .rtrim()
      .ends_with("&");
}

/// The word of a Fortran designator around `offset`: `t%a`, `x`.
static TextRange designatorAt(StringRef text, uint32_t offset) {
  auto inWord = [](char c) { return llvm::isAlnum(c) || c == '_' || c == '%'; };
  uint32_t begin = std::min<uint32_t>(offset, text.size()), end = begin;
  while (begin > 0 && inWord(text[begin - 1]))
    --begin;
  while (end < text.size() && inWord(text[end]))
    ++end;
  return {begin, end};
}

namespace {
/// The op behind a hovered directive word, found in the emitted MLIR.
struct DirectiveTarget {
  int32_t directive = -1; ///< the op the directive became
  uint32_t at = 0;        ///< MLIR offset to hover
  std::string variable;
};
} // namespace

/// The name a directive operand `value` maps: an omp.map.info's variable,
/// or an acc data-clause op's `name`.
static std::string clauseVariable(const Snapshot &s, const ChunkIndex &idx,
                                  int32_t value) {
  if (const OpFacts *map = mapFactsOf(idx, value))
    return mappedName(s, idx, *map);
  const ChunkAnalysis &a = idx.analysis();
  if (value < 0 || size_t(value) >= a.values.size())
    return "";
  int32_t def = a.values[value].ownerOp;
  if (def < 0 || !a.ops[def].name.ref().starts_with("acc."))
    return "";
  if (const OpFacts *f = idx.factsOf(def))
    if (const AttrFact *name = f->attr("name"))
      return sourceName(name->text);
  return "";
}

/// The OpenMP clause (ODS `clause`, e.g. "use_device_addr") of operand
/// group `odsArg` of `op`, "" if unknown.
static StringRef argClause(const OpFacts &f, uint16_t odsArg) {
  if (f.odsOp < 0)
    return "";
  const ods::Op &info = ods::allOps()[f.odsOp];
  return odsArg < info.numArgs ? StringRef(info.args[odsArg].clause) : "";
}

/// The OpenACC clause an acc data-clause op stands for: its `dataClause`
/// (`acc_reduction` for the copy flang adds for a reduction), else its
/// name (`acc.copyin` for copyin).
static std::string accDataClause(const ChunkIndex &idx, int32_t value) {
  const ChunkAnalysis &a = idx.analysis();
  if (value < 0 || size_t(value) >= a.values.size() ||
      a.values[value].ownerOp < 0)
    return "";
  int32_t def = a.values[value].ownerOp;
  if (const OpFacts *f = idx.factsOf(def))
    if (const AttrFact *clause = f->attr("dataClause")) {
      StringRef text = clause->text;
      size_t at = text.find("acc_");
      if (at != StringRef::npos)
        return text.drop_front(at + 4)
            .take_while([](char c) { return llvm::isAlnum(c) || c == '_'; })
            .str();
    }
  StringRef name = a.ops[def].name.ref();
  return name.starts_with("acc.") ? name.drop_front(4).str() : "";
}

/// The clause of operand number `operand` (value `value`) of the op with
/// facts `f`: the OpenMP clause of its group; for acc ops, whose groups
/// name no clause, the group's keyword (`reduction`, `firstprivate`), or
/// for a data operand the clause its data-clause op stands for.
static std::string operandClause(const ChunkIndex &idx, const OpFacts &f,
                                 uint32_t operand, int32_t value) {
  for (const OperandGroup &g : f.groups) {
    if (operand < g.first || operand >= g.first + g.count)
      continue;
    StringRef clause = argClause(f, g.odsArg);
    if (!clause.empty() || f.odsOp < 0)
      return clause.str();
    const ods::Op &info = ods::allOps()[f.odsOp];
    if (!StringRef(info.name).starts_with("acc.") || g.odsArg >= info.numArgs)
      return "";
    StringRef keyword = info.args[g.odsArg].keyword;
    return keyword == "dataOperands" ? accDataClause(idx, value)
                                     : keyword.lower();
  }
  return "";
}

/// Whether `value` is made by an acc data-clause op flang added itself
/// (`implicit`): the copy of a reduction variable, not its clause.
static bool implicitEntry(const ChunkIndex &idx, int32_t value) {
  const ChunkAnalysis &a = idx.analysis();
  if (value < 0 || size_t(value) >= a.values.size() ||
      a.values[value].ownerOp < 0)
    return false;
  const OpFacts *f = idx.factsOf(a.values[value].ownerOp);
  const AttrFact *implicit = f ? f->attr("implicit") : nullptr;
  return implicit && (implicit->flag || implicit->text == "true");
}

/// The ODS clause a Fortran clause keyword fills: flang puts firstprivate
/// and lastprivate in `private`, and target update's motion clauses in
/// `map`.
static std::string odsClause(StringRef keyword, bool acc) {
  std::string k = keyword.lower();
  // acc ops keep the clause's own name (see operandClause).
  if (acc)
    return k;
  if (k == "firstprivate" || k == "lastprivate")
    return "private";
  if (k == "to" || k == "from")
    return "map";
  return k;
}

/// The keyword of the clause whose parentheses hold `offset`, searching
/// back to `begin` (the directive's first line): `use_device_addr` in
/// `map(tofrom: x) use_device_addr(x)` at the second `x`; "" outside one.
static StringRef enclosingClause(StringRef text, uint32_t begin,
                                 uint32_t offset) {
  int depth = 0;
  for (uint32_t i = offset; i > begin; --i) {
    char c = text[i - 1];
    if (c == ')') {
      ++depth;
    } else if (c == '(' && depth-- == 0) {
      StringRef before = text.slice(begin, i - 1).rtrim();
      size_t start = before.size();
      while (start > 0 &&
             (llvm::isAlnum(before[start - 1]) || before[start - 1] == '_'))
        --start;
      return before.drop_front(start);
    }
  }
  return "";
}

/// A section as written or as flang names it, compared: lower case, no
/// blanks, no kind suffix on a literal (`A(M + 1:n)` and flang's
/// `a(m+1_4:n)` are the same). Empty for a plain name.
static std::string sectionKey(StringRef item) {
  if (!item.contains('('))
    return "";
  std::string out;
  for (size_t i = 0; i < item.size(); ++i) {
    char c = item[i];
    if (c == ' ' || c == '\t' || c == '&')
      continue;
    // `1_4`: the kind after a digit.
    if (c == '_' && i > 0 && llvm::isDigit(item[i - 1]) &&
        i + 1 < item.size() && llvm::isDigit(item[i + 1])) {
      while (i + 1 < item.size() && llvm::isDigit(item[i + 1]))
        ++i;
      continue;
    }
    out += llvm::toLower(c);
  }
  return out;
}

/// The clause item at `word` in `text`: the word and, when a parenthesis
/// follows it, the section up to its closing one (on the same line).
static StringRef clauseItem(StringRef text, TextRange word) {
  size_t end = word.end;
  if (end < text.size() && text[end] == '(') {
    int depth = 0;
    for (size_t i = end; i < text.size() && text[i] != '\n'; ++i) {
      if (text[i] == '(')
        ++depth;
      else if (text[i] == ')' && --depth == 0)
        return text.slice(word.begin, i + 1);
    }
  }
  return text.slice(word.begin, word.end);
}

/// Which of the sections of `word`'s variable written in clauses of kind
/// `clause` in the directive [begin, word.begin) the item at `word` is (0:
/// the first).
static unsigned sectionOrdinal(StringRef text, uint32_t begin, TextRange word,
                               StringRef clause, bool acc) {
  StringRef name = text.slice(word.begin, word.end);
  unsigned n = 0;
  for (uint32_t i = begin; i + name.size() < word.begin; ++i) {
    if (!text.substr(i).starts_with_insensitive(name) ||
        (i > begin && (llvm::isAlnum(text[i - 1]) || text[i - 1] == '_' ||
                       text[i - 1] == '%')))
      continue;
    StringRef after = text.drop_front(i + name.size()).ltrim(" \t");
    if (after.starts_with("(") &&
        odsClause(enclosingClause(text, begin, i), acc) == clause)
      ++n;
  }
  return n;
}

/// Among `ops` (text order; the first is the directive's outermost op), the
/// clause entry naming `word`, else the directive itself. With `clause`
/// (the ODS clause the word is written in), an entry of that clause comes
/// first: `use_device_addr(x)` is not the `map(tofrom: x)` entry; and of
/// those, one the source wrote: `reduction(+:s)` on `acc parallel loop` is
/// the loop's acc.reduction, not the parallel's implicit copy of s.
static DirectiveTarget findTarget(const Snapshot &s, const ChunkIndex &idx,
                                  llvm::ArrayRef<int32_t> ops, StringRef word,
                                  StringRef item, StringRef clause,
                                  unsigned ordinal) {
  const ChunkAnalysis &a = idx.analysis();
  std::string lower = word.lower();
  std::string section = sectionKey(item);
  auto find = [&](bool byClause,
                  bool explicitOnly) -> std::optional<DirectiveTarget> {
    // With a section written (`a(m+1:n)`), the entry of that section when
    // the variable has several (`map(to: a(1:m)) map(alloc: a(m+1:n))`);
    // where flang wrote it otherwise (a named constant folded), the one in
    // the same place among the variable's sections in this clause kind.
    std::optional<DirectiveTarget> first, nth;
    unsigned seen = 0;
    for (int32_t op : ops) {
      const OpFacts *f = idx.factsOf(op);
      if (byClause && !f)
        continue;
      llvm::ArrayRef<int32_t> operands = a[a.ops[op].operands];
      for (uint32_t i = 0, e = operands.size(); i < e; ++i) {
        int32_t v = operands[i];
        if (byClause && operandClause(idx, *f, i, v) != clause)
          continue;
        if (explicitOnly && implicitEntry(idx, v))
          continue;
        std::string name = clauseVariable(s, idx, v);
        // An array section's entry is named with its section: `a(1:n)`.
        std::string named = StringRef(name).lower();
        if (named != lower && !StringRef(named).starts_with(lower + "("))
          continue;
        DirectiveTarget t{op, a.ops[a.values[v].ownerOp].nameRange.begin, name};
        if (section.empty() || sectionKey(name) == section)
          return t;
        if (!first)
          first = t;
        if (StringRef(name).contains('(') && seen++ == ordinal)
          nth = t;
      }
      if (first)
        continue;
      // private/reduction: the entry block argument standing for it.
      if (f)
        for (const EntryBinding &b : f->bindings)
          if (b.blockArg >= 0 && !b.variable.empty() &&
              StringRef(b.variable).lower() == lower &&
              (!byClause || argClause(*f, b.odsArg) == clause))
            return DirectiveTarget{op, a.values[b.blockArg].def.begin,
                                   b.variable};
    }
    return nth ? nth : first;
  };
  if (!clause.empty())
    for (bool explicitOnly : {true, false})
      if (std::optional<DirectiveTarget> t = find(true, explicitOnly))
        return *t;
  if (std::optional<DirectiveTarget> t = find(false, false))
    return *t;
  // A construct's word of a combined directive is its leaf op: `teams` in
  // `target teams distribute` is the omp.teams, `loop` in `acc parallel
  // loop` the acc.loop (`do` is the omp.wsloop).
  if (clause.empty())
    for (int32_t op : ops) {
      StringRef name = a.ops[op].name.ref();
      StringRef leaf = name.drop_front(name.find('.') + 1);
      if (leaf.equals_insensitive(word) ||
          (name == "omp.wsloop" &&
           (word.equals_insensitive("do") || word.equals_insensitive("for"))))
        return {op, a.ops[op].nameRange.begin, ""};
    }
  return {ops.front(), a.ops[ops.front()].nameRange.begin, ""};
}

/// Ops a directive line's location also marks that are not what the
/// directive became: its clauses' entries and its regions' terminators.
static constexpr llvm::StringLiteral kNotDirectives[] = {
    "omp.map.info", "omp.map.bounds", "omp.terminator", "omp.yield",
    "acc.bounds",   "acc.terminator", "acc.yield"};

/// The declaration a directive with no construct op became: the
/// omp.declare_mapper at its line, or for `!$acc routine` the acc.routine
/// of the function whose specification part holds it (the last function
/// of the file starting at or before the line; flang locates the routine
/// at the function).
static llvm::SmallVector<int32_t> declarationsAt(const ChunkIndex &idx,
                                                 StringRef path, uint32_t line,
                                                 StringRef directive) {
  const ChunkAnalysis &a = idx.analysis();
  llvm::SmallVector<int32_t> out;
  for (int32_t i = 0, e = a.ops.size(); i < e; ++i)
    if (a.ops[i].sourceLine == line && fromFile(a, a.ops[i], path) &&
        a.ops[i].name.ref().starts_with("omp.declare_mapper"))
      out.push_back(i);
  std::string words = directive.ltrim().drop_front(5).ltrim().lower();
  if (!out.empty() || !StringRef(words).starts_with("routine") ||
      StringRef(words).drop_front(7).ltrim().starts_with("("))
    return out;
  int32_t func = -1;
  for (int32_t i = 0, e = a.ops.size(); i < e; ++i) {
    const OpRecord &op = a.ops[i];
    if (op.name.ref() == "func.func" && fromFile(a, op, path) &&
        op.sourceLine <= line &&
        (func < 0 || op.sourceLine > a.ops[func].sourceLine))
      func = i;
  }
  if (func < 0 || a.ops[func].symbol.ref().empty())
    return out;
  std::string callee = a.ops[func].symbol.str();
  for (int32_t i = 0, e = a.ops.size(); i < e; ++i)
    if (a.ops[i].name.ref() == "acc.routine")
      if (const OpFacts *f = idx.factsOf(i))
        if (const AttrFact *fn = f->attr("func_name");
            fn && StringRef(fn->text).ltrim('@') == callee)
          out.push_back(i);
  return out;
}

std::optional<DirectiveHover> ompx::directiveHover(const Snapshot &mlir,
                                                   StringRef fortranText,
                                                   StringRef path,
                                                   uint32_t offset) {
  if (!mlir.text || mlir.analyses.size() != 1 || !mlir.analyses[0])
    return std::nullopt;
  LineTable lines(fortranText);
  offset = std::min<uint32_t>(offset, fortranText.size());
  uint32_t line = lines.toLineColumn(offset).first;
  if (!isDirectiveLine(lineText(fortranText, lines, line)))
    return std::nullopt;
  // flang locates a directive at its first line.
  while (line > 1) {
    StringRef previous = lineText(fortranText, lines, line - 1);
    if (!isDirectiveLine(previous) || !continues(previous))
      break;
    --line;
  }
  TextRange word = designatorAt(fortranText, offset);
  if (word.begin == word.end)
    return std::nullopt;
  std::shared_ptr<const ChunkIndex> idx = chunkIndex(mlir, 0);
  if (!idx)
    return std::nullopt;
  const ChunkAnalysis &a = idx->analysis();
  llvm::SmallVector<int32_t> ops;
  for (int32_t i = 0, e = a.ops.size(); i < e; ++i) {
    const OpRecord &op = a.ops[i];
    StringRef opName = op.name.ref();
    if (op.sourceLine == line && fromFile(a, op, path) &&
        (opName.starts_with("omp.") || opName.starts_with("acc.")) &&
        !llvm::is_contained(kNotDirectives, opName) &&
        // Recipes and declarations the construct names by symbol.
        !opName.ends_with(".recipe") && opName != "omp.private" &&
        !opName.starts_with("omp.declare_"))
      ops.push_back(i);
  }
  // A clause's entry (an acc data-clause op, located at the directive like
  // the construct) is not the directive: drop ops another one uses.
  llvm::SmallVector<int32_t> used;
  for (int32_t op : ops)
    for (int32_t v : a[a.ops[op].operands])
      used.push_back(v);
  llvm::sort(used);
  llvm::erase_if(ops, [&](int32_t op) {
    return llvm::any_of(a[a.ops[op].results], [&](int32_t v) {
      return std::binary_search(used.begin(), used.end(), v);
    });
  });
  if (ops.empty())
    ops = declarationsAt(*idx, path, line, lineText(fortranText, lines, line));
  if (ops.empty())
    return std::nullopt;
  // The directive's outermost op first (records are not in text order).
  llvm::sort(ops, [&](int32_t x, int32_t y) {
    return a.ops[x].fullRange.begin < a.ops[y].fullRange.begin;
  });
  if (ops.empty())
    return std::nullopt;
  StringRef first = lineText(fortranText, lines, line).ltrim();
  bool acc = first.size() >= 5 && first.substr(1, 4).equals_insensitive("$acc");
  std::string clause =
      odsClause(enclosingClause(fortranText, lines.compilerLineStart(line - 1),
                                word.begin),
                acc);
  uint32_t begin = lines.compilerLineStart(line - 1);
  DirectiveTarget target =
      findTarget(mlir, *idx, ops, fortranText.slice(word.begin, word.end),
                 clauseItem(fortranText, word), clause,
                 sectionOrdinal(fortranText, begin, word, clause, acc));
  std::optional<HoverInfo> info = hover(mlir, target.at);
  if (!info)
    return std::nullopt;
  DirectiveHover out;
  out.range = word;
  out.directive = a.ops[target.directive].name.str();
  out.variable = target.variable;
  out.mlirLine = mlir.lines->toLineColumn(target.at).first;
  out.mlir = std::move(*info);
  return out;
}

std::string ompx::renderDirectiveHover(const DirectiveHover &h) {
  std::string head = h.variable.empty()
                         ? "**" + markdownCodeSpan(h.directive) + "**"
                         : "**" + markdownCodeSpan(h.variable) +
                               "** in the clauses of " +
                               markdownCodeSpan(h.directive);
  head += " (line " + std::to_string(h.mlirLine) +
          " of the MLIR flang-22 makes of this file)";
  return head + "\n\n---\n\n" + renderHover(h.mlir);
}
