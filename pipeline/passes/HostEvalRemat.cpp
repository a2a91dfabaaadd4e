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

namespace ompx::passes {
#define GEN_PASS_DEF_HOSTEVALREMATPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
struct HostEvalRematPass
    : ompx::passes::impl::HostEvalRematPassBase<HostEvalRematPass> {
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
