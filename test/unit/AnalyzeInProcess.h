//===- AnalyzeInProcess.h - A snapshot analyzed without a worker -*- C++ -*-===//
//
// The feature tests' way to get a Snapshot: every `// -----` chunk of the
// text analyzed in this process, on one MLIR context shared by the tests.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_TEST_UNIT_ANALYZEINPROCESS_H
#define OMPX_TEST_UNIT_ANALYZEINPROCESS_H

#include "server/analysis/ChunkAnalyzer.h"
#include "server/model/Snapshot.h"
#include "server/syntax/Text.h"

#include <memory>
#include <string>

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

} // namespace ompx::test

#endif // OMPX_TEST_UNIT_ANALYZEINPROCESS_H
