//===- TranslationDefects.cpp - Ops LLVM 22 verifies but cannot build -----===//

#include "pipeline/compile/TranslationDefects.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLFunctionalExtras.h"

using namespace ompx::pipeline;

/// The first op of `module` that `pred` takes, or null.
static mlir::Operation *
firstOpWhere(mlir::ModuleOp module,
             llvm::function_ref<bool(mlir::Operation *)> pred) {
  mlir::Operation *found = nullptr;
  module.walk([&](mlir::Operation *op) {
    if (!pred(op))
      return mlir::WalkResult::advance();
    found = op;
    return mlir::WalkResult::interrupt();
  });
  return found;
}

std::optional<TranslationDefect>
ompx::pipeline::findTargetTaskDepend(mlir::ModuleOp module) {
  mlir::Operation *task = firstOpWhere(module, [](mlir::Operation *op) {
    auto t = mlir::dyn_cast<mlir::omp::TaskOp>(op);
    return t && !t.getDependVars().empty() &&
           t->getParentOfType<mlir::omp::TargetOp>();
  });
  if (!task)
    return std::nullopt;
  return TranslationDefect{
      task, "a task with depend inside a target region is refused: LLVM 22's "
            "translation makes invalid code of it (\"Referring to an "
            "instruction in another function\"; flang-22 fails the same way); "
            "put the task in a procedure the target region calls"};
}

/// Whether `op` is in device code: a target region, or a declare target
/// procedure.
static bool inDeviceCode(mlir::Operation *op) {
  if (op->getParentOfType<mlir::omp::TargetOp>())
    return true;
  auto declare = llvm::dyn_cast_or_null<mlir::omp::DeclareTargetInterface>(
      op->getParentOfType<mlir::FunctionOpInterface>().getOperation());
  return declare && declare.isDeclareTarget();
}

std::optional<TranslationDefect>
ompx::pipeline::findDeviceCancel(mlir::ModuleOp module) {
  mlir::Operation *cancel = firstOpWhere(module, [](mlir::Operation *op) {
    return mlir::isa<mlir::omp::CancelOp, mlir::omp::CancellationPointOp>(op) &&
           inDeviceCode(op);
  });
  if (!cancel)
    return std::nullopt;
  return TranslationDefect{
      cancel, "cancellation in device code is refused: LLVM 22's "
              "OpenMPIRBuilder crashes translating it for a device (flang-22 "
              "too); run it with --device=host, or end the loop early another "
              "way (a flag the iterations test)"};
}

std::optional<TranslationDefect>
ompx::pipeline::findDeviceLinear(mlir::ModuleOp module) {
  mlir::Operation *loop = firstOpWhere(module, [](mlir::Operation *op) {
    auto wsloop = mlir::dyn_cast<mlir::omp::WsloopOp>(op);
    return wsloop && !wsloop.getLinearVars().empty() && inDeviceCode(op);
  });
  if (!loop)
    return std::nullopt;
  return TranslationDefect{
      loop, "linear on a worksharing loop in device code is refused: LLVM "
            "22's OpenMPIRBuilder crashes outlining the target region; "
            "compute the variable from the loop's index "
            "(lin = lin0 + 2 * (i - 1)), or run it with --device=host"};
}
