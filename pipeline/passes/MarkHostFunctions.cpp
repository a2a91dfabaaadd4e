//===- MarkHostFunctions.cpp - declare_target(host) for llvm.func ---------===//
//
// flang's omp-function-filtering keeps only what a device module needs, but
// it works on func.func. For llvm.func the same is done by marking host-only
// definitions declare_target(host), which the OpenMP translation drops from
// device modules after outlining their target regions.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace {
struct MarkHostFunctionsPass
    : mlir::PassWrapper<MarkHostFunctionsPass,
                        mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MarkHostFunctionsPass)

  llvm::StringRef getArgument() const final {
    return "ompx-mark-host-functions";
  }
  llvm::StringRef getDescription() const final {
    return "Mark llvm.func definitions that are not declare target as "
           "declare_target(host), so a device translation drops them";
  }

  void runOnOperation() final {
    getOperation()->walk([](mlir::LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      auto dt = llvm::dyn_cast<mlir::omp::DeclareTargetInterface>(
          func.getOperation());
      if (dt && !dt.isDeclareTarget())
        dt.setDeclareTarget(mlir::omp::DeclareTargetDeviceType::host,
                            mlir::omp::DeclareTargetCaptureClause::to,
                            /*automap=*/false);
    });
  }
};
} // namespace

std::unique_ptr<mlir::Pass> ompx::passes::createMarkHostFunctionsPass() {
  return std::make_unique<MarkHostFunctionsPass>();
}
