//===- SymbolFacts.h - Facts of functions, globals, diagnostics -*- C++ -*-===//
//
// What features would otherwise read back out of the text or of MLIR's
// message wording: each Fortran procedure's signature, each
// `#omp.declaretarget<...>` and the op name of an unknown-op error. Recorded
// here, next to the parsed IR, as typed facts of the chunk (model/Analysis.h).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_SYMBOLFACTS_H
#define OMPX_ANALYSIS_SYMBOLFACTS_H

#include "server/model/Analysis.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace ompx {

/// Appends to `result` the signatures (FunctionFact) of the Fortran
/// procedures (`_QP...`) and the declare target attributes
/// (DeclareTargetFact) of `ops`, in op order; `opIndex`
/// gives an op's record index (-1: none). The attributes are located in
/// `doc` (the document the records' ranges are offsets into).
void recordSymbolFacts(llvm::ArrayRef<mlir::Operation *> ops,
                       llvm::function_ref<int32_t(mlir::Operation *)> opIndex,
                       llvm::StringRef doc, ChunkAnalysis &result);

/// The op name an unknown-op error is about, or "": LLVM 22 says "custom op
/// 'omp.targt' is unknown" (parser) and "unregistered operation 'omp.targt'
/// found in dialect ..." (verifier, generic form). MLIR gives the name only
/// inside the message.
llvm::StringRef unknownOpName(llvm::StringRef message);

} // namespace ompx

#endif // OMPX_ANALYSIS_SYMBOLFACTS_H
