//===- FortranDocuments.h - Fortran files checked in the background -*- C++
//-*-===//
//
// A Fortran file of the project open in the editor: on open and on save its
// saved text is emitted to HLFIR with the build's flags and modules (an
// `ompx-lsp emit` child, bounded to the project's folders), the MLIR is
// analyzed in a worker (parse, verify, data-mapping checks, lowering
// readiness), and what both say is kept on the Fortran (FortranDirectives.h)
// for the server to publish; hovers on directives read the same MLIR.
// `--check FILE.f90` runs the same check (checkFortranFile). No JSON, no LSP.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SERVICE_FORTRANDOCUMENTS_H
#define OMPX_SERVICE_FORTRANDOCUMENTS_H

#include "server/features/FortranDirectives.h"
#include "server/model/Snapshot.h"

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

class WorkerPool;
struct WorkerOptions;

struct FortranCheckOptions {
  /// `ompx-lsp emit`: program and subcommand.
  std::vector<std::string> emitCommand;
  /// EmitRequest::projectRoots (empty: unbounded, the command line).
  std::vector<std::string> projectRoots;
  /// EmitRequest::compileCommands (empty: the nearest database).
  std::string compileCommands;
  /// The lowering-readiness check on or off instead of the pool's setting.
  std::optional<bool> lowering;
  const std::atomic<bool> *cancel = nullptr;
};

struct FortranCheckResult {
  /// The Fortran text checked (the file as emit read it).
  std::string text;
  /// On `text`: flang's messages, then the MLIR's findings.
  std::vector<Diagnostic> diagnostics;
  /// The emitted MLIR with its analysis; null when emit failed.
  std::shared_ptr<const Snapshot> mlir;
  /// Lowering readiness ran (AnalyzerOptions::lowering on a clean module).
  bool lowered = false;
  /// Why the file could not be checked at all (unreadable); "" otherwise.
  std::string error;
  bool cancelled = false;
};

/// Emits `path` in a child, analyzes the MLIR with `workers` and puts every
/// finding on the Fortran.
FortranCheckResult checkFortranFile(WorkerPool &workers, llvm::StringRef path,
                                    const FortranCheckOptions &options);

/// What the server publishes for a Fortran document.
struct FortranDocumentView {
  int64_t version = 0;
  /// On the document's current text: the last check's findings, moved
  /// through the edits made since (ones an edit touched are dropped).
  std::vector<Diagnostic> diagnostics;
  std::shared_ptr<const std::string> text;
};

class FortranDocuments {
public:
  using PublishFn = std::function<void(const std::string &uri)>;

  /// `worker`: how to start analysis workers (the pool starts on the first
  /// Fortran document). `synchronous`: checks run on the calling thread.
  FortranDocuments(const WorkerOptions &worker,
                   std::vector<std::string> emitCommand, bool synchronous);
  ~FortranDocuments();
  /// Cancels the checks in flight and waits for them; none publishes after.
  void shutdown();
  void setPublisher(PublishFn fn) { publish = std::move(fn); }

  /// Whether `path` (a document's file) is one this service checks.
  static bool handles(llvm::StringRef path);

  /// Opens `uri` (file `path`) and checks it; `roots` bound the emit.
  void open(const std::string &uri, std::string path, int64_t version,
            std::string text, std::vector<std::string> roots, bool lowering);
  /// The new text of an open document (false: not open).
  bool change(const std::string &uri, int64_t version, std::string text);
  /// Checks the saved file again (false: not open).
  bool save(const std::string &uri, std::vector<std::string> roots,
            bool lowering);
  bool isOpen(const std::string &uri) const;
  void close(const std::string &uri);

  std::optional<FortranDocumentView> view(const std::string &uri) const;
  /// A hover at `offset` of the document's current text.
  std::optional<DirectiveHover> hover(const std::string &uri,
                                      uint32_t offset) const;

private:
  struct Doc;
  struct Runner;
  /// Asks for a check of `uri` (cancelling one in flight); under `mutex`.
  /// `after`: a document whose check this one must follow (it reads the
  /// .mod files that check makes).
  void request(const std::string &uri, Doc &doc, const std::string &after = {});
  /// Runs the check of `uri` asked for (on the calling thread).
  void runCheck(const std::string &uri);
  /// Starts the queued checks on threads of their own (dispatcher thread).
  void loop();
  /// The queued check to start now, if any; under `mutex`.
  std::deque<std::string>::iterator nextToStart();
  WorkerPool &pool();

  std::unique_ptr<WorkerOptions> workerOptions;
  std::vector<std::string> emitCommand;
  bool synchronous;
  PublishFn publish;

  mutable std::mutex mutex; ///< guards everything below
  std::map<std::string, std::shared_ptr<Doc>> docs;
  std::unique_ptr<WorkerPool> workers;
  /// Checks waiting. They run one at a time (each is a flang compile and an
  /// analysis: enough for two cores), except that a check running for
  /// longer than kStall no longer holds the others back: flang waiting on a
  /// FIFO the project holds, or a long compile, would stall every document.
  std::deque<std::string> queue;
  std::condition_variable wake;
  std::thread dispatcher;
  /// The checks running, by a sequence number; `finished` ones are joined.
  std::map<uint64_t, std::unique_ptr<Runner>> running;
  std::vector<uint64_t> finished;
  uint64_t runnerCount = 0;
  bool stopping = false;
};

} // namespace ompx

#endif // OMPX_SERVICE_FORTRANDOCUMENTS_H
