//===- OptionalCaptures.cpp - Absent optional scalars in target regions ---===//
//
// A scalar optional dummy argument a target region uses without a map is
// captured by copy (firstprivate): the host loads its value to pass it. An
// absent one has no value: the host's load read address 0 and the program
// crashed (host, host-offload, and a GPU alike), and a device's present(x)
// asked about its own copy, which always exists. OpenMP treats an absent
// optional as absent in the region.
//
// Each such capture copies a temporary instead, filled only when the
// argument is present, and a second by-copy capture passes whether it is:
// at the start of the region the argument's block value is that copy, or
// fir.absent when the flag is 0, so present(x) and every use behave as in
// the procedure.
//
// An optional explicit-shape array such a region uses is mapped tofrom by
// reference with its extents; absent, the runtime copied from address 0.
// Its bounds become an empty section then, as flang makes them for one a
// `map` clause names.
//
// An optional record mapped by reference takes a stand-in when absent. A
// record with allocatable or pointer components: flang's mapper (a `map`
// clause, OpenACC) and the member maps flang-22 makes of the components a
// region reads (`d%w`: its descriptor loaded on the host before the
// construct) read the stand-in's components, so it starts as flang's
// runtime initializes a variable (unallocated, disassociated); they read
// uninitialized stack (libomptarget's "out of resources"), and the member
// maps read address 0 (a segfault, TYPE or CLASS). The members' address
// chains take the stand-in too.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/Passes.h"
#include "pipeline/passes/TargetEntries.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Builder/Runtime/Derived.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "mlir/Analysis/SliceAnalysis.h"

#include "flang/Optimizer/Dialect/FIRAttr.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace ompx::passes {
#define GEN_PASS_DEF_OPTIONALCAPTURESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// Whether `v` is declared as an optional dummy argument.
bool isOptional(Value v) {
  Operation *decl = v.getDefiningOp();
  if (!decl)
    return false;
  auto attrs =
      llvm::TypeSwitch<Operation *,
                       std::optional<fir::FortranVariableFlagsEnum>>(decl)
          .Case<hlfir::DeclareOp, fir::DeclareOp>(
              [](auto d) { return d.getFortranAttrs(); })
          .Default([](Operation *) { return std::nullopt; });
  return attrs &&
         bitEnumContainsAny(*attrs, fir::FortranVariableFlagsEnum::optional);
}

struct OptionalCapturesPass
    : ompx::passes::impl::OptionalCapturesPassBase<OptionalCapturesPass> {
  void runOnOperation() final {
    getOperation()->walk([&](omp::TargetOp target) {
      for (Value v : llvm::to_vector(target.getMapVars())) {
        auto map = v.getDefiningOp<omp::MapInfoOp>();
        if (!map)
          continue;
        if (map.getMapCaptureType() == omp::VariableCaptureKind::ByCopy &&
            map.getMembers().empty() && isOptional(map.getVarPtr()) &&
            fir::isa_ref_type(map.getVarPtr().getType()))
          guard(target, map);
        else if (map.getMapCaptureType() == omp::VariableCaptureKind::ByRef &&
                 !map.getBounds().empty() && map.getMembers().empty() &&
                 !map.getVarPtrPtr() && isOptional(map.getVarPtr()) &&
                 fir::isa_ref_type(map.getVarPtr().getType()))
          emptyWhenAbsent(map);
        else if (Value box = optionalBoxIn(map))
          absentDescriptor(target, map, box);
        else if (map.getMapCaptureType() == omp::VariableCaptureKind::ByRef &&
                 !map.getMembers().empty() && !map.getVarPtrPtr() &&
                 isOptional(map.getVarPtr()) &&
                 isa<fir::RecordType>(
                     fir::unwrapRefType(map.getVarPtr().getType())))
          standInWithMembers(target, map);
        else if (map.getMapCaptureType() == omp::VariableCaptureKind::ByRef &&
                 map.getBounds().empty() && map.getMembers().empty() &&
                 !map.getVarPtrPtr() && isOptional(map.getVarPtr()) &&
                 isa<fir::ReferenceType>(map.getVarPtr().getType()) &&
                 !isa<fir::SequenceType, fir::BaseBoxType>(
                     fir::unwrapRefType(map.getVarPtr().getType())))
          mapStandIn(target, map);
      }
    });
  }

  /// The optional dummy argument whose descriptor flang copies into the
  /// temporary that descriptor map `map` (its data a member) reads (`fir.if
  /// present { store %b to %tmp }`: an assumed-shape, assumed-rank, allocatable
  /// or pointer one), or null.
  static Value optionalBoxIn(omp::MapInfoOp map) {
    if (map.getMapCaptureType() != omp::VariableCaptureKind::ByRef ||
        map.getMembers().empty())
      return {};
    Value v = map.getVarPtr();
    auto tmp = v.getDefiningOp<fir::AllocaOp>();
    if (!tmp)
      return {};
    for (Operation *user : tmp->getUsers()) {
      auto store = dyn_cast<fir::StoreOp>(user);
      if (!store || store.getMemref() != v)
        continue;
      Value stored = store.getValue();
      if (auto load = stored.getDefiningOp<fir::LoadOp>())
        stored = load.getMemref();
      if (isOptional(stored))
        return stored;
    }
    return {};
  }

  /// A descriptor of `boxType` describing no data (a null base address,
  /// extents 0), for a ranked array of known element size; null otherwise.
  static Value emptyDescriptor(OpBuilder &b, Location loc, Type boxType) {
    auto box = dyn_cast<fir::BoxType>(boxType);
    Type data = box ? box.getEleTy() : Type();
    auto seq = data ? dyn_cast<fir::SequenceType>(fir::unwrapRefType(data))
                    : fir::SequenceType();
    // An allocatable or pointer scalar (`real, allocatable, optional ::
    // x`, a record's): unallocated. Its data map read the address the
    // stack held (a segfault in libomptarget's copy).
    if (data && !seq && isa<fir::HeapType, fir::PointerType>(data) &&
        !fir::hasDynamicSize(fir::unwrapRefType(data)))
      return fir::EmboxOp::create(b, loc, boxType,
                                  fir::ZeroOp::create(b, loc, data));
    if (!seq || fir::hasDynamicSize(seq.getEleTy()))
      return {};
    // An assumed-rank one: a rank-1 descriptor, of the rank it carries.
    bool anyRank = seq.hasUnknownShape();
    if (anyRank)
      seq = fir::SequenceType::get({fir::SequenceType::getUnknownExtent()},
                                   seq.getEleTy());
    Type address = isa<fir::HeapType, fir::PointerType>(data)
                       ? data
                       : Type(fir::ReferenceType::get(seq));
    if (anyRank && !isa<fir::ReferenceType>(address))
      return {};
    Value none = fir::ZeroOp::create(b, loc, address);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> extents(seq.getDimension(), zero);
    Value shape = fir::ShapeOp::create(b, loc, extents);
    if (!anyRank)
      return fir::EmboxOp::create(b, loc, boxType, none, shape);
    Value ranked =
        fir::EmboxOp::create(b, loc, fir::BoxType::get(seq), none, shape);
    return fir::ConvertOp::create(b, loc, boxType, ranked);
  }

  /// A descriptor of an optional dummy argument mapped (its data a member):
  /// absent, flang left the temporary it maps unset, the region's
  /// present(b) asked about the device's copy of it (always there), and
  /// its use of b read through a garbage address (a crash on the host and
  /// host-offload). The temporary starts as an empty descriptor (where its
  /// rank is known), and the region sees the argument absent when it is.
  void absentDescriptor(omp::TargetOp target, omp::MapInfoOp map,
                        Value optional) {
    auto tmp = map.getVarPtr().getDefiningOp<fir::AllocaOp>();
    OpBuilder b(tmp->getContext());
    b.setInsertionPointAfter(tmp);
    if (Value empty = emptyDescriptor(b, tmp.getLoc(), tmp.getInType()))
      fir::StoreOp::create(b, tmp.getLoc(), empty, tmp);
    b.setInsertionPoint(map);
    Value present =
        fir::IsPresentOp::create(b, map.getLoc(), b.getI1Type(), optional);
    // A record's components the region reads (flang's member maps of
    // them) are reached from the argument itself, not from the temporary.
    llvm::SmallDenseMap<Value, Value> picked;
    redirectMembers(target, map, optional, /*withParent=*/false, &picked);
    // A record's descriptor (TYPE or CLASS) the members' stand-in took:
    // the temporary describes it too when absent. It was left unset: the
    // members' copies, chained to its garbage address, were never released
    // (a 48-byte device copy of the stack stayed present, and a later
    // construct mapping a variable there aborted, "explicit extension not
    // allowed", or found it present and copied nothing).
    if (Value both = picked.lookup(optional);
        both && both.getType() == tmp.getInType()) {
      b.setInsertionPoint(target);
      fir::StoreOp::create(b, map.getLoc(), both, tmp);
    }
    absentInRegion(target, map, present);
  }

  /// A stand-in of `type` for an absent optional argument: a record
  /// temporary as flang's runtime initializes a variable (its allocatable
  /// components unallocated, pointers disassociated: a mapper or member map
  /// reading them maps nothing), given as `type` is (a reference, a
  /// descriptor of it, or a reference to one). Null for other types.
  static Value standIn(OpBuilder &ob, Location loc, Type type) {
    auto module =
        ob.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
    fir::FirOpBuilder b(ob, fir::getKindMapping(module));
    auto make = [&](fir::RecordType record) -> Value {
      Value tmp = fir::AllocaOp::create(b, loc, record);
      if (ompx::passes::hasDescriptorComponents(record))
        fir::runtime::genDerivedTypeInitialize(
            b, loc,
            fir::EmboxOp::create(b, loc, fir::BoxType::get(record), tmp));
      return tmp;
    };
    if (auto ref = dyn_cast<fir::ReferenceType>(type)) {
      if (auto record = dyn_cast<fir::RecordType>(ref.getEleTy()))
        return make(record);
      // An allocatable or pointer scalar: a slot holding a descriptor.
      auto box = dyn_cast<fir::BaseBoxType>(ref.getEleTy());
      Value inner = box ? standIn(ob, loc, box) : Value();
      if (!inner)
        return {};
      Value slot = fir::AllocaOp::create(b, loc, box);
      fir::StoreOp::create(b, loc, inner, slot);
      return slot;
    }
    auto box = dyn_cast<fir::BaseBoxType>(type);
    if (!box)
      return {};
    Type data = box.getEleTy();
    auto record = dyn_cast<fir::RecordType>(fir::unwrapRefType(data));
    if (!record)
      return {};
    Value tmp = make(record);
    // A descriptor of a heap or pointer address (an allocatable or pointer
    // argument's) takes that address type.
    if (isa<fir::HeapType, fir::PointerType>(data))
      tmp = b.createConvert(loc, data, tmp);
    return fir::EmboxOp::create(b, loc, box, tmp);
  }

  /// Points the address chains of `map`'s members (and of `map` itself,
  /// where it is the argument) at a stand-in when the optional argument
  /// `optional` (one result of its declaration) is absent: flang-22 reads a
  /// component's descriptor on the host before the construct, from address
  /// 0 for an absent argument. False where a chain leaves the construct's
  /// block or no stand-in can be made (nothing changed). `pickedOut` gets
  /// each redirected value's choice of it or its stand-in.
  bool redirectMembers(omp::TargetOp target, omp::MapInfoOp map, Value optional,
                       bool withParent = false,
                       llvm::SmallDenseMap<Value, Value> *pickedOut = nullptr) {
    Operation *decl = optional.getDefiningOp();
    Block *block = target->getBlock();
    llvm::SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    options.filter = [&](Operation *op) {
      return op != decl && op->getBlock() == block;
    };
    llvm::SmallVector<omp::MapInfoOp> work{map};
    while (!work.empty()) {
      omp::MapInfoOp m = work.pop_back_val();
      for (Value member : m.getMembers())
        if (auto mm = member.getDefiningOp<omp::MapInfoOp>()) {
          slice.insert(mm);
          (void)getBackwardSlice(mm.getOperation(), &slice, options);
          work.push_back(mm);
        }
    }
    if (withParent)
      slice.insert(map);
    // The uses to redirect, and the first op taking one.
    llvm::SmallVector<OpOperand *> uses;
    Operation *first = nullptr;
    for (Operation *op : slice)
      for (OpOperand &use : op->getOpOperands())
        if (use.get().getDefiningOp() == decl) {
          if (op->getBlock() != block)
            return false;
          uses.push_back(&use);
          if (!first || op->isBeforeInBlock(first))
            first = op;
        }
    if (uses.empty())
      return true;
    OpBuilder b(first);
    Location loc = map.getLoc();
    llvm::SmallDenseMap<Value, Value> picked;
    for (OpOperand *use : uses) {
      Value v = use->get();
      auto [at, fresh] = picked.try_emplace(v, Value());
      if (fresh) {
        Value present = fir::IsPresentOp::create(b, loc, b.getI1Type(), v);
        Value other = standIn(b, loc, v.getType());
        if (!other)
          return false;
        at->second = arith::SelectOp::create(b, loc, present, v, other);
      }
    }
    for (OpOperand *use : uses)
      use->set(picked.lookup(use->get()));
    if (pickedOut)
      *pickedOut = std::move(picked);
    return true;
  }

  /// An optional record mapped by reference with members (flang-22's maps
  /// of the allocatable components the region reads): absent, the host
  /// read their descriptors from address 0 before the construct. The map
  /// and its members take an initialized stand-in then, and the region
  /// sees the argument absent.
  void standInWithMembers(omp::TargetOp target, omp::MapInfoOp map) {
    Value arg = map.getVarPtr();
    OpBuilder b(map);
    Value present =
        fir::IsPresentOp::create(b, map.getLoc(), b.getI1Type(), arg);
    if (!redirectMembers(target, map, arg, /*withParent=*/true))
      return;
    absentInRegion(target, map, present);
  }

  /// An optional explicit-shape array a region uses without a map clause is
  /// mapped tofrom by its extents: absent, the runtime copied them from
  /// address 0 (a crash on host-offload). As flang does for one a `map`
  /// clause names, its bounds become an empty section when it is absent.
  void emptyWhenAbsent(omp::MapInfoOp map) {
    Location loc = map.getLoc();
    OpBuilder b(map);
    Value present =
        fir::IsPresentOp::create(b, loc, b.getI1Type(), map.getVarPtr());
    auto pick = [&](Value v, int64_t absent) -> Value {
      if (!v)
        return v;
      Value none = arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(v.getType(), absent));
      return arith::SelectOp::create(b, loc, present, v, none);
    };
    llvm::SmallVector<Value> bounds;
    for (Value v : map.getBounds()) {
      auto bound = v.getDefiningOp<omp::MapBoundsOp>();
      if (!bound)
        return;
      // [0, -1]: no element (flang's own form for an absent one).
      Value lb = pick(bound.getLowerBound(), 0);
      Value ub = pick(bound.getUpperBound(), -1);
      Value ext = pick(bound.getExtent(), 0);
      auto guarded = cast<omp::MapBoundsOp>(b.clone(*bound));
      if (lb)
        guarded.getLowerBoundMutable().assign(lb);
      if (ub)
        guarded.getUpperBoundMutable().assign(ub);
      if (ext)
        guarded.getExtentMutable().assign(ext);
      bounds.push_back(guarded.getResult());
    }
    map.getBoundsMutable().assign(bounds);
  }

  /// A scalar optional (a TARGET one, a record, one a `map` clause names)
  /// mapped by reference: absent, the runtime copied from address 0 (a
  /// crash on host-offload). The map takes a stand-in of the host's when
  /// it is absent, and the region sees the argument absent then.
  void mapStandIn(omp::TargetOp target, omp::MapInfoOp map) {
    Location loc = map.getLoc();
    Value arg = map.getVarPtr();
    OpBuilder b(map);
    Value present = fir::IsPresentOp::create(b, loc, b.getI1Type(), arg);
    // A record's stand-in is initialized: flang's mapper reads its
    // allocatable components (uninitialized stack: "out of resources").
    Value other = standIn(b, loc, arg.getType());
    if (!other)
      other = fir::AllocaOp::create(b, loc, fir::unwrapRefType(arg.getType()));
    map.getVarPtrMutable().assign(
        arith::SelectOp::create(b, loc, present, arg, other));
    absentInRegion(target, map, present);
  }

  void guard(omp::TargetOp target, omp::MapInfoOp map) {
    Location loc = map.getLoc();
    Value arg = map.getVarPtr();
    Type element = fir::unwrapRefType(arg.getType());
    // The host, before the map: a copy of the value when there is one, and
    // the flag.
    OpBuilder b(map);
    Value present = fir::IsPresentOp::create(b, loc, b.getI1Type(), arg);
    Value copy = fir::AllocaOp::create(b, loc, element);
    auto ifOp = fir::IfOp::create(b, loc, present, /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
      fir::StoreOp::create(b, loc, fir::LoadOp::create(b, loc, arg), copy);
    }
    map.getVarPtrMutable().assign(copy);
    absentInRegion(target, map, present);
  }

  /// A by-copy capture of whether the argument `map` stands for is
  /// `present`; in the region, its block value is fir.absent when it is
  /// not.
  void absentInRegion(omp::TargetOp target, omp::MapInfoOp map, Value present) {
    Location loc = map.getLoc();
    OpBuilder b(map);
    Value flag = fir::AllocaOp::create(b, loc, b.getI32Type());
    fir::StoreOp::create(
        b, loc, fir::ConvertOp::create(b, loc, b.getI32Type(), present), flag);
    b.setInsertionPoint(map);
    auto flagMap = cast<omp::MapInfoOp>(b.clone(*map));
    flagMap.getVarPtrMutable().assign(flag);
    // A descriptor's map: the flag has no members, bounds or base address.
    flagMap.getMembersMutable().clear();
    flagMap.removeMembersIndexAttr();
    flagMap.getBoundsMutable().clear();
    flagMap.getVarPtrPtrMutable().clear();
    flagMap.setPartialMap(false);
    flagMap.removeMapperIdAttr();
    flagMap.setVarType(b.getI32Type());
    // Copied in by value, whatever the argument's map was (`from`,
    // `present` would leave it unset or abort).
    flagMap.setMapType(omp::ClauseMapFlags::implicit);
    flagMap.setMapCaptureType(omp::VariableCaptureKind::ByCopy);
    flagMap->getResult(0).setType(flag.getType());
    std::string name = map.getName().value_or("").str() + ".present";
    flagMap.setName(llvm::StringRef(name));
    flagMap->moveAfter(map);

    // The region: the argument's block value, or absent.
    Block &entry = target.getRegion().front();
    BlockArgument valueArg = ompx::passes::mapArgOf(target, map.getResult());
    if (!valueArg)
      return;
    BlockArgument flagArg =
        ompx::passes::appendMapEntry(target, flagMap.getResult());
    b.setInsertionPointToStart(&entry);
    Value isPresent = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne, fir::LoadOp::create(b, loc, flagArg),
        arith::ConstantIntOp::create(b, loc, 0, 32));
    Value absent = fir::AbsentOp::create(b, loc, valueArg.getType());
    Value value = arith::SelectOp::create(b, loc, isPresent, valueArg, absent);
    valueArg.replaceAllUsesExcept(value, value.getDefiningOp());
  }
};
} // namespace
