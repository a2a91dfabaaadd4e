//===- Worker.h - Chunk analysis in a crash-contained worker ----*- C++ -*-===//
//
// Runs analyzeChunk() in a worker process: `ompx-lsp` started again in its
// worker mode (support/Subprocess: spawned, never a bare fork), kept warm
// across analyses with its MLIRContext loaded. When MLIR crashes (LLVM 22
// aborts or segfaults on some inputs), the worker dies, not the caller: the
// chunk gets a diagnostic naming the op whose parser or verifier crashed,
// the crashing unit is blanked and the rest of the chunk is analyzed again
// by a fresh worker, and the other chunks are unaffected.
//
// WorkerProtocol.h is the contract between the two sides: WorkerPool.cpp
// (the server's) and WorkerMain.cpp (the worker's); CrashSite.h attributes
// a crash to an op.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_WORKER_WORKER_H
#define OMPX_WORKER_WORKER_H

#include "server/analysis/ChunkAnalyzer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/FunctionExtras.h"

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ompx {

/// The worker argument (after `--worker`) that lowers the worker's CPU
/// priority (nice 10).
inline constexpr const char *kBackgroundWorkerArg = "--background";

struct WorkerOptions {
  AnalyzerOptions analyzer;
  /// Run in a child process (crash containment). Off only for debugging,
  /// tests and the fuzz targets.
  bool isolate = true;
  /// With `isolate` off: the engine (MLIR context) to analyze with, shared by
  /// pools made one after another (a fuzz target makes a server per input;
  /// loading the dialects each time would cost more than the input). Null:
  /// the pool makes its own.
  std::shared_ptr<AnalysisEngine> engine;
  /// A worker silent for this long is killed and its chunk reported.
  unsigned timeoutMs = 120000;
  /// Stack of the analysis thread; the depth limit is derived from it.
  unsigned stackBytes = 1u << 30;
  /// Re-analyses of a chunk with the crashing unit blanked.
  unsigned maxCrashRetries = 3;
  /// How to start a worker: an executable and the arguments that select its
  /// worker mode (runWorkerProcess). The tool layer sets it.
  std::vector<std::string> command;
  /// A worker whose resident memory grew past this (its context keeps every
  /// uniqued attribute and type) is replaced after the analysis.
  size_t recycleBytes = size_t(2) << 30;
};

/// Analyses in warm worker processes. Thread-safe: concurrent callers each
/// get a worker of their own (the pool keeps the idle ones).
class WorkerPool {
public:
  /// Starts one worker at once when isolating, so that the first analysis
  /// does not pay its start-up.
  explicit WorkerPool(WorkerOptions options);
  ~WorkerPool();

  /// Analyzes `chunks[i]` of `doc` for each i in `which`, calling `onChunk`
  /// (on the calling thread; in process, on the analysis thread while the
  /// caller waits) as each finishes. Never crashes on bad
  /// input. If `cancel` becomes true, remaining chunks are skipped.
  /// `analyzer`: options for this call instead of options().analyzer (the
  /// editor's second, lowering request). `onDiagnostics`, when given, is
  /// called (likewise) with a chunk's final diagnostics as
  /// soon as they are, before its `onChunk`; a chunk analyzed again (its
  /// worker crashed or timed out) may get it again, and its `onChunk` is
  /// what counts. `docFd`, when not -1, is a memfd holding `doc` and a NUL
  /// (SharedText::fd): the worker maps it instead of receiving the chunks.
  using DiagnosticsFn =
      llvm::function_ref<void(unsigned, std::vector<Diagnostic> &&)>;
  void
  analyzeChunks(llvm::StringRef doc, llvm::ArrayRef<ChunkSpan> chunks,
                llvm::ArrayRef<unsigned> which,
                llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
                const std::atomic<bool> *cancel = nullptr,
                const AnalyzerOptions *analyzer = nullptr,
                DiagnosticsFn onDiagnostics = nullptr, int docFd = -1);

  const WorkerOptions &options() const { return opts; }
  /// Starts workers until `n` are idle, so that `n` concurrent callers all
  /// find a warm one (their start-ups overlap).
  void reserve(unsigned n);
  /// Waits (up to `limit`) until the pre-started worker has its context
  /// loaded, so that a caller about to analyze does not pay that start-up
  /// in its first analysis. True when it is ready.
  bool waitUntilReady(std::chrono::milliseconds limit);
  /// Process ids of the idle (warm) workers, for tests and logs.
  std::vector<int> idleWorkerPids();

  struct Process;

private:
  struct Batch;
  class Request;
  std::unique_ptr<Process> acquire();
  /// Keeps a worker that finished its request; drops one that died, was
  /// killed or grew too big, starting its replacement now.
  void release(std::unique_ptr<Process> worker, bool healthy);
  Batch runBatch(llvm::StringRef doc, llvm::ArrayRef<ChunkSpan> chunks,
                 llvm::ArrayRef<unsigned> indices,
                 const AnalyzerOptions &defaults,
                 const std::map<unsigned, AnalyzerOptions> &perChunk,
                 llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
                 const std::atomic<bool> *cancel, DiagnosticsFn onDiagnostics,
                 int docFd);
  std::string opNameForClass(llvm::StringRef cppClass);
  void noteHello(llvm::StringRef opNames);
  AnalysisEngine &inProcessEngine();

  WorkerOptions opts;
  std::mutex mutex; ///< guards idle, opNames, engine
  std::vector<std::unique_ptr<Process>> idle;
  /// The registered op names, from a worker's hello (names crash sites).
  std::vector<std::string> opNames;
  /// Only for `isolate = false`: analyses then run in this process.
  std::unique_ptr<AnalysisEngine> engine;
};

/// The worker mode's main (`ompx-lsp --worker`): serves requests on stdin
/// until it closes. argv holds the arguments after the mode flag.
int runWorkerProcess(llvm::ArrayRef<const char *> args);

} // namespace ompx

#endif // OMPX_WORKER_WORKER_H
