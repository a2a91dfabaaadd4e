//===- DocumentSymbols.cpp - Outline of constructs and recipes ------------===//

#include "server/features/DocumentSymbols.h"
#include "server/features/Describe.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace ompx;
using llvm::StringRef;

namespace {
/// Directives with no body that a reader looks for in the outline: data
/// motion (enter/exit/update) and synchronization.
bool isStandaloneDirective(StringRef name) {
  return llvm::is_contained(
      {"omp.target_enter_data", "omp.target_exit_data", "omp.target_update",
       "omp.barrier", "omp.taskwait", "omp.taskyield", "omp.flush",
       "omp.cancel", "omp.cancellation_point", "acc.enter_data",
       "acc.exit_data", "acc.update", "acc.wait", "acc.init", "acc.shutdown",
       "acc.set", "acc.declare_enter", "acc.declare_exit"},
      name);
}

bool isConstruct(const OpRecord &op) {
  StringRef name = op.name;
  if (!(name.starts_with("omp.") || name.starts_with("acc.")))
    return false;
  if (name.ends_with(".terminator") || name.ends_with(".yield") ||
      name == "omp.terminator" || name == "acc.yield")
    return false;
  return !op.blocks.empty() || !op.symbol.empty() ||
         isStandaloneDirective(name);
}

OutlineKind kindOf(const OpRecord &op) {
  StringRef name = op.name;
  if (name == "func.func" || name == "llvm.func")
    return OutlineKind::Function;
  if (name.ends_with("global") || name == "fir.global")
    return OutlineKind::Global;
  if (name.starts_with("omp.private") || name.contains("declare_") ||
      name.ends_with(".recipe"))
    return OutlineKind::Recipe;
  if (name == "builtin.module")
    return OutlineKind::Module;
  return OutlineKind::Construct;
}

/// `x to, y(1:n) from`: what a data directive moves, which only its map
/// entries say (it has no body to open).
std::string movedOf(const Snapshot &s, const ChunkIndex &index,
                    const OpRecord &op, const OperandGroup &g) {
  const ChunkAnalysis &a = index.analysis();
  std::vector<std::string> items;
  for (uint32_t i = g.first; i < g.first + g.count && i < op.operands.size();
       ++i)
    if (const OpFacts *map = mapFactsOf(index, a[op.operands][i]);
        map && map->map.parent < 0) {
      // No motion: a new copy on entry, a reference dropped on exit.
      std::string flags = mapFlagsText(map->map);
      if (flags == "storage" || flags == "none" || flags == "none (alloc)")
        flags = op.name.ref().contains("exit") ? "release" : "alloc";
      items.push_back(mappedName(s, index, *map) + " " + flags);
    }
  return llvm::join(items, ", ");
}

std::string detailOf(const Snapshot &s, const ChunkIndex &index, int32_t op) {
  const OpFacts *f = index.factsOf(op);
  const ods::Op *info = index.odsOf(op);
  if (!f || !info)
    return "";
  const OpRecord &rec = index.analysis().ops[op];
  bool standalone = isStandaloneDirective(rec.name);
  std::vector<std::string> parts;
  for (const OperandGroup &g : f->groups) {
    parts.push_back(argLabel(info->args[g.odsArg]).str() + "(" +
                    std::to_string(g.count) + ")");
    if (standalone)
      if (std::string moved = movedOf(s, index, rec, g); !moved.empty())
        parts.back() += ": " + moved;
  }
  std::string kind = attrWord(*f, "data_sharing_type");
  if (!kind.empty())
    parts.push_back(kind);
  if (f->composite)
    parts.push_back("composite");
  return llvm::join(parts, " ");
}
} // namespace

std::vector<OutlineSymbol> ompx::documentSymbols(const Snapshot &s) {
  std::vector<OutlineSymbol> out;
  bool split = s.chunks.size() > 1;
  for (size_t c = 0; c < s.chunks.size(); ++c) {
    auto index = chunkIndex(s, int(c));
    std::vector<OutlineSymbol> roots;
    if (index) {
      const ChunkAnalysis &a = index->analysis();
      std::vector<std::vector<int32_t>> kids(a.ops.size() + 1);
      std::vector<bool> include(a.ops.size(), false);
      for (size_t i = 0; i < a.ops.size(); ++i) {
        const OpRecord &op = a.ops[i];
        include[i] = isConstruct(op) || op.name == "func.func" ||
                     op.name == "llvm.func" ||
                     (!op.symbol.empty() && op.parent >= 0 &&
                      a.ops[op.parent].name == "builtin.module") ||
                     (!op.symbol.empty() && op.parent < 0);
      }
      // Nearest included ancestor of each op. Ops are recorded parent
      // first, so the parent's answer is known: one pass, not a walk up
      // through every excluded ancestor (quadratic in deep nests).
      std::vector<int32_t> anc(a.ops.size(), -1);
      for (size_t i = 0; i < a.ops.size(); ++i) {
        int32_t p = a.ops[i].parent;
        if (p >= 0 && size_t(p) < i && !include[p])
          p = anc[p];
        while (p >= 0 && !include[p])
          p = a.ops[p].parent;
        anc[i] = p;
      }
      std::function<OutlineSymbol(int32_t)> build = [&](int32_t i) {
        const OpRecord &op = a.ops[i];
        OutlineSymbol sym;
        sym.name = op.symbol.empty() ? op.name.str()
                                     : op.name.str() + " @" + op.symbol.str();
        sym.detail = detailOf(s, *index, i);
        if (op.flags & OpStale)
          sym.detail += sym.detail.empty() ? "(stale)" : " (stale)";
        sym.kind = kindOf(op);
        sym.range = op.fullRange;
        sym.selection = op.nameRange;
        for (int32_t k : kids[i])
          sym.children.push_back(build(k));
        return sym;
      };
      // In text order: stale records (a unit that does not parse now) come
      // after the current ones in the analysis.
      std::vector<int32_t> order;
      for (size_t i = 0; i < a.ops.size(); ++i)
        if (include[i])
          order.push_back(int32_t(i));
      llvm::stable_sort(order, [&](int32_t x, int32_t y) {
        return a.ops[x].fullRange.begin < a.ops[y].fullRange.begin;
      });
      std::vector<int32_t> top;
      for (int32_t i : order) {
        if (anc[i] >= 0)
          kids[anc[i]].push_back(i);
        else
          top.push_back(i);
      }
      for (int32_t t : top)
        roots.push_back(build(t));
    }
    if (!split) {
      out = std::move(roots);
      continue;
    }
    OutlineSymbol chunk;
    chunk.name = "split " + std::to_string(c + 1);
    chunk.kind = OutlineKind::Module;
    chunk.range = {s.chunks[c].begin, s.chunks[c].end};
    chunk.selection = {s.chunks[c].begin, s.chunks[c].begin};
    chunk.children = std::move(roots);
    out.push_back(std::move(chunk));
  }
  return out;
}
