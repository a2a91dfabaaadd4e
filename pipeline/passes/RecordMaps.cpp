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
// Under `requires unified_shared_memory` flang-22 maps those descriptors
// `close` (a device copy) while the record itself stays shared, and the
// program computes wrong results and corrupts the host's heap (seen on
// host-offload): refused at the map, with what to do.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRType.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"

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

/// The refusal, at the construct that uses `map`: an implicit map has the
/// location of whatever flang lowered last.
void refuseUnderUsm(mlir::omp::MapInfoOp map) {
  mlir::Operation *at = map;
  for (mlir::Operation *user : map->getUsers())
    if (!llvm::isa<mlir::omp::MapInfoOp>(user))
      at = user;
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

struct RecordMapsPass : ompx::passes::impl::RecordMapsPassBase<RecordMapsPass> {

  void runOnOperation() final {
    bool usm = requiresUnifiedSharedMemory(getOperation());
    bool failed = false;
    getOperation()->walk([&](mlir::omp::MapInfoOp map) {
      if (map.getMembers().empty())
        return;
      if (usm && closeMembersOfRecord(map)) {
        refuseUnderUsm(map);
        failed = true;
      } else if (map.getPartialMap() &&
                 has(map.getMapType(), ClauseMapFlags::implicit)) {
        map.setPartialMap(false);
      }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
