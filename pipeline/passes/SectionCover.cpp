//===- SectionCover.cpp - Parts of one array on one target ---------------===//
//
// `map(to: v(1:4)) map(tofrom: v(5:8))`, or the halo idiom `map(to:
// u(0:n+1)) map(from: u(1:n))`: LLVM 22 maps each item alone. Disjoint
// parts get device copies of their own, and the region (flang binds the
// variable to one entry) reaches the other part's elements outside its
// copy (a heap corruption, "double free"); a part inside another takes a
// reference of the outer part's copy, and only the last reference copies
// back, so its `from` is skipped. Wrong results, no message, as with
// flang-22 alone. OpenMP requires such items to be the same elements unless
// they are present before the construct (5.2, 5.8.3).
//
// Where no part is present before the construct, ompx gives the array one
// device copy that holds every part: `enter data` of the whole array (no
// copy), `update to` of the parts mapped `to`, the construct (its parts
// are present now: its maps copy nothing and take references), `update
// from` of the parts mapped `from`, `exit data`. Where every part is present
// in one copy, the construct runs as written. Otherwise (a part present, or
// parts in copies of their own) the program stops before the construct,
// naming the parts and the directive, rather than compute a wrong answer.
// The parts' first elements, asked of libomptarget (omp_get_mapped_ptr),
// say which.
//
// Items of different variables may share storage too: an ASSOCIATE name and
// its array, a pointer and its target, two dummies, EQUIVALENCE. LLVM 22
// maps each alone, and one reaching past an earlier one's copy reused that
// copy at an offset (garbage, a corrupted heap) or stopped ("explicit
// extension not allowed"). Their byte ranges are compared at run time, by
// one function a module (AliasCover.h); each cluster of overlapping ones
// gets the treatment above over an i8 view of the bytes it spans (an absent
// byte allowed only in an implicit item, which OpenMP maps as far as it is
// present).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/AliasCover.h"
#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/Passes.h"
#include "pipeline/passes/RuntimeCalls.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Path.h"

namespace ompx::passes {
#define GEN_PASS_DEF_SECTIONCOVERPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;
using Flags = omp::ClauseMapFlags;

namespace {
/// A construct whose items the pass compares: an omp.target; an
/// omp.target_data, whose region stands for the target's (the copy is made
/// before it and ended after it, so it lives as long as the region); or an
/// omp.target_enter_data, which can be given no copy (one ended after the
/// directive would be gone before the data is used, and one kept would
/// never be ended: a later exit data releases the items, not the copy), so
/// that, like a `nowait` target, it runs as written only where LLVM 22 maps
/// its items right, and stops otherwise.
struct Construct {
  Operation *op = nullptr;
  ValueRange mapVars;
  Value device, ifExpr;
  /// No copy is made around it (a `nowait` target, an enter data).
  bool noCopy = false;
  bool enter = false;
};

std::optional<Construct> constructOf(Operation *op) {
  if (auto t = dyn_cast<omp::TargetOp>(op))
    return Construct{
        op, t.getMapVars(), t.getDevice(), t.getIfExpr(), t.getNowait(), false};
  if (auto d = dyn_cast<omp::TargetDataOp>(op))
    return Construct{op,    d.getMapVars(), d.getDevice(), d.getIfExpr(),
                     false, false};
  if (auto e = dyn_cast<omp::TargetEnterDataOp>(op))
    return Construct{op,  e.getMapVars(), e.getDevice(), e.getIfExpr(), true,
                     true};
  return std::nullopt;
}

/// The entries of `c` that are members of another (a descriptor's data).
llvm::SmallPtrSet<Value, 8> membersOf(const Construct &c) {
  llvm::SmallPtrSet<Value, 8> members;
  for (Value v : c.mapVars)
    if (auto m = v.getDefiningOp<omp::MapInfoOp>())
      members.insert(m.getMembers().begin(), m.getMembers().end());
  return members;
}

/// One item of the construct: its entry, and the map holding its bounds
/// (the entry itself, or the data member of a descriptor's entry).
struct Part {
  omp::MapInfoOp top, data;
  /// An item of no dimensions (a pointer to an element, an ASSOCIATE name
  /// of one, a variable in EQUIVALENCE with one, a record's hold): one
  /// element at its address. Only aliasCandidates takes these.
  bool scalar = false;
  /// An allocatable or pointer that acc-to-omp maps by its descriptor
  /// alone (flang's omp-map-info-finalization splits it into descriptor and
  /// data only after this pass): its data is the descriptor's base address.
  bool boxed = false;
  /// The motions of other maps of the same bytes taken into this item
  /// (ompx-record-maps' hold of a record, then its map through flang's
  /// default mapper).
  Flags motion = Flags::none;
};

bool has(omp::MapInfoOp map, Flags f) {
  return omp::bitEnumContainsAny(map.getMapType(), f);
}

/// Whether `p`'s data is reached through its descriptor.
bool throughBox(Part p) { return p.data.getVarPtrPtr() || p.boxed; }

/// Whether item `p` moves its bytes `f` (to, from).
bool moves(Part p, Flags f) {
  return has(p.data, f) || omp::bitEnumContainsAny(p.motion, f);
}

/// `entry` as a part of an array, if it is one: a reference to an array
/// (bounds, or none for a whole array of constant shape), or a descriptor
/// with its one data member. With `aliases` (items of different variables,
/// compared by their bytes), a scalar too (Part::scalar), and a map
/// through a mapper.
std::optional<Part> partOf(Value entry, bool aliases = false,
                           bool deletes = false) {
  // An exit data's `delete` item is one too (exitDataCover).
  Flags refused = deletes ? Flags::present : Flags::present | Flags::del;
  auto top = entry.getDefiningOp<omp::MapInfoOp>();
  if (!top || (top.getMapperId() && !aliases) || has(top, refused) ||
      top.getMapCaptureType() == omp::VariableCaptureKind::ByCopy)
    return std::nullopt;
  Part p{top, top};
  if (top.getMembers().size() == 1 &&
      mlir::isa<fir::BaseBoxType>(fir::unwrapRefType(top.getVarType()))) {
    p.data = top.getMembers().front().getDefiningOp<omp::MapInfoOp>();
    if (!p.data || !p.data.getVarPtrPtr() || has(p.data, refused))
      return std::nullopt;
  } else if (!top.getMembers().empty() || top.getVarPtrPtr()) {
    return std::nullopt;
  } else if (mlir::isa<fir::BoxType>(
                 fir::unwrapRefType(top.getVarPtr().getType()))) {
    // Not a CLASS one: its elements' size is the dynamic type's.
    p.boxed = true;
  }
  Type pointee = fir::unwrapRefType(
      p.data.getVarPtrPtr()
          ? fir::unwrapRefType(p.data.getVarPtrPtr().getType())
      : p.boxed ? mlir::cast<fir::BoxType>(
                      fir::unwrapRefType(top.getVarPtr().getType()))
                      .getEleTy()
                : top.getVarPtr().getType());
  auto seq = mlir::dyn_cast<fir::SequenceType>(pointee);
  if (!seq) {
    // One element: no bounds, or a record's hold (one of extent 0 or 1).
    if (!aliases || fir::hasDynamicSize(pointee) ||
        !(fir::isa_trivial(pointee) ||
          mlir::isa<fir::RecordType, fir::CharacterType>(pointee)) ||
        p.data.getBounds().size() > 1)
      return std::nullopt;
    p.scalar = true;
    return p;
  }
  if ((throughBox(p) && p.data.getBounds().empty()) ||
      fir::hasDynamicSize(seq.getElementType()))
    return std::nullopt;
  if ((p.data.getBounds().empty() && seq.hasDynamicExtents()) ||
      (!p.data.getBounds().empty() &&
       p.data.getBounds().size() != seq.getDimension()))
    return std::nullopt;
  for (Value b : p.data.getBounds()) {
    auto bounds = b.getDefiningOp<omp::MapBoundsOp>();
    if (!bounds || !bounds.getLowerBound() || !bounds.getUpperBound() ||
        !bounds.getExtent())
      return std::nullopt;
  }
  return p;
}

/// Whether `map`'s clause item is a whole array (`v`, `v(:)`; flang gives
/// it bounds too).
bool namesWhole(omp::MapInfoOp map) {
  StringRef name = map.getName().value_or("");
  return !name.empty() && ompx::passes::namesWholeVariable(name);
}

/// "v(1:4)' and 'v(5:8)' at f.f90:6" for the message.
std::string placeOf(ArrayRef<Part> parts, Operation *target) {
  std::string names;
  for (auto [i, p] : llvm::enumerate(SmallVector<Part>(parts))) {
    if (i)
      names += i + 1 == parts.size() ? " and " : ", ";
    names += "'" + p.top.getName().value_or("").str() + "'";
  }
  return names + ompx::passes::atLine(target->getLoc());
}

/// Whether the data of items `a` and `b` (of different variables) may share
/// storage. Only two locals, two globals, or a local and a global are known
/// apart; a descriptor's data (a pointer, an allocatable, an assumed-shape
/// dummy) and a dummy argument's may be anything's.
bool mayShareStorage(Part a, Part b) {
  if (throughBox(a) || throughBox(b))
    return true;
  Value ra = ompx::passes::storageRoot(a.top.getVarPtr()),
        rb = ompx::passes::storageRoot(b.top.getVarPtr());
  if (ra == rb)
    return true;
  auto known = [](Value r) {
    return r.getDefiningOp<fir::AllocaOp>() || r.getDefiningOp<fir::AddrOfOp>();
  };
  if (!known(ra) || !known(rb))
    return true;
  auto ga = ra.getDefiningOp<fir::AddrOfOp>(),
       gb = rb.getDefiningOp<fir::AddrOfOp>();
  return ga && gb && ga.getSymbol() == gb.getSymbol();
}

/// An item of an earlier directive (a target data around a construct, an
/// enter data before it) whose copy may hold part of the construct's items.
struct Earlier {
  Part part;
  Operation *directive;
};

struct SectionCoverPass
    : ompx::passes::impl::SectionCoverPassBase<SectionCoverPass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    SmallVector<Construct> constructs;
    module.walk([&](Operation *op) {
      if (std::optional<Construct> c = constructOf(op))
        constructs.push_back(*c);
    });
    fir::KindMapping kinds = fir::getKindMapping(module);
    // First the items an earlier directive's copy holds part of: every
    // check and cover after goes after this one.
    DominanceInfo dominance(module);
    SmallVector<std::pair<Construct, SmallVector<Earlier>>> partly;
    for (const Construct &c : constructs) {
      SmallVector<Earlier> earlier = earlierItems(c, constructs, dominance);
      if (!earlier.empty())
        partly.push_back({c, std::move(earlier)});
    }
    for (auto &[c, earlier] : partly)
      refusePartlyPresent(c, earlier, kinds);
    SmallVector<std::pair<Construct, SmallVector<Part>>> groups;
    for (const Construct &c : constructs)
      for (SmallVector<Part> &g : partsOfOneArray(c))
        groups.push_back({c, std::move(g)});
    for (auto &[c, parts] : groups)
      cover(c, parts, kinds);
    SmallVector<std::pair<Construct, SmallVector<Part>>> aliases;
    for (const Construct &c : constructs) {
      SmallVector<Part> candidates = aliasCandidates(c);
      if (candidates.size() >= 2)
        aliases.push_back({c, std::move(candidates)});
    }
    for (auto &[c, parts] : aliases)
      coverAliases(c, parts, kinds);
    SmallVector<omp::TargetExitDataOp> exits;
    module.walk([&](omp::TargetExitDataOp x) { exits.push_back(x); });
    for (omp::TargetExitDataOp x : exits)
      exitDataCover(x, kinds);
  }

  /// The groups of two or more items of `c` that take different parts of
  /// one array.
  SmallVector<SmallVector<Part>> partsOfOneArray(const Construct &c) {
    llvm::SmallPtrSet<Value, 8> members = membersOf(c);
    SmallVector<SmallVector<Part>> groups;
    SmallVector<omp::MapInfoOp> taken;
    for (Value v : c.mapVars) {
      auto top = v.getDefiningOp<omp::MapInfoOp>();
      if (!top || members.contains(v) || llvm::is_contained(taken, top))
        continue;
      SmallVector<omp::MapInfoOp> same;
      for (Value w : c.mapVars)
        if (auto other = w.getDefiningOp<omp::MapInfoOp>())
          if (!members.contains(w) &&
              ompx::passes::sameValue(top.getVarPtr(), other.getVarPtr(),
                                      /*addressOnly=*/true))
            same.push_back(other);
      taken.append(same);
      if (same.size() < 2)
        continue;
      SmallVector<Part> parts;
      for (omp::MapInfoOp m : same)
        if (std::optional<Part> p = partOf(m))
          parts.push_back(*p);
      if (parts.size() != same.size())
        continue;
      if (llvm::all_of(parts, [&](Part p) {
            return ompx::passes::sameSection(p.data, parts[0].data);
          })) {
        sameParts(parts);
        continue;
      }
      // The whole array first, holding every `from`: LLVM maps the others
      // into its copy, and its release, the last, copies back. For an enter
      // data, holding every `to`: it copies in, the others find it present.
      Flags motion = c.enter ? Flags::to : Flags::from;
      if (c.noCopy && namesWhole(parts[0].top) &&
          (has(parts[0].top, motion) ||
           llvm::none_of(parts, [&](Part p) { return has(p.data, motion); })))
        continue;
      groups.push_back(std::move(parts));
    }
    return groups;
  }

  /// The extents of `p`'s whole array (a section's bounds give a
  /// subscript's dimension extent 1): the descriptor's, the type's, or the
  /// declaration's shape; nullopt when none says.
  std::optional<SmallVector<Value>> extentsOf(fir::FirOpBuilder &b,
                                              Location loc, Part p) {
    Type index = b.getIndexType();
    SmallVector<Value> extents;
    if (throughBox(p)) {
      Value box = fir::LoadOp::create(b, loc, p.top.getVarPtr());
      unsigned rank = p.data.getBounds().size();
      for (unsigned d = 0; d < rank; ++d)
        extents.push_back(
            fir::BoxDimsOp::create(b, loc, index, index, index, box,
                                   b.createIntegerConstant(loc, index, d))
                .getResult(1));
      return extents;
    }
    // The variable's type: the entry's var type is the element's for an
    // array of run-time shape.
    auto seq = mlir::cast<fir::SequenceType>(
        fir::unwrapRefType(p.top.getVarPtr().getType()));
    if (!seq.hasDynamicExtents()) {
      for (int64_t e : seq.getShape())
        extents.push_back(b.createIntegerConstant(loc, index, e));
      return extents;
    }
    Value shape;
    if (auto d = p.top.getVarPtr().getDefiningOp<hlfir::DeclareOp>())
      shape = d.getShape();
    else if (auto d = p.top.getVarPtr().getDefiningOp<fir::DeclareOp>())
      shape = d.getShape();
    if (auto s = shape ? shape.getDefiningOp<fir::ShapeOp>() : nullptr)
      llvm::append_range(extents, s.getExtents());
    else if (auto s =
                 shape ? shape.getDefiningOp<fir::ShapeShiftOp>() : nullptr)
      llvm::append_range(extents, s.getExtents());
    if (extents.size() != seq.getDimension())
      return std::nullopt;
    for (Value &e : extents)
      e = b.createConvert(loc, index, e);
    return extents;
  }

  /// One part named twice (`map(to: w) map(from: w)`): the second takes a
  /// reference of the first's copy, and only the last release copies back,
  /// so its `from` was lost. Each gets the motions of all.
  static void sameParts(ArrayRef<Part> parts) {
    Flags motion = Flags::to | Flags::from | Flags::always;
    Flags all = Flags::none;
    for (Part p : parts)
      all = all | (p.data.getMapType() & motion);
    for (Part p : parts)
      p.data.setMapType((p.data.getMapType() & ~motion) | all);
  }

  /// Where a part lies: its array as one dimension, and the offsets (in
  /// elements) of its first and last element (column-major).
  struct Span {
    Value flat, first, last;
  };
  /// The address of `p`'s data.
  static Value dataAddress(fir::FirOpBuilder &b, Location loc, Part p) {
    if (p.data.getVarPtrPtr())
      return fir::LoadOp::create(b, loc, p.data.getVarPtrPtr());
    if (p.boxed)
      return fir::BoxAddrOp::create(
          b, loc, fir::LoadOp::create(b, loc, p.top.getVarPtr()));
    return p.top.getVarPtr();
  }
  Span spanOf(fir::FirOpBuilder &b, Location loc, Part p,
              ArrayRef<Value> extents) {
    Value base = dataAddress(b, loc, p);
    auto seq =
        mlir::cast<fir::SequenceType>(fir::unwrapRefType(base.getType()));
    Type index = b.getIndexType();
    Value first = b.createIntegerConstant(loc, index, 0);
    Value one = b.createIntegerConstant(loc, index, 1);
    Value last = first, stride = one;
    auto add = [&](Value x, Value at, Value by) {
      return arith::AddIOp::create(b, loc, x,
                                   arith::MulIOp::create(b, loc, at, by))
          .getResult();
    };
    for (auto [i, extent] : llvm::enumerate(extents)) {
      Value lb, ub;
      if (auto bounds =
              p.data.getBounds().empty()
                  ? omp::MapBoundsOp()
                  : p.data.getBounds()[i].getDefiningOp<omp::MapBoundsOp>()) {
        lb = b.createConvert(loc, index, bounds.getLowerBound());
        ub = b.createConvert(loc, index, bounds.getUpperBound());
      } else {
        lb = b.createIntegerConstant(loc, index, 0);
        ub = arith::SubIOp::create(b, loc, extent, one);
      }
      first = add(first, lb, stride);
      last = add(last, ub, stride);
      stride = arith::MulIOp::create(b, loc, stride, extent);
    }
    Type flat = fir::ReferenceType::get(fir::SequenceType::get(
        {fir::SequenceType::getUnknownExtent()}, seq.getElementType()));
    return {b.createConvert(loc, flat, base), first, last};
  }

  static Value elementAt(OpBuilder &b, Location loc, Value flat, Value at) {
    Type elem = fir::unwrapSequenceType(fir::unwrapRefType(flat.getType()));
    return fir::CoordinateOp::create(b, loc, fir::ReferenceType::get(elem),
                                     flat, ValueRange{at});
  }

  /// A copy of `p`'s maps (the descriptor's too) with flags `flags`: the
  /// entries of an update.
  SmallVector<Value> mapsOf(OpBuilder &b, Part p, Flags flags) {
    auto copy = [&](omp::MapInfoOp m, Flags f) {
      auto c = cast<omp::MapInfoOp>(b.clone(*m));
      c.setMapType(f);
      c.setPartialMap(false);
      return c;
    };
    omp::MapInfoOp data = copy(p.data, flags);
    if (p.data == p.top)
      return {data.getResult()};
    omp::MapInfoOp top = copy(p.top, flags);
    top.getMembersMutable().assign(data.getResult());
    return {top.getResult(), data.getResult()};
  }

  /// The map of elements [lo, hi] of `flat` with `flags`: the copy holding
  /// every part (libomptarget finds a part present by its addresses, not
  /// by its variable). Only that range: parts of different columns in
  /// threads of a parallel loop get copies of their own.
  Value coverMap(OpBuilder &b, Location loc, Value flat, Value lo, Value hi,
                 Flags flags, StringRef name) {
    Value one = arith::ConstantOp::create(b, loc, b.getIndexAttr(1));
    Value zero = arith::ConstantOp::create(b, loc, b.getIndexAttr(0));
    Value count = arith::AddIOp::create(
        b, loc, arith::SubIOp::create(b, loc, hi, lo), one);
    Value at = fir::ConvertOp::create(b, loc, flat.getType(),
                                      elementAt(b, loc, flat, lo));
    Value bounds = omp::MapBoundsOp::create(
        b, loc, b.getType<omp::MapBoundsType>(), zero,
        arith::SubIOp::create(b, loc, count, one), count, one,
        /*stride_in_bytes=*/false, one);
    Type elem = fir::unwrapSequenceType(fir::unwrapRefType(flat.getType()));
    return omp::MapInfoOp::create(
        b, loc, flat.getType(), at, TypeAttr::get(elem),
        omp::ClauseMapFlagsAttr::get(b.getContext(), flags),
        omp::VariableCaptureKindAttr::get(b.getContext(),
                                          omp::VariableCaptureKind::ByRef),
        /*var_ptr_ptr=*/Value(), ValueRange{}, /*members_index=*/nullptr,
        ValueRange{bounds}, /*mapper_id=*/nullptr, b.getStringAttr(name));
  }

  /// Before the construct: whether no part of the array is present on
  /// device `dev`, and whether every part is, in one copy (each part's first
  /// and last elements where the first part's first places them), asked of
  /// libomptarget. Only the parts' own ends are asked, so the cover's ends
  /// among them: elements of the array outside the cover may be mapped by
  /// others (another thread's column, as its own cover) without making this
  /// construct's parts "partly present".
  std::pair<Value, Value> presence(fir::FirOpBuilder &b, Location loc,
                                   ArrayRef<Span> spans, Value dev) {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Type ptr = fir::ReferenceType::get(b.getI8Type());
    auto deviceAddress = [&](Value host) {
      Value at = ompx::passes::callRuntime(
          b, loc, "omp_get_mapped_ptr", b.getFunctionType({ptr, i32}, {ptr}),
          ValueRange{b.createConvert(loc, ptr, host), dev})[0];
      return b.createConvert(loc, i64, at);
    };
    auto cmp = [&](arith::CmpIPredicate pred, Value x, Value y) {
      return arith::CmpIOp::create(b, loc, pred, x, y).getResult();
    };
    Value zero = b.createIntegerConstant(loc, i64, 0);
    Value none = b.createBool(loc, true), together = b.createBool(loc, true);
    Value host0, dev0;
    for (const Span &span : spans) {
      // An empty part (`u(1:0)`) has no last element: its first stands in.
      Value last = arith::SelectOp::create(
          b, loc, cmp(arith::CmpIPredicate::sge, span.last, span.first),
          span.last, span.first);
      for (Value index : {span.first, last}) {
        Value element = elementAt(b, loc, span.flat, index);
        Value host = b.createConvert(loc, i64, element);
        Value device = deviceAddress(element);
        Value absent = cmp(arith::CmpIPredicate::eq, device, zero);
        none = arith::AndIOp::create(b, loc, none, absent);
        if (!host0) {
          host0 = host;
          dev0 = device;
        }
        Value apart = cmp(arith::CmpIPredicate::ne,
                          arith::SubIOp::create(b, loc, device, dev0),
                          arith::SubIOp::create(b, loc, host, host0));
        together = arith::AndIOp::create(
            b, loc, together,
            arith::XOrIOp::create(b, loc,
                                  arith::OrIOp::create(b, loc, absent, apart),
                                  b.createBool(loc, true)));
      }
    }
    return {none, together};
  }

  void cover(const Construct &c, ArrayRef<Part> parts,
             const fir::KindMapping &kinds) {
    fir::FirOpBuilder b(c.op, kinds);
    Location loc = c.op->getLoc();
    std::optional<SmallVector<Value>> extents = extentsOf(b, loc, parts[0]);
    if (!extents)
      return;
    ompx::passes::TargetDevice where =
        ompx::passes::targetDevice(b, loc, c.device, c.ifExpr);
    Value dev = where.device, offload = where.offloads;
    SmallVector<Span> spans;
    Value lo, hi;
    for (Part p : parts) {
      Span span = spanOf(b, loc, p, *extents);
      lo = lo ? arith::MinSIOp::create(b, loc, lo, span.first).getResult()
              : span.first;
      hi = hi ? arith::MaxSIOp::create(b, loc, hi, span.last).getResult()
              : span.last;
      spans.push_back(span);
    }
    std::string name = Part(parts[0]).top.getName().value_or("").str();
    name = StringRef(name).take_until([](char c) { return c == '('; }).str() +
           " (its mapped parts)";
    auto [none, together] = presence(b, loc, spans, dev);
    // A deferred construct, or an enter data, gets no copy made here: its
    // parts must be present already.
    Value fine = c.noCopy
                     ? together
                     : arith::OrIOp::create(b, loc, none, together).getResult();
    Value refuse = arith::AndIOp::create(
        b, loc, offload,
        arith::XOrIOp::create(b, loc, fine, b.createBool(loc, true)));
    std::string message =
        "ompx: " + placeOf(parts, c.op) +
        " map parts of one array that are not present on the device as one "
        "copy before the construct (a part is present, or the parts are in "
        "copies of their own): LLVM 22 would map each part alone and the "
        "region would use the wrong copy. " +
        (c.enter ? "An enter data cannot be given one copy that a later exit "
                   "data would end: enter the whole array (or one section "
                   "holding every part) first on the directive, or in an "
                   "enter data of its own before it"
                 : "Map the array (or one section holding every part) in an "
                   "enclosing target data, or on the construct once") +
        " (OpenMP allows items of one array on one construct to be different "
        "elements only when they are present)";
    b.genIfThen(loc, refuse)
        .genThen([&] { ompx::passes::reportFatal(b, loc, message); })
        .end();
    if (c.noCopy)
      return;
    Value fix = arith::AndIOp::create(b, loc, offload, none);
    // Before: one copy of the whole array, and the parts' copies in.
    b.genIfThen(loc, fix)
        .genThen([&] {
          omp::TargetEnterDataOperands enter;
          enter.device = c.device;
          enter.mapVars.push_back(
              coverMap(b, loc, spans[0].flat, lo, hi, Flags::storage, name));
          omp::TargetEnterDataOp::create(b, loc, enter);
          omp::TargetUpdateOperands in;
          in.device = c.device;
          for (Part p : parts)
            if (has(p.data, Flags::to))
              llvm::append_range(in.mapVars, mapsOf(b, p, Flags::to));
          if (!in.mapVars.empty())
            omp::TargetUpdateOp::create(b, loc, in);
        })
        .end();
    // After (a target data: its region): the parts' copies out, and the
    // whole array's copy gone.
    b.setInsertionPointAfter(c.op);
    b.genIfThen(loc, fix)
        .genThen([&] {
          omp::TargetUpdateOperands out;
          out.device = c.device;
          for (Part p : parts)
            if (has(p.data, Flags::from))
              llvm::append_range(out.mapVars, mapsOf(b, p, Flags::from));
          if (!out.mapVars.empty())
            omp::TargetUpdateOp::create(b, loc, out);
          omp::TargetExitDataOperands exit;
          exit.device = c.device;
          exit.mapVars.push_back(
              coverMap(b, loc, spans[0].flat, lo, hi, Flags::storage, name));
          omp::TargetExitDataOp::create(b, loc, exit);
        })
        .end();
  }

  /// The items of `target` that are arrays of different variables whose
  /// storage may overlap (an ASSOCIATE name and its array, a pointer and
  /// its target, two dummies, EQUIVALENCE): LLVM 22 maps each alone, and
  /// an item reaching past an earlier one's copy reused that copy at an
  /// offset (the elements past it were garbage, writes corrupted the heap)
  /// or stopped ("explicit extension not allowed").
  SmallVector<Part> aliasCandidates(const Construct &c) {
    llvm::SmallPtrSet<Value, 8> members = membersOf(c);
    SmallVector<Part> parts;
    for (Value v : c.mapVars)
      if (!members.contains(v))
        if (std::optional<Part> p = partOf(v, /*aliases=*/true))
          parts.push_back(*p);
    // Different parts of one variable are partsOfOneArray's. Maps of the
    // same bytes of one variable (ompx-record-maps' hold of a record, then
    // its map through the mapper, which moves them; or `map(to: w)
    // map(from: w)`) are one item, with the motions of all: the hold alone
    // left the cluster's copy without the record's `to` and `from`.
    SmallVector<Part> unique;
    for (Part p : parts) {
      SmallVector<Part> same;
      for (Part q : parts)
        if (ompx::passes::sameValue(p.top.getVarPtr(), q.top.getVarPtr(),
                                    /*addressOnly=*/true))
          same.push_back(q);
      if (same.front().top != p.top || !llvm::all_of(same, [&](Part q) {
            return q.scalar == p.scalar &&
                   ompx::passes::sameSection(q.data, p.data);
          }))
        continue;
      for (Part q : same)
        p.motion = p.motion |
                   (q.data.getMapType() & (Flags::to | Flags::from)) |
                   (q.motion & (Flags::to | Flags::from));
      unique.push_back(p);
    }
    SmallVector<Part> out;
    for (Part p : unique)
      if (llvm::any_of(unique, [&](Part q) {
            return q.top != p.top && mayShareStorage(p, q);
          }))
        out.push_back(p);
    return out;
  }

  /// Bytes [lo, hi) of `p`'s mapped elements, as i64; lo is 0 for an absent
  /// optional dummy, a null pointer or an unallocated array.
  std::optional<std::pair<Value, Value>> byteSpanOf(fir::FirOpBuilder &b,
                                                    Location loc, Part p) {
    Type i64 = b.getI64Type();
    auto compute = [&]() -> std::optional<std::pair<Value, Value>> {
      if (p.scalar) {
        // A 1-element span: its address and one element past it.
        Value base = dataAddress(b, loc, p);
        Type flat = fir::ReferenceType::get(
            fir::SequenceType::get({fir::SequenceType::getUnknownExtent()},
                                   fir::unwrapRefType(base.getType())));
        Value view = b.createConvert(loc, flat, base);
        auto at = [&](int64_t k) {
          return b.createConvert(
              loc, i64,
              elementAt(b, loc, view,
                        b.createIntegerConstant(loc, b.getIndexType(), k)));
        };
        return std::make_pair(at(0), at(1));
      }
      std::optional<SmallVector<Value>> extents = extentsOf(b, loc, p);
      if (!extents)
        return std::nullopt;
      Span span = spanOf(b, loc, p, *extents);
      Value next = arith::AddIOp::create(
          b, loc, span.last, b.createIntegerConstant(loc, b.getIndexType(), 1));
      return std::make_pair(
          b.createConvert(loc, i64, elementAt(b, loc, span.flat, span.first)),
          b.createConvert(loc, i64, elementAt(b, loc, span.flat, next)));
    };
    if (!throughBox(p))
      return compute();
    // A descriptor's extents come from its dims: compute always succeeds.
    Value present =
        fir::IsPresentOp::create(b, loc, b.getI1Type(), p.top.getVarPtr());
    auto span = b.genIfOp(loc, {i64, i64}, present, /*withElseRegion=*/true)
                    .genThen([&] {
                      auto [lo, hi] = *compute();
                      fir::ResultOp::create(b, loc, ValueRange{lo, hi});
                    })
                    .genElse([&] {
                      Value zero = b.createIntegerConstant(loc, i64, 0);
                      fir::ResultOp::create(b, loc, ValueRange{zero, zero});
                    })
                    .getResults();
    return std::make_pair(span[0], span[1]);
  }

  /// A map of host bytes [lo, hi) (i64) as an i8 array, with `flags`.
  static Value byteMap(fir::FirOpBuilder &b, Location loc, Value lo, Value hi,
                       Flags flags, StringRef name) {
    Type i8 = b.getI8Type(), index = b.getIndexType();
    Type bytes = fir::ReferenceType::get(
        fir::SequenceType::get({fir::SequenceType::getUnknownExtent()}, i8));
    Value zero = b.createIntegerConstant(loc, index, 0);
    Value one = b.createIntegerConstant(loc, index, 1);
    Value count =
        b.createConvert(loc, index, arith::SubIOp::create(b, loc, hi, lo));
    Value bounds = omp::MapBoundsOp::create(
        b, loc, b.getType<omp::MapBoundsType>(), zero,
        arith::SubIOp::create(b, loc, count, one), count, one,
        /*stride_in_bytes=*/false, zero);
    return omp::MapInfoOp::create(
        b, loc, bytes, b.createConvert(loc, bytes, lo), TypeAttr::get(i8),
        omp::ClauseMapFlagsAttr::get(b.getContext(), flags),
        omp::VariableCaptureKindAttr::get(b.getContext(),
                                          omp::VariableCaptureKind::ByRef),
        /*var_ptr_ptr=*/Value(), ValueRange{}, /*members_index=*/nullptr,
        ValueRange{bounds}, /*mapper_id=*/nullptr, b.getStringAttr(name));
  }

  /// The stop before construct `c` whose overlapping `items` cannot get
  /// one copy.
  static std::string aliasRefusal(ArrayRef<Part> items, const Construct &c) {
    return "ompx: " + placeOf(items, c.op) +
           " are mapped by one construct and share storage (an ASSOCIATE "
           "name, a pointer, dummy arguments or EQUIVALENCE), and are not "
           "present on the device as one copy before the construct: LLVM 22 "
           "would map each alone and the region would use the wrong copy. " +
           (c.enter
                ? "An enter data cannot be given one copy that a later exit "
                  "data would end: list the array holding the others first "
                  "on the directive (LLVM 22 then maps the others into its "
                  "copy; list it first on the exit data too, so that its "
                  "release, the last, copies back), or enter it in an enter "
                  "data of its own before"
                : "Map the array holding them in an enclosing target data "
                  "(or enter data) region");
  }

  /// Items of `target` that may share storage: at run time, each cluster
  /// of overlapping ones none of whose bytes is present gets one device
  /// copy of the bytes it spans (enter data, its items' copies in, the
  /// construct, their copies out, exit data), as for parts of one array;
  /// one present in one copy (an absent byte only of an implicit item,
  /// which OpenMP maps as far as present) runs as written; otherwise the
  /// program stops, naming them (AliasCover.h).
  void coverAliases(const Construct &c, ArrayRef<Part> parts,
                    const fir::KindMapping &kinds) {
    fir::FirOpBuilder b(c.op, kinds);
    Location loc = c.op->getLoc();
    Type i64 = b.getI64Type(), i1 = b.getI1Type(), index = b.getIndexType();
    SmallVector<Part> items;
    SmallVector<std::pair<Value, Value>> spans;
    for (Part p : parts)
      if (auto span = byteSpanOf(b, loc, p)) {
        items.push_back(p);
        spans.push_back(*span);
      }
    if (items.size() < 2)
      return;
    using namespace ompx::passes;
    int64_t n = items.size();
    Value buf =
        b.createTemporary(loc, fir::SequenceType::get({n * kAliasFields}, i64));
    Type word = fir::ReferenceType::get(i64);
    auto field = [&](int64_t k, AliasField f) -> Value {
      return fir::CoordinateOp::create(b, loc, word, buf,
                                       ValueRange{b.createIntegerConstant(
                                           loc, index, k * kAliasFields + f)});
    };
    auto get = [&](int64_t k, AliasField f) -> Value {
      return fir::LoadOp::create(b, loc, field(k, f));
    };
    auto isSet = [&](int64_t k, AliasField f) -> Value {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, get(k, f),
                                   b.createIntegerConstant(loc, i64, 0));
    };
    for (auto [k, p] : llvm::enumerate(items)) {
      // An enter data's item inside an earlier one runs as written whatever
      // it moves: LLVM 22 finds it present in the earlier one's copy, as
      // OpenMP says (ompx-record-maps' storage hold of a record, then its
      // map through the mapper, `to`, of the same bytes, was refused).
      bool motions = !c.enter;
      int64_t flags = (motions && moves(p, Flags::to) ? kAliasTo : 0) |
                      (motions && moves(p, Flags::from) ? kAliasFrom : 0) |
                      (has(p.top, Flags::implicit) ? kAliasImplicit : 0);
      fir::StoreOp::create(b, loc, spans[k].first, field(k, kAliasLo));
      fir::StoreOp::create(b, loc, spans[k].second, field(k, kAliasHi));
      fir::StoreOp::create(b, loc, b.createIntegerConstant(loc, i64, flags),
                           field(k, kAliasFlags));
      for (AliasField f : {kAliasCoverLo, kAliasMoveTo, kAliasMoveFrom})
        fir::StoreOp::create(b, loc, b.createIntegerConstant(loc, i64, 0),
                             field(k, f));
    }
    TargetDevice where = targetDevice(b, loc, c.device, c.ifExpr);
    func::FuncOp cover = aliasCoverFunction(getOperation(), kinds);
    Value refuse =
        b.genIfOp(loc, {i1}, where.offloads, /*withElseRegion=*/true)
            .genThen([&] {
              Value bytes = b.createConvert(
                  loc, cover.getFunctionType().getInput(0), buf);
              Value r =
                  fir::CallOp::create(
                      b, loc, cover,
                      ValueRange{bytes, b.createIntegerConstant(loc, index, n),
                                 where.device, b.createBool(loc, c.noCopy)})
                      .getResult(0);
              fir::ResultOp::create(b, loc, r);
            })
            .genElse([&] {
              fir::ResultOp::create(b, loc, b.createBool(loc, false));
            })
            .getResults()[0];
    b.genIfThen(loc, refuse)
        .genThen([&] { reportFatal(b, loc, aliasRefusal(items, c)); })
        .end();
    if (c.noCopy)
      return;
    auto spanMap = [&](Value lo, Value hi, Flags flags, StringRef name) {
      return byteMap(b, loc, lo, hi, flags, name);
    };
    // A cluster's copy, on its first item; each item's motion.
    auto storage = [&](bool enter) {
      for (auto [k, p] : llvm::enumerate(items))
        b.genIfThen(loc, isSet(k, kAliasCoverLo))
            .genThen([&] {
              Value m = spanMap(
                  get(k, kAliasCoverLo), get(k, kAliasCoverHi), Flags::storage,
                  "storage of " + p.top.getName().value_or("").str());
              if (enter) {
                omp::TargetEnterDataOperands ops;
                ops.device = c.device;
                ops.mapVars.push_back(m);
                omp::TargetEnterDataOp::create(b, loc, ops);
              } else {
                omp::TargetExitDataOperands ops;
                ops.device = c.device;
                ops.mapVars.push_back(m);
                omp::TargetExitDataOp::create(b, loc, ops);
              }
            })
            .end();
    };
    auto updates = [&](Flags motion, AliasField moved) {
      for (auto [k, p] : llvm::enumerate(items))
        if (moves(p, motion))
          b.genIfThen(loc, isSet(k, moved))
              .genThen([&] {
                omp::TargetUpdateOperands update;
                update.device = c.device;
                update.mapVars.push_back(spanMap(spans[k].first,
                                                 spans[k].second, motion,
                                                 p.top.getName().value_or("")));
                omp::TargetUpdateOp::create(b, loc, update);
              })
              .end();
    };
    storage(/*enter=*/true);
    updates(Flags::to, kAliasMoveTo);
    b.setInsertionPointAfter(c.op);
    updates(Flags::from, kAliasMoveFrom);
    storage(/*enter=*/false);
  }

  /// The items of the target data regions around `c` and of the enter data
  /// directives before it in its function that may share storage with an
  /// explicit item of `c` (the same variable's other sections too).
  SmallVector<Earlier> earlierItems(const Construct &c, ArrayRef<Construct> all,
                                    DominanceInfo &dominance) {
    SmallVector<Earlier> earlier;
    auto function = c.op->getParentOfType<FunctionOpInterface>();
    if (!function)
      return earlier;
    SmallVector<Operation *> directives;
    for (Operation *o = c.op->getParentOp(); o && o != function;
         o = o->getParentOp())
      if (isa<omp::TargetDataOp>(o))
        directives.push_back(o);
    for (const Construct &e : all)
      if (e.enter && e.op != c.op &&
          e.op->getParentOfType<FunctionOpInterface>() == function &&
          dominance.properlyDominates(e.op, c.op))
        directives.push_back(e.op);
    SmallVector<Part> items = explicitItems(c);
    for (Operation *d : directives) {
      Construct outer = *constructOf(d);
      for (Part y : explicitItems(outer, /*anyFlags=*/true))
        if (llvm::any_of(items, [&](Part x) {
              return mayShareStorage(x, y) &&
                     !(x.scalar == y.scalar &&
                       ompx::passes::sameValue(x.top.getVarPtr(),
                                               y.top.getVarPtr(),
                                               /*addressOnly=*/true) &&
                       ompx::passes::sameSection(x.data, y.data));
            }))
          earlier.push_back({y, d});
    }
    return earlier;
  }

  /// The items of `c` (not a descriptor's data member) the alias cover
  /// takes, explicit ones only: an implicit item OpenMP maps as far as it
  /// is present.
  SmallVector<Part> explicitItems(const Construct &c, bool anyFlags = false) {
    llvm::SmallPtrSet<Value, 8> members = membersOf(c);
    SmallVector<Part> items;
    for (Value v : c.mapVars)
      if (!members.contains(v))
        if (std::optional<Part> p = partOf(v, /*aliases=*/true))
          if (anyFlags || !has(p->top, Flags::implicit))
            items.push_back(*p);
    return items;
  }

  /// Whether `p`'s bytes hold no addresses, so that the device's bytes are
  /// its host values: not a record (its allocatable or pointer components'
  /// descriptors, which libomptarget's copy back leaves the host's), not
  /// one mapped through a mapper.
  static bool plainBytes(Part p) {
    if (p.top.getMapperId() || p.data.getMapperId())
      return false;
    Type pointee = fir::unwrapRefType(
        p.data.getVarPtrPtr()
            ? fir::unwrapRefType(p.data.getVarPtrPtr().getType())
        : p.boxed ? mlir::cast<fir::BoxType>(
                        fir::unwrapRefType(p.top.getVarPtr().getType()))
                        .getEleTy()
                  : p.top.getVarPtr().getType());
    Type element = fir::unwrapSequenceType(pointee);
    return fir::isa_trivial(element) || mlir::isa<fir::CharacterType>(element);
  }

  /// An exit data whose items lie in one device copy (`enter data map(to:
  /// a)`, `enter data map(to: p)` with p => a(2:5), then `exit data
  /// map(from: p, a)`; or `map(from: a(1:2), a(5:6))` after a whole `a`):
  /// libomptarget releases the items one by one, in reverse, and copies an
  /// item back only where its own release is the copy's last. p's release
  /// ended the copy and copied p's bytes alone: a's never came back, with
  /// no message. An item released after the copy's end (by a `delete`, or
  /// by a release whose count reached zero first) found nothing: `a(1:2)`
  /// above, `map(release: p) map(from: a)`, `map(from: a) map(delete: p)`.
  /// An item mapped `from` (not `always`, of plain bytes) that may share
  /// storage with another item of the directive keeps its device bytes,
  /// read before the directive where the other lies in the same copy at run
  /// time; where the directive ended the copy, they become the item's
  /// values on the host, as OpenMP and OpenACC say (the copy's reference
  /// count reached zero). A copy that stays copies nothing back.
  void exitDataCover(omp::TargetExitDataOp x, const fir::KindMapping &kinds) {
    // A dependent exit data releases later than here (a `nowait` one runs
    // undeferred where an item is kept, below).
    if (!x.getDependVars().empty())
      return;
    Construct c{x, x.getMapVars(), x.getDevice(), x.getIfExpr(), true, false};
    llvm::SmallPtrSet<Value, 8> members = membersOf(c);
    SmallVector<Part> items;
    for (Value v : c.mapVars)
      if (!members.contains(v))
        if (std::optional<Part> p =
                partOf(v, /*aliases=*/true, /*deletes=*/true))
          items.push_back(*p);
    SmallVector<std::pair<unsigned, SmallVector<unsigned>>> losers =
        exitDataLosers(items);
    if (losers.empty())
      return;
    fir::FirOpBuilder b(x, kinds);
    ExitDataBytes bytes(*this, b, x.getLoc(), x.getDevice(), x.getIfExpr());
    SmallVector<ExitDataBytes::Kept> kept;
    for (auto &[k, after] : losers)
      if (std::optional<ExitDataBytes::Kept> e = bytes.keep(items, k, after))
        kept.push_back(*e);
    if (kept.empty())
      return;
    Operation *released = x;
    if (x.getNowait()) {
      // A deferred release would end the copy after the bytes came back:
      // where an item is kept, the directive runs undeferred (OpenMP lets a
      // task without dependences run at once).
      Value any = b.createBool(x.getLoc(), false);
      for (ExitDataBytes::Kept &e : kept)
        any = arith::OrIOp::create(b, x.getLoc(), any, e.keep);
      auto choice = b.genIfThenElse(x.getLoc(), any);
      choice
          .genThen([&] {
            cast<omp::TargetExitDataOp>(b.clone(*x)).setNowait(false);
          })
          .genElse([&] { b.clone(*x); })
          .end();
      released = choice.getIfOp();
      x.erase();
    }
    b.setInsertionPointAfter(released);
    for (ExitDataBytes::Kept &e : kept)
      bytes.restore(e);
  }

  /// Each item of an exit data that can lose its `from` (not `always`, of
  /// plain bytes), with the others that may end its copy first: which
  /// release ends it depends on the copy's reference count (p's where a
  /// and p were entered apart, a(5:6)'s where only `a` was), so any of them.
  static SmallVector<std::pair<unsigned, SmallVector<unsigned>>>
  exitDataLosers(ArrayRef<Part> items) {
    SmallVector<std::pair<unsigned, SmallVector<unsigned>>> losers;
    for (auto [k, p] : llvm::enumerate(items)) {
      if (!moves(p, Flags::from) || has(p.top, Flags::always) ||
          has(p.data, Flags::always) || !plainBytes(p))
        continue;
      SmallVector<unsigned> after;
      for (auto [j, q] : llvm::enumerate(items))
        if (j != k && mayShareStorage(p, q))
          after.push_back(j);
      if (!after.empty())
        losers.push_back({unsigned(k), std::move(after)});
    }
    return losers;
  }

  /// The code exitDataCover puts around an exit data: an item's device
  /// bytes saved before it, where another item lies in the same copy, and
  /// written to the host after it where the copy is gone.
  struct ExitDataBytes {
    /// An item whose bytes are saved where `keep` holds.
    struct Kept {
      Value keep, saved, lo, bytes;
    };

    ExitDataBytes(SectionCoverPass &pass, fir::FirOpBuilder &b, Location loc,
                  Value device, Value ifExpr)
        : pass(pass), b(b), loc(loc),
          where(ompx::passes::targetDevice(b, loc, device, ifExpr)) {
      zero = b.createIntegerConstant(loc, b.getI64Type(), 0);
      one = b.createIntegerConstant(loc, b.getI64Type(), 1);
    }

    Value cmp(arith::CmpIPredicate p, Value l, Value r) {
      return arith::CmpIOp::create(b, loc, p, l, r).getResult();
    }
    Value both(Value l, Value r) {
      return arith::AndIOp::create(b, loc, l, r).getResult();
    }
    Type ptr() { return fir::ReferenceType::get(b.getI8Type()); }

    /// The device address of host address `host` (i64), 0 where absent (not
    /// asked of a null address, which libomptarget reports as an error).
    Value deviceAddress(Value host) {
      Type i64 = b.getI64Type();
      return b
          .genIfOp(loc, {i64}, cmp(arith::CmpIPredicate::ne, host, zero),
                   /*withElseRegion=*/true)
          .genThen([&] {
            Value at = ompx::passes::callRuntime(
                b, loc, "omp_get_mapped_ptr",
                b.getFunctionType({ptr(), b.getI32Type()}, {ptr()}),
                ValueRange{b.createConvert(loc, ptr(), host), where.device})[0];
            fir::ResultOp::create(b, loc, b.createConvert(loc, i64, at));
          })
          .genElse([&] { fir::ResultOp::create(b, loc, zero); })
          .getResults()[0];
    }

    void copy(Value to, Value from, Value bytes, Value toDevice,
              Value fromDevice) {
      Type i64 = b.getI64Type(), i32 = b.getI32Type();
      ompx::passes::callRuntime(
          b, loc, "omp_target_memcpy",
          b.getFunctionType({ptr(), ptr(), i64, i64, i64, i32, i32}, {i32}),
          ValueRange{b.createConvert(loc, ptr(), to),
                     b.createConvert(loc, ptr(), from), bytes, zero, zero,
                     toDevice, fromDevice});
    }

    /// Item `i`'s bytes and where its first byte is on the device.
    std::optional<std::pair<Value, Value>> span(ArrayRef<Part> items,
                                                unsigned i) {
      if (!spans.count(i)) {
        std::optional<std::pair<Value, Value>> s =
            pass.byteSpanOf(b, loc, items[i]);
        if (!s)
          return std::nullopt;
        spans[i] = *s;
        device[i] = deviceAddress(s->first);
      }
      return spans[i];
    }

    /// Item `k`'s device bytes, saved before the directive where all of
    /// them lie in one copy with one of the items `after`.
    std::optional<Kept> keep(ArrayRef<Part> items, unsigned k,
                             ArrayRef<unsigned> after) {
      std::optional<std::pair<Value, Value>> sk = span(items, k);
      if (!sk)
        return std::nullopt;
      auto [lo, hi] = *sk;
      Value at = device[k];
      Value offset = arith::SubIOp::create(b, loc, at, lo);
      // All of it in one copy: its last byte where its first one places it.
      Value last = arith::SubIOp::create(b, loc, hi, one);
      Value atLast = deviceAddress(arith::SelectOp::create(
          b, loc, cmp(arith::CmpIPredicate::eq, at, zero), zero, last));
      Value whole =
          both(both(where.offloads, cmp(arith::CmpIPredicate::ne, at, zero)),
               cmp(arith::CmpIPredicate::eq,
                   arith::SubIOp::create(b, loc, atLast, last), offset));
      Value shared = b.createBool(loc, false);
      for (unsigned j : after) {
        if (!span(items, j))
          continue;
        Value there = device[j];
        Value same = both(
            cmp(arith::CmpIPredicate::ne, there, zero),
            cmp(arith::CmpIPredicate::eq,
                arith::SubIOp::create(b, loc, there, spans[j].first), offset));
        shared = arith::OrIOp::create(b, loc, shared, same);
      }
      Value keep = both(whole, shared);
      Value bytes = arith::SubIOp::create(b, loc, hi, lo);
      Type heap = fir::HeapType::get(fir::SequenceType::get(
          {fir::SequenceType::getUnknownExtent()}, b.getI8Type()));
      Value saved =
          b.genIfOp(loc, {heap}, keep, /*withElseRegion=*/true)
              .genThen([&] {
                Value buffer = b.createHeapTemporary(
                    loc, fir::unwrapRefType(heap), "ompx.exit_data_bytes",
                    ValueRange{b.createConvert(loc, b.getIndexType(), bytes)});
                copy(buffer, at, bytes, where.initial, where.device);
                fir::ResultOp::create(b, loc, buffer);
              })
              .genElse([&] {
                fir::ResultOp::create(
                    b, loc, fir::ZeroOp::create(b, loc, heap).getResult());
              })
              .getResults()[0];
      return Kept{keep, saved, lo, bytes};
    }

    /// After the directive: where it ended the copy, the item's values come
    /// back; a copy that stays copies nothing.
    void restore(const Kept &e) {
      b.genIfThen(loc, e.keep)
          .genThen([&] {
            Value gone =
                cmp(arith::CmpIPredicate::eq, deviceAddress(e.lo), zero);
            b.genIfThen(loc, gone)
                .genThen([&] {
                  copy(e.lo, e.saved, e.bytes, where.initial, where.initial);
                })
                .end();
            fir::FreeMemOp::create(b, loc, e.saved);
          })
          .end();
    }

    SectionCoverPass &pass;
    fir::FirOpBuilder &b;
    Location loc;
    ompx::passes::TargetDevice where;
    Value zero, one;
    llvm::DenseMap<unsigned, std::pair<Value, Value>> spans;
    llvm::DenseMap<unsigned, Value> device;
  };

  /// A larger variable mapped over a part of it that an earlier directive
  /// made present under another name (`target data map(p)`, p => a(3:10),
  /// then `map(a)` inside; `enter data copyin(a(1:5))`, then `copy(a)`):
  /// OpenMP and OpenACC require a mapped variable to be present whole or
  /// not at all, and LLVM 22 stopped with "explicit extension not allowed"
  /// and two addresses (for a data region, not even the line). Before `c`,
  /// where an explicit item's first or last byte, or an earlier item's
  /// first or last byte inside it, is present and the item is not present
  /// whole in one copy, the program stops naming both and the lines.
  void refusePartlyPresent(const Construct &c, ArrayRef<Earlier> earlier,
                           const fir::KindMapping &kinds) {
    fir::FirOpBuilder b(c.op, kinds);
    Location loc = c.op->getLoc();
    Type i64 = b.getI64Type();
    using ompx::passes::atLine;
    using ompx::passes::reportFatal;
    std::optional<ompx::passes::TargetDevice> where;
    auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
      return arith::CmpIOp::create(b, loc, p, x, y).getResult();
    };
    auto all = [&](ArrayRef<Value> xs) {
      Value r = xs.front();
      for (Value x : xs.drop_front())
        r = arith::AndIOp::create(b, loc, r, x);
      return r;
    };
    Value zero = b.createIntegerConstant(loc, i64, 0);
    Value one = b.createIntegerConstant(loc, i64, 1);
    // Not asked of a null address (an absent item), which libomptarget
    // reports as an error.
    auto deviceAddress = [&](Value host) -> Value {
      Type ptr = fir::ReferenceType::get(b.getI8Type());
      Value given =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, host, zero);
      return b.genIfOp(loc, {i64}, given, /*withElseRegion=*/true)
          .genThen([&] {
            Value at = ompx::passes::callRuntime(
                b, loc, "omp_get_mapped_ptr",
                b.getFunctionType({ptr, b.getI32Type()}, {ptr}),
                ValueRange{b.createConvert(loc, ptr, host), where->device})[0];
            fir::ResultOp::create(b, loc, b.createConvert(loc, i64, at));
          })
          .genElse([&] { fir::ResultOp::create(b, loc, zero); })
          .getResults()[0];
    };
    for (Part x : explicitItems(c)) {
      SmallVector<Earlier> probes;
      for (Earlier y : earlier)
        if (mayShareStorage(x, y.part) &&
            !(x.scalar == y.part.scalar &&
              ompx::passes::sameValue(x.top.getVarPtr(), y.part.top.getVarPtr(),
                                      /*addressOnly=*/true) &&
              ompx::passes::sameSection(x.data, y.part.data)))
          probes.push_back(y);
      if (probes.empty())
        continue;
      std::optional<std::pair<Value, Value>> span = byteSpanOf(b, loc, x);
      if (!span)
        continue;
      if (!where)
        where = ompx::passes::targetDevice(b, loc, c.device, c.ifExpr);
      auto [lo, hi] = *span;
      Value last = arith::SubIOp::create(b, loc, hi, one);
      Value dlo = deviceAddress(lo),
            dhi = deviceAddress(arith::SelectOp::create(
                b, loc, cmp(arith::CmpIPredicate::eq, lo, zero), zero, last));
      using P = arith::CmpIPredicate;
      Value whole = all({cmp(P::ne, dlo, zero), cmp(P::ne, dhi, zero),
                         cmp(P::eq, arith::SubIOp::create(b, loc, dlo, lo),
                             arith::SubIOp::create(b, loc, dhi, last))});
      // An empty item (`v(1:n)`, n = 0) maps nothing: never partly.
      Value partly =
          all({where->offloads, cmp(P::ne, lo, zero), cmp(P::ugt, hi, lo),
               arith::XOrIOp::create(b, loc, whole, b.createBool(loc, true))});
      std::string name = "'" + x.top.getName().value_or("").str() + "'";
      std::string rule =
          ": LLVM 22 would stop with 'explicit extension not allowed', "
          "naming nothing. OpenMP and OpenACC require a variable to be "
          "present on the device whole or not at all when a directive maps "
          "it: map it where the part is mapped (or before it, and the part "
          "then finds it present)";
      std::string self = "ompx: " + name + atLine(c.op->getLoc()) +
                         " is partly present on the device (part of it is "
                         "in a copy made before, the rest is not)" +
                         rule;
      Value ends = arith::OrIOp::create(b, loc, cmp(P::ne, dlo, zero),
                                        cmp(P::ne, dhi, zero));
      b.genIfThen(loc, all({partly, ends}))
          .genThen([&] { reportFatal(b, loc, self); })
          .end();
      for (Earlier y : probes) {
        std::optional<std::pair<Value, Value>> ys = byteSpanOf(b, loc, y.part);
        if (!ys)
          continue;
        Value yabsent = cmp(arith::CmpIPredicate::eq, ys->first, zero);
        for (Value q :
             {ys->first, arith::SelectOp::create(
                             b, loc, yabsent, zero,
                             arith::SubIOp::create(b, loc, ys->second, one))
                             .getResult()}) {
          Value inside = all({cmp(P::ne, ys->first, zero), cmp(P::uge, q, lo),
                              cmp(P::ult, q, hi)});
          Value hit = all({partly, inside, cmp(P::ne, deviceAddress(q), zero)});
          std::string message =
              "ompx: " + name + atLine(c.op->getLoc()) +
              " is partly present on the device: the bytes of '" +
              y.part.top.getName().value_or("").str() + "', mapped" +
              atLine(y.directive->getLoc()) +
              ", are in a copy of their own, the rest of " + name + " is not" +
              rule;
          b.genIfThen(loc, hit)
              .genThen([&] { reportFatal(b, loc, message); })
              .end();
        }
      }
    }
  }
};
} // namespace
