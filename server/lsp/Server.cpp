//===- Server.cpp - The ompx language server ------------------------------===//

#include "server/lsp/Server.h"
#include "server/lsp/Diagnostics.h"

#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"

using namespace ompx;
using llvm::lsp::ErrorCode;
using llvm::lsp::Logger;

namespace {
/// Parses `params` as `T`, or replies/logs InvalidParams.
template <typename T>
std::optional<T> parseParams(const llvm::json::Value &params,
                             llvm::StringRef method, std::string &error) {
  T result;
  llvm::json::Path::Root root;
  if (fromJSON(params, result, root))
    return result;
  error = ("invalid params for " + method + ": " +
           llvm::toString(root.getError()))
              .str();
  return std::nullopt;
}
} // namespace

Server::Server(lsp::Connection &connection, AnalysisEngine &engine,
               ServerOptions opts)
    : connection(connection), engine(engine), options(std::move(opts)) {
  // Untitled editor buffers are documents too.
  llvm::lsp::URIForFile::registerSupportedScheme("untitled");
  connection.onRequest("initialize", [this](llvm::json::Value p, lsp::Reply r) {
    onInitialize(std::move(p), std::move(r));
  });
  connection.onRequest("shutdown", [this](llvm::json::Value p, lsp::Reply r) {
    onShutdown(std::move(p), std::move(r));
  });
  connection.onNotification("initialized", [](llvm::json::Value) {});
  connection.onNotification("textDocument/didOpen",
                            [this](llvm::json::Value p) { onDidOpen(std::move(p)); });
  connection.onNotification("textDocument/didChange",
                            [this](llvm::json::Value p) { onDidChange(std::move(p)); });
  connection.onNotification("textDocument/didClose",
                            [this](llvm::json::Value p) { onDidClose(std::move(p)); });
  if (!options.synchronous)
    scheduler = std::thread([this] { schedulerLoop(); });
  // --- Launch hook (server/lsp/Launch.cpp) ---
  launch = std::make_unique<lsp::LaunchCommands>(
      connection,
      [this](const std::string &uri) -> std::optional<std::string> {
        std::lock_guard<std::mutex> lock(mutex);
        auto it = documents.find(uri);
        if (it == documents.end())
          return std::nullopt;
        return it->second->text();
      },
      [this](const std::string &uri) { schedule(uri); },
      /*finishOnExit=*/options.synchronous);
  launch->registerHandlers();
  // --- end launch hook ---
}

Server::~Server() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
    cancel = true;
  }
  wake.notify_all();
  if (scheduler.joinable())
    scheduler.join();
}

void Server::onInitialize(llvm::json::Value params, lsp::Reply reply) {
  llvm::json::Object capabilities{
      {"positionEncoding", "utf-16"},
      {"textDocumentSync",
       llvm::json::Object{
           {"openClose", true},
           {"change", int(llvm::lsp::TextDocumentSyncKind::Incremental)},
           {"save", false}}},
      {"executeCommandProvider", lsp::LaunchCommands::capability()}, // launch
  };
  reply(llvm::json::Object{
      {"capabilities", std::move(capabilities)},
      {"serverInfo",
       llvm::json::Object{{"name", "ompx-lsp"}, {"version", OMPX_VERSION}}}});
}

void Server::onShutdown(llvm::json::Value, lsp::Reply reply) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    queue.clear();
    cancel = true;
  }
  reply(nullptr);
}

void Server::onDidOpen(llvm::json::Value params) {
  std::string error;
  auto p = parseParams<llvm::lsp::DidOpenTextDocumentParams>(
      params, "textDocument/didOpen", error);
  if (!p) {
    Logger::error("{0}", error);
    return;
  }
  std::string uri = p->textDocument.uri.uri().str();
  {
    std::lock_guard<std::mutex> lock(mutex);
    documents[uri] = std::make_shared<Document>(uri, p->textDocument.version,
                                                std::move(p->textDocument.text));
  }
  schedule(uri);
}

void Server::onDidChange(llvm::json::Value params) {
  std::string error;
  auto p = parseParams<llvm::lsp::DidChangeTextDocumentParams>(
      params, "textDocument/didChange", error);
  if (!p) {
    Logger::error("{0}", error);
    return;
  }
  std::string uri = p->textDocument.uri.uri().str();
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end()) {
      Logger::error("didChange for a document that is not open: {0}", uri);
      return;
    }
    std::string text = it->second->text();
    if (llvm::failed(llvm::lsp::TextDocumentContentChangeEvent::applyTo(
            p->contentChanges, text))) {
      // The client and server disagree on the text; keep the old one rather
      // than analyze garbage, and say so.
      Logger::error("could not apply an edit to {0}", uri);
      connection.notify(
          "window/showMessage",
          llvm::json::Object{{"type", int(llvm::lsp::MessageType::Error)},
                             {"message", "ompx-lsp: an edit to " + uri +
                                             " did not apply (range outside "
                                             "the document); reopen the "
                                             "file to resynchronize"}});
      return;
    }
    // A new document object: the scheduler may hold the previous one.
    auto doc = std::make_shared<Document>(*it->second);
    doc->setText(p->textDocument.version, std::move(text));
    it->second = std::move(doc);
    if (current == uri)
      cancel = true;
  }
  schedule(uri);
}

void Server::onDidClose(llvm::json::Value params) {
  std::string error;
  auto p = parseParams<llvm::lsp::DidCloseTextDocumentParams>(
      params, "textDocument/didClose", error);
  if (!p) {
    Logger::error("{0}", error);
    return;
  }
  std::string uri = p->textDocument.uri.uri().str();
  {
    std::lock_guard<std::mutex> lock(mutex);
    documents.erase(uri);
    if (current == uri)
      cancel = true;
  }
  // Clear the closed document's diagnostics, as clients expect.
  connection.notify("textDocument/publishDiagnostics",
                    llvm::json::Object{{"uri", uri},
                                       {"diagnostics", llvm::json::Array{}}});
}

void Server::schedule(const std::string &uri) {
  if (options.synchronous) {
    analyze(uri);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (std::find(queue.begin(), queue.end(), uri) == queue.end())
      queue.push_back(uri);
  }
  wake.notify_one();
}

void Server::schedulerLoop() {
  while (true) {
    std::string uri;
    {
      std::unique_lock<std::mutex> lock(mutex);
      wake.wait(lock, [&] { return stopping || !queue.empty(); });
      if (stopping)
        return;
      uri = queue.front();
      queue.pop_front();
    }
    analyze(uri);
  }
}

void Server::analyze(const std::string &uri) {
  std::shared_ptr<Document> doc;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end())
      return;
    doc = it->second;
    current = uri;
    cancel = false;
  }
  std::vector<unsigned> pending = doc->pendingChunks();
  if (!pending.empty()) {
    std::vector<std::pair<uint64_t, std::shared_ptr<const ChunkAnalysis>>> done;
    analyzeChunks(
        engine, doc->text(), doc->split().chunks, pending, options.worker,
        [&](unsigned idx, ChunkAnalysis &&a) {
          done.emplace_back(doc->chunkHash(idx),
                            std::make_shared<const ChunkAnalysis>(std::move(a)));
        },
        &cancel);
    std::lock_guard<std::mutex> lock(mutex);
    current.clear();
    auto it = documents.find(uri);
    if (it == documents.end())
      return;
    // Results serve the newest version too, wherever its chunks match.
    for (auto &[hash, analysis] : done)
      it->second->addAnalysis(hash, analysis);
    doc = it->second;
  } else {
    std::lock_guard<std::mutex> lock(mutex);
    current.clear();
  }
  if (!doc->complete()) {
    if (!options.synchronous)
      schedule(uri); // a newer version arrived meanwhile
    return;
  }
  llvm::json::Value params = publishDiagnosticsParams(*doc);
  launch->appendDiagnostics(uri, params); // launch hook
  connection.notify("textDocument/publishDiagnostics", std::move(params));
}
