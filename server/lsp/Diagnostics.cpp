//===- Diagnostics.cpp - Diagnostics as LSP publishes them ----------------===//

#include "server/lsp/Diagnostics.h"
#include "server/model/FortranInput.h"

using namespace ompx;
using namespace ompx::lsp;

lsp::Diagnostic lsp::toLSPDiagnostic(const ompx::Diagnostic &d,
                                     const std::string &uri,
                                     const LineTable &lines,
                                     PositionEncoding enc) {
  lsp::Diagnostic out;
  out.lsp.range = toLSP(lines, d.range, enc);
  out.lsp.severity = toLSP(d.severity);
  out.lsp.source = "ompx";
  out.lsp.message = d.message;
  out.code = diagKindName(d.kind);
  for (const DiagnosticNote &n : d.notes) {
    // Notes without a place in this file still belong to the diagnostic.
    TextRange r = n.hasRange ? n.range : d.range;
    out.related.push_back({Location{uri, toLSP(lines, r, enc)}, n.message});
  }
  return out;
}

PublishDiagnosticsParams
lsp::publishDiagnosticsParams(const Document &doc,
                              llvm::ArrayRef<LaunchDiagnostic> launch,
                              PositionEncoding enc, bool lowering) {
  const LineTable &lines = doc.lines();
  PublishDiagnosticsParams params;
  params.uri = doc.uri();
  params.version = doc.version();
  // A Fortran buffer: one diagnostic naming `ompx-lsp emit`, not the MLIR
  // parser's errors.
  if (std::optional<ompx::Diagnostic> fortran =
          fortranInputDiagnostic(doc.uri(), doc.text())) {
    params.diagnostics.push_back(
        toLSPDiagnostic(*fortran, doc.uri(), lines, enc));
    return params;
  }
  for (const ompx::Diagnostic &d : documentDiagnostics(doc, lowering))
    params.diagnostics.push_back(toLSPDiagnostic(d, doc.uri(), lines, enc));
  // Compilers count lines by '\n' and columns in bytes.
  llvm::StringRef text = doc.text();
  for (const LaunchDiagnostic &d : launch) {
    uint32_t begin = std::min<uint64_t>(
        uint64_t(lines.compilerLineStart(d.line)) + d.column, text.size());
    // One character, however many bytes (toLSP rounds the end up to it).
    uint32_t end = std::min<uint32_t>(begin + 1, text.size());
    lsp::Diagnostic out;
    out.lsp.range = toLSP(lines, {begin, end}, enc);
    out.lsp.severity = llvm::lsp::DiagnosticSeverity(d.severity);
    out.lsp.source = d.source;
    out.lsp.message = d.message;
    out.code = d.code;
    params.diagnostics.push_back(std::move(out));
  }
  return params;
}
