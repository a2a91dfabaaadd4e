//===- DropHostFunctions.cpp - host-only func.func out of a device copy ---===//
//
// flang's omp-function-filtering deletes, from a device module, every
// func.func that is neither declare target nor holds a target region, after
// erasing each of its uses; it finds those uses with one scan of the whole
// module per function, which is quadratic: 4.2 s of the 4.8 s flang
// pipeline on the device copy of a 50k-line HLFIR file. This pass, run just
// before it, deletes in one scan the ones it would delete whose uses all lie
// in functions it deletes too (what it would do to such a use does not
// survive), so the filter has only the rest left to do, on a smaller module.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace {
struct DropHostFunctionsPass
    : mlir::PassWrapper<DropHostFunctionsPass,
                        mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropHostFunctionsPass)

  llvm::StringRef getArgument() const final {
    return "ompx-drop-host-functions";
  }
  llvm::StringRef getDescription() const final {
    return "In a device module, delete the func.func that flang's "
           "omp-function-filtering deletes (host device type, no target "
           "region) and that only such functions use";
  }

  /// Whether omp-function-filtering deletes `func` from a device module.
  static bool filtered(mlir::func::FuncOp func) {
    auto dt =
        llvm::dyn_cast<mlir::omp::DeclareTargetInterface>(func.getOperation());
    if (dt && dt.isDeclareTarget() &&
        dt.getDeclareTargetDeviceType() !=
            mlir::omp::DeclareTargetDeviceType::host)
      return false;
    return !func.walk([](mlir::omp::TargetOp) {
                  return mlir::WalkResult::interrupt();
                })
                .wasInterrupted();
  }

  void runOnOperation() final {
    mlir::ModuleOp module = getOperation();
    auto offload = llvm::dyn_cast<mlir::omp::OffloadModuleInterface>(
        module.getOperation());
    if (!offload || !offload.getIsTargetDevice())
      return;
    llvm::DenseMap<mlir::StringAttr, mlir::Operation *> candidates;
    for (auto func : module.getOps<mlir::func::FuncOp>())
      if (filtered(func))
        candidates[func.getSymNameAttr()] = func;
    if (candidates.empty())
      return;
    // The filter's scope: uses in the module, not inside nested symbol
    // tables. Unknown scopes: leave everything to the filter.
    std::optional<mlir::SymbolTable::UseRange> uses =
        mlir::SymbolTable::getSymbolUses(&module.getBodyRegion());
    if (!uses)
      return;
    llvm::DenseSet<mlir::StringAttr> keep;
    for (const mlir::SymbolTable::SymbolUse &use : *uses) {
      mlir::Operation *top = use.getUser();
      while (top->getParentOp() != module)
        top = top->getParentOp();
      auto func = llvm::dyn_cast<mlir::func::FuncOp>(top);
      if (!func || !candidates.count(func.getSymNameAttr()))
        keep.insert(use.getSymbolRef().getRootReference());
    }
    for (auto &[name, op] : candidates)
      if (!keep.count(name))
        op->erase();
  }
};
} // namespace

std::unique_ptr<mlir::Pass> ompx::passes::createDropHostFunctionsPass() {
  return std::make_unique<DropHostFunctionsPass>();
}
