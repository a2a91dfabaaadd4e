//===- Diagnostics.cpp - The diagnostics feature --------------------------===//

#include "server/lsp/Diagnostics.h"

using namespace ompx;

std::vector<Diagnostic> ompx::documentDiagnostics(const Document &doc) {
  std::vector<Diagnostic> result;
  for (uint32_t offset : doc.split().nearMisses)
    result.push_back(nearMissDiagnostic(offset));
  for (unsigned i = 0; i < doc.split().chunks.size(); ++i)
    if (const auto &a = doc.analysis(i))
      result.insert(result.end(), a->diagnostics.begin(), a->diagnostics.end());
  return result;
}

llvm::json::Object ompx::lspRange(const LineTable &lines, TextRange r) {
  auto pos = [&](uint32_t off) {
    LinePosition p = lines.toPosition(off);
    return llvm::json::Object{{"line", p.line}, {"character", p.character}};
  };
  return llvm::json::Object{{"start", pos(r.begin)}, {"end", pos(r.end)}};
}

llvm::json::Value ompx::publishDiagnosticsParams(const Document &doc) {
  LineTable lines(doc.text());
  llvm::json::Array out;
  for (const Diagnostic &d : documentDiagnostics(doc)) {
    llvm::json::Object o{{"range", lspRange(lines, d.range)},
                         {"severity", int(d.severity)},
                         {"source", "ompx"},
                         {"code", diagKindName(d.kind)},
                         {"message", d.message}};
    llvm::json::Array related;
    for (const DiagnosticNote &n : d.notes) {
      // Notes without a place in this file still belong to the diagnostic.
      TextRange r = n.hasRange ? n.range : d.range;
      related.push_back(llvm::json::Object{
          {"location", llvm::json::Object{{"uri", doc.uri()},
                                          {"range", lspRange(lines, r)}}},
          {"message", n.message}});
    }
    if (!related.empty())
      o["relatedInformation"] = std::move(related);
    out.push_back(std::move(o));
  }
  return llvm::json::Object{{"uri", doc.uri()},
                            {"version", doc.version()},
                            {"diagnostics", std::move(out)}};
}
