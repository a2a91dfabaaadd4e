//===- AnalyzeInProcess.h - A snapshot analyzed without a worker -*- C++
//-*-===//
//
// The feature tests' ways to get a Snapshot: every `// -----` chunk of the
// text analyzed in this process, on one MLIR context shared by the tests; or
// one chunk whose only record is a diagnostic the test wrote (what MLIR 22
// itself never reports, or not in those words).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_TEST_UNIT_ANALYZEINPROCESS_H
#define OMPX_TEST_UNIT_ANALYZEINPROCESS_H

#include "server/analysis/ChunkAnalyzer.h"
#include "server/model/Snapshot.h"
#include "server/syntax/Text.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace ompx::test {

inline Snapshot analyzeInProcess(const std::string &code, std::string uri,
                                 const AnalyzerOptions &options = {}) {
  static AnalysisEngine engine;
  Snapshot s;
  s.uri = std::move(uri);
  s.text = SharedText::make(code);
  s.lines = std::make_shared<const LineTable>(*s.text);
  s.chunks = splitChunks(*s.text).chunks;
  for (const ChunkSpan &span : s.chunks)
    s.analyses.push_back(std::make_shared<const ChunkAnalysis>(
        analyzeChunk(engine.context(), *s.text, span, options)));
  return s;
}

/// `code` as one chunk with no records but `d`.
inline Snapshot withDiagnostic(const std::string &code, Diagnostic d,
                               std::string uri = "test:///a.mlir") {
  Snapshot s;
  s.uri = std::move(uri);
  s.text = SharedText::make(code);
  s.lines = std::make_shared<const LineTable>(*s.text);
  s.chunks = {{0, uint32_t(code.size())}};
  auto a = std::make_shared<ChunkAnalysis>();
  a->chunkEnd = code.size();
  a->diagnostics.push_back(std::move(d));
  s.analyses.push_back(std::move(a));
  return s;
}

} // namespace ompx::test

#endif // OMPX_TEST_UNIT_ANALYZEINPROCESS_H
