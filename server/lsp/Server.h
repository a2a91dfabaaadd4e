//===- Server.h - The ompx language server ----------------------*- C++ -*-===//
//
// Protocol glue: turns LSP requests into calls on documents and features and
// back. Analysis runs on a background thread (in a warm worker process),
// so a 200k-line parse never blocks the protocol.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_LSP_SERVER_H
#define OMPX_LSP_SERVER_H

#include "server/worker/Worker.h"
#include "server/service/Documents.h"
#include "server/lsp/Launch.h"
#include "server/lsp/Transport.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <thread>

namespace ompx {

struct ServerOptions {
  WorkerOptions worker;
  /// Analyze before handling the next message (deterministic output for
  /// `--lit-test`).
  bool synchronous = false;
  /// Starts a launch's build child (pipeline::LaunchRequest).
  std::vector<std::string> buildChildCommand;
};

class Server {
public:
  Server(lsp::Connection &connection, ServerOptions options);
  ~Server();

private:
  void onInitialize(llvm::json::Value params, lsp::Reply reply);
  void onShutdown(llvm::json::Value params, lsp::Reply reply);
  void onDidOpen(llvm::json::Value params);
  void onDidChange(llvm::json::Value params);
  void onDidClose(llvm::json::Value params);
  void onHover(llvm::json::Value params, lsp::Reply reply);
  void onDefinition(llvm::json::Value params, lsp::Reply reply);
  void onReferences(llvm::json::Value params, lsp::Reply reply);
  void onCompletion(llvm::json::Value params, lsp::Reply reply);
  void onDocumentSymbol(llvm::json::Value params, lsp::Reply reply);
  void onInlayHint(llvm::json::Value params, lsp::Reply reply);

  /// Runs `run` on a snapshot of `uri` once the chunk at `pos` (the whole
  /// document without `pos`) is analyzed; at once if it is. An empty
  /// snapshot means the document is not open.
  void withDocument(const std::string &uri, std::optional<LinePosition> pos,
                    std::function<void(const Snapshot &)> run);
  void withWholeDocument(const llvm::json::Value &params,
                         llvm::StringRef method, lsp::Reply reply,
                         std::function<llvm::json::Value(const Snapshot &)> fn);

  /// A request about a position: answers with `fn` on a snapshot of the
  /// document once the chunk holding the position is analyzed (at once if
  /// it is), so a hover right after an edit answers from the new text.
  void
  withPosition(const llvm::json::Value &params, llvm::StringRef method,
               lsp::Reply reply,
               std::function<llvm::json::Value(const Snapshot &, uint32_t)> fn);
  /// Runs what waits on `uri` whose chunks are now analyzed.
  void runDeferred(const std::string &uri);

  /// Queues (or, when synchronous, runs) the analysis of `uri`.
  void schedule(const std::string &uri);
  /// Analyzes the pending chunks of `uri` and publishes its diagnostics.
  void analyze(const std::string &uri);
  void schedulerLoop();

  lsp::Connection &connection;
  ServerOptions options;
  WorkerPool workers; ///< warm analysis workers

  std::mutex mutex; ///< guards documents, queue, stopping, current
  std::map<std::string, std::shared_ptr<Document>> documents;
  std::deque<std::string> queue;
  std::condition_variable wake;
  bool stopping = false;
  std::string current;             ///< uri being analyzed
  std::atomic<bool> cancel{false}; ///< set when `current` changes again
  std::thread scheduler;
  /// Requests waiting for an analysis, by uri: (chunk needed, run).
  std::map<std::string,
           std::vector<std::pair<int, std::function<void(const Snapshot &)>>>>
      deferred;
  // ompx.compileAndLaunch / ompx.listDevices (server/lsp/Launch.cpp). Last
  // member: destroyed first, while the documents it republishes still exist.
  std::unique_ptr<lsp::LaunchCommands> launch;
};

} // namespace ompx

#endif // OMPX_LSP_SERVER_H
