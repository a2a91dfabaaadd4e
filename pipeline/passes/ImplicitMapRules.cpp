//===- ImplicitMapRules.cpp - OpenMP's implicit maps flang-22 copies ------===//
//
// OpenMP's implicit data-mapping rules make a variable a target region
// uses without a clause firstprivate only when it is a scalar variable
// without the TARGET, ALLOCATABLE or POINTER attribute; Fortran's "scalar
// variable" excludes character type. flang-22 captures a TARGET scalar and
// a character variable by copy too, so the region's write never came back
// (`integer, target :: t; t = 1; !$omp target; t = 11` printed 1 on every
// device and, through ompx's host firstprivate copy, on the host; plain
// flang-22's host build printed 11). Each such capture becomes the map
// OpenMP describes, `implicit, tofrom` by reference, before the host and
// device copies are made, so both agree on the kernel's arguments.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "dialects/ir/ClauseModelBuilder.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_IMPLICITMAPRULESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
struct ImplicitMapRulesPass
    : ompx::passes::impl::ImplicitMapRulesPassBase<ImplicitMapRulesPass> {
  void runOnOperation() final {
    getOperation()->walk([&](omp::TargetOp target) {
      for (Value v : target.getMapVars()) {
        auto map = v.getDefiningOp<omp::MapInfoOp>();
        if (!map || !ompx::implicitCaptureMapsTofrom(map))
          continue;
        map.setMapType(map.getMapType() | omp::ClauseMapFlags::to |
                       omp::ClauseMapFlags::from);
        map.setMapCaptureType(omp::VariableCaptureKind::ByRef);
      }
    });
  }
};
} // namespace
