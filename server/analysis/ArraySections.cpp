//===- ArraySections.cpp - Constant elements and sections of arrays -------===//

#include "server/analysis/ArraySections.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace ompx;
using namespace ompx::mapping;

/// `v` (a target region's host_eval argument) as the host value it stands
/// for, else `v`.
static mlir::Value hostEvaluated(mlir::Value v) {
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(v);
  if (!arg)
    return v;
  auto target =
      llvm::dyn_cast_or_null<mlir::omp::TargetOp>(arg.getOwner()->getParentOp());
  if (!target || arg.getOwner() != &target.getRegion().front())
    return v;
  auto iface =
      llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
  unsigned start = iface.getHostEvalBlockArgsStart();
  unsigned at = arg.getArgNumber();
  if (at < start || at >= start + iface.numHostEvalBlockArgs())
    return v;
  return iface.getHostEvalVars()[at - start];
}

static std::optional<int64_t> constantOf(mlir::Value v, int depth) {
  if (!v || depth > 8)
    return std::nullopt;
  v = hostEvaluated(v);
  while (auto convert = v.getDefiningOp<fir::ConvertOp>())
    v = hostEvaluated(convert.getValue());
  llvm::APInt c;
  if (mlir::matchPattern(v, mlir::m_ConstantInt(&c)))
    return c.getSExtValue();
  mlir::Operation *def = v.getDefiningOp();
  if (!llvm::isa_and_nonnull<mlir::arith::AddIOp, mlir::arith::SubIOp>(def))
    return std::nullopt;
  std::optional<int64_t> a = constantOf(def->getOperand(0), depth + 1),
                         b = constantOf(def->getOperand(1), depth + 1);
  if (!a || !b)
    return std::nullopt;
  return llvm::isa<mlir::arith::AddIOp>(def) ? *a + *b : *a - *b;
}

std::optional<int64_t> ompx::mapping::constantOf(mlir::Value v) {
  return ::constantOf(v, 0);
}

/// The one-dimensional constant bounds of a data clause: its lower and
/// upper (0-based), extent (when given) and start index.
struct Bounds {
  int64_t lo, hi, start;
  std::optional<int64_t> extent;
};
/// The values of a one-dimensional data clause's bounds: lower and upper
/// (0-based), extent and start index (null where not given).
struct BoundValues {
  mlir::Value lo, hi, extent, start;
};
static std::optional<BoundValues> boundValues(mlir::Operation *entry) {
  llvm::SmallVector<mlir::Value> bounds;
  if (auto m = llvm::dyn_cast<mlir::omp::MapInfoOp>(entry))
    bounds.append(m.getBounds().begin(), m.getBounds().end());
  else
    bounds = mlir::acc::getBounds(entry);
  if (bounds.size() != 1)
    return std::nullopt;
  if (auto b = bounds[0].getDefiningOp<mlir::omp::MapBoundsOp>())
    return BoundValues{b.getLowerBound(), b.getUpperBound(), b.getExtent(),
                       b.getStartIdx()};
  if (auto b = bounds[0].getDefiningOp<mlir::acc::DataBoundsOp>())
    return BoundValues{b.getLowerbound(), b.getUpperbound(), b.getExtent(),
                       b.getStartIdx()};
  return std::nullopt;
}

static std::optional<Bounds> boundsOf(mlir::Operation *entry) {
  std::optional<BoundValues> values = boundValues(entry);
  if (!values || !values->lo || !values->hi)
    return std::nullopt;
  auto [loV, hiV, extentV, startV] = *values;
  std::optional<int64_t> lo = constantOf(loV), hi = constantOf(hiV),
                         extent = extentV ? constantOf(extentV) : std::nullopt,
                         start = startV ? constantOf(startV) : std::nullopt;
  if (lo && hi && start)
    return Bounds{*lo, *hi, *start, extent};
  // An allocatable's section (`u(1:32)`): flang gives each bound as the
  // Fortran index less the descriptor's lower bound, its start index.
  auto fromStart = [&](mlir::Value v) -> std::optional<int64_t> {
    auto sub = v ? v.getDefiningOp<mlir::arith::SubIOp>() : nullptr;
    if (!sub || !startV || sub.getRhs() != startV)
      return std::nullopt;
    return constantOf(sub.getLhs());
  };
  std::optional<int64_t> first = fromStart(loV), last = fromStart(hiV);
  if (!first || !last)
    return std::nullopt;
  return Bounds{*first, *last, 0, std::nullopt};
}

std::optional<Section> ompx::mapping::sectionOf(mlir::Operation *entry) {
  std::optional<Bounds> b = boundsOf(entry);
  if (!b || (b->extent && b->lo == 0 && b->hi == *b->extent - 1))
    return std::nullopt;
  return Section{b->start + b->lo, b->start + b->hi};
}

std::optional<Section> ompx::mapping::extentOf(mlir::Operation *entry) {
  std::optional<Bounds> b = boundsOf(entry);
  if (!b || !b->extent)
    return std::nullopt;
  return Section{b->start, b->start + *b->extent - 1};
}

/// The loop whose induction variable `v` holds, with the constant added to
/// it: the variable itself, or a load of the private copy it is assigned
/// to (flang's `i`), through conversions and a constant added or taken.
static std::optional<std::pair<mlir::Operation *, int64_t>>
inductionOf(mlir::Value v, int64_t offset = 0) {
  while (auto convert = v.getDefiningOp<fir::ConvertOp>())
    v = convert.getValue();
  if (mlir::Operation *def = v.getDefiningOp();
      llvm::isa_and_nonnull<mlir::arith::AddIOp, mlir::arith::SubIOp>(def)) {
    bool sub = llvm::isa<mlir::arith::SubIOp>(def);
    if (std::optional<int64_t> c = constantOf(def->getOperand(1)))
      return inductionOf(def->getOperand(0), offset + (sub ? -*c : *c));
    if (std::optional<int64_t> c = constantOf(def->getOperand(0)); c && !sub)
      return inductionOf(def->getOperand(1), offset + *c);
    return std::nullopt;
  }
  if (auto load = v.getDefiningOp<fir::LoadOp>()) {
    // The loop variable's copy (flang's `i`): its one assignment inside a
    // loop holding the load is of that loop's variable, and nothing else
    // in the loop assigns it (flang's store of the final value after a
    // sequential DO lies outside).
    mlir::Value var = load.getMemref();
    llvm::SmallVector<std::pair<mlir::Operation *, mlir::Value>> stores;
    for (mlir::Operation *user : var.getUsers()) {
      if (auto a = llvm::dyn_cast<hlfir::AssignOp>(user);
          a && a.getLhs() == var)
        stores.push_back({user, a.getRhs()});
      else if (auto s = llvm::dyn_cast<fir::StoreOp>(user);
               s && s.getMemref() == var)
        stores.push_back({user, s.getValue()});
      else if (!llvm::isa<fir::LoadOp>(user))
        return std::nullopt;
    }
    std::optional<std::pair<mlir::Operation *, int64_t>> found;
    for (auto &[store, stored] : stores) {
      std::optional<std::pair<mlir::Operation *, int64_t>> iv =
          inductionOf(stored, offset);
      if (!iv || !iv->first->isProperAncestor(load))
        continue;
      if (found)
        return std::nullopt;
      found = iv;
    }
    if (!found || llvm::any_of(stores, [&](auto &st) {
          return found->first->isProperAncestor(st.first) &&
                 !inductionOf(st.second, offset);
        }))
      return std::nullopt;
    return found;
  }
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(v);
  mlir::Operation *owner = arg ? arg.getOwner()->getParentOp() : nullptr;
  if (auto loop = llvm::dyn_cast_or_null<mlir::omp::LoopNestOp>(owner);
      loop && loop.getIVs().size() == 1)
    return std::make_pair(owner, offset);
  // A sequential DO: its index, or the iteration value flang carries beside
  // it (an iter_arg starting at the lower bound), which it stores to `i`.
  if (auto loop = llvm::dyn_cast_or_null<fir::DoLoopOp>(owner)) {
    if (arg == loop.getInductionVar())
      return std::make_pair(owner, offset);
    unsigned k = arg.getArgNumber();
    if (k >= 1 && k - 1 < loop.getInitArgs().size() &&
        constantOf(loop.getInitArgs()[k - 1]) ==
            constantOf(loop.getLowerBound()) &&
        constantOf(loop.getLowerBound()))
      return std::make_pair(owner, offset);
  }
  return std::nullopt;
}

/// A loop's constant bounds (inclusive) when its step is 1.
static std::optional<Section> loopRange(mlir::Operation *op) {
  std::optional<int64_t> lo, hi, step;
  bool inclusive = true;
  if (auto loop = llvm::dyn_cast<mlir::omp::LoopNestOp>(op)) {
    lo = constantOf(loop.getLoopLowerBounds()[0]);
    hi = constantOf(loop.getLoopUpperBounds()[0]);
    step = constantOf(loop.getLoopSteps()[0]);
    inclusive = loop.getLoopInclusive();
  } else if (auto loop = llvm::dyn_cast<fir::DoLoopOp>(op)) {
    lo = constantOf(loop.getLowerBound());
    hi = constantOf(loop.getUpperBound());
    step = constantOf(loop.getStep());
  }
  if (!lo || !hi || !step || *step != 1)
    return std::nullopt;
  return Section{*lo, inclusive ? *hi : *hi - 1};
}

std::optional<llvm::SmallVector<Section, 2>>
ompx::mapping::touchedElements(mlir::Value arg, llvm::ArrayRef<Access> accesses,
                               mlir::Operation *region, bool reads) {
  llvm::SmallVector<Section, 2> ranges;
  for (const Access &a : accesses) {
    if (a.unknown)
      return std::nullopt;
    if (reads ? !a.read : !a.write)
      continue;
    if (underCondition(a.op, region))
      return std::nullopt;
    // The element written: a designate of the entry's array (through its
    // declare) with one index.
    // (An allocatable's or pointer's through the descriptor loaded from it.)
    auto base = [](mlir::Value memref) {
      if (auto load = memref.getDefiningOp<fir::LoadOp>();
          load && llvm::isa<fir::BaseBoxType>(load.getResult().getType()))
        return load.getMemref();
      return memref;
    };
    hlfir::DesignateOp designate;
    for (mlir::Value v : a.op->getOperands())
      if (auto d = v.getDefiningOp<hlfir::DesignateOp>();
          d && storageOf(base(d.getMemref())) == storageOf(arg))
        designate = d;
    if (!designate || designate.getComponent() ||
        designate.getIndices().size() != 1 || designate.getIsTriplet()[0])
      return std::nullopt;
    mlir::Value index = designate.getIndices()[0];
    if (std::optional<int64_t> k = constantOf(index)) {
      ranges.push_back({*k, *k});
      continue;
    }
    std::optional<std::pair<mlir::Operation *, int64_t>> iv =
        inductionOf(index);
    if (!iv)
      return std::nullopt;
    std::optional<Section> range = loopRange(iv->first);
    if (!range || underCondition(a.op, iv->first))
      return std::nullopt;
    ranges.push_back({range->first + iv->second, range->second + iv->second});
  }
  return merged(ranges, {});
}

llvm::SmallVector<Section, 2> ompx::mapping::merged(llvm::ArrayRef<Section> a,
                                                    llvm::ArrayRef<Section> b) {
  llvm::SmallVector<Section, 2> all(a.begin(), a.end()), out;
  all.append(b.begin(), b.end());
  llvm::sort(all);
  for (const Section &r : all)
    if (!out.empty() && r.first <= out.back().second + 1)
      out.back().second = std::max(out.back().second, r.second);
    else
      out.push_back(r);
  return out;
}

llvm::SmallVector<Section, 2>
ompx::mapping::uncovered(const Section &whole, llvm::ArrayRef<Section> ranges) {
  llvm::SmallVector<Section, 2> gaps;
  int64_t next = whole.first;
  for (const Section &r : ranges) {
    if (r.first > next && next <= whole.second)
      gaps.push_back({next, std::min(r.first - 1, whole.second)});
    next = std::max(next, r.second + 1);
  }
  if (next <= whole.second)
    gaps.push_back({next, whole.second});
  return gaps;
}

/// The elements one index of a designate names: a constant, or a loop's
/// variable (plus a constant) over that loop's constant range, not under a
/// condition inside the loop.
static std::optional<Section> indexRange(mlir::Operation *at,
                                         mlir::Value index) {
  if (std::optional<int64_t> k = constantOf(index))
    return Section{*k, *k};
  std::optional<std::pair<mlir::Operation *, int64_t>> iv = inductionOf(index);
  if (!iv || underCondition(at, iv->first))
    return std::nullopt;
  std::optional<Section> range = loopRange(iv->first);
  if (!range)
    return std::nullopt;
  return Section{range->first + iv->second, range->second + iv->second};
}

std::optional<ElementUse> ompx::mapping::elementUse(mlir::Operation *op,
                                                    mlir::Value root) {
  for (mlir::Value v : op->getOperands()) {
    std::optional<ElementUse> use;
    bool reaches = false;
    for (mlir::Value at = v; at;) {
      if (at == root) {
        reaches = true;
        break;
      }
      mlir::Operation *def = at.getDefiningOp();
      if (auto d = llvm::dyn_cast_or_null<hlfir::DesignateOp>(def)) {
        if (use || d.getComponent() || d.getIsTriplet().size() != 1)
          return std::nullopt;
        std::optional<Section> range;
        if (!d.getIsTriplet()[0] && d.getIndices().size() == 1) {
          range = indexRange(op, d.getIndices()[0]);
        } else if (d.getIsTriplet()[0] && d.getIndices().size() == 3) {
          // A section `b(2:n-1)` of constant bounds and stride 1.
          std::optional<int64_t> lo = constantOf(d.getIndices()[0]),
                                 hi = constantOf(d.getIndices()[1]),
                                 step = constantOf(d.getIndices()[2]);
          if (lo && hi && step == 1)
            range = Section{*lo, *hi};
        }
        if (!range)
          return std::nullopt;
        use = ElementUse{false, range};
        at = d.getMemref();
      } else if (llvm::isa_and_nonnull<hlfir::DeclareOp, fir::DeclareOp,
                                       fir::ConvertOp>(def)) {
        at = def->getOperand(0);
      } else if (auto load = llvm::dyn_cast_or_null<fir::LoadOp>(def);
                 load && use &&
                 llvm::isa<fir::BaseBoxType>(load.getResult().getType())) {
        // An allocatable's or pointer's element: designated in the
        // descriptor loaded from the variable.
        at = load.getMemref();
      } else {
        at = nullptr;
      }
    }
    if (reaches)
      return use ? use : ElementUse{true, std::nullopt};
  }
  return std::nullopt;
}

bool ompx::mapping::inSections(const ElementUse &use,
                               llvm::ArrayRef<Section> sections) {
  return use.range && uncovered(*use.range, sections).empty();
}

bool ompx::mapping::overlaps(const ElementUse &use,
                             llvm::ArrayRef<Section> sections) {
  return use.whole ||
         (use.range && llvm::any_of(sections, [&](const Section &s) {
            return s.first <= use.range->second && use.range->first <= s.second;
          }));
}

namespace {
/// coef × (a counted DO's variable in an iteration) + constant.
struct Linear {
  int64_t coef = 0, constant = 0;
};
} // namespace

static std::optional<Linear> linearIn(mlir::Value v, fir::DoLoopOp loop,
                                      int depth);

/// The value the one assignment inside `loop` gives the local `var` (its
/// declaration's result) that `load` reads: nothing else in the loop may
/// write it, and the assignment comes before the load in its block.
static std::optional<Linear> assignedIn(fir::LoadOp load, fir::DoLoopOp loop,
                                        int depth) {
  mlir::Value var = load.getMemref();
  auto decl = var.getDefiningOp<hlfir::DeclareOp>();
  if (!decl || !decl.getMemref().getDefiningOp<fir::AllocaOp>())
    return std::nullopt;
  mlir::Operation *write = nullptr;
  mlir::Value written;
  for (mlir::Value result : decl->getResults())
    for (mlir::Operation *user : result.getUsers()) {
      mlir::Value value;
      if (auto a = llvm::dyn_cast<hlfir::AssignOp>(user);
          a && a.getLhs() == result)
        value = a.getRhs();
      else if (auto s = llvm::dyn_cast<fir::StoreOp>(user);
               s && s.getMemref() == result)
        value = s.getValue();
      else if (llvm::isa<fir::LoadOp, mlir::omp::MapInfoOp>(user))
        continue;
      else if (loop->isProperAncestor(user))
        return std::nullopt; // a call taking it, a view: not followed
      else
        continue;
      if (!loop->isProperAncestor(user))
        continue;
      if (write)
        return std::nullopt;
      write = user;
      written = value;
    }
  if (!write || write->getBlock() != load->getBlock() ||
      !write->isBeforeInBlock(load))
    return std::nullopt;
  return linearIn(written, loop, depth + 1);
}

/// `v` as a linear function of `loop`'s variable (its index, or the
/// iteration value flang carries beside it and stores to the DO variable),
/// through constants, conversions, +, -, × by a constant and the locals
/// the loop's body assigns once from such values (`lo = (c - 1) * m + 1`).
static std::optional<Linear> linearIn(mlir::Value v, fir::DoLoopOp loop,
                                      int depth) {
  if (!v || depth > 16)
    return std::nullopt;
  llvm::APInt c;
  if (mlir::matchPattern(v, mlir::m_ConstantInt(&c)))
    return Linear{0, c.getSExtValue()};
  if (auto arg = llvm::dyn_cast<mlir::BlockArgument>(v)) {
    bool iv = arg == loop.getInductionVar() ||
              (loop.getRegionIterArgs().size() == 1 &&
               arg == loop.getRegionIterArgs()[0] &&
               constantOf(loop.getInitArgs()[0]) ==
                   constantOf(loop.getLowerBound()) &&
               constantOf(loop.getLowerBound()));
    return iv ? std::optional<Linear>(Linear{1, 0}) : std::nullopt;
  }
  mlir::Operation *def = v.getDefiningOp();
  if (llvm::isa<fir::ConvertOp, hlfir::NoReassocOp>(def))
    return linearIn(def->getOperand(0), loop, depth + 1);
  if (auto load = llvm::dyn_cast<fir::LoadOp>(def))
    return assignedIn(load, loop, depth);
  if (!llvm::isa<mlir::arith::AddIOp, mlir::arith::SubIOp, mlir::arith::MulIOp>(
          def))
    return std::nullopt;
  std::optional<Linear> a = linearIn(def->getOperand(0), loop, depth + 1),
                        b = linearIn(def->getOperand(1), loop, depth + 1);
  if (!a || !b)
    return std::nullopt;
  if (llvm::isa<mlir::arith::AddIOp>(def))
    return Linear{a->coef + b->coef, a->constant + b->constant};
  if (llvm::isa<mlir::arith::SubIOp>(def))
    return Linear{a->coef - b->coef, a->constant - b->constant};
  if (a->coef && b->coef)
    return std::nullopt;
  int64_t k = a->coef ? b->constant : a->constant;
  const Linear &x = a->coef ? *a : *b;
  return Linear{x.coef * k, x.constant * k};
}

/// The first and last index (Fortran's) a one-dimensional data clause
/// names, linear in `loop`'s variable.
static std::optional<std::pair<Linear, Linear>>
clauseRange(mlir::Operation *entry, fir::DoLoopOp loop) {
  std::optional<BoundValues> values = boundValues(entry);
  if (!values)
    return std::nullopt;
  auto [lo, hi, extent, start] = *values;
  std::optional<int64_t> s = start ? constantOf(start) : std::nullopt;
  std::optional<Linear> l = linearIn(lo, loop, 0), h = linearIn(hi, loop, 0);
  if (!s || !l || !h)
    return std::nullopt;
  return std::make_pair(Linear{l->coef, l->constant + *s},
                        Linear{h->coef, h->constant + *s});
}

/// The first and last index designate `d` names (one index, or a section
/// of stride 1), linear in `loop`'s variable.
static std::optional<std::pair<Linear, Linear>>
designatedRange(hlfir::DesignateOp d, fir::DoLoopOp loop) {
  if (d.getComponent() || d.getIsTriplet().size() != 1)
    return std::nullopt;
  mlir::OperandRange idx = d.getIndices();
  if (!d.getIsTriplet()[0] && idx.size() == 1) {
    if (std::optional<Linear> i = linearIn(idx[0], loop, 0))
      return std::make_pair(*i, *i);
  } else if (d.getIsTriplet()[0] && idx.size() == 3 &&
             constantOf(idx[2]) == 1) {
    std::optional<Linear> l = linearIn(idx[0], loop, 0),
                          h = linearIn(idx[1], loop, 0);
    if (l && h)
      return std::make_pair(*l, *h);
  }
  return std::nullopt;
}

bool ompx::mapping::apartInLaterIterations(mlir::Operation *loopOp,
                                           mlir::Operation *entry,
                                           mlir::Operation *hostOp,
                                           mlir::Value root) {
  auto loop = llvm::dyn_cast_or_null<fir::DoLoopOp>(loopOp);
  std::optional<int64_t> step =
      loop ? constantOf(loop.getStep()) : std::nullopt;
  if (!step || *step == 0 || !loop->isProperAncestor(entry) ||
      !loop->isProperAncestor(hostOp) || underCondition(hostOp, loop))
    return false;
  std::optional<std::pair<Linear, Linear>> mapped = clauseRange(entry, loop);
  if (!mapped)
    return false;
  // The clause's elements in iteration c: [L(c), H(c)]; the host's in a
  // later one, c + k·step (k >= 1): [l(c + k·step), h(c + k·step)]. Apart
  // for every c and k when the chunks move by the same amount an
  // iteration, that amount at least the distance from one's end to the
  // other's start: all above, or all below. Every operand of `hostOp`
  // reaching the array must be such a designate.
  auto [L, H] = *mapped;
  bool any = false;
  for (mlir::Value v : hostOp->getOperands()) {
    if (storageOf(v) != storageOf(root))
      continue;
    auto d = v.getDefiningOp<hlfir::DesignateOp>();
    std::optional<std::pair<Linear, Linear>> host =
        d ? designatedRange(d, loop) : std::nullopt;
    if (!host)
      return false;
    auto [l, h] = *host;
    int64_t move = l.coef * *step;
    if (l.coef != H.coef || h.coef != L.coef || l.coef != h.coef ||
        !((move > 0 && move + l.constant - H.constant > 0) ||
          (move < 0 && move + h.constant - L.constant < 0)))
      return false;
    any = true;
  }
  return any;
}
