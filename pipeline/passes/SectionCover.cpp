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
//===----------------------------------------------------------------------===//

#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Builder/Runtime/Stop.h"
#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
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
/// One item of the construct: its entry, and the map holding its bounds
/// (the entry itself, or the data member of a descriptor's entry).
struct Part {
  omp::MapInfoOp top, data;
};

bool has(omp::MapInfoOp map, Flags f) {
  return omp::bitEnumContainsAny(map.getMapType(), f);
}

/// `entry` as a part of an array, if it is one: a reference to an array
/// (bounds, or none for a whole array of constant shape), or a descriptor
/// with its one data member.
std::optional<Part> partOf(Value entry) {
  auto top = entry.getDefiningOp<omp::MapInfoOp>();
  if (!top || top.getMapperId() || has(top, Flags::present | Flags::del))
    return std::nullopt;
  Part p{top, top};
  if (top.getMembers().size() == 1 &&
      mlir::isa<fir::BaseBoxType>(fir::unwrapRefType(top.getVarType()))) {
    p.data = top.getMembers().front().getDefiningOp<omp::MapInfoOp>();
    if (!p.data || !p.data.getVarPtrPtr() || p.data.getBounds().empty() ||
        has(p.data, Flags::present | Flags::del))
      return std::nullopt;
  } else if (!top.getMembers().empty() || top.getVarPtrPtr()) {
    return std::nullopt;
  }
  auto seq = mlir::dyn_cast<fir::SequenceType>(fir::unwrapRefType(
      p.data.getVarPtrPtr()
          ? fir::unwrapRefType(p.data.getVarPtrPtr().getType())
          : top.getVarPtr().getType()));
  if (!seq || fir::hasDynamicSize(seq.getElementType()))
    return std::nullopt;
  if (p.data.getBounds().empty() && seq.hasDynamicExtents())
    return std::nullopt;
  for (Value b : p.data.getBounds()) {
    auto bounds = b.getDefiningOp<omp::MapBoundsOp>();
    if (!bounds || !bounds.getLowerBound() || !bounds.getUpperBound() ||
        !bounds.getExtent())
      return std::nullopt;
  }
  return p;
}

/// "v(1:4)' and 'v(5:8)' at f.f90:6" for the message.
std::string placeOf(ArrayRef<Part> parts, omp::TargetOp target) {
  std::string names;
  for (auto [i, p] : llvm::enumerate(SmallVector<Part>(parts))) {
    if (i)
      names += i + 1 == parts.size() ? " and " : ", ";
    names += "'" + p.top.getName().value_or("").str() + "'";
  }
  if (auto file = target->getLoc()->findInstanceOf<FileLineColLoc>())
    names += " at " +
             llvm::sys::path::filename(file.getFilename().str()).str() + ":" +
             std::to_string(file.getLine());
  return names;
}

struct SectionCoverPass
    : ompx::passes::impl::SectionCoverPassBase<SectionCoverPass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    SmallVector<std::pair<omp::TargetOp, SmallVector<Part>>> groups;
    module.walk([&](omp::TargetOp target) {
      for (SmallVector<Part> &g : partsOfOneArray(target))
        groups.push_back({target, std::move(g)});
    });
    fir::KindMapping kinds = fir::getKindMapping(module);
    for (auto &[target, parts] : groups)
      cover(target, parts, kinds);
  }

  /// The groups of two or more items of `target` that take different parts
  /// of one array.
  SmallVector<SmallVector<Part>> partsOfOneArray(omp::TargetOp target) {
    llvm::SmallPtrSet<Value, 8> members;
    for (Value v : target.getMapVars())
      if (auto m = v.getDefiningOp<omp::MapInfoOp>())
        members.insert(m.getMembers().begin(), m.getMembers().end());
    SmallVector<SmallVector<Part>> groups;
    SmallVector<omp::MapInfoOp> taken;
    for (Value v : target.getMapVars()) {
      auto top = v.getDefiningOp<omp::MapInfoOp>();
      if (!top || members.contains(v) || llvm::is_contained(taken, top))
        continue;
      SmallVector<omp::MapInfoOp> same;
      for (Value w : target.getMapVars())
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
      if (parts.size() != same.size() || llvm::all_of(parts, [&](Part p) {
            return ompx::passes::sameSection(p.data, parts[0].data);
          }))
        continue;
      groups.push_back(std::move(parts));
    }
    return groups;
  }

  func::FuncOp runtimeFunction(StringRef name, FunctionType type) {
    ModuleOp module = getOperation();
    if (auto f = module.lookupSymbol<func::FuncOp>(name))
      return f.getFunctionType() == type ? f : func::FuncOp();
    OpBuilder mb(module.getBodyRegion());
    auto f = func::FuncOp::create(mb, module.getLoc(), name, type);
    f.setPrivate();
    return f;
  }

  /// The address of `p`'s first element, and of its array's.
  std::pair<Value, Value> addresses(fir::FirOpBuilder &b, Location loc,
                                    Part p) {
    Value base = p.data.getVarPtrPtr()
                     ? Value(fir::LoadOp::create(b, loc, p.data.getVarPtrPtr()))
                     : Value(p.top.getVarPtr());
    auto seq =
        mlir::cast<fir::SequenceType>(fir::unwrapRefType(base.getType()));
    Type elem = seq.getElementType();
    // Column-major: the first element's offset, in elements, into a view
    // of one dimension.
    Type index = b.getIndexType();
    Value offset = b.createIntegerConstant(loc, index, 0);
    Value stride = b.createIntegerConstant(loc, index, 1);
    for (Value v : p.data.getBounds()) {
      auto bounds = v.getDefiningOp<omp::MapBoundsOp>();
      Value lb = b.createConvert(loc, index, bounds.getLowerBound());
      offset = arith::AddIOp::create(b, loc, offset,
                                     arith::MulIOp::create(b, loc, lb, stride));
      stride = arith::MulIOp::create(
          b, loc, stride, b.createConvert(loc, index, bounds.getExtent()));
    }
    Type flat = fir::ReferenceType::get(
        fir::SequenceType::get({fir::SequenceType::getUnknownExtent()}, elem));
    Value array = b.createConvert(loc, flat, base);
    Value first = fir::CoordinateOp::create(
        b, loc, fir::ReferenceType::get(elem), array, ValueRange{offset});
    return {first, array};
  }

  /// A copy of `p`'s maps with flags `flags` (the descriptor's, if any,
  /// `parentFlags`), with bounds `whole` instead of its own where given:
  /// the entries of an update or data directive.
  SmallVector<Value> mapsOf(OpBuilder &b, Part p, Flags flags,
                            Flags parentFlags, ArrayRef<Value> whole = {}) {
    auto copy = [&](omp::MapInfoOp m, Flags f) {
      auto c = cast<omp::MapInfoOp>(b.clone(*m));
      c.setMapType(f);
      c.setPartialMap(false);
      return c;
    };
    omp::MapInfoOp data = copy(p.data, flags);
    if (!whole.empty())
      data.getBoundsMutable().assign(whole);
    if (p.data == p.top)
      return {data.getResult()};
    omp::MapInfoOp top = copy(p.top, parentFlags);
    top.getMembersMutable().assign(data.getResult());
    return {top.getResult(), data.getResult()};
  }

  /// Bounds of the whole array of `p` (lower bound 0, upper the extent's
  /// last index), from its section's bounds.
  SmallVector<Value> wholeBounds(OpBuilder &b, Location loc, Part p) {
    SmallVector<Value> whole;
    for (Value v : p.data.getBounds()) {
      auto bounds = v.getDefiningOp<omp::MapBoundsOp>();
      Value extent = bounds.getExtent();
      Value zero = arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(extent.getType(), 0));
      Value one = arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(extent.getType(), 1));
      Value last = arith::SubIOp::create(b, loc, extent, one);
      whole.push_back(omp::MapBoundsOp::create(
          b, loc, bounds.getType(), zero, last, extent, bounds.getStride(),
          bounds.getStrideInBytes(), bounds.getStartIdx()));
    }
    return whole;
  }

  /// Before the construct: whether no part of the array is present on
  /// device `dev`, and whether every part is, in one copy (each part's first
  /// element where the first part's places it), asked of libomptarget.
  std::pair<Value, Value> presence(fir::FirOpBuilder &b, Location loc,
                                   ArrayRef<Part> parts, func::FuncOp mapped,
                                   Value dev) {
    Type i64 = b.getI64Type();
    Type ptr = fir::ReferenceType::get(b.getI8Type());
    auto deviceAddress = [&](Value host) {
      Value at =
          func::CallOp::create(b, loc, mapped,
                               ValueRange{b.createConvert(loc, ptr, host), dev})
              .getResult(0);
      return b.createConvert(loc, i64, at);
    };
    auto cmp = [&](arith::CmpIPredicate pred, Value x, Value y) {
      return arith::CmpIOp::create(b, loc, pred, x, y).getResult();
    };
    Value zero = b.createIntegerConstant(loc, i64, 0);
    Value none = b.createBool(loc, true), together = b.createBool(loc, true);
    Value host0, dev0;
    for (auto [i, p] : llvm::enumerate(SmallVector<Part>(parts))) {
      auto [first, array] = addresses(b, loc, p);
      Value host = b.createConvert(loc, i64, first);
      Value device = deviceAddress(first);
      Value absent = cmp(arith::CmpIPredicate::eq, device, zero);
      none = arith::AndIOp::create(b, loc, none, absent);
      if (i == 0) {
        // Nothing of the array present: its first element neither.
        none = arith::AndIOp::create(
            b, loc, none,
            cmp(arith::CmpIPredicate::eq, deviceAddress(array), zero));
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
    return {none, together};
  }

  void cover(omp::TargetOp target, ArrayRef<Part> parts,
             const fir::KindMapping &kinds) {
    fir::FirOpBuilder b(target, kinds);
    Location loc = target.getLoc();
    Type i32 = b.getI32Type();
    Type ptr = fir::ReferenceType::get(b.getI8Type());
    func::FuncOp mapped = runtimeFunction("omp_get_mapped_ptr",
                                          b.getFunctionType({ptr, i32}, {ptr}));
    func::FuncOp defaultDevice =
        runtimeFunction("omp_get_default_device", b.getFunctionType({}, {i32}));
    func::FuncOp initialDevice =
        runtimeFunction("omp_get_initial_device", b.getFunctionType({}, {i32}));
    if (!mapped || !defaultDevice || !initialDevice)
      return;
    Value dev = target.getDevice()
                    ? b.createConvert(loc, i32, target.getDevice())
                    : func::CallOp::create(b, loc, defaultDevice).getResult(0);
    Value initial = func::CallOp::create(b, loc, initialDevice).getResult(0);
    Value offload =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, dev, initial);
    if (Value cond = target.getIfExpr())
      offload = arith::AndIOp::create(b, loc, offload, cond);
    auto [none, together] = presence(b, loc, parts, mapped, dev);
    // A deferred construct gets no copy made here: its parts must be
    // present already.
    Value fine = target.getNowait()
                     ? together
                     : arith::OrIOp::create(b, loc, none, together).getResult();
    Value refuse = arith::AndIOp::create(
        b, loc, offload,
        arith::XOrIOp::create(b, loc, fine, b.createBool(loc, true)));
    std::string message =
        "ompx: " + placeOf(parts, target) +
        " map parts of one array that are not present on the device as one "
        "copy before the construct (a part is present, or the parts are in "
        "copies of their own): LLVM 22 would map each part alone and the "
        "region would use the wrong copy. Map the array (or one section "
        "holding every part) in an enclosing target data, or on the "
        "construct once (OpenMP allows items of one array on one construct "
        "to be different elements only when they are present)";
    b.genIfThen(loc, refuse)
        .genThen(
            [&] { fir::runtime::genReportFatalUserError(b, loc, message); })
        .end();
    if (target.getNowait())
      return;
    Value fix = arith::AndIOp::create(b, loc, offload, none);
    // Before: one copy of the whole array, and the parts' copies in.
    b.genIfThen(loc, fix)
        .genThen([&] {
          omp::TargetEnterDataOperands enter;
          enter.device = target.getDevice();
          // The descriptor as flang enters a whole allocatable.
          enter.mapVars =
              mapsOf(b, parts[0], Flags::storage, Flags::always | Flags::to,
                     wholeBounds(b, loc, parts[0]));
          omp::TargetEnterDataOp::create(b, loc, enter);
          omp::TargetUpdateOperands in;
          in.device = target.getDevice();
          for (Part p : parts)
            if (has(p.data, Flags::to))
              llvm::append_range(in.mapVars,
                                 mapsOf(b, p, Flags::to, Flags::to));
          if (!in.mapVars.empty())
            omp::TargetUpdateOp::create(b, loc, in);
        })
        .end();
    // After: the parts' copies out, and the whole array's copy gone.
    b.setInsertionPointAfter(target);
    b.genIfThen(loc, fix)
        .genThen([&] {
          omp::TargetUpdateOperands out;
          out.device = target.getDevice();
          for (Part p : parts)
            if (has(p.data, Flags::from))
              llvm::append_range(out.mapVars,
                                 mapsOf(b, p, Flags::from, Flags::from));
          if (!out.mapVars.empty())
            omp::TargetUpdateOp::create(b, loc, out);
          omp::TargetExitDataOperands exit;
          exit.device = target.getDevice();
          exit.mapVars = mapsOf(b, parts[0], Flags::storage, Flags::storage,
                                wholeBounds(b, loc, parts[0]));
          omp::TargetExitDataOp::create(b, loc, exit);
        })
        .end();
  }
};
} // namespace
