//===- MapperPointerComponents.cpp - no targets of POINTER components -----===//
//
// flang-22 gives a derived type with allocatable components a predefined
// default mapper (`..._omp_default_mapper`, every map of it implicit),
// which every map of the type uses: a target region's implicit map, an
// explicit one, `target enter/exit data`. That mapper maps the target of
// each POINTER component too, as it does an allocatable component's data.
// OpenMP 5.2 makes such a component attach-ineligible: the map applies to
// the pointer, not to its target. The extra map is another program:
// `enter data map(to: r)` then `enter data map(to: r%p)`, a region writing
// through `r%p` and `exit data map(from: r%p)` left the target with the
// first map's reference, so `from` copied nothing back (the host kept its
// old values, silently; flang-22 the same). Upstream flang stopped mapping
// the target after LLVM 22 (llvm-project#197885).
//
// In such a mapper the component's target map is dropped, and its
// descriptor is mapped with the record (`to` when the record is new, no
// longer `always`, which would put the host's address back over a target
// attached to the device's record since).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRType.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_MAPPERPOINTERCOMPONENTSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
using mlir::omp::ClauseMapFlags;

/// Whether `map` is of a POINTER's descriptor (`!fir.ref<!fir.box<!fir.ptr
/// <T>>>`): with a var_ptr_ptr, of its target.
bool ofPointer(mlir::omp::MapInfoOp map) {
  auto ref = mlir::dyn_cast<fir::ReferenceType>(map.getVarPtr().getType());
  auto box = ref ? mlir::dyn_cast<fir::BaseBoxType>(ref.getEleTy()) : nullptr;
  return box && mlir::isa<fir::PointerType>(box.getEleTy());
}

/// `parent` without its member `member` (and that member's index path).
void dropMember(mlir::omp::MapInfoOp parent, mlir::Value member) {
  llvm::SmallVector<mlir::Value> members;
  llvm::SmallVector<mlir::Attribute> paths;
  mlir::ArrayAttr index = parent.getMembersIndexAttr();
  for (auto [i, m] : llvm::enumerate(parent.getMembers())) {
    if (m == member)
      continue;
    members.push_back(m);
    if (index && i < index.size())
      paths.push_back(index[i]);
  }
  parent.getMembersMutable().assign(members);
  if (index)
    parent.setMembersIndexAttr(
        mlir::ArrayAttr::get(parent.getContext(), paths));
}

/// Rewrites `mapper` if it is flang's predefined one.
void rewrite(mlir::omp::DeclareMapperOp mapper) {
  if (mapper.getRegion().empty() ||
      !llvm::isa<mlir::omp::DeclareMapperInfoOp>(
          mapper.getRegion().front().getTerminator()))
    return;
  mlir::omp::DeclareMapperInfoOp info = mapper.getDeclareMapperInfo();
  llvm::SmallVector<mlir::omp::MapInfoOp> entries, targets;
  for (mlir::Value v : info.getMapVars()) {
    auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
    if (!map)
      return;
    entries.push_back(map);
    if (map.getVarPtrPtr() && ofPointer(map))
      targets.push_back(map);
  }
  // The user's `declare mapper(default: ...)` has the same name; only
  // flang's own has nothing but implicit maps.
  if (targets.empty() || llvm::any_of(entries, [](mlir::omp::MapInfoOp m) {
        return !mlir::omp::bitEnumContainsAny(m.getMapType(),
                                              ClauseMapFlags::implicit);
      }))
    return;
  for (mlir::omp::MapInfoOp target : targets)
    for (mlir::omp::MapInfoOp m : entries) {
      if (llvm::is_contained(targets, m))
        continue;
      if (llvm::is_contained(m.getMembers(), target.getResult()))
        dropMember(m, target.getResult());
      // The descriptor: copied with the record, not over an attached one.
      if (!m.getVarPtrPtr() && m.getVarPtr() == target.getVarPtr())
        m.setMapType(m.getMapType() & ~ClauseMapFlags::always);
    }
  llvm::SmallVector<mlir::Value> vars;
  for (mlir::omp::MapInfoOp m : entries)
    if (!llvm::is_contained(targets, m))
      vars.push_back(m.getResult());
  info.getMapVarsMutable().assign(vars);
  for (mlir::omp::MapInfoOp target : targets)
    if (target->use_empty())
      target.erase();
}

struct MapperPointerComponentsPass
    : ompx::passes::impl::MapperPointerComponentsPassBase<
          MapperPointerComponentsPass> {
  void runOnOperation() override {
    getOperation()->walk(
        [](mlir::omp::DeclareMapperOp mapper) { rewrite(mapper); });
  }
};
} // namespace
