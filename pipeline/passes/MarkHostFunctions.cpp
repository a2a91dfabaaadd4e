//===- MarkHostFunctions.cpp - declare_target(host) for llvm.func ---------===//
//
// flang's omp-function-filtering keeps only what a device module needs, but
// it works on func.func. For llvm.func the same is done here: a host-only
// definition with a target region is marked declare_target(host), which the
// OpenMP translation drops from device modules after outlining the region;
// one without becomes a declaration. (LLVM 22's translation frees a dropped
// function while calls to it may still be translated: `main` calling
// `_QQmain` read freed memory and crashed now and then.)
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_MARKHOSTFUNCTIONSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
struct MarkHostFunctionsPass
    : ompx::passes::impl::MarkHostFunctionsPassBase<MarkHostFunctionsPass> {

  void runOnOperation() final {
    getOperation()->walk([](mlir::LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      auto dt = llvm::dyn_cast<mlir::omp::DeclareTargetInterface>(
          func.getOperation());
      if (!dt || dt.isDeclareTarget())
        return;
      bool hasTarget = func.walk([](mlir::omp::TargetOp) {
                             return mlir::WalkResult::interrupt();
                           }).wasInterrupted();
      if (hasTarget) {
        dt.setDeclareTarget(mlir::omp::DeclareTargetDeviceType::host,
                            mlir::omp::DeclareTargetCaptureClause::to,
                            /*automap=*/false);
        return;
      }
      func.getBody().dropAllReferences();
      func.getBody().getBlocks().clear();
      // What a declaration may not have: local linkage, a comdat.
      func.setLinkage(mlir::LLVM::Linkage::External);
      func.removeComdatAttr();
    });
  }
};
} // namespace
