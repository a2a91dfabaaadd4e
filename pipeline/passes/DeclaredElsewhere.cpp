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
// and maps a link one tofrom (Passes.td).
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
constexpr llvm::StringLiteral kElsewhere = "ompx.declare_target_elsewhere";

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
      if (!global || !global->hasAttr(kElsewhere))
        return;
      info.setMapCaptureType(mlir::omp::VariableCaptureKind::ByRef);
      // A `link` variable is mapped tofrom where a region names it.
      auto kind = global->getAttrOfType<mlir::StringAttr>(kElsewhere);
      if (kind && kind.getValue() == "link")
        info.setMapType(info.getMapType() | mlir::omp::ClauseMapFlags::to |
                        mlir::omp::ClauseMapFlags::from);
    });
    module.walk([](fir::GlobalOp global) { global->removeAttr(kElsewhere); });
  }
};
} // namespace
