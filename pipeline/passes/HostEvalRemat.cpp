//===- HostEvalRemat.cpp - Recompute host_eval values on the device -------===//
//
// host_eval values (loop bounds, num_teams, ...) are evaluated on the host
// only: flang's own device modules have none and recompute them inside the
// target region from the implicitly mapped variables (flang's passes assume
// this, and LLVM 22 binds leftover host_eval arguments to the wrong kernel
// arguments). The device copy is rewritten the same way.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/HostEval.h"
#include "pipeline/passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
struct HostEvalRematPass
    : PassWrapper<HostEvalRematPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HostEvalRematPass)

  StringRef getArgument() const final { return "ompx-host-eval-remat"; }
  StringRef getDescription() const final {
    return "Recompute the host_eval values of each omp.target inside its "
           "region from the mapped variables and drop host_eval (device "
           "copies)";
  }
  void runOnOperation() final {
    WalkResult result = getOperation()->walk([](omp::TargetOp target) {
      return rewrite(target) ? WalkResult::advance() : WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  static bool rewrite(omp::TargetOp target) {
    if (target.getHostEvalVars().empty())
      return true;
    auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
    Block &entry = target.getRegion().front();
    OpBuilder builder(&entry, entry.begin());
    IRMapping mapping;
    SmallVector<Value> values;
    for (Value v : target.getHostEvalVars()) {
      Value local =
          ompx::passes::rematerializeInTarget(v, target, &builder, mapping);
      if (!local) {
        emitError(v.getLoc(),
                  "a host_eval value of this omp.target (a loop bound or "
                  "teams/parallel clause) cannot be recomputed on the "
                  "device: it is not a constant or a read of a mapped "
                  "variable");
        return false;
      }
      values.push_back(local);
    }
    for (auto [arg, local] :
         llvm::zip_equal(iface.getHostEvalBlockArgs(), values))
      arg.replaceAllUsesWith(local);
    entry.eraseArguments(iface.getHostEvalBlockArgsStart(), values.size());
    target.getHostEvalVarsMutable().clear();
    return true;
  }
};
} // namespace

std::unique_ptr<Pass> ompx::passes::createHostEvalRematPass() {
  return std::make_unique<HostEvalRematPass>();
}
