//===- OptCommand.cpp - `ompx-lsp opt`: mlir-opt with ompx passes ---------===//
//
// The launch pipeline's rewrites are MLIR passes; this runs them alone, so
// each has lit + FileCheck tests on small IR (test/passes/) and a failing
// launch can be reproduced one rewrite at a time:
//   ompx-lsp opt --ompx-host-eval-remat in.mlir
//
//===----------------------------------------------------------------------===//

#include "server/tool/OptCommand.h"
#include "dialects/ir/Registry.h"
#include "pipeline/passes/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int ompx::runOptCommand(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ompx::registerOmpxDialects(registry);
  ompx::passes::registerOmpxPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv,
      "ompx-lsp opt: run the ompx pipeline passes (--ompx-*) on MLIR, as "
      "mlir-opt does\n",
      registry));
}
