//===- Diagnostics.h - Diagnostics as LSP publishes them --------*- C++ -*-===//

#ifndef OMPX_LSP_DIAGNOSTICS_H
#define OMPX_LSP_DIAGNOSTICS_H

#include "server/lsp/Protocol.h"
#include "server/service/Documents.h"
#include "server/service/LaunchService.h"

namespace ompx::lsp {

/// The `textDocument/publishDiagnostics` params for `doc`: its analysis
/// diagnostics (notes as relatedInformation, the origin as `code`), then
/// the launch diagnostics (source "ompx-launch"), all in UTF-16 positions.
PublishDiagnosticsParams
publishDiagnosticsParams(const Document &doc,
                         llvm::ArrayRef<LaunchDiagnostic> launch);

} // namespace ompx::lsp

#endif // OMPX_LSP_DIAGNOSTICS_H
