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
// A declare target (`to`/`enter`) variable is treated as if it appeared in
// a map clause with a map-type of tofrom as well. In the unit declaring an
// allocatable or pointer one, flang-22 maps its data (the descriptor map's
// member) `implicit` with neither `to` nor `from`: without `enter data`
// the region read uninitialized device data (NaN for 1..8) and its writes
// never came back, while a region of another unit, where ompx-flang's
// record makes the variable an ordinary one (ompx-declared-elsewhere), got
// flang's `implicit, tofrom` and the right values. That data map gets
// `to`/`from` too: once `enter data` mapped the data it is present and
// moves no more than it did.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/Passes.h"

#include "dialects/ir/ClauseModelBuilder.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_IMPLICITMAPRULESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// Whether `map` is flang-22's implicit map of the data of an allocatable
/// or pointer declared target (`to`/`enter`, not `device_type(nohost)`) in
/// this unit: a descriptor's data member (`var_ptr_ptr`), `implicit` with
/// no transfer. (A `link` one flang maps tofrom itself; one of another
/// unit is no declare target global here.)
bool declareTargetDataWithoutTransfers(omp::MapInfoOp map,
                                       SymbolTable &symbols) {
  using Flags = omp::ClauseMapFlags;
  if (!map.getVarPtrPtr() || !map.getMembers().empty())
    return false;
  Flags flags = map.getMapType();
  if (!omp::bitEnumContainsAll(flags, Flags::implicit) ||
      omp::bitEnumContainsAny(flags, Flags::to | Flags::from | Flags::del))
    return false;
  Operation *global =
      symbols.lookup(ompx::passes::globalSymbolOf(map.getVarPtr()));
  auto target =
      global
          ? global->getAttrOfType<omp::DeclareTargetAttr>("omp.declare_target")
          : omp::DeclareTargetAttr();
  if (!target || !target.getCaptureClause() || !target.getDeviceType())
    return false;
  omp::DeclareTargetCaptureClause clause = target.getCaptureClause().getValue();
  return (clause == omp::DeclareTargetCaptureClause::to ||
          clause == omp::DeclareTargetCaptureClause::enter) &&
         target.getDeviceType().getValue() !=
             omp::DeclareTargetDeviceType::nohost;
}

struct ImplicitMapRulesPass
    : ompx::passes::impl::ImplicitMapRulesPassBase<ImplicitMapRulesPass> {
  void runOnOperation() final {
    SymbolTable symbols(getOperation());
    getOperation()->walk([&](omp::TargetOp target) {
      for (Value v : target.getMapVars()) {
        auto map = v.getDefiningOp<omp::MapInfoOp>();
        if (map && declareTargetDataWithoutTransfers(map, symbols)) {
          map.setMapType(map.getMapType() | omp::ClauseMapFlags::to |
                         omp::ClauseMapFlags::from);
          continue;
        }
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
