//===- Registry.cpp - Dialects known to ompx ------------------------------===//

#include "dialects/ir/Registry.h"

#include "flang/Optimizer/Support/InitFIR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"

void ompx::registerOmpxDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // What fir-opt-22 registers: the full flang list (including FIR codegen and
  // llvm, which fir-lsp-server-22 leaves out) plus FIR's interfaces.
  fir::support::registerDialects(registry);
  fir::support::addFIRExtensions(registry);
}

void ompx::loadFlangDialects(mlir::MLIRContext &context) {
  using namespace fir; // FLANG_DIALECT_LIST names FIR dialects unqualified
  context.loadDialect<FLANG_DIALECT_LIST>();
}

void ompx::setUpOmpxContext(mlir::MLIRContext &context) {
  mlir::DialectRegistry registry;
  registerOmpxDialects(registry);
  context.appendDialectRegistry(registry);
  loadFlangDialects(context);
  context.printOpOnDiagnostic(false);
}
