//===- AccScfToCf.cpp - The acc passes' scf ops to blocks -----------------===//
//
// Both acc passes leave scf ops (acc loops become scf.for, unstructured
// code scf.execute_region), which must become blocks before Flang's
// pipeline lowers fir.do_loop inside them (an scf.for with blocks is
// invalid). But an scf op inside a fir.if or fir.do_loop (a construct in
// a Fortran IF or DO) cannot become blocks there either: those keep one
// block ("'fir.if' op expects region #0 to have 0 or 1 blocks"). So the
// FIR structured ops around scf ops become blocks too, with Flang's own
// CFG rewrites, in the same conversion; FIR ops elsewhere stay.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Transforms/Passes.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace ompx::passes {
#define GEN_PASS_DEF_ACCSCFTOCFPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
bool isFirStructured(Operation *op) {
  return isa<fir::IfOp, fir::DoLoopOp, fir::IterWhileOp>(op);
}

/// Ops whose regions may hold blocks: an scf op inside them needs nothing
/// around it lowered (an scf op around it becomes blocks itself).
bool holdsBlocks(Operation *op) {
  return isa<FunctionOpInterface, ModuleOp>(op) ||
         isa_and_nonnull<scf::SCFDialect, omp::OpenMPDialect>(op->getDialect());
}

struct AccScfToCfPass : ompx::passes::impl::AccScfToCfPassBase<AccScfToCfPass> {
  using Base::Base;

  void runOnOperation() final {
    ModuleOp module = getOperation();
    // The FIR structured ops an scf op lies in, up to the first region that
    // may hold blocks (its blocks go there).
    llvm::SmallPtrSet<Operation *, 16> around;
    bool refused = false;
    module.walk(
        [&](Operation *op) {
          if (!isa_and_nonnull<scf::SCFDialect>(op->getDialect()))
            return;
          for (Operation *p = op->getParentOp(); p && !holdsBlocks(p);
               p = p->getParentOp()) {
            if (isFirStructured(p)) {
              around.insert(p);
            } else if (around.insert(p).second) {
              p->emitError()
                  << "control flow of an OpenACC construct (" << op->getName()
                  << ") lies inside " << p->getName()
                  << ", whose region keeps one block: it cannot be lowered "
                     "(move the construct out of it)";
              refused = true;
              break; // the innermost is the one to move out of
            }
          }
        });
    if (refused)
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    populateSCFToControlFlowConversionPatterns(patterns);
    fir::populateCfgConversionRewrites(patterns);
    ConversionTarget target(*ctx);
    // The ops convert-scf-to-cf converts.
    target
        .addIllegalOp<scf::ForallOp, scf::ForOp, scf::IfOp, scf::IndexSwitchOp,
                      scf::ParallelOp, scf::WhileOp, scf::ExecuteRegionOp>();
    target.addDynamicallyLegalOp<fir::IfOp, fir::DoLoopOp, fir::IterWhileOp>(
        [&](Operation *op) { return !around.contains(op); });
    target.addDynamicallyLegalOp<fir::ResultOp>(
        [&](Operation *op) { return !around.contains(op->getParentOp()); });
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
