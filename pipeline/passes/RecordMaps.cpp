//===- RecordMaps.cpp - implicit maps of derived types, in full -----------===//
//
// A derived type used in a target region without a map clause is mapped
// tofrom in full. flang-22 adds the maps of its allocatable components
// (their descriptors `always, to`, their data tofrom) as members of that
// implicit map and marks it partial_map, so MLIR's translation maps only
// the span of those members: the type's other components never reach the
// device nor come back (a scalar component written in the region keeps its
// old value on the host). The implicit map is made a full one again.
//
// An explicit map of a component (`map(tofrom: f%w)`) gets a partial_map
// parent too, which is right while the region uses only the mapped
// components; one that uses another (`f%n`, a component flang adds no map
// for) or the whole record read unmapped memory on the device (garbage
// loop bounds, crashes; `map(tofrom: f) map(tofrom: f%w)` the same, its
// parent partial too). Such a parent becomes a full map: the record is
// referenced in the construct, so it is mapped tofrom as a whole. A loop
// bound that reads a component (`do i = 1, f%n` of a `target teams
// distribute parallel do`) counts: the device copy recomputes it from the
// device's record. The `present` of the component's clause stays with the
// component (the record may be present or not).
//
// `target update to/from(ys(3)%v)` of a component of an element of `ys`, an
// allocatable, pointer or assumed-shape array of records (or of `sa`, an
// allocatable record): flang-22 maps the path to the component, the
// array's descriptor and the record ys(3) (`[0]`, its data through the
// descriptor's base address), every entry `to`/`from` (LLVM 22's verifier
// wants each to move), and LLVM 22 moves each of them: the whole record
// ys(3) came back over the host's other components (ys(3)%x), or went to
// the device over the device's, a type with allocatable components or
// not; of an assumed-shape dummy the record is the parent, not partial,
// and moved the same. The update moves the path's ends alone: the
// component's own map, and the data of an allocatable or pointer component
// as a plain map of its address now (the descriptor's base_addr) with the
// member's bounds.
//
// flang-22 gives an implicit map the type's default mapper (the deep copy
// of allocatable components) only where the variable itself is
// allocatable (llvm-project #170701): a fixed-size array of records with
// allocatable components used without a map clause was mapped as its
// bytes, descriptors included. A declare target array's device copy kept
// the unallocated descriptors it started with (`rs(j)%v(2)` in the region:
// a null dereference), any other array the host's addresses (the kernel
// worked on the host's memory, which a GPU cannot reach). Such a map gets
// the default mapper, flang's when the unit has one for the type, else one
// made as flang-22 makes it, and tofrom (a declare target one had no
// transfer), as `map(tofrom: rs)` would.
//
// Under `requires unified_shared_memory` flang-22 maps those descriptors
// `close` (a device copy) while the record itself stays shared, and the
// program computes wrong results and corrupts the host's heap (seen on
// host-offload): refused at the map, with what to do.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace ompx::passes {
#define GEN_PASS_DEF_RECORDMAPSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
using mlir::omp::ClauseMapFlags;

bool has(ClauseMapFlags flags, ClauseMapFlags flag) {
  return mlir::omp::bitEnumContainsAny(flags, flag);
}

bool requiresUnifiedSharedMemory(mlir::ModuleOp module) {
  auto offload =
      llvm::dyn_cast<mlir::omp::OffloadModuleInterface>(module.getOperation());
  return offload && mlir::omp::bitEnumContainsAny(
                        offload.getRequires(),
                        mlir::omp::ClauseRequires::unified_shared_memory);
}

/// A map of a derived type with members that are mapped `close`.
bool closeMembersOfRecord(mlir::omp::MapInfoOp map) {
  return llvm::isa<fir::RecordType>(map.getVarType()) &&
         llvm::any_of(map.getMembers(), [](mlir::Value member) {
           auto m = member.getDefiningOp<mlir::omp::MapInfoOp>();
           return m && has(m.getMapType(), ClauseMapFlags::close);
         });
}

/// The construct that uses `map`, where its refusal goes: an implicit map
/// has the location of whatever flang lowered last.
mlir::Operation *constructOf(mlir::omp::MapInfoOp map) {
  mlir::Operation *at = map;
  for (mlir::Operation *user : map->getUsers())
    if (!llvm::isa<mlir::omp::MapInfoOp>(user))
      at = user;
  return at;
}

void refuseUnderUsm(mlir::omp::MapInfoOp map) {
  mlir::Operation *at = constructOf(map);
  std::string name = map.getName().value_or("").str();
  at->emitError() << "requires unified_shared_memory: the map of derived type '"
                  << name
                  << "' with allocatable components is wrong under LLVM 22 "
                     "(flang-22 maps the components' descriptors `close`, a "
                     "device copy, while the record itself stays shared: "
                     "wrong results and a corrupted heap); remove `requires "
                     "unified_shared_memory` (the maps then copy '"
                  << name << "' and its components)";
}

/// An explicit map of a derived type through its default mapper whose
/// members also map an allocatable component of a component (`[0, 0]`):
/// flang-22 maps that data twice, by the mapper's nested mapper and by the
/// member, and LLVM 22's runtime then never copies it back (`map(tofrom:
/// o)` left `o%in%v` unchanged on the host; with another allocatable
/// component the program crashed). An implicit map of a dummy argument
/// is made the same way.
bool nestedComponentMappedTwice(mlir::omp::MapInfoOp map) {
  mlir::ArrayAttr paths = map.getMembersIndexAttr();
  if (!map.getMapperId() || !paths)
    return false;
  return llvm::any_of(paths, [](mlir::Attribute path) {
    auto indices = llvm::dyn_cast<mlir::ArrayAttr>(path);
    return indices && indices.size() >= 2;
  });
}

void refuseNestedComponent(mlir::omp::MapInfoOp map) {
  mlir::Operation *at = constructOf(map);
  std::string name = map.getName().value_or("").str();
  at->emitError()
      << "the map of derived type '" << name
      << "' maps an allocatable component of one of its components twice "
         "(flang-22: through the type's default mapper and as a member of "
         "the map), and LLVM 22's runtime then never copies that data back: "
         "a wrong answer or a crash; name the allocatable component in the "
         "clause too, `map(tofrom: "
      << name << ", " << name << "%...)`";
}

/// The top-level components `map`'s members map (`[2]`, `[2, 0]`: 2).
llvm::SmallDenseSet<int64_t> mappedComponents(mlir::omp::MapInfoOp map) {
  llvm::SmallDenseSet<int64_t> out;
  if (mlir::ArrayAttr paths = map.getMembersIndexAttr())
    for (mlir::Attribute path : paths)
      if (auto indices = llvm::dyn_cast<mlir::ArrayAttr>(path))
        if (!indices.empty())
          if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(indices[0]))
            out.insert(i.getInt());
  return out;
}

/// Whether `user`, an op using `record` (of `type`), reads beyond the
/// components `mapped`: another component's designator, or anything that
/// takes the record as a whole (a call, a copy).
bool readsBeyond(mlir::Operation *user, mlir::Value record,
                 fir::RecordType type,
                 const llvm::SmallDenseSet<int64_t> &mapped) {
  std::optional<int64_t> field;
  if (auto designate = llvm::dyn_cast<hlfir::DesignateOp>(user)) {
    if (designate.getMemref() == record && designate.getComponent())
      field = type.getFieldIndex(*designate.getComponent());
  } else if (auto coordinate = llvm::dyn_cast<fir::CoordinateOp>(user)) {
    auto indices = coordinate.getIndices();
    if (coordinate.getRef() == record && indices.begin() != indices.end())
      if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(*indices.begin()))
        field = i.getInt();
  }
  return !field || !mapped.contains(*field);
}

/// Whether `record` (a target region's entry of a record of `type`, or a
/// declaration of it) is used beyond the components `mapped`.
bool usedBeyond(mlir::Value record, fir::RecordType type,
                const llvm::SmallDenseSet<int64_t> &mapped) {
  for (mlir::OpOperand &use : record.getUses()) {
    mlir::Operation *user = use.getOwner();
    if (llvm::isa<hlfir::DeclareOp, fir::DeclareOp>(user)) {
      for (mlir::Value result : user->getResults())
        if (usedBeyond(result, type, mapped))
          return true;
      continue;
    }
    if (readsBeyond(user, record, type, mapped))
      return true;
  }
  return false;
}

/// Whether a host_eval value of `target` (a loop bound, a num_teams) reads
/// the record `map` maps beyond its members: the device copy recomputes
/// those values in the region (ompx-host-eval-remat), from the device's
/// copy of the record.
bool hostEvalReadsBeyond(mlir::omp::TargetOp target, mlir::omp::MapInfoOp map,
                         fir::RecordType type,
                         const llvm::SmallDenseSet<int64_t> &mapped) {
  llvm::SmallPtrSet<mlir::Value, 4> record{map.getVarPtr()};
  if (mlir::Operation *declare = map.getVarPtr().getDefiningOp();
      llvm::isa_and_present<hlfir::DeclareOp, fir::DeclareOp>(declare))
    record.insert(declare->result_begin(), declare->result_end());
  llvm::SetVector<mlir::Operation *> slice;
  mlir::BackwardSliceOptions options;
  options.omitBlockArguments = true;
  for (mlir::Value v : target.getHostEvalVars())
    (void)mlir::getBackwardSlice(v, &slice, options);
  for (mlir::Operation *op : slice)
    for (mlir::Value operand : op->getOperands())
      if (record.contains(operand) && readsBeyond(op, operand, type, mapped))
        return true;
  return false;
}

/// Whether `map`, a partial map of a record, is an entry of a target region
/// that uses the record beyond its mapped components.
bool partialParentTooSmall(mlir::omp::MapInfoOp map) {
  auto type = llvm::dyn_cast<fir::RecordType>(map.getVarType());
  if (!type)
    return false;
  llvm::SmallDenseSet<int64_t> mapped = mappedComponents(map);
  for (mlir::Operation *user : map->getUsers()) {
    auto target = llvm::dyn_cast<mlir::omp::TargetOp>(user);
    if (!target)
      continue;
    auto iface =
        llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
    for (auto [var, arg] :
         llvm::zip(target.getMapVars(), iface.getMapBlockArgs()))
      if (var == map.getResult() &&
          (usedBeyond(arg, type, mapped) ||
           hostEvalReadsBeyond(target, map, type, mapped)))
        return true;
  }
  return false;
}

/// The map of a descriptor (an allocatable, pointer or assumed-shape array)
/// whose members include `map`, its data.
mlir::omp::MapInfoOp parentOf(mlir::omp::MapInfoOp map) {
  for (mlir::Operation *user : map->getUsers())
    if (auto parent = llvm::dyn_cast<mlir::omp::MapInfoOp>(user))
      if (llvm::is_contained(parent.getMembers(), map.getResult()))
        return parent;
  return {};
}

/// A map of a record through a mapper (flang's default mapper of a type
/// with allocatable components) on a construct that counts references:
/// libomptarget does not count the record itself (a mapper's first entry
/// updates no reference count), so once `enter data` mapped it, each
/// construct mapping it again saw the record's count at 1 and copied its
/// other components (`o%n`, fixed-size arrays) in and out as if new, over
/// the device's values and the host's. A map of the whole record without
/// a mapper and without transfers, just before it, holds the reference the
/// OpenMP rules count: the components move only when the record is new, or
/// leaves for good. An array of records the same, over the map's bounds
/// (present after `enter data`, `map(tofrom: xs)` copied every element's
/// scalars in and out again).
/// Whether `op` (a construct) is deferred (`nowait`).
bool deferred(mlir::Operation *op) {
  if (auto t = llvm::dyn_cast<mlir::omp::TargetOp>(op))
    return t.getNowait();
  if (auto t = llvm::dyn_cast<mlir::omp::TargetEnterDataOp>(op))
    return t.getNowait();
  if (auto t = llvm::dyn_cast<mlir::omp::TargetExitDataOp>(op))
    return t.getNowait();
  return false;
}

/// Bounds giving a scalar's map its size only where `data` is not null:
/// an unallocated record's hold mapped address 0 at the type's size, and
/// the descriptor's attach made the device's `allocated(s)` true.
mlir::Value nullableScalarBounds(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value data) {
  mlir::Type index = b.getIndexType();
  mlir::Value zero = mlir::arith::ConstantIndexOp::create(b, loc, 0);
  mlir::Value one = mlir::arith::ConstantIndexOp::create(b, loc, 1);
  mlir::Value address = fir::ConvertOp::create(b, loc, index, data);
  mlir::Value isNull = mlir::arith::CmpIOp::create(
      b, loc, mlir::arith::CmpIPredicate::eq, address, zero);
  mlir::Value extent = mlir::arith::SelectOp::create(b, loc, isNull, zero, one);
  mlir::Value upper = mlir::arith::SubIOp::create(b, loc, extent, one);
  return mlir::omp::MapBoundsOp::create(
      b, loc, b.getType<mlir::omp::MapBoundsType>(), zero, upper, extent, one,
      /*stride_in_bytes=*/false, zero);
}

/// `bounds` (a descriptor's data over the extents it keeps) made empty
/// where `data` is null: a deallocated allocatable or disassociated pointer
/// array keeps its extents, so its hold mapped address 0 at their size, and
/// the mapper's attach of the data (a null address, found present in that
/// entry) gave the device's descriptor that copy: the device's
/// `allocated(ta)` was true.
llvm::SmallVector<mlir::Value> nullableArrayBounds(mlir::OpBuilder &b,
                                                   mlir::Location loc,
                                                   mlir::Value data,
                                                   mlir::ValueRange bounds) {
  mlir::Value zero = mlir::arith::ConstantIndexOp::create(b, loc, 0);
  mlir::Value address = fir::ConvertOp::create(b, loc, b.getIndexType(), data);
  mlir::Value isNull = mlir::arith::CmpIOp::create(
      b, loc, mlir::arith::CmpIPredicate::eq, address, zero);
  auto pick = [&](mlir::Value v, int64_t empty) -> mlir::Value {
    if (!v)
      return v;
    mlir::Value none = mlir::arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(v.getType(), empty));
    return mlir::arith::SelectOp::create(b, loc, isNull, none, v);
  };
  llvm::SmallVector<mlir::Value> guarded;
  for (mlir::Value v : bounds) {
    auto bound = v.getDefiningOp<mlir::omp::MapBoundsOp>();
    if (!bound)
      return llvm::to_vector(bounds);
    // [0, -1]: no element (flang's own form for an absent one).
    mlir::Value lb = pick(bound.getLowerBound(), 0);
    mlir::Value ub = pick(bound.getUpperBound(), -1);
    mlir::Value ext = pick(bound.getExtent(), 0);
    auto copy = mlir::cast<mlir::omp::MapBoundsOp>(b.clone(*bound));
    if (lb)
      copy.getLowerBoundMutable().assign(lb);
    if (ub)
      copy.getUpperBoundMutable().assign(ub);
    if (ext)
      copy.getExtentMutable().assign(ext);
    guarded.push_back(copy.getResult());
  }
  return guarded;
}

void holdMappedRecord(mlir::omp::MapInfoOp map) {
  if (!map.getMapperId() || !map.getMembers().empty() ||
      !llvm::isa<fir::RecordType>(fir::unwrapSequenceType(map.getVarType())))
    return;
  mlir::omp::MapInfoOp parent = parentOf(map);
  for (mlir::Operation *user : llvm::to_vector(map->getUsers())) {
    // A deferred construct's entries are copied into its task by index
    // (ompx-descriptor-copies): one more entry made it call a garbage
    // mapper (a crash). Its reference is left uncounted.
    if (!llvm::isa<mlir::omp::TargetOp, mlir::omp::TargetDataOp,
                   mlir::omp::TargetEnterDataOp, mlir::omp::TargetExitDataOp>(
            user) ||
        deferred(user))
      continue;
    mlir::OpBuilder b(map);
    ClauseMapFlags flags = map.getMapType();
    flags = flags & ~(ClauseMapFlags::to | ClauseMapFlags::from |
                      ClauseMapFlags::always);
    if (flags == ClauseMapFlags::none)
      flags = ClauseMapFlags::storage;
    auto hold = mlir::cast<mlir::omp::MapInfoOp>(b.clone(*map));
    hold.setMapType(flags);
    hold.removeMapperIdAttr();
    // The data of a descriptor (`var_ptr_ptr`): a map of that member is
    // translated as an attach, after its parent's, so a clone of it would
    // hold the reference after the mapper's entries were taken, and would
    // attach over them. The hold maps the data itself, by its address now,
    // ahead of the descriptor's map.
    if (map.getVarPtrPtr()) {
      mlir::Location loc = map.getLoc();
      mlir::Value box = fir::LoadOp::create(b, loc, map.getVarPtr());
      mlir::Value data = fir::BoxAddrOp::create(b, loc, box);
      hold->moveAfter(data.getDefiningOp());
      hold.getVarPtrMutable().assign(data);
      hold.getVarPtrPtrMutable().clear();
      hold.setVarType(fir::unwrapRefType(data.getType()));
      hold.getResult().setType(
          llvm::cast<mlir::omp::PointerLikeType>(data.getType()));
      if (hold.getBounds().empty())
        hold.getBoundsMutable().assign(nullableScalarBounds(b, loc, data));
      else
        hold.getBoundsMutable().assign(
            nullableArrayBounds(b, loc, data, hold.getBounds()));
      hold->moveBefore(map); // after its bounds
      if (parent && parent.getName())
        hold.setNameAttr(parent.getNameAttr());
    }
    auto iface = llvm::cast<mlir::omp::MapClauseOwningOpInterface>(user);
    mlir::MutableOperandRange vars = iface.getMapVarsMutable();
    llvm::SmallVector<mlir::Value> list(vars.getAsOperandRange());
    auto at = llvm::find(list, map.getResult());
    if (parent)
      if (auto p = llvm::find(list, parent.getResult()); p < at)
        at = p;
    size_t index = at - list.begin();
    list.insert(at, hold.getResult());
    vars.assign(list);
    if (auto target = llvm::dyn_cast<mlir::omp::TargetOp>(user)) {
      auto args = llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(user);
      target.getRegion().front().insertArgument(
          args.getMapBlockArgsStart() + index, hold.getResult().getType(),
          hold.getLoc());
    }
  }
}

/// `always` on a map through a mapper (a type with allocatable components):
/// LLVM 22's mapper moved the record and not its components' data
/// (`map(always, from: q)` left the host's `q%x` as it was, `always, to`
/// left the device's). Refused at the construct, naming the update that
/// works. True when refused.
bool refuseAlwaysThroughMapper(mlir::omp::MapInfoOp map) {
  if (!map.getMapperId() || !has(map.getMapType(), ClauseMapFlags::always) ||
      !llvm::isa<fir::RecordType>(fir::unwrapSequenceType(map.getVarType())))
    return false;
  std::string name = map.getName().value_or("").str();
  // The records of an allocatable or pointer array (or record): the data
  // member of its descriptor's map, unnamed (the message said "the map of
  // ''" and "update to(%v)").
  if (mlir::omp::MapInfoOp parent = parentOf(map);
      name.empty() && parent && parent.getName())
    name = parent.getName()->str();
  std::string item = name;
  if (llvm::isa<fir::SequenceType>(map.getVarType()) ||
      (map.getVarPtrPtr() && !map.getBounds().empty()))
    item = name.substr(0, name.find('(')) + "(i)";
  bool to = has(map.getMapType(), ClauseMapFlags::to),
       from = has(map.getMapType(), ClauseMapFlags::from);
  std::string updates;
  if (to)
    updates = "`!$omp target update to(" + item + "%v)` before";
  if (from)
    updates += std::string(to ? " and " : "") + "`!$omp target update from(" +
               item + "%v)` after";
  constructOf(map)->emitError()
      << "`always` on the map of '" << name
      << "', of a derived type with allocatable components, is refused: "
         "LLVM 22's mapper moves the record and not its components' data, "
         "which would stay stale; map it without `always` and move each "
         "allocated component v with "
      << (updates.empty() ? "`target update`s" : updates) << " the construct";
  return true;
}

/// A deferred (`nowait`) construct mapping the data of a descriptor (an
/// allocatable, pointer or assumed-shape array) through a mapper (its type
/// has allocatable components): LLVM 22 crashed running its task (a
/// garbage mapper called). Refused at the construct. True when refused.
bool refuseDeferredMapper(mlir::omp::MapInfoOp map) {
  if (!map.getMapperId() || !map.getVarPtrPtr())
    return false;
  mlir::omp::MapInfoOp parent = parentOf(map);
  for (mlir::Operation *user : (parent ? parent : map)->getUsers()) {
    if (!deferred(user))
      continue;
    std::string name = (parent ? parent : map).getName().value_or("").str();
    user->emitError()
        << "`nowait` on a construct that maps '" << name
        << "', an allocatable, pointer or assumed-shape array of a derived "
           "type with allocatable components, is refused: LLVM 22 crashes "
           "running it as a deferred task (its mapper); remove `nowait`";
    return true;
  }
  return false;
}

/// A map through a mapper (flang's default mapper of a type with
/// allocatable components) of `from` or `alloc` on a construct that may
/// make the device copy: LLVM 22's mapper gives each member the outer map
/// type's decay, so the descriptors' `always, to` became alloc and only
/// their base addresses reached the device; the kernel indexed with
/// garbage bounds (wrong values, or a crash). Copied in as well: a new
/// `from`/`alloc` copy's initial content is unspecified, so the host's is
/// one OpenMP allows, and what goes back is unchanged.
void copyInDescriptors(mlir::omp::MapInfoOp map) {
  if (!map.getMapperId() ||
      !llvm::isa<fir::RecordType>(fir::unwrapSequenceType(map.getVarType())))
    return;
  ClauseMapFlags flags = map.getMapType();
  if (has(flags, ClauseMapFlags::to) || has(flags, ClauseMapFlags::del) ||
      has(flags, ClauseMapFlags::always) ||
      !llvm::all_of(map->getUsers(), [](mlir::Operation *user) {
        // A descriptor's map (an allocatable or assumed-shape array of
        // records: this map is its data member) is no construct.
        return llvm::isa<mlir::omp::MapInfoOp, mlir::omp::TargetOp,
                         mlir::omp::TargetDataOp, mlir::omp::TargetEnterDataOp>(
            user);
      }))
    return;
  map.setMapType(flags | ClauseMapFlags::to);
}

/// flang's default mapper of a type without allocatable or pointer
/// components maps the record's bytes, as a plain map does: it is dropped.
/// With it, LLVM 22 crashed a `nowait` construct mapping an allocatable
/// array of such records, and such arrays got holds they do not need.
void dropTrivialDefaultMapper(mlir::omp::MapInfoOp map) {
  mlir::FlatSymbolRefAttr mapper = map.getMapperIdAttr();
  auto record = llvm::dyn_cast<fir::RecordType>(
      fir::unwrapSequenceType(map.getVarType()));
  if (!mapper || !record || ompx::passes::hasDescriptorComponents(record))
    return;
  // flang's own (every map in it implicit, each component tofrom), not a
  // `declare mapper` of the program, which may name the default too and
  // move components one way only.
  auto declared =
      mlir::SymbolTable::lookupNearestSymbolFrom<mlir::omp::DeclareMapperOp>(
          map, mapper);
  if (!declared)
    return;
  bool flangs = true;
  declared.walk([&](mlir::omp::MapInfoOp inner) {
    ClauseMapFlags flags = inner.getMapType();
    flangs &=
        has(flags, ClauseMapFlags::implicit) &&
        (!inner.getMembers().empty() ||
         (has(flags, ClauseMapFlags::to) && has(flags, ClauseMapFlags::from)));
  });
  if (flangs)
    map.removeMapperIdAttr();
}

/// The index paths of `map`'s members (`[0, 1, 0]`), in their order.
llvm::SmallVector<llvm::SmallVector<int64_t, 4>>
memberPaths(mlir::omp::MapInfoOp map) {
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>> out;
  mlir::ArrayAttr paths = map.getMembersIndexAttr();
  for (size_t i = 0, e = map.getMembers().size(); i < e; ++i) {
    llvm::SmallVector<int64_t, 4> path;
    if (paths && i < paths.size())
      if (auto indices = llvm::dyn_cast<mlir::ArrayAttr>(paths[i]))
        for (mlir::Attribute index : indices)
          if (auto n = llvm::dyn_cast<mlir::IntegerAttr>(index))
            path.push_back(n.getInt());
    out.push_back(std::move(path));
  }
  return out;
}

/// Whether the member at `i` of `paths` (memberPaths) leads to another.
bool prefixOfAnother(llvm::ArrayRef<llvm::SmallVector<int64_t, 4>> paths,
                     size_t i) {
  return llvm::any_of(paths, [&](const auto &other) {
    return other.size() > paths[i].size() &&
           llvm::equal(paths[i],
                       llvm::ArrayRef(other).take_front(paths[i].size()));
  });
}

/// Whether member map `m` is at most one record: no bounds (an allocatable
/// record's data, a component) or, in each dimension, one element (flang-22's
/// `ys(3)` on the path to `ys(3)%v`: lower and upper bound one value).
bool oneRecord(mlir::omp::MapInfoOp m) {
  return llvm::all_of(m.getBounds(), [](mlir::Value v) {
    auto bounds = v.getDefiningOp<mlir::omp::MapBoundsOp>();
    if (!bounds || !bounds.getLowerBound() || !bounds.getUpperBound())
      return false;
    std::optional<int64_t> lo = mlir::getConstantIntValue(
                               bounds.getLowerBound()),
                           hi = mlir::getConstantIntValue(
                               bounds.getUpperBound());
    return bounds.getLowerBound() == bounds.getUpperBound() ||
           (lo && hi && *lo == *hi);
  });
}

/// Whether `map`, an entry of a `target update` or a top-level map of a
/// construct, is the path to components of a record that LLVM 22 moves
/// whole (see the file's comment): a map of a descriptor of records (an
/// allocatable, pointer or assumed-shape array of them, an allocatable
/// record) with members below its records, or the map of one record of an
/// array of them (`var_type` the record, `var_ptr` the array: an
/// assumed-shape dummy's element) with members below it (`[0, 1]`). A
/// descriptor of records without members below its records (`update
/// from(ys(3))`, `from(ys)`) is the records themselves; so is the map of a
/// record or an array of records with members of its own components
/// (`update from(s, s%x)`, `from(qs, qs(3)%x)`, `from(zs(2), zs(2)%v)`:
/// flang-22 names the record, not partial, when the clause names it; a path
/// only it makes partial).
bool updatesThroughRecord(mlir::omp::MapInfoOp map) {
  if (map.getMembers().empty() || map.getMapperIdAttr())
    return false;
  auto below = [&](size_t depth) {
    return llvm::all_of(memberPaths(map),
                        [&](const auto &path) { return path.size() >= depth; });
  };
  mlir::Type stored = fir::unwrapRefType(map.getVarPtr().getType());
  if (auto box = llvm::dyn_cast<fir::BaseBoxType>(stored)) {
    auto paths = memberPaths(map);
    if (!llvm::isa<fir::RecordType>(fir::unwrapSequenceType(
            fir::unwrapPassByRefType(box.getEleTy()))) ||
        llvm::none_of(paths, [](const auto &path) { return path.size() >= 2; }))
      return false;
    // A path's records are single elements (`ys(3)` of `ys(3)%v`: bounds
    // whose lower and upper bound are one value). Records of more than one
    // element on it (`map(tofrom: ys, ys(3)%v)`, `update from(ys(2:3),
    // ys(3)%v)`) are named by the clause: they move, as LLVM 22 moves them.
    for (auto [i, member] : llvm::enumerate(map.getMembers()))
      if (auto m = member.getDefiningOp<mlir::omp::MapInfoOp>();
          m && prefixOfAnother(paths, i) && !oneRecord(m))
        return false;
    return true;
  }
  return !map.getPartialMap() && llvm::isa<fir::RecordType>(map.getVarType()) &&
         llvm::isa<fir::SequenceType>(stored) && below(2);
}

/// A `target update` of components of records (see the file's comment)
/// moves the ends of their paths alone.
void updateComponentsAlone(mlir::omp::TargetUpdateOp update) {
  llvm::SmallPtrSet<mlir::Value, 8> members;
  for (mlir::Value v : update.getMapVars())
    if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
      members.insert(m.getMembers().begin(), m.getMembers().end());
  llvm::SmallVector<mlir::Value> list;
  llvm::SmallPtrSet<mlir::Value, 8> dropped;
  llvm::SmallVector<mlir::omp::MapInfoOp> dead;
  for (mlir::Value v : update.getMapVars()) {
    auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
    if (!map || members.contains(v) || !updatesThroughRecord(map))
      continue;
    dead.push_back(map);
    dropped.insert(v);
    auto paths = memberPaths(map);
    auto memberAt = [&](llvm::ArrayRef<int64_t> path) {
      for (auto [member, p] : llvm::zip(map.getMembers(), paths))
        if (llvm::equal(p, path))
          return member.getDefiningOp<mlir::omp::MapInfoOp>();
      return mlir::omp::MapInfoOp();
    };
    for (auto [i, member] : llvm::enumerate(map.getMembers())) {
      dropped.insert(member);
      auto leaf = member.getDefiningOp<mlir::omp::MapInfoOp>();
      if (!leaf || prefixOfAnother(paths, i)) {
        if (leaf)
          dead.push_back(leaf);
        continue;
      }
      if (!leaf.getVarPtrPtr()) {
        list.push_back(member); // a component's own storage
        continue;
      }
      // The data of an allocatable or pointer component: by its address at
      // the update, with the member's bounds (relative to that address).
      dead.push_back(leaf);
      mlir::OpBuilder b(update);
      mlir::Location loc = leaf.getLoc();
      mlir::Value box = fir::LoadOp::create(b, loc, leaf.getVarPtr());
      mlir::Value data = fir::BoxAddrOp::create(b, loc, box);
      auto plain = mlir::cast<mlir::omp::MapInfoOp>(b.clone(*leaf));
      plain.getVarPtrMutable().assign(data);
      plain.getVarPtrPtrMutable().clear();
      plain.setVarType(fir::unwrapRefType(data.getType()));
      plain.getResult().setType(
          llvm::cast<mlir::omp::PointerLikeType>(data.getType()));
      // Named as the clause names it (the descriptor's map, one up).
      if (mlir::omp::MapInfoOp descriptor =
              memberAt(llvm::ArrayRef(paths[i]).drop_back());
          descriptor && descriptor.getName())
        plain.setNameAttr(descriptor.getNameAttr());
      else if (map.getName())
        plain.setNameAttr(map.getNameAttr());
      list.push_back(plain.getResult());
    }
  }
  if (dropped.empty())
    return;
  // The other entries, in their order, after the ends.
  for (mlir::Value v : update.getMapVars())
    if (!dropped.contains(v))
      list.push_back(v);
  update.getMapVarsMutable().assign(list);
  for (mlir::omp::MapInfoOp map : dead)
    if (map->use_empty())
      map->erase();
}

/// On a construct that counts references (target, target data, enter and
/// exit data), the path to a component of a record behind a descriptor
/// (`map(always, from: ys(3)%v)`, `exit data map(from: qa(3)%x)`) keeps
/// its reference, the records' as OpenMP counts a component's, and moves
/// nothing: flang-22 gives the record ys(3) the clause's motion, and LLVM
/// 22 moved it whole, `always` each time, `from` when the count ended (the
/// host's ys(3)%x overwritten by the device's, or by a device copy never
/// written when ys was not present before; `exit data map(from: ys(3)%v)`
/// after `enter data map(to: ys)` brought back all of ys(3)). The records'
/// maps on the path (and the element's map of an assumed-shape dummy, the
/// parent) lose `from` and `always`; a `to` stays (a new copy of the record
/// starts as the host's).
void pathMovesNothing(mlir::Operation *construct) {
  auto iface = llvm::cast<mlir::omp::MapClauseOwningOpInterface>(construct);
  llvm::SmallVector<mlir::Value> vars(
      iface.getMapVarsMutable().getAsOperandRange());
  llvm::SmallPtrSet<mlir::Value, 8> members;
  for (mlir::Value v : vars)
    if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
      members.insert(m.getMembers().begin(), m.getMembers().end());
  auto still = [](mlir::omp::MapInfoOp m) {
    ClauseMapFlags flags =
        m.getMapType() & ~(ClauseMapFlags::from | ClauseMapFlags::always);
    if (flags == ClauseMapFlags::none)
      flags = ClauseMapFlags::storage;
    m.setMapType(flags);
  };
  for (mlir::Value v : vars) {
    auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
    if (!map || members.contains(v) || !updatesThroughRecord(map))
      continue;
    if (!llvm::isa<fir::BaseBoxType>(
            fir::unwrapRefType(map.getVarPtr().getType()))) {
      still(map); // the record itself, an assumed-shape dummy's element
      continue;
    }
    auto paths = memberPaths(map);
    for (auto [i, member] : llvm::enumerate(map.getMembers()))
      if (auto m = member.getDefiningOp<mlir::omp::MapInfoOp>();
          m && prefixOfAnother(paths, i) &&
          llvm::isa<fir::RecordType>(fir::unwrapSequenceType(m.getVarType())))
        still(m);
  }
}

/// Whether a default mapper made here can deep-copy `record`: each
/// component is an allocatable array (of an intrinsic type, or of a record
/// without allocatable or pointer components) or no descriptor at all (nor
/// a record holding one). Pointer components, allocatable scalars and
/// deferred-length characters, and nested deep copies are left to flang.
bool mapperCanCopy(fir::RecordType record) {
  for (auto [name, component] : record.getTypeList()) {
    mlir::Type t = fir::unwrapSequenceType(component);
    if (auto box = llvm::dyn_cast<fir::BoxType>(t)) {
      auto heap = llvm::dyn_cast<fir::HeapType>(box.getEleTy());
      auto seq = heap ? llvm::dyn_cast<fir::SequenceType>(heap.getEleTy())
                      : fir::SequenceType();
      if (!seq || llvm::isa<fir::SequenceType>(component) ||
          ompx::passes::hasDescriptorComponents(seq.getEleTy()) ||
          (fir::isa_char(seq.getEleTy()) &&
           fir::hasDynamicSize(seq.getEleTy())))
        return false;
      continue;
    }
    if (llvm::isa<fir::BaseBoxType>(t) ||
        ompx::passes::hasDescriptorComponents(t))
      return false;
  }
  return true;
}

/// flang's default mapper of `record` in `module` (flang-22 makes one where
/// the unit maps the type explicitly), else one made here as flang-22
/// makes it: each component tofrom, an allocatable one as its descriptor
/// (`always, to`) and its data (by the descriptor's base address, over its
/// extents), the record's own map partial around them.
mlir::FlatSymbolRefAttr defaultMapper(mlir::ModuleOp module,
                                      fir::RecordType record,
                                      mlir::Location loc) {
  mlir::MLIRContext *ctx = module.getContext();
  for (auto mapper : module.getOps<mlir::omp::DeclareMapperOp>())
    if (mapper.getType() == record &&
        mapper.getSymName().ends_with("_omp_default_mapper"))
      return mlir::FlatSymbolRefAttr::get(ctx, mapper.getSymName());
  std::string name = record.getName().str() + "_ompx_default_mapper";
  if (module.lookupSymbol(name))
    return mlir::FlatSymbolRefAttr::get(ctx, name);

  mlir::OpBuilder b(ctx);
  b.setInsertionPointToStart(module.getBody());
  auto mapper = mlir::omp::DeclareMapperOp::create(b, loc, name, record);
  mlir::Block *block = b.createBlock(&mapper.getRegion());
  mlir::Value arg = block->addArgument(fir::ReferenceType::get(record), loc);
  b.setInsertionPointToStart(block);
  auto flags = [&](ClauseMapFlags f) {
    return mlir::omp::ClauseMapFlagsAttr::get(ctx, f);
  };
  auto byRef = mlir::omp::VariableCaptureKindAttr::get(
      ctx, mlir::omp::VariableCaptureKind::ByRef);
  mlir::StringAttr noName = b.getStringAttr("");
  mlir::Type index = b.getIndexType();
  llvm::SmallVector<mlir::Value> members;
  llvm::SmallVector<mlir::Attribute> paths;
  for (auto [i, component] : llvm::enumerate(record.getTypeList())) {
    mlir::Type type = component.second;
    mlir::Value ref = fir::CoordinateOp::create(
        b, loc, fir::ReferenceType::get(type), arg,
        llvm::ArrayRef<fir::IntOrValue>{
            b.getI32IntegerAttr(static_cast<int32_t>(i))});
    auto box = llvm::dyn_cast<fir::BoxType>(type);
    if (!box) {
      members.push_back(mlir::omp::MapInfoOp::create(
          b, loc, ref.getType(), ref, mlir::TypeAttr::get(type),
          flags(ClauseMapFlags::implicit | ClauseMapFlags::to |
                ClauseMapFlags::from),
          byRef, mlir::Value(), mlir::ValueRange(), mlir::ArrayAttr(),
          mlir::ValueRange(), mlir::FlatSymbolRefAttr(), noName));
      paths.push_back(b.getI64ArrayAttr({static_cast<int64_t>(i)}));
      continue;
    }
    auto seq = llvm::cast<fir::SequenceType>(
        llvm::cast<fir::HeapType>(box.getEleTy()).getEleTy());
    mlir::Value loaded = fir::LoadOp::create(b, loc, ref);
    mlir::Value zero = mlir::arith::ConstantIndexOp::create(b, loc, 0);
    mlir::Value one = mlir::arith::ConstantIndexOp::create(b, loc, 1);
    llvm::SmallVector<mlir::Value> bounds;
    for (unsigned d = 0; d < seq.getDimension(); ++d) {
      mlir::Value dim = mlir::arith::ConstantIndexOp::create(b, loc, d);
      auto dims =
          fir::BoxDimsOp::create(b, loc, index, index, index, loaded, dim);
      mlir::Value upper =
          mlir::arith::SubIOp::create(b, loc, dims.getExtent(), one);
      bounds.push_back(mlir::omp::MapBoundsOp::create(
          b, loc, b.getType<mlir::omp::MapBoundsType>(), zero, upper,
          dims.getExtent(), dims.getByteStride(), /*stride_in_bytes=*/true,
          dims.getLowerBound()));
    }
    mlir::Value base =
        fir::BoxOffsetOp::create(b, loc, ref, fir::BoxFieldAttr::base_addr);
    mlir::Value data = mlir::omp::MapInfoOp::create(
        b, loc, base.getType(), ref, mlir::TypeAttr::get(seq.getEleTy()),
        flags(ClauseMapFlags::implicit | ClauseMapFlags::to |
              ClauseMapFlags::from),
        byRef, base, mlir::ValueRange(), mlir::ArrayAttr(), bounds,
        mlir::FlatSymbolRefAttr(), noName);
    mlir::Value descriptor = mlir::omp::MapInfoOp::create(
        b, loc, ref.getType(), ref, mlir::TypeAttr::get(type),
        flags(ClauseMapFlags::always | ClauseMapFlags::implicit |
              ClauseMapFlags::to),
        byRef, mlir::Value(), mlir::ValueRange(), mlir::ArrayAttr(),
        mlir::ValueRange(), mlir::FlatSymbolRefAttr(), noName);
    members.push_back(descriptor);
    paths.push_back(b.getI64ArrayAttr({static_cast<int64_t>(i)}));
    members.push_back(data);
    paths.push_back(b.getI64ArrayAttr({static_cast<int64_t>(i), 0}));
  }
  mlir::Value parent = mlir::omp::MapInfoOp::create(
      b, loc, arg.getType(), arg, mlir::TypeAttr::get(record),
      flags(ClauseMapFlags::implicit), byRef, mlir::Value(), members,
      b.getArrayAttr(paths), mlir::ValueRange(), mlir::FlatSymbolRefAttr(),
      noName, b.getBoolAttr(true));
  llvm::SmallVector<mlir::Value> entries{parent};
  entries.append(members);
  mlir::omp::DeclareMapperInfoOp::create(b, loc, entries);
  return mlir::FlatSymbolRefAttr::get(ctx, name);
}

/// A target construct's implicit map of a fixed-size array of records with
/// allocatable components, without a mapper: flang-22's, which copies the
/// descriptors as bytes. It gets the type's default mapper and tofrom.
void mapRecordArrayThroughMapper(mlir::omp::MapInfoOp map) {
  auto seq = llvm::dyn_cast<fir::SequenceType>(map.getVarType());
  auto record =
      seq ? llvm::dyn_cast<fir::RecordType>(seq.getEleTy()) : fir::RecordType();
  if (!record || map.getMapperId() || !map.getMembers().empty() ||
      map.getVarPtrPtr() || !has(map.getMapType(), ClauseMapFlags::implicit) ||
      !ompx::passes::hasDescriptorComponents(record) ||
      !mapperCanCopy(record) ||
      map->getParentOfType<mlir::omp::DeclareMapperOp>() ||
      !llvm::all_of(map->getUsers(), [](mlir::Operation *user) {
        return llvm::isa<mlir::omp::TargetOp>(user);
      }))
    return;
  auto module = map->getParentOfType<mlir::ModuleOp>();
  map.setMapperIdAttr(defaultMapper(module, record, map.getLoc()));
  map.setMapType(map.getMapType() | ClauseMapFlags::to | ClauseMapFlags::from);
}

struct RecordMapsPass : ompx::passes::impl::RecordMapsPassBase<RecordMapsPass> {

  void runOnOperation() final {
    getOperation()->walk([](mlir::omp::TargetUpdateOp update) {
      updateComponentsAlone(update);
    });
    getOperation()->walk([](mlir::Operation *op) {
      if (llvm::isa<mlir::omp::TargetOp, mlir::omp::TargetDataOp,
                    mlir::omp::TargetEnterDataOp, mlir::omp::TargetExitDataOp>(
              op))
        pathMovesNothing(op);
    });
    bool usm = requiresUnifiedSharedMemory(getOperation());
    bool failed = false;
    getOperation()->walk([&](mlir::omp::MapInfoOp map) {
      if (map.getMembers().empty())
        return;
      if (usm && closeMembersOfRecord(map)) {
        refuseUnderUsm(map);
        failed = true;
      } else if (nestedComponentMappedTwice(map)) {
        refuseNestedComponent(map);
        failed = true;
      } else if (map.getPartialMap() &&
                 (has(map.getMapType(), ClauseMapFlags::implicit) ||
                  partialParentTooSmall(map))) {
        map.setPartialMap(false);
        // The clause's `present` names its components, not the record
        // flang made this parent for: the whole record kept it, and its
        // piece after a last component (0 bytes) was never found present
        // ("device mapping required by 'present' ... does not exist").
        // The record is referenced in the construct beyond the clause's
        // components: mapped tofrom as a whole (the file's comment). With
        // only the clause's `from` (`map(from: f%n)`, f%w read), the device's
        // uninitialized f%w came back over the host's.
        map.setMapType((map.getMapType() & ~ClauseMapFlags::present) |
                       ClauseMapFlags::to | ClauseMapFlags::from);
      }
    });
    if (failed)
      return signalPassFailure();
    llvm::SmallVector<mlir::omp::MapInfoOp> recordArrays;
    getOperation()->walk(
        [&](mlir::omp::MapInfoOp map) { recordArrays.push_back(map); });
    for (mlir::omp::MapInfoOp map : recordArrays)
      mapRecordArrayThroughMapper(map);
    llvm::SmallVector<mlir::omp::MapInfoOp> throughMappers;
    getOperation()->walk([&](mlir::omp::MapInfoOp map) {
      dropTrivialDefaultMapper(map);
      if (map.getMapperId())
        throughMappers.push_back(map);
    });
    for (mlir::omp::MapInfoOp map : throughMappers)
      failed |= refuseAlwaysThroughMapper(map) || refuseDeferredMapper(map);
    if (failed)
      return signalPassFailure();
    for (mlir::omp::MapInfoOp map : throughMappers) {
      copyInDescriptors(map);
      holdMappedRecord(map);
    }
  }
};
} // namespace
