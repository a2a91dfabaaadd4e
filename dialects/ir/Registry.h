//===- Registry.h - Dialects known to ompx ----------------------*- C++ -*-===//
//
// The one place that decides which dialects, interfaces and extensions an
// ompx MLIRContext knows: omp and acc, everything flang-22 emits (FIR, HLFIR,
// CUF, MIF, FIR codegen, llvm, ...) and the rest of upstream MLIR, so that
// hand-written omp/acc tests using memref, tensor, ... also open cleanly.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_DIALECTS_IR_REGISTRY_H
#define OMPX_DIALECTS_IR_REGISTRY_H

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace ompx {

/// Adds every dialect and extension ompx supports to `registry`.
void registerOmpxDialects(mlir::DialectRegistry &registry);

/// Eagerly loads the dialects flang emits, so that a warm worker's context
/// (made once per spawned worker) does not load them during its first
/// analysis. Other registered dialects still load lazily.
void loadFlangDialects(mlir::MLIRContext &context);

/// Makes `context` an ompx context: every dialect of registerOmpxDialects
/// known, flang's loaded, and no op dump in diagnostics (ompx names the op
/// by its location; a generic-form dump helps nobody).
void setUpOmpxContext(mlir::MLIRContext &context);

} // namespace ompx

#endif // OMPX_DIALECTS_IR_REGISTRY_H
