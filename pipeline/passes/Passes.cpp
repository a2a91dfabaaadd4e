//===- Passes.cpp - Registration of the ompx passes -----------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Pass/PassRegistry.h"

void ompx::passes::registerOmpxPasses() {
  mlir::registerPass([] { return createMarkHostFunctionsPass(); });
  mlir::registerPass([] { return createExternalizeFlangNamesPass(); });
  mlir::registerPass([] { return createMapHostEvalPass(); });
  mlir::registerPass([] { return createHostEvalRematPass(); });
  mlir::registerPass([] { return createAccHostFallbackPass(); });
  mlir::registerPass([] { return createAccToOmpPass(); });
  mlir::registerPass([] { return createAccBindDevicePass(); });
  mlir::registerPass([] { return createDeviceTargetAttrsPass(); });
  mlir::registerPass([] { return createAmdgpuPrivateAllocasPass(); });
  mlir::registerPass([] { return createFunctionFilteringPass(); });
}
