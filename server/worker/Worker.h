//===- Worker.h - Chunk analysis in a crash-contained worker ----*- C++ -*-===//
//
// Runs analyzeChunk() in a fork()ed worker process on a thread with a large
// stack. When MLIR crashes (LLVM 22 aborts or segfaults on some inputs), the
// worker dies, not the caller: the chunk gets a diagnostic naming the op
// whose parser or verifier crashed, the crashing unit is blanked and the rest
// of the chunk is analyzed again, and the other chunks are unaffected.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_WORKER_WORKER_H
#define OMPX_WORKER_WORKER_H

#include "server/analysis/ChunkAnalyzer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/FunctionExtras.h"

#include <atomic>

namespace ompx {

struct WorkerOptions {
  AnalyzerOptions analyzer;
  /// Run in a child process (crash containment). Off only for debugging.
  bool isolate = true;
  /// A worker silent for this long is killed and its chunk reported.
  unsigned timeoutMs = 120000;
  /// Stack of the analysis thread; the depth limit is derived from it.
  unsigned stackBytes = 1u << 30;
  /// Re-analyses of a chunk with the crashing unit blanked.
  unsigned maxCrashRetries = 3;
};

/// Analyzes `chunks[i]` of `doc` for each i in `which`, calling `onChunk`
/// (from the calling thread) as each finishes. Never crashes on bad input.
/// If `cancel` becomes true, remaining chunks are skipped.
void analyzeChunks(AnalysisEngine &engine, llvm::StringRef doc,
                   llvm::ArrayRef<ChunkSpan> chunks,
                   llvm::ArrayRef<unsigned> which, const WorkerOptions &options,
                   llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
                   const std::atomic<bool> *cancel = nullptr);

} // namespace ompx

#endif // OMPX_WORKER_WORKER_H
