//===- Index.cpp - Position lookup and cross links of a chunk -------------===//

#include "server/model/Index.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <list>
#include <mutex>

using namespace ompx;

int Snapshot::chunkAt(uint32_t offset) const {
  if (chunks.empty())
    return -1;
  auto it = std::upper_bound(
      chunks.begin(), chunks.end(), offset,
      [](uint32_t off, const ChunkSpan &c) { return off < c.begin; });
  return it == chunks.begin() ? 0 : int(it - chunks.begin()) - 1;
}

ChunkIndex::ChunkIndex(std::shared_ptr<const ChunkAnalysis> analysis,
                       llvm::StringRef text)
    : a(std::move(analysis)) {
  const ChunkAnalysis &ca = *a;
  for (size_t i = 0; i < ca.ops.size(); ++i) {
    const OpRecord &op = ca.ops[i];
    entities.push_back({op.nameRange, EntityKind::OpName, int32_t(i)});
    if (!op.symbol.empty()) {
      symbols.try_emplace(op.symbol, int32_t(i));
      if (std::optional<TextRange> def = symbolDefinition(text, op))
        entities.push_back({*def, EntityKind::SymbolDef, int32_t(i)});
    }
  }
  for (size_t i = 0; i < ca.values.size(); ++i) {
    const ValueRecord &v = ca.values[i];
    if (v.def.end > v.def.begin)
      entities.push_back({v.def, EntityKind::ValueDef, int32_t(i)});
    for (const TextRange &u : ca[v.uses])
      entities.push_back({u, EntityKind::ValueUse, int32_t(i)});
  }
  for (size_t i = 0; i < ca.blocks.size(); ++i) {
    const BlockRecord &b = ca.blocks[i];
    if (b.def.end > b.def.begin)
      entities.push_back({b.def, EntityKind::BlockDef, int32_t(i)});
    for (const TextRange &u : ca[b.uses])
      entities.push_back({u, EntityKind::BlockUse, int32_t(i)});
  }
  for (size_t i = 0; i < ca.symbolUses.size(); ++i)
    entities.push_back(
        {ca.symbolUses[i].range, EntityKind::SymbolUse, int32_t(i)});
  llvm::stable_sort(entities, [](const Entity &x, const Entity &y) {
    return x.range.begin < y.range.begin;
  });

  factOfOp.assign(ca.ops.size(), -1);
  for (size_t f = 0; f < ca.facts.size(); ++f) {
    const OpFacts &facts = ca.facts[f];
    if (facts.op >= 0 && size_t(facts.op) < ca.ops.size())
      factOfOp[facts.op] = int32_t(f);
    for (size_t b = 0; b < facts.bindings.size(); ++b)
      if (facts.bindings[b].blockArg >= 0)
        bindingOfValue[facts.bindings[b].blockArg] = {int32_t(f), int32_t(b)};
  }

  // Uses come in text order from the parser; checked, so that a lookup
  // by position can binary-search them (and falls back to a scan if not).
  usesSorted.resize(ca.values.size());
  for (size_t i = 0; i < ca.values.size(); ++i)
    usesSorted[i] = llvm::is_sorted(ca[ca.values[i].uses],
                                    [](const TextRange &x, const TextRange &y) {
                                      return x.begin < y.begin;
                                    });

  opsByBegin.resize(ca.ops.size());
  for (size_t i = 0; i < ca.ops.size(); ++i)
    opsByBegin[i] = int32_t(i);
  llvm::stable_sort(opsByBegin, [&](int32_t x, int32_t y) {
    return ca.ops[x].fullRange.begin < ca.ops[y].fullRange.begin;
  });
}

const Entity *ChunkIndex::at(uint32_t offset) const {
  auto it = std::upper_bound(
      entities.begin(), entities.end(), offset,
      [](uint32_t off, const Entity &e) { return off < e.range.begin; });
  if (it == entities.begin())
    return nullptr;
  // Entities do not overlap: only the last one starting at or before the
  // cursor can contain it, or end right at it (the cursor after `%arg4`).
  const Entity &e = *(it - 1);
  return offset <= e.range.end ? &e : nullptr;
}

const OpFacts *ChunkIndex::factsOf(int32_t op) const {
  if (op < 0 || size_t(op) >= factOfOp.size() || factOfOp[op] < 0)
    return nullptr;
  return &a->facts[factOfOp[op]];
}

std::optional<BindingRef> ChunkIndex::bindingOf(int32_t value) const {
  auto it = bindingOfValue.find(value);
  if (it == bindingOfValue.end())
    return std::nullopt;
  return it->second;
}

int32_t ChunkIndex::symbolOp(llvm::StringRef name) const {
  auto it = symbols.find(name);
  return it == symbols.end() ? -1 : it->second;
}

int32_t ChunkIndex::opContaining(uint32_t offset) const {
  const std::vector<OpRecord> &ops = a->ops;
  auto it = std::upper_bound(
      opsByBegin.begin(), opsByBegin.end(), offset,
      [&](uint32_t off, int32_t op) { return off < ops[op].fullRange.begin; });
  if (it == opsByBegin.begin())
    return -1;
  int32_t op = *(it - 1);
  // The last op starting before `offset` may have ended; its ancestors are
  // the candidates then.
  for (unsigned guard = 0; op >= 0 && guard < 100000; ++guard) {
    const TextRange &r = ops[op].fullRange;
    if (r.begin <= offset && offset < r.end)
      return op;
    op = ops[op].parent;
  }
  return -1;
}

int32_t ChunkIndex::blockArgOwner(int32_t value) const {
  if (value < 0 || size_t(value) >= a->values.size())
    return -1;
  int32_t block = a->values[value].ownerBlock;
  if (block < 0 || size_t(block) >= a->blocks.size())
    return -1;
  return a->blocks[block].parentOp;
}

const ods::Op *ChunkIndex::odsOf(int32_t op) const {
  if (const OpFacts *f = factsOf(op))
    if (f->odsOp >= 0 && size_t(f->odsOp) < ods::allOps().size())
      return &ods::allOps()[f->odsOp];
  if (op >= 0 && size_t(op) < a->ops.size())
    return ods::lookupOp(a->ops[op].name);
  return nullptr;
}

llvm::ArrayRef<TextRange> ChunkIndex::usesFrom(int32_t value,
                                               uint32_t offset) const {
  llvm::ArrayRef<TextRange> uses = (*a)[a->values[value].uses];
  if (!usesSorted[value])
    return uses;
  return uses.drop_front(
      llvm::partition_point(
          uses, [&](const TextRange &u) { return u.begin < offset; }) -
      uses.begin());
}

std::optional<TextRange> ChunkIndex::operandUse(int32_t op,
                                                uint32_t operand) const {
  if (op < 0 || size_t(op) >= a->ops.size())
    return std::nullopt;
  const OpRecord &rec = a->ops[op];
  llvm::ArrayRef<int32_t> operands = (*a)[rec.operands];
  if (operand >= operands.size() || operands[operand] < 0)
    return std::nullopt;
  int32_t value = operands[operand];
  unsigned k = 0;
  for (uint32_t i = 0; i < operand; ++i)
    k += operands[i] == value;
  // Only the uses inside the op's text (a value used 600k times: not all).
  for (const TextRange &u : usesFrom(value, rec.fullRange.begin)) {
    if (usesSorted[value] && u.begin >= rec.fullRange.end)
      break;
    if (rec.fullRange.contains(u.begin) && opContaining(u.begin) == op &&
        k-- == 0)
      return u;
  }
  return std::nullopt;
}

std::optional<std::pair<int32_t, uint32_t>>
ChunkIndex::operandAt(int32_t value, TextRange use) const {
  int32_t op = opContaining(use.begin);
  if (op < 0)
    return std::nullopt;
  const OpRecord &rec = a->ops[op];
  // The uses in the op's text before `use`: counted from the op's start,
  // not from the value's first use (quadratic over a hover's use loop).
  unsigned k = 0;
  for (const TextRange &u : usesFrom(value, rec.fullRange.begin)) {
    if (u.begin >= use.begin) {
      if (usesSorted[value])
        break;
      continue;
    }
    if (rec.fullRange.contains(u.begin) && opContaining(u.begin) == op)
      ++k;
  }
  llvm::ArrayRef<int32_t> operands = (*a)[rec.operands];
  for (uint32_t i = 0; i < operands.size(); ++i)
    if (operands[i] == value && k-- == 0)
      return std::make_pair(op, i);
  return std::nullopt;
}

namespace {
/// The chunk indices in use, keyed by their analysis. Analyses are
/// immutable and shared between document versions, so an index stays valid
/// as long as its analysis is alive. Bounded by the entries of the indices
/// (not their number), so the 10k indices of a 10k-chunk document all stay
/// (an outline reads every chunk's) and a few huge ones do not pile up.
class IndexCache {
public:
  std::shared_ptr<const ChunkIndex>
  get(const std::shared_ptr<const ChunkAnalysis> &a, llvm::StringRef text) {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = byAnalysis.find(a.get());
    if (found != byAnalysis.end()) {
      entries.splice(entries.begin(), entries, found->second);
      return found->second->index;
    }
    auto index = std::make_shared<const ChunkIndex>(a, text);
    size_t weight = 1 + index->size();
    entries.push_front({a, index, weight});
    byAnalysis[a.get()] = entries.begin();
    total += weight;
    while (total > kBudget && entries.size() > 1) {
      total -= entries.back().weight;
      byAnalysis.erase(entries.back().analysis.get());
      entries.pop_back();
    }
    return index;
  }

private:
  /// Entities and ops over all indices (~25 bytes each with the rest of an
  /// index): about 200 MB at most, room for one 1M-op chunk's index.
  static constexpr size_t kBudget = size_t(8) << 20;
  struct Entry {
    std::shared_ptr<const ChunkAnalysis> analysis; ///< keeps the key alive
    std::shared_ptr<const ChunkIndex> index;
    size_t weight;
  };
  std::mutex mutex;
  std::list<Entry> entries; ///< most recently used first
  llvm::DenseMap<const ChunkAnalysis *, std::list<Entry>::iterator> byAnalysis;
  size_t total = 0;
};
} // namespace

std::shared_ptr<const ChunkIndex> ompx::chunkIndex(const Snapshot &snapshot,
                                                   int chunk) {
  static IndexCache cache;
  if (chunk < 0 || size_t(chunk) >= snapshot.analyses.size() ||
      !snapshot.analyses[chunk])
    return nullptr;
  return cache.get(snapshot.analyses[chunk], snapshot.str());
}

std::string ompx::valueName(const Snapshot &s, const ChunkAnalysis &a,
                            int32_t value) {
  if (value < 0 || size_t(value) >= a.values.size())
    return "?";
  const ValueRecord &v = a.values[value];
  return s.str().slice(v.def.begin, v.def.end).str();
}

std::string ompx::resultName(const Snapshot &s, const ChunkAnalysis &a,
                             int32_t value, uint32_t k) {
  std::string name = valueName(s, a, value);
  if (value >= 0 && size_t(value) < a.values.size() &&
      a.values[value].count > 1)
    name += "#" + std::to_string(k);
  return name;
}

std::string ompx::operandName(const Snapshot &s, const ChunkAnalysis &a,
                              int32_t op, uint32_t operand) {
  if (op < 0 || size_t(op) >= a.ops.size() ||
      operand >= a.ops[op].operands.size() ||
      a[a.ops[op].operands][operand] < 0)
    return "?";
  const OpRecord &rec = a.ops[op];
  return resultName(s, a, a[rec.operands][operand],
                    operandResult(a, rec, operand));
}

std::optional<TextRange> ompx::symbolDefinition(llvm::StringRef text,
                                                const OpRecord &op) {
  if (op.symbol.empty())
    return std::nullopt;
  // The `@name` after the op name (custom syntax) or in its attributes;
  // tokens are read lazily, as it is nearly always right after the name.
  uint32_t end = std::min<size_t>(op.fullRange.end, text.size());
  Lexer lexer(text.take_front(end), op.nameRange.end);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
    if (t.is(TokenKind::AtIdentifier) && t.name() == op.symbol)
      return t.range;
  return std::nullopt;
}

TextRange ompx::wordAt(llvm::StringRef text, uint32_t offset) {
  if (offset > text.size())
    return {offset, offset};
  // A bare identifier, or one spelled as a string (`"omp.target"`, the
  // generic form), containing the cursor or just before it.
  auto word = [&](uint32_t at) -> std::optional<TextRange> {
    std::optional<Token> t = tokenAt(text, at);
    if (!t)
      return std::nullopt;
    if (t->is(TokenKind::BareIdentifier))
      return t->range;
    if (t->is(TokenKind::String) && isBareIdentifier(t->name()) &&
        at > t->range.begin)
      return TextRange{t->range.begin + 1,
                       uint32_t(t->range.begin + 1 + t->name().size())};
    return std::nullopt;
  };
  if (auto w = word(offset))
    return *w;
  if (offset > 0)
    if (auto w = word(offset - 1); w && w->end == offset)
      return *w;
  return {offset, offset};
}
