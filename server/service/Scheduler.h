//===- Scheduler.h - Documents and their analysis ---------------*- C++ -*-===//
//
// The editor's documents and the one place that analyzes them: a background
// thread analyzes the chunks an edit changed (each in a worker process), a
// newer edit cancels the analysis of the chunks it changed (one still in the
// new version finishes and serves it), and a request about a
// chunk that is not analyzed yet waits for it (runWithSnapshot) instead of
// answering from nothing. A second thread, with a worker of its own, checks
// the lowering readiness of published documents, so that a translation that
// takes seconds never delays the analysis of another document. No JSON, no
// LSP: server/lsp/ drives this.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SERVICE_SCHEDULER_H
#define OMPX_SERVICE_SCHEDULER_H

#include "server/service/Documents.h"
#include "server/syntax/Text.h"

#include "llvm/ADT/ArrayRef.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ompx {

// The worker stays out of this header, so the protocol layer above compiles
// without the analysis (and MLIR) headers.
class WorkerPool;
struct WorkerOptions;

/// The editor's lowering-readiness check (`ompx.lowering`).
struct LoweringSettings {
  bool enabled = true;
  /// Documents larger than this are not checked: an HLFIR file of 18 MB
  /// (50k Fortran lines) is lowered in about 1.1 s after its parse/verify
  /// diagnostics (1.4x their time), one of 76 MB (200k lines) in 7.4 s
  /// (2.4x, and 290 MB more memory).
  uint64_t maxFileSize = 32u << 20;
};

class Scheduler {
public:
  /// Called when every chunk of a document version has its final
  /// diagnostics (before the rest of the analysis of the last ones:
  /// Document::diagnosticsFinal, on a copy with early diagnostics), again
  /// when every chunk is analyzed, on the analysis thread, and on the
  /// lowering thread when its translation found something. Calls never
  /// overlap, and each publishes the newest state of the document (the
  /// publisher drops one identical to the last it sent).
  using PublishFn = std::function<void(std::shared_ptr<const Document>)>;
  using SnapshotFn = std::function<void(const Snapshot &)>;
  /// Whether the request a callback answers was cancelled meanwhile.
  using CancelledFn = std::function<bool()>;

  /// `synchronous`: analyze on the calling thread before returning
  /// (deterministic output for tests: `--lit-test`, `--sync`).
  /// Starts the warm worker now and returns once it is ready, so that the
  /// first analysis does not pay its start-up.
  Scheduler(const WorkerOptions &worker, bool synchronous);
  ~Scheduler();
  /// Stops the analysis and lowering threads (a translation in flight is
  /// cancelled); no callback runs after it returns, and waiting ones are
  /// dropped.
  void shutdown();

  void setPublisher(PublishFn fn) { publish = std::move(fn); }
  /// Applies to analyses from now on; documents are published again so
  /// that turning it off removes what it reported.
  void setLowering(LoweringSettings settings);
  LoweringSettings lowering() const;

  void open(const std::string &uri, int64_t version, std::string text);
  /// The text of an open document.
  std::optional<std::string> text(const std::string &uri) const;
  /// `change` as a byte edit of the open document's current text, resolved
  /// with its line table (not one built again); nullopt if it is not open.
  std::optional<TextEdit> resolve(const std::string &uri,
                                  const ContentChange &change,
                                  PositionEncoding enc) const;
  /// Replaces the text of an open document (false if it is not open) and
  /// cancels the analysis in flight if it changed one of its chunks.
  /// `edits` (byte ranges,
  /// in order) made `text` from the old text; empty: found by comparing.
  bool update(const std::string &uri, int64_t version, std::string text,
              llvm::ArrayRef<ByteEdit> edits = {});
  /// Forgets `uri`; what waited on it runs with an empty snapshot.
  void close(const std::string &uri);
  /// Publishes `uri` again (after its analysis, if one is pending).
  void republish(const std::string &uri) { schedule(uri); }
  /// Shutdown: drops queued analyses and translations and cancels the
  /// running ones.
  void stop();

  /// Snapshots of every open document as they are now (chunks not analyzed
  /// yet have no analysis), in URI order: workspace-wide queries.
  std::vector<Snapshot> snapshots() const;

  /// Runs `fn` with a snapshot of `uri` once the chunk at `pos` (columns in
  /// encoding `enc`; the whole
  /// document without `pos`) is analyzed: at once if it is, else on the
  /// analysis thread. An empty snapshot (no text) means the document is not
  /// open or was closed meanwhile. A callback whose `cancelled` turns true
  /// while it waits is dropped without running.
  void runWithSnapshot(const std::string &uri, std::optional<LinePosition> pos,
                       PositionEncoding enc, SnapshotFn fn,
                       CancelledFn cancelled = nullptr);

private:
  struct Waiting {
    int chunk; ///< -1: the whole document
    SnapshotFn fn;
    CancelledFn cancelled;
  };
  /// Queues (or, when synchronous, runs) the analysis of `uri`.
  void schedule(const std::string &uri);
  /// Analyzes the pending chunks of `uri`, runs what waited for them and
  /// publishes when the document is complete.
  void analyze(const std::string &uri);
  /// The analysis proper: the one call into the worker. Publishes `doc`'s
  /// diagnostics as soon as every pending chunk has its final ones.
  void analyzeChunks(
      const std::string &uri, const Document &doc,
      llvm::ArrayRef<unsigned> pending,
      std::vector<std::pair<uint64_t, std::shared_ptr<const ChunkAnalysis>>>
          &done);
  /// Publishes `analyzed`, a version of `uri` whose chunks in `final` are
  /// not analyzed yet but have their final diagnostics, if it is still the
  /// newest and not cancelled. Features never see these: they go to a copy.
  void publishEarly(const std::string &uri, const Document &analyzed,
                    const std::map<unsigned, std::vector<Diagnostic>> &final);
  /// Queues the lowering of `doc`, a version of `uri` just opened or whose
  /// parse/verify diagnostics were just published (runs it, when
  /// synchronous).
  void scheduleLowering(const std::string &uri,
                        std::shared_ptr<const Document> doc);
  /// The second worker request: lowers the chunks of `doc` not lowered yet,
  /// caches what it found in the newest version and publishes it again.
  /// Skipped when `doc` is no longer the newest version.
  void lower(const std::string &uri, std::shared_ptr<const Document> doc);
  /// The pool lowering runs in: its own (started on first use) unless
  /// synchronous, when nothing runs beside it.
  WorkerPool &loweringPool();
  /// Publishes the newest version of `uri` if it is complete. Serialized, so
  /// that the analysis and lowering threads never publish out of order.
  void publishLatest(const std::string &uri);
  void runDeferred(const std::string &uri);
  void loop();
  void lowerLoop();

  std::unique_ptr<WorkerPool> workers;
  bool synchronous;
  PublishFn publish;

  mutable std::mutex mutex; ///< guards everything below
  std::map<std::string, std::shared_ptr<Document>> documents;
  std::deque<std::string> queue;
  std::condition_variable wake;
  bool stopping = false;
  std::string current;             ///< uri being analyzed
  std::atomic<bool> cancel{false}; ///< set when `current` changes again
  /// Chunk-text hashes of the analysis in flight (of `current`).
  std::vector<uint64_t> inFlight;
  std::map<std::string, std::vector<Waiting>> deferred;
  LoweringSettings loweringSettings;
  std::thread thread;

  /// Lowering, on its own thread. Queued: documents in order, each with the
  /// published version to lower (a newer one replaces it in place).
  std::deque<std::pair<std::string, std::shared_ptr<const Document>>>
      lowerQueue;
  std::condition_variable lowerWake;
  std::string loweringUri;              ///< uri being lowered
  std::atomic<bool> lowerCancel{false}; ///< an edit or close of `loweringUri`
  /// Written under `mutex`, only by the lowering thread.
  std::unique_ptr<WorkerPool> lowerWorkers;
  std::thread lowerThread;
  /// Held while publishing (see PublishFn).
  std::mutex publishMutex;
};

} // namespace ompx

#endif // OMPX_SERVICE_SCHEDULER_H
