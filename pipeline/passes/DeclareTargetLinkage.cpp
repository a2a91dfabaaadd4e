//===- DeclareTargetLinkage.cpp - declare target globals, external
//---------===//
//
// A `declare target` variable of a main program or procedure (`save`d,
// `fir.global internal @_QFEg`) keeps internal linkage in flang-22's
// output. Its host and device copies then did not pair on host-offload:
// `map(always, tofrom: g)` of a declare target allocatable copied to and
// from a buffer the region never used, and the host kept its old values.
// Flang's names of such variables are unique per scope (_QFEg, _QFsubEg),
// so external linkage gives them one name on both sides.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_DECLARETARGETLINKAGEPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
/// The attribute, not the interface: flang attaches the interface to
/// fir.global only where its OpenMP extensions are registered.
bool isDeclareTarget(mlir::Operation *op) {
  return op->hasAttr("omp.declare_target");
}

struct DeclareTargetLinkagePass
    : ompx::passes::impl::DeclareTargetLinkagePassBase<
          DeclareTargetLinkagePass> {
  void runOnOperation() final {
    getOperation()->walk([](fir::GlobalOp global) {
      if (global.getLinkName() == "internal" && isDeclareTarget(global))
        global.setLinkNameAttr(nullptr);
    });
    getOperation()->walk([](mlir::LLVM::GlobalOp global) {
      if (global.getLinkage() == mlir::LLVM::Linkage::Internal &&
          isDeclareTarget(global))
        global.setLinkage(mlir::LLVM::Linkage::External);
    });
  }
};
} // namespace
