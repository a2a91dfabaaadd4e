//===- Rename.cpp - Renaming values, blocks and symbols -------------------===//

#include "server/features/Rename.h"
#include "server/model/Index.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <memory>

using namespace ompx;
using llvm::StringRef;

bool ompx::isSuffixIdentifier(StringRef s) {
  if (s.empty())
    return false;
  if (llvm::isDigit(s.front()))
    return llvm::all_of(s, llvm::isDigit);
  auto ok = [](char c) {
    return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
  };
  return llvm::all_of(s, ok);
}

namespace {
struct Target {
  std::shared_ptr<const ChunkIndex> index;
  EntityKind kind;
  int32_t index_ = -1; ///< value, block, or symbol-defining op
  std::string symbol;  ///< symbols: the name without `@`
  Token token;         ///< the name under the cursor
};

std::string lineOf(const Snapshot &s, uint32_t offset) {
  return std::to_string(s.lines->lineOf(offset) + 1);
}

/// What is at `offset`, or why nothing renameable is.
std::optional<Target> targetAt(const Snapshot &s, uint32_t offset,
                               std::string &error) {
  int chunk = s.chunkAt(offset);
  auto index = chunkIndex(s, chunk);
  if (!index) {
    error = "this part of the file is not analyzed";
    return std::nullopt;
  }
  const ChunkAnalysis &a = index->analysis();
  if (!a.parsed || a.crashed || !a.blankedUnits.empty() ||
      !a.staleUnits.empty()) {
    error = "this part of the file (its `// -----` chunk) has parse errors: "
            "a rename could miss the names in the text the parser lost; fix "
            "them first";
    return std::nullopt;
  }
  const Entity *e = index->at(offset);
  // An entry block without a label is recorded at its region's `{`.
  bool unlabeled =
      e &&
      (e->kind == EntityKind::BlockDef || e->kind == EntityKind::BlockUse) &&
      !s.str().substr(e->range.begin).starts_with("^");
  if (!e || e->kind == EntityKind::OpName || unlabeled) {
    error = "nothing to rename here: place the cursor on a %value, a ^block "
            "label or a @symbol";
    return std::nullopt;
  }
  Target t{index, e->kind, e->index, "", Lexer::lexAt(s.str(), e->range.begin)};
  switch (e->kind) {
  case EntityKind::ValueDef:
  case EntityKind::ValueUse:
    if (!t.token.is(TokenKind::PercentIdentifier))
      error = "the value's name is not where the analysis says";
    break;
  case EntityKind::BlockDef:
  case EntityKind::BlockUse:
    if (!t.token.is(TokenKind::CaretIdentifier))
      error = "the block label is not where the analysis says";
    break;
  case EntityKind::SymbolDef:
  case EntityKind::SymbolUse: {
    t.symbol = e->kind == EntityKind::SymbolDef
                   ? a.ops[e->index].symbol.str()
                   : a.symbolUses[e->index].name.str();
    t.index_ = index->symbolOp(t.symbol);
    // Nested symbol tables (a module in the module) may define the name
    // twice; uses are known by their leaf name only, so which one a use
    // means is not known here.
    size_t defs = llvm::count_if(
        a.ops, [&](const OpRecord &op) { return op.symbol == t.symbol; });
    if (!t.token.is(TokenKind::AtIdentifier))
      error = "the symbol is not where the analysis says";
    else if (defs > 1)
      error = "@" + t.symbol +
              " is defined more than once in this `// -----` chunk (nested "
              "symbol tables): which mention means which is not known";
    else if (t.index_ < 0)
      error = "@" + t.symbol +
              " is not defined in this `// -----` chunk: renaming its uses "
              "would leave its definition behind";
    break;
  }
  case EntityKind::OpName:
    break;
  }
  if (!error.empty())
    return std::nullopt;
  return t;
}

/// The nearest op around value `v`'s definition that defines a symbol (a
/// function, a recipe): MLIR's name scope, taken broadly. -1: top level.
int32_t valueScope(const ChunkAnalysis &a, int32_t v) {
  const ValueRecord &r = a.values[v];
  int32_t op = -1;
  if (r.ownerBlock >= 0 && size_t(r.ownerBlock) < a.blocks.size())
    op = a.blocks[r.ownerBlock].parentOp;
  else if (r.ownerOp >= 0 && size_t(r.ownerOp) < a.ops.size())
    op = a.ops[r.ownerOp].parent;
  for (int depth = 0; op >= 0 && size_t(op) < a.ops.size() && depth < 4096;
       ++depth) {
    if (!a.ops[op].symbol.empty() || a.ops[op].name == "builtin.module")
      return op;
    op = a.ops[op].parent;
  }
  return -1;
}

/// Replaces the token of kind `kind` at each of `ranges` (their starts) by
/// `spelled`; false when one is not the old name.
bool editAt(const Snapshot &s, llvm::ArrayRef<TextRange> ranges, TokenKind kind,
            StringRef old, const std::string &spelled,
            std::vector<TextEdit> &edits) {
  for (const TextRange &r : ranges) {
    if (r.end <= r.begin)
      continue;
    Token t = Lexer::lexAt(s.str(), r.begin);
    if (!t.is(kind) || t.spelling != old)
      return false;
    edits.push_back({t.range, spelled});
  }
  return true;
}
} // namespace

RenameTarget ompx::prepareRename(const Snapshot &s, uint32_t offset) {
  RenameTarget out;
  if (std::optional<Target> t = targetAt(s, offset, out.error)) {
    out.range = t->token.range;
    out.name = t->token.spelling.str();
  }
  return out;
}

namespace {
/// What a rename replaces: the new spelling and the ranges of the old.
struct RenamePlan {
  std::string spelled;
  std::vector<TextRange> ranges;
};

/// `newName` with or without `sigil` as the spelling of a value or block
/// (`sigil` and a suffix-id) into `plan`; false when it is none.
bool spellSuffixId(StringRef newName, char sigil, RenamePlan &plan) {
  StringRef name = newName;
  name.consume_front(StringRef(&sigil, 1));
  if (!isSuffixIdentifier(name))
    return false;
  plan.spelled = sigil + name.str();
  return true;
}

/// A value's or block's definition and its uses: what its rename edits.
void addDefinitionAndUses(const ChunkAnalysis &a, TextRange def,
                          Span<TextRange> uses, RenamePlan &plan) {
  plan.ranges.push_back(def);
  plan.ranges.insert(plan.ranges.end(), a[uses].begin(), a[uses].end());
}

/// `%name` for value `t`; an error when it is no value name or another
/// value of the same scope has it.
std::string planValueRename(const Snapshot &s, const ChunkAnalysis &a,
                            const Target &t, StringRef newName,
                            RenamePlan &plan) {
  if (!spellSuffixId(newName, '%', plan))
    return "`" + newName.str() +
           "` is not a valid SSA value name: use `%` followed by "
           "digits only, or by letters, digits and `$._-` not "
           "starting with a digit";
  int32_t scope = valueScope(a, t.index_);
  for (size_t w = 0; w < a.values.size(); ++w) {
    const ValueRecord &v = a.values[w];
    if (int32_t(w) == t.index_ || v.def.end <= v.def.begin ||
        s.str().slice(v.def.begin, v.def.end) != plan.spelled)
      continue;
    if (valueScope(a, int32_t(w)) == scope)
      return plan.spelled + " is already defined in the same function (line " +
             lineOf(s, v.def.begin) + ")";
  }
  addDefinitionAndUses(a, a.values[t.index_].def, a.values[t.index_].uses,
                       plan);
  return "";
}

/// `^name` for block `t`; an error when it is no label or another block of
/// the region has it.
std::string planBlockRename(const Snapshot &s, const ChunkAnalysis &a,
                            const Target &t, StringRef newName,
                            RenamePlan &plan) {
  if (!spellSuffixId(newName, '^', plan))
    return "`" + newName.str() +
           "` is not a valid block label: use `^` followed by digits "
           "only, or by letters, digits and `$._-`";
  const BlockRecord &b = a.blocks[t.index_];
  for (const BlockRecord &o : a.blocks)
    if (&o != &b && o.parentOp == b.parentOp && o.region == b.region &&
        s.str().slice(o.def.begin, o.def.end) == plan.spelled)
      return plan.spelled + " is already a block of the same region (line " +
             lineOf(s, o.def.begin) + ")";
  addDefinitionAndUses(a, b.def, b.uses, plan);
  return "";
}

/// `@name` for symbol `t`; an error when it is no symbol name, or the
/// chunk defines or references it already.
std::string planSymbolRename(const Snapshot &s, const ChunkAnalysis &a,
                             const Target &t, StringRef newName,
                             RenamePlan &plan) {
  StringRef name = newName;
  name.consume_front("@");
  if (name.size() >= 2 && name.starts_with("\"") && name.ends_with("\""))
    name = name.drop_front().drop_back();
  if (name.empty() || name.find_first_of("\"\\\n\r") != StringRef::npos)
    return "`" + newName.str() + "` is not a valid symbol name";
  plan.spelled =
      isBareIdentifier(name) ? "@" + name.str() : "@\"" + name.str() + "\"";
  for (size_t i = 0; i < a.ops.size(); ++i)
    if (a.ops[i].symbol == name && int32_t(i) != t.index_)
      return plan.spelled + " is already defined (line " +
             lineOf(s, a.ops[i].nameRange.begin) + ")";
  if (name != t.symbol)
    for (const SymbolUse &u : a.symbolUses)
      if (u.name == name)
        return plan.spelled + " is already referenced (line " +
               lineOf(s, u.range.begin) + ")";
  const OpRecord &op = a.ops[t.index_];
  plan.ranges.push_back(symbolDefinition(s.str(), op).value_or(TextRange{}));
  if (plan.ranges.back().end <= plan.ranges.back().begin)
    return "the definition of @" + t.symbol + " is not spelled out";
  for (const SymbolUse &u : a.symbolUses)
    if (u.name == t.symbol)
      plan.ranges.push_back(u.range);
  return "";
}

/// The edits of a symbol rename: each mention may be quoted or not, so its
/// name is checked rather than its spelling.
std::string symbolEdits(const Snapshot &s, const Target &t,
                        const RenamePlan &plan, std::vector<TextEdit> &edits) {
  for (const TextRange &r : plan.ranges) {
    Token tok = Lexer::lexAt(s.str(), r.begin);
    if (!tok.is(TokenKind::AtIdentifier) || tok.name() != t.symbol)
      return "a mention of @" + t.symbol +
             " is not where the analysis says (line " + lineOf(s, r.begin) +
             ")";
    edits.push_back({tok.range, plan.spelled});
  }
  return "";
}
} // namespace

RenameResult ompx::rename(const Snapshot &s, uint32_t offset,
                          StringRef newName) {
  RenameResult out;
  std::optional<Target> t = targetAt(s, offset, out.error);
  if (!t)
    return out;
  const ChunkAnalysis &a = t->index->analysis();
  RenamePlan plan;
  switch (t->kind) {
  case EntityKind::ValueDef:
  case EntityKind::ValueUse:
    out.error = planValueRename(s, a, *t, newName, plan);
    break;
  case EntityKind::BlockDef:
  case EntityKind::BlockUse:
    out.error = planBlockRename(s, a, *t, newName, plan);
    break;
  case EntityKind::SymbolDef:
  case EntityKind::SymbolUse:
    out.error = planSymbolRename(s, a, *t, newName, plan);
    if (out.error.empty())
      out.error = symbolEdits(s, *t, plan, out.edits);
    break;
  case EntityKind::OpName:
    return out;
  }
  if (!out.error.empty())
    return out;
  bool symbol =
      t->kind == EntityKind::SymbolDef || t->kind == EntityKind::SymbolUse;
  StringRef old = t->token.spelling;
  if (!symbol &&
      !editAt(s, plan.ranges, t->token.kind, old, plan.spelled, out.edits)) {
    out.error = "a mention of " + old.str() +
                " is not where the analysis says; not renamed";
    return out;
  }
  llvm::sort(out.edits, [](const TextEdit &x, const TextEdit &y) {
    return x.range.begin < y.range.begin;
  });
  out.edits.erase(std::unique(out.edits.begin(), out.edits.end(),
                              [](const TextEdit &x, const TextEdit &y) {
                                return x.range == y.range;
                              }),
                  out.edits.end());
  return out;
}
