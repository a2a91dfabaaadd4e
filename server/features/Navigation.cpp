//===- Navigation.cpp - Definition and references across clauses ----------===//

#include "server/features/Navigation.h"
#include "server/features/Describe.h"
#include "server/model/Index.h"

#include <algorithm>

using namespace ompx;

namespace {
/// Where op `op`'s symbol is defined; its name if the text has no `@name`.
TextRange symbolDefRange(const Snapshot &s, const ChunkAnalysis &a,
                         int32_t op) {
  return symbolDefinition(s.str(), a.ops[op]).value_or(a.ops[op].nameRange);
}

void addValue(const ChunkAnalysis &a, int32_t v, bool decl,
              std::vector<TextRange> &out) {
  if (v < 0 || size_t(v) >= a.values.size())
    return;
  if (decl && a.values[v].def.end > a.values[v].def.begin)
    out.push_back(a.values[v].def);
  out.insert(out.end(), a[a.values[v].uses].begin(), a[a.values[v].uses].end());
}

/// The chunk index and entity at `offset`, if any.
std::pair<std::shared_ptr<const ChunkIndex>, const Entity *>
entityAt(const Snapshot &s, uint32_t offset) {
  auto index = chunkIndex(s, s.chunkAt(offset));
  const Entity *e = index ? index->at(offset) : nullptr;
  return {e ? index : nullptr, e};
}
} // namespace

std::vector<TextRange> ompx::definition(const Snapshot &s, uint32_t offset) {
  auto [index, e] = entityAt(s, offset);
  if (!e)
    return {};
  const ChunkAnalysis &a = index->analysis();
  std::vector<TextRange> out;
  switch (e->kind) {
  case EntityKind::ValueDef:
  case EntityKind::ValueUse: {
    if (auto ref = index->bindingOf(e->index)) {
      const EntryBinding &b = index->binding(*ref);
      int32_t op = a.facts[ref->fact].op;
      // One location, so editors jump instead of opening a peek: the
      // clause binding. The outer value is one more request away, since
      // the cursor then stands on a plain use of it (as clangd toggles
      // between declaration and definition).
      if (auto use = index->operandUse(op, b.operand))
        return {*use};
      if (b.outer >= 0 &&
          a.values[b.outer].def.end > a.values[b.outer].def.begin)
        return {a.values[b.outer].def};
    }
    const ValueRecord &v = a.values[e->index];
    if (v.def.end > v.def.begin)
      out.push_back(v.def);
    break;
  }
  case EntityKind::BlockDef:
  case EntityKind::BlockUse:
    if (a.blocks[e->index].def.end > a.blocks[e->index].def.begin)
      out.push_back(a.blocks[e->index].def);
    break;
  case EntityKind::SymbolUse: {
    int32_t op = index->symbolOp(a.symbolUses[e->index].name);
    if (op >= 0)
      out.push_back(symbolDefRange(s, a, op));
    break;
  }
  case EntityKind::SymbolDef:
    out.push_back(e->range);
    break;
  case EntityKind::OpName:
    out.push_back(e->range);
    break;
  }
  return out;
}

std::vector<TextRange> ompx::references(const Snapshot &s, uint32_t offset,
                                        bool includeDeclaration) {
  std::vector<TextRange> out;
  auto [index, e] = entityAt(s, offset);
  if (!e)
    return out;
  const ChunkAnalysis &a = index->analysis();
  switch (e->kind) {
  case EntityKind::ValueDef:
  case EntityKind::ValueUse: {
    int32_t v = e->index;
    addValue(a, v, includeDeclaration, out);
    // Follow the clause link outwards: block argument -> bound value ->
    // the variable an omp.map.info maps; and inwards from a mapped value
    // to the block arguments bound to it.
    std::vector<int32_t> linked;
    if (auto ref = index->bindingOf(v))
      linked.push_back(index->binding(*ref).outer);
    for (size_t i = 0; i < linked.size() && i < 8; ++i)
      if (const OpFacts *map = mapFactsOf(*index, linked[i]))
        if (map->map.varPtr >= 0)
          linked.push_back(map->map.varPtr);
    for (const OpFacts &f : a.facts)
      for (const EntryBinding &b : f.bindings)
        if (b.outer == v || llvm::is_contained(linked, b.outer))
          linked.push_back(b.blockArg);
    for (int32_t l : linked)
      if (l != v)
        addValue(a, l, includeDeclaration, out);
    break;
  }
  case EntityKind::BlockDef:
  case EntityKind::BlockUse:
    if (includeDeclaration)
      out.push_back(a.blocks[e->index].def);
    out.insert(out.end(), a[a.blocks[e->index].uses].begin(),
               a[a.blocks[e->index].uses].end());
    break;
  case EntityKind::SymbolUse:
  case EntityKind::SymbolDef: {
    llvm::StringRef name = e->kind == EntityKind::SymbolUse
                               ? a.symbolUses[e->index].name
                               : a.ops[e->index].symbol;
    int32_t op = index->symbolOp(name);
    if (includeDeclaration && op >= 0)
      out.push_back(symbolDefRange(s, a, op));
    for (const SymbolUse &u : a.symbolUses)
      if (u.name == name)
        out.push_back(u.range);
    break;
  }
  case EntityKind::OpName:
    break;
  }
  std::sort(out.begin(), out.end(), [](const TextRange &x, const TextRange &y) {
    return x.begin < y.begin;
  });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}
