//===- Stale.cpp - Last good records for units that do not parse ----------===//

#include "server/model/Stale.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <functional>

using namespace ompx;

namespace {

bool within(TextRange inner, TextRange outer) {
  return outer.begin <= inner.begin && inner.end <= outer.end;
}

/// Sorted, disjoint units.
class Units {
public:
  explicit Units(std::vector<TextRange> units) {
    std::sort(units.begin(), units.end(),
              [](const TextRange &a, const TextRange &b) {
                return a.begin < b.begin;
              });
    for (const TextRange &u : units) {
      if (!ranges.empty() && u.begin < ranges.back().end)
        ranges.back().end = std::max(ranges.back().end, u.end);
      else
        ranges.push_back(u);
    }
  }
  /// The unit holding all of `r`, or -1.
  int find(TextRange r) const {
    auto it = std::upper_bound(
        ranges.begin(), ranges.end(), r.begin,
        [](uint32_t off, const TextRange &u) { return off < u.begin; });
    if (it == ranges.begin() || !within(r, *(it - 1)))
      return -1;
    return int(it - ranges.begin()) - 1;
  }
  bool overlaps(TextRange r) const {
    return std::any_of(ranges.begin(), ranges.end(), [&](const TextRange &u) {
      return u.begin < r.end && r.begin < u.end;
    });
  }
  std::vector<TextRange> ranges;
};

/// Which records of one analysis to copy.
struct Selection {
  std::vector<bool> ops, values, blocks, symbolUses;
  explicit Selection(const ChunkAnalysis &a)
      : ops(a.ops.size()), values(a.values.size()), blocks(a.blocks.size()),
        symbolUses(a.symbolUses.size()) {}
  /// Blocks and values follow the ops and blocks that own them.
  void closeOverOwners(const ChunkAnalysis &a) {
    auto at = [](const std::vector<bool> &keep, int32_t i) {
      return i >= 0 && size_t(i) < keep.size() && keep[i];
    };
    for (size_t b = 0; b < a.blocks.size(); ++b)
      if (a.blocks[b].parentOp >= 0)
        blocks[b] = at(ops, a.blocks[b].parentOp);
    for (size_t v = 0; v < a.values.size(); ++v) {
      const ValueRecord &rec = a.values[v];
      if (rec.ownerOp >= 0)
        values[v] = at(ops, rec.ownerOp);
      else if (rec.ownerBlock >= 0)
        values[v] = at(blocks, rec.ownerBlock);
    }
  }
};

/// Appends the selected records of `src` to `out`, renumbering every index
/// and moving every range through `edits` (none: the same text). A use an
/// edit touched is dropped; an op whose ancestors were not copied gets
/// `rootParent` of its new range as its parent.
class RecordCopier {
public:
  RecordCopier(ChunkAnalysis &out, const ChunkAnalysis &src,
               const Selection &sel, const EditMap *edits)
      : out(out), src(src), sel(sel), edits(edits),
        opTo(renumber(sel.ops, out.ops.size())),
        valueTo(renumber(sel.values, out.values.size())),
        blockTo(renumber(sel.blocks, out.blocks.size())) {}

  void copy(bool stale, const std::function<int32_t(TextRange)> &rootParent) {
    for (size_t i = 0; i < src.ops.size(); ++i)
      if (sel.ops[i])
        copyOp(src.ops[i], stale, rootParent);
    for (size_t i = 0; i < src.values.size(); ++i)
      if (sel.values[i])
        copyValue(src.values[i]);
    for (size_t i = 0; i < src.blocks.size(); ++i)
      if (sel.blocks[i])
        copyBlock(src.blocks[i]);
    for (size_t i = 0; i < src.symbolUses.size(); ++i)
      if (sel.symbolUses[i])
        copySymbolUse(src.symbolUses[i]);
    // Facts belong to ops; they are appended in op order, as they were.
    for (const OpFacts &f : src.facts)
      if (map(opTo, f.op) >= 0)
        copyFacts(f);
    copySymbolFacts();
    copyAccPlans();
  }

private:
  static std::vector<int32_t> renumber(const std::vector<bool> &keep,
                                       size_t base) {
    std::vector<int32_t> to(keep.size(), -1);
    int32_t next = int32_t(base);
    for (size_t i = 0; i < keep.size(); ++i)
      if (keep[i])
        to[i] = next++;
    return to;
  }
  static int32_t map(const std::vector<int32_t> &to, int32_t i) {
    return i >= 0 && size_t(i) < to.size() ? to[i] : -1;
  }
  std::optional<TextRange> token(TextRange r) const {
    return edits ? edits->mapToken(r) : std::optional<TextRange>(r);
  }
  /// A span of src's arrays, mapped into out's.
  void mapAll(const std::vector<int32_t> &to, Span<int32_t> &xs,
              bool keepMissing) {
    Span<int32_t> kept;
    for (int32_t x : src[xs])
      if (int32_t y = map(to, x); y >= 0 || keepMissing)
        out.append(kept, y);
    xs = kept;
  }
  void mapUses(Span<TextRange> &uses) {
    Span<TextRange> kept;
    for (const TextRange &u : src[uses])
      if (std::optional<TextRange> m = token(u))
        out.append(kept, *m);
    uses = kept;
  }
  void copySpan(Span<uint32_t> &xs) { out.assign(xs, src[xs]); }
  static void mapList(const std::vector<int32_t> &to,
                      std::vector<int32_t> &xs) {
    std::vector<int32_t> kept;
    for (int32_t x : xs)
      if (int32_t y = map(to, x); y >= 0)
        kept.push_back(y);
    xs = std::move(kept);
  }

  void copyOp(OpRecord op, bool stale,
              const std::function<int32_t(TextRange)> &rootParent) {
    if (edits) {
      // The selection made sure both survive.
      op.nameRange = edits->mapToken(op.nameRange).value_or(TextRange{});
      op.fullRange = edits->mapSpan(op.fullRange).value_or(TextRange{});
    }
    auto valid = [&](int32_t p) {
      return p >= 0 && size_t(p) < src.ops.size();
    };
    int32_t p = op.parent;
    for (size_t guard = 0; valid(p) && !sel.ops[p] && guard < src.ops.size();
         ++guard)
      p = src.ops[p].parent;
    op.parent = valid(p) && sel.ops[p] ? opTo[p] : rootParent(op.fullRange);
    mapAll(valueTo, op.results, false);
    mapAll(valueTo, op.operands, true);
    mapAll(blockTo, op.blocks, false);
    copySpan(op.operandResults);
    // The file index is into src's table: intern the name in out's.
    if (op.sourceFile >= 0 && size_t(op.sourceFile) < src.sourceFiles.size()) {
      const std::string &name = src.sourceFiles[op.sourceFile];
      auto it = llvm::find(out.sourceFiles, name);
      op.sourceFile = it - out.sourceFiles.begin();
      if (it == out.sourceFiles.end())
        out.sourceFiles.push_back(name);
    } else {
      op.sourceFile = -1;
    }
    if (stale)
      op.flags |= OpStale;
    out.ops.push_back(std::move(op));
  }

  void copyValue(ValueRecord v) {
    v.def = token(v.def).value_or(TextRange{});
    mapUses(v.uses);
    copySpan(v.typeEnds);
    v.ownerOp = map(opTo, v.ownerOp);
    v.ownerBlock = map(blockTo, v.ownerBlock);
    out.values.push_back(std::move(v));
  }

  void copyBlock(BlockRecord b) {
    if (b.def.end > b.def.begin)
      b.def = token(b.def).value_or(TextRange{});
    mapUses(b.uses);
    b.parentOp = map(opTo, b.parentOp);
    mapAll(valueTo, b.args, false);
    out.blocks.push_back(std::move(b));
  }

  void copySymbolUse(SymbolUse u) {
    std::optional<TextRange> r = token(u.range);
    if (!r)
      return;
    u.range = *r;
    u.userOp = map(opTo, u.userOp);
    out.symbolUses.push_back(std::move(u));
  }

  void copyFacts(OpFacts g) {
    g.op = map(opTo, g.op);
    for (EntryBinding &b : g.bindings) {
      b.blockArg = map(valueTo, b.blockArg);
      b.outer = map(valueTo, b.outer);
      for (HostEvalRole &r : b.roles)
        r.user = map(opTo, r.user);
    }
    g.map.varPtr = map(valueTo, g.map.varPtr);
    g.map.varPtrPtr = map(valueTo, g.map.varPtrPtr);
    g.map.parent = map(opTo, g.map.parent);
    mapList(valueTo, g.map.members);
    mapList(valueTo, g.map.bounds);
    mapList(opTo, g.users);
    out.facts.push_back(std::move(g));
  }

  /// Function signatures and declare target attributes, in op order too.
  void copySymbolFacts() {
    for (FunctionFact f : src.functions)
      if ((f.op = map(opTo, f.op)) >= 0)
        out.functions.push_back(std::move(f));
    for (DeclareTargetFact d : src.declareTargets) {
      if ((d.op = map(opTo, d.op)) < 0)
        continue;
      // Where the attribute is spelt, if no edit touched it.
      std::optional<TextRange> name, value;
      if (d.value.end > d.value.begin) {
        name = token(d.name);
        value = token(d.value);
      }
      d.name = name && value ? *name : TextRange{};
      d.value = name && value ? *value : TextRange{};
      out.declareTargets.push_back(d);
    }
  }

  /// What acc-to-omp makes of each acc op, in op order.
  void copyAccPlans() {
    for (AccPlan p : src.accPlans)
      if ((p.op = map(opTo, p.op)) >= 0)
        out.accPlans.push_back(std::move(p));
  }

  ChunkAnalysis &out;
  const ChunkAnalysis &src;
  const Selection &sel;
  const EditMap *edits;
  std::vector<int32_t> opTo, valueTo, blockTo;
};

void copyRecords(ChunkAnalysis &out, const ChunkAnalysis &src,
                 const Selection &sel, const EditMap *edits, bool stale,
                 const std::function<int32_t(TextRange)> &rootParent) {
  RecordCopier(out, src, sel, edits).copy(stale, rootParent);
}

/// The records of `prev` that parsed in a unit of `units` (after `edits`)
/// and that no edit touched; `filled` marks the units that got any.
Selection selectStale(const ChunkAnalysis &prev, const Units &units,
                      const EditMap &edits, std::vector<bool> &filled) {
  Selection sel(prev);
  auto tokenSurvives = [&](TextRange r) {
    return r.end <= r.begin || edits.mapToken(r).has_value();
  };
  for (size_t i = 0; i < prev.ops.size(); ++i) {
    const OpRecord &op = prev.ops[i];
    if (op.flags & OpPartial)
      continue;
    std::optional<TextRange> full = edits.mapSpan(op.fullRange);
    int unit = full ? units.find(*full) : -1;
    if (unit < 0 || !edits.mapToken(op.nameRange))
      continue;
    // The op's own definitions: its results, its blocks' labels and
    // arguments. An op whose spelling changed there is not the op it was.
    auto valueSurvives = [&](int32_t v) {
      return v < 0 || size_t(v) >= prev.values.size() ||
             tokenSurvives(prev.values[v].def);
    };
    bool intact = llvm::all_of(prev[op.results], valueSurvives);
    for (int32_t b : prev[op.blocks])
      if (b >= 0 && size_t(b) < prev.blocks.size())
        intact &= tokenSurvives(prev.blocks[b].def) &&
                  llvm::all_of(prev[prev.blocks[b].args], valueSurvives);
    if (!intact)
      continue;
    sel.ops[i] = true;
    filled[unit] = true;
  }
  sel.closeOverOwners(prev);
  for (size_t i = 0; i < prev.symbolUses.size(); ++i) {
    int32_t user = prev.symbolUses[i].userOp;
    sel.symbolUses[i] =
        user >= 0 && size_t(user) < sel.ops.size() && sel.ops[user];
  }
  return sel;
}

} // namespace

std::shared_ptr<const ChunkAnalysis> ompx::withStaleRecords(
    const ChunkAnalysis &fresh,
    llvm::ArrayRef<std::shared_ptr<const ChunkAnalysis>> previous,
    const EditMap &edits) {
  // A chunk that did not parse lost everything, not just its units.
  Units units(fresh.parsed
                  ? fresh.blankedUnits
                  : std::vector<TextRange>{{fresh.chunkBegin, fresh.chunkEnd}});
  if (units.ranges.empty())
    return nullptr;

  std::vector<bool> filled(units.ranges.size());
  std::vector<std::pair<const ChunkAnalysis *, Selection>> picked;
  for (const std::shared_ptr<const ChunkAnalysis> &prev : previous) {
    if (!prev || prev->ops.empty())
      continue;
    TextRange moved{edits.mapOffset(prev->chunkBegin, false),
                    edits.mapOffset(prev->chunkEnd, true)};
    if (!units.overlaps(moved))
      continue;
    Selection sel = selectStale(*prev, units, edits, filled);
    if (std::find(sel.ops.begin(), sel.ops.end(), true) != sel.ops.end())
      picked.emplace_back(prev.get(), std::move(sel));
  }
  if (picked.empty())
    return nullptr;

  auto out = std::make_shared<ChunkAnalysis>();
  out->chunkBegin = fresh.chunkBegin;
  out->chunkEnd = fresh.chunkEnd;
  out->parsed = fresh.parsed;
  out->recovered = fresh.recovered;
  out->crashed = fresh.crashed;
  out->diagnostics = fresh.diagnostics;
  out->blankedUnits = fresh.blankedUnits;
  out->parseMs = fresh.parseMs;
  out->verifyMs = fresh.verifyMs;
  std::vector<TextRange> staleUnits = fresh.staleUnits;
  for (size_t u = 0; u < units.ranges.size(); ++u)
    if (filled[u])
      staleUnits.push_back(units.ranges[u]);
  out->staleUnits = Units(std::move(staleUnits)).ranges;

  // The current records, less what the failed parse saw in a filled unit
  // (ranges only; the stale records say more).
  Units stale(out->staleUnits);
  Selection keep(fresh);
  for (size_t i = 0; i < fresh.ops.size(); ++i)
    keep.ops[i] = stale.find(fresh.ops[i].fullRange) < 0;
  keep.closeOverOwners(fresh);
  for (size_t b = 0; b < fresh.blocks.size(); ++b) {
    const BlockRecord &block = fresh.blocks[b];
    if (block.parentOp >= 0)
      continue;
    // A block of a failed parse has no owner: place it by its label or
    // first argument.
    TextRange at = block.def;
    if (at.end <= at.begin && !block.args.empty() &&
        fresh[block.args][0] >= 0 &&
        size_t(fresh[block.args][0]) < fresh.values.size())
      at = fresh.values[fresh[block.args][0]].def;
    keep.blocks[b] = at.end <= at.begin || stale.find(at) < 0;
  }
  for (size_t v = 0; v < fresh.values.size(); ++v) {
    const ValueRecord &value = fresh.values[v];
    if (value.ownerOp >= 0)
      continue;
    keep.values[v] = value.ownerBlock >= 0
                         ? size_t(value.ownerBlock) < keep.blocks.size() &&
                               keep.blocks[value.ownerBlock]
                         : stale.find(value.def) < 0;
  }
  for (size_t i = 0; i < fresh.symbolUses.size(); ++i)
    keep.symbolUses[i] = stale.find(fresh.symbolUses[i].range) < 0;
  copyRecords(*out, fresh, keep, nullptr, false, [](TextRange) { return -1; });

  // A stale op whose parent is not stale hangs under the innermost current
  // op around it (the module around a function).
  size_t current = out->ops.size();
  auto rootParent = [&](TextRange r) {
    int32_t best = -1;
    for (size_t i = 0; i < current; ++i)
      if (within(r, out->ops[i].fullRange) &&
          (best < 0 || within(out->ops[i].fullRange, out->ops[best].fullRange)))
        best = int32_t(i);
    return best;
  };
  for (auto &[prev, sel] : picked)
    copyRecords(*out, *prev, sel, &edits, true, rootParent);
  return out;
}
