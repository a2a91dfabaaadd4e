//===- Server.h - The ompx language server ----------------------*- C++ -*-===//
//
// Protocol glue: turns LSP requests into calls on documents and features and
// back. Analysis runs on a background thread (each chunk in a worker
// process), so a 200k-line parse never blocks the protocol.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_LSP_SERVER_H
#define OMPX_LSP_SERVER_H

#include "server/analysis/Worker.h"
#include "server/lsp/Documents.h"
#include "server/lsp/Launch.h"
#include "server/lsp/Transport.h"

#include <condition_variable>
#include <deque>
#include <thread>

namespace ompx {

struct ServerOptions {
  WorkerOptions worker;
  /// Analyze before handling the next message (deterministic output for
  /// `--lit-test`).
  bool synchronous = false;
};

class Server {
public:
  Server(lsp::Connection &connection, AnalysisEngine &engine,
         ServerOptions options);
  ~Server();

private:
  void onInitialize(llvm::json::Value params, lsp::Reply reply);
  void onShutdown(llvm::json::Value params, lsp::Reply reply);
  void onDidOpen(llvm::json::Value params);
  void onDidChange(llvm::json::Value params);
  void onDidClose(llvm::json::Value params);

  /// Queues (or, when synchronous, runs) the analysis of `uri`.
  void schedule(const std::string &uri);
  /// Analyzes the pending chunks of `uri` and publishes its diagnostics.
  void analyze(const std::string &uri);
  void schedulerLoop();

  lsp::Connection &connection;
  AnalysisEngine &engine;
  ServerOptions options;

  std::mutex mutex; ///< guards documents, queue, stopping, current
  std::map<std::string, std::shared_ptr<Document>> documents;
  std::deque<std::string> queue;
  std::condition_variable wake;
  bool stopping = false;
  std::string current;            ///< uri being analyzed
  std::atomic<bool> cancel{false}; ///< set when `current` changes again
  std::thread scheduler;
  // ompx.compileAndLaunch / ompx.listDevices (server/lsp/Launch.cpp). Last
  // member: destroyed first, while the documents it republishes still exist.
  std::unique_ptr<lsp::LaunchCommands> launch;
};

} // namespace ompx

#endif // OMPX_LSP_SERVER_H
