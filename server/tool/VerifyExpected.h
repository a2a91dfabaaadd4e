//===- VerifyExpected.h - `expected-*` annotation checking ------*- C++ -*-===//
//
// Checks `// expected-error@+1 {{...}}`-style annotations against the
// diagnostics of a document, with the rules of `mlir-opt
// --verify-diagnostics` (mlir/lib/IR/Diagnostics.cpp): line designators
// @+N/@-N/@above/@below/@unknown, substring or `-re` regex messages, notes
// checked like diagnostics, chunk-relative line numbers.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_TOOL_VERIFYEXPECTED_H
#define OMPX_TOOL_VERIFYEXPECTED_H

#include "server/model/Analysis.h"
#include "server/syntax/Text.h"

#include "llvm/ADT/ArrayRef.h"

namespace ompx {

/// Returns the problems found: one error per unexpected diagnostic (at the
/// diagnostic) and per expected diagnostic that was not produced (at the
/// annotation). An empty result means the document verifies.
std::vector<Diagnostic> verifyExpected(llvm::StringRef doc,
                                       llvm::ArrayRef<ChunkSpan> chunks,
                                       llvm::ArrayRef<ChunkAnalysis> analyses);

} // namespace ompx

#endif // OMPX_TOOL_VERIFYEXPECTED_H
