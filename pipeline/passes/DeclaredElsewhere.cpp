//===- DeclaredElsewhere.cpp - declare target variables of other units ---===//
//
// flang-22's .mod files do not record `!$omp declare target`: in a unit
// that uses the module, its variable is an ordinary global, and a target
// region that names a scalar of it without a map clause captures a copy of
// the host's value (implicit firstprivate). Its writes were lost and its
// reads saw the host's value, not the device's (test/driver/
// declare-target-use.test). ompx-flang marks such globals
// (`ompx.declare_target_elsewhere`, `= "link"` for a link one, from the
// defining unit's record: DeclareRecords.h); this pass captures them by
// reference, as flang does for a declare target variable it can see, so
// the region uses the device's variable, which the runtime finds present,
// and maps a link one tofrom (Passes.td). A scalar member of a common block
// declared target in the unit itself is captured by copy by flang-22 as
// well (it sees a member, not the declared global): the same.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_DECLAREDELSEWHEREPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
using ompx::passes::kDeclaredElsewhereAttr;

/// `global`'s declare target attribute, if it has one.
mlir::omp::DeclareTargetAttr declareTargetOf(mlir::Operation *global) {
  if (!global)
    return {};
  return global->getAttrOfType<mlir::omp::DeclareTargetAttr>(
      "omp.declare_target");
}

struct DeclaredElsewherePass
    : ompx::passes::impl::DeclaredElsewherePassBase<DeclaredElsewherePass> {
  void runOnOperation() final {
    mlir::ModuleOp module = getOperation();
    mlir::SymbolTable symbols(module);
    module.walk([&](mlir::omp::MapInfoOp info) {
      if (info.getMapCaptureType() != mlir::omp::VariableCaptureKind::ByCopy ||
          !mlir::omp::bitEnumContainsAny(info.getMapType(),
                                         mlir::omp::ClauseMapFlags::implicit))
        return;
      mlir::Operation *global =
          symbols.lookup(ompx::passes::globalSymbolOf(info.getVarPtr()));
      bool link = false;
      if (global && global->hasAttr(kDeclaredElsewhereAttr)) {
        auto kind =
            global->getAttrOfType<mlir::StringAttr>(kDeclaredElsewhereAttr);
        link = kind && kind.getValue() == "link";
      } else if (auto here = declareTargetOf(symbols.lookup(
                     ompx::passes::storageGlobalOf(info.getVarPtr())))) {
        // A scalar member of a common block declared target in this unit:
        // flang-22 captured it by copy, as any local scalar, and the
        // region's writes were lost.
        link = here.getCaptureClause().getValue() ==
               mlir::omp::DeclareTargetCaptureClause::link;
      } else {
        return;
      }
      info.setMapCaptureType(mlir::omp::VariableCaptureKind::ByRef);
      // A `link` variable is mapped tofrom where a region names it.
      if (link)
        info.setMapType(info.getMapType() | mlir::omp::ClauseMapFlags::to |
                        mlir::omp::ClauseMapFlags::from);
    });
  }
};
} // namespace
