//===- AccBindDevice.cpp - routine bind names in device code --------------===//
//
// OpenACC `routine bind(name)` names the device version of a procedure; the
// host keeps calling the procedure itself. acc-to-omp marks the procedure
// with `ompx.acc_bind = @name` (and declares `name` for the device); this
// pass runs on the device copy only and points every call to a marked
// procedure at its bound name, wherever the device code calls it (target
// regions and the routines they call).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace ompx::passes {
#define GEN_PASS_DEF_ACCBINDDEVICEPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
struct AccBindDevicePass
    : ompx::passes::impl::AccBindDevicePassBase<AccBindDevicePass> {

  void runOnOperation() final {
    ModuleOp module = getOperation();
    llvm::DenseMap<StringAttr, FlatSymbolRefAttr> bound;
    for (auto func : module.getOps<func::FuncOp>())
      if (auto to = func->getAttrOfType<FlatSymbolRefAttr>(
              ompx::passes::kAccBindAttrName)) {
        bound[func.getSymNameAttr()] = to;
        func->removeAttr(ompx::passes::kAccBindAttrName);
      }
    if (bound.empty())
      return;
    module.walk([&](Operation *op) {
      if (auto call = dyn_cast<fir::CallOp>(op)) {
        if (auto callee = call.getCallee())
          if (auto to = bound.lookup(callee->getLeafReference()))
            call.setCalleeAttr(to);
      } else if (auto call = dyn_cast<func::CallOp>(op)) {
        if (auto to = bound.lookup(call.getCalleeAttr().getAttr()))
          call.setCalleeAttr(to);
      }
    });
  }
};
} // namespace
