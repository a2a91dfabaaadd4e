//===- PipelineService.h - Pipelines and reductions, editor's -*- C++ -*-===//
//
// Runs `ompx-lsp pipeline` and `ompx-lsp reduce` (server/tool) for the
// editor as child processes of this executable, each from a thread of its
// own, with a deadline and a cancel flag: the compile the CLI runs, crash
// and all, stays out of the server. A pipeline's snapshot folder is a
// temporary folder of the server's; its store (pipeline/snapshots) is read
// into memory once the child ended (the folder removed) and kept by run id
// until newer runs push it out or the server exits: compressed (pieces.bin,
// 3 MB for the 50k-line corpus file), and decompressed (137 MB of text
// there) only for the runs asked about last. No JSON, no LSP.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SERVICE_PIPELINESERVICE_H
#define OMPX_SERVICE_PIPELINESERVICE_H

#include "pipeline/snapshots/SnapshotStore.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ompx {

/// A run of a child (`pipeline` or `reduce`): its arguments after the verb.
struct ChildJob {
  std::vector<std::string> args;
  /// Seconds before the child is stopped (SIGTERM, then SIGKILL).
  std::chrono::seconds timeout{300};
};

/// How a child ended, and what it said.
struct ChildEnd {
  int exitCode = -1;      ///< -1: killed or not started
  bool timedOut = false;  ///< stopped at the deadline
  bool cancelled = false; ///< stopped by the cancel flag
  std::string stdoutText, stderrText;
  std::string error; ///< it could not start
};

/// A finished `ompx-lsp pipeline`.
struct PipelineRun {
  std::string id; ///< "1", "2", ...: what snapshot and follow requests name
  ChildEnd end;
  /// The store (its records; the pieces are loaded by store()); null when
  /// no snapshot was taken (the file does not parse or verify:
  /// `end.stderrText` says why).
  std::shared_ptr<const snapshots::Store> store;
  std::string storeError; ///< the folder could not be read
};

class PipelineService {
public:
  /// `command`: this executable (its `pipeline` and `reduce` verbs);
  /// `keepRuns`: how many finished runs' stores stay readable,
  /// `loadedRuns`: how many of them with their pieces decompressed.
  explicit PipelineService(std::string command, unsigned keepRuns = 8,
                           unsigned loadedRuns = 2)
      : command(std::move(command)), keepRuns(keepRuns),
        loadedRuns(loadedRuns) {}
  ~PipelineService() { shutdown(); }
  /// Cancels what runs, waits for it, removes the snapshot folders.
  void shutdown();

  /// Runs `ompx-lsp pipeline ARGS -o DIR` (DIR: a new temporary folder).
  /// `onLine` gets each line of its stderr ("ompx-lsp: [parse] ..."), `done`
  /// the run; both on the run's thread. Returns the cancel flag.
  std::shared_ptr<std::atomic<bool>>
  runPipeline(ChildJob job, std::function<void(llvm::StringRef)> onLine,
              std::function<void(const PipelineRun &)> done);

  /// Runs `ompx-lsp reduce ARGS` the same way.
  std::shared_ptr<std::atomic<bool>>
  runReduce(ChildJob job, std::function<void(llvm::StringRef)> onLine,
            std::function<void(const ChildEnd &)> done);

  /// A kept run's store with its pieces loaded (decompressed now if they
  /// were not; the least recently asked-for run beyond loadedRuns then
  /// drops its pieces); null when unknown or pushed out, or when its pieces
  /// do not read (`error` says why).
  std::shared_ptr<const snapshots::Store> store(const std::string &id,
                                                std::string *error = nullptr);

private:
  /// Runs `verb args` to its end (deadline, cancel), lines of stderr to
  /// `onLine`.
  ChildEnd runChild(llvm::StringRef verb, const ChildJob &job,
                    const std::atomic<bool> &cancel,
                    const std::function<void(llvm::StringRef)> &onLine);
  void spawn(std::function<void()> fn,
             std::shared_ptr<std::atomic<bool>> cancel);
  /// Keeps `run`'s store under its id, dropping the oldest beyond keepRuns,
  /// and removes its folder `dir`.
  void keep(const PipelineRun &run, std::string dir);

  struct Task {
    std::atomic<bool> done{false};
    std::shared_ptr<std::atomic<bool>> cancel;
    std::thread thread;
  };
  std::string command;
  unsigned keepRuns, loadedRuns;
  mutable std::mutex mutex;
  std::list<Task> running;
  unsigned nextId = 0;
  struct Kept {
    std::string id;
    std::shared_ptr<const snapshots::Store> compressed, loaded;
    uint64_t lastUse = 0;
  };
  uint64_t uses = 0;
  std::list<Kept> kept; ///< oldest first
  /// Folders of runs still running.
  std::vector<std::string> folders;
  bool stopped = false;
};

} // namespace ompx

#endif // OMPX_SERVICE_PIPELINESERVICE_H
