//===- Diagnostics.h - Diagnostics as LSP publishes them --------*- C++ -*-===//

#ifndef OMPX_LSP_DIAGNOSTICS_H
#define OMPX_LSP_DIAGNOSTICS_H

#include "server/lsp/Protocol.h"
#include "server/service/Documents.h"
#include "server/service/LaunchService.h"

namespace ompx::lsp {

/// One analysis diagnostic of the document `uri` as LSP publishes it.
Diagnostic toLSPDiagnostic(const ompx::Diagnostic &d, const std::string &uri,
                           const LineTable &lines, PositionEncoding enc);

/// The `textDocument/publishDiagnostics` params for `doc`: its analysis
/// diagnostics (notes as relatedInformation, the origin as `code`), then
/// the launch diagnostics (source "ompx-launch"), all in positions of
/// encoding `enc`; no range splits a character.
PublishDiagnosticsParams
publishDiagnosticsParams(const Document &doc,
                         llvm::ArrayRef<LaunchDiagnostic> launch,
                         PositionEncoding enc, bool lowering = false);

} // namespace ompx::lsp

#endif // OMPX_LSP_DIAGNOSTICS_H
