//===- Diagnostics.h - The diagnostics feature ------------------*- C++ -*-===//

#ifndef OMPX_LSP_DIAGNOSTICS_H
#define OMPX_LSP_DIAGNOSTICS_H

#include "server/service/Documents.h"

#include "llvm/Support/JSON.h"

namespace ompx {

/// An LSP range (UTF-16 positions) for a byte range.
llvm::json::Object lspRange(const LineTable &lines, TextRange r);

/// Every diagnostic of a fully analyzed document, in document order: split
/// marker near misses, then each chunk's parser/verifier/crash diagnostics.
std::vector<Diagnostic> documentDiagnostics(const Document &doc);

/// The `textDocument/publishDiagnostics` params for `doc`: LSP ranges in
/// UTF-16, notes as relatedInformation, the origin as `code`.
llvm::json::Value publishDiagnosticsParams(const Document &doc);

} // namespace ompx

#endif // OMPX_LSP_DIAGNOSTICS_H
