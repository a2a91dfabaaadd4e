//===- Diagnostics.cpp - Diagnostics as LSP publishes them ----------------===//

#include "server/lsp/Diagnostics.h"

using namespace ompx;
using namespace ompx::lsp;

PublishDiagnosticsParams
lsp::publishDiagnosticsParams(const Document &doc,
                              llvm::ArrayRef<LaunchDiagnostic> launch) {
  const LineTable &lines = doc.lines();
  PublishDiagnosticsParams params;
  params.uri = doc.uri();
  params.version = doc.version();
  for (const ompx::Diagnostic &d : documentDiagnostics(doc)) {
    lsp::Diagnostic out;
    out.lsp.range = toLSP(lines, d.range);
    out.lsp.severity = llvm::lsp::DiagnosticSeverity(int(d.severity));
    out.lsp.source = "ompx";
    out.lsp.message = d.message;
    out.code = diagKindName(d.kind);
    for (const DiagnosticNote &n : d.notes) {
      // Notes without a place in this file still belong to the diagnostic.
      TextRange r = n.hasRange ? n.range : d.range;
      out.related.push_back({Location{doc.uri(), toLSP(lines, r)}, n.message});
    }
    params.diagnostics.push_back(std::move(out));
  }
  // Compilers count columns in bytes; the protocol in UTF-16 units.
  llvm::StringRef text = doc.text();
  for (const LaunchDiagnostic &d : launch) {
    uint32_t begin =
        std::min<uint32_t>(lines.lineStart(d.line) + d.column, text.size());
    uint32_t end = begin;
    if (end < text.size()) // one character, however many bytes
      for (++end; end < text.size() && (text[end] & 0xC0) == 0x80;)
        ++end;
    lsp::Diagnostic out;
    out.lsp.range = toLSP(lines, {begin, end});
    out.lsp.severity = llvm::lsp::DiagnosticSeverity::Error;
    out.lsp.source = "ompx-launch";
    out.lsp.message = d.message;
    params.diagnostics.push_back(std::move(out));
  }
  return params;
}
