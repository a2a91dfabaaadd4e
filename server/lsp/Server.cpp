//===- Server.cpp - The ompx language server ------------------------------===//

#include "server/lsp/Server.h"
#include "server/features/Completion.h"
#include "server/features/DocumentSymbols.h"
#include "server/features/Hover.h"
#include "server/model/Index.h"
#include "server/features/InlayHints.h"
#include "server/features/Navigation.h"
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
  error =
      ("invalid params for " + method + ": " + llvm::toString(root.getError()))
          .str();
  return std::nullopt;
}

// Document params with the URI kept as the client spelled it. The server
// never needs a file path, and llvm::lsp::URIForFile rejects URIs without
// one (`untitled:Untitled-1`), which dropped unsaved buffers at didOpen.
struct DocumentRef {
  std::string uri;
  int64_t version = 0;
  std::string text;
};
bool fromJSON(const llvm::json::Value &v, DocumentRef &d, llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("uri", d.uri) && o.mapOptional("version", d.version) &&
         o.mapOptional("text", d.text);
}
struct DocumentParams {
  DocumentRef textDocument;
  std::vector<llvm::lsp::TextDocumentContentChangeEvent> contentChanges;
  llvm::lsp::Position position;
};
bool fromJSON(const llvm::json::Value &v, DocumentParams &d,
              llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("textDocument", d.textDocument) &&
         o.mapOptional("contentChanges", d.contentChanges) &&
         o.mapOptional("position", d.position);
}
} // namespace

Server::Server(lsp::Connection &connection, ServerOptions opts)
    : connection(connection), options(std::move(opts)),
      workers(options.worker) {
  // Serve once a worker has its context loaded, as the server did when it
  // loaded one itself: the first didOpen then pays only its analysis.
  workers.waitUntilReady(std::chrono::seconds(10));
  connection.onRequest("initialize", [this](llvm::json::Value p, lsp::Reply r) {
    onInitialize(std::move(p), std::move(r));
  });
  connection.onRequest("shutdown", [this](llvm::json::Value p, lsp::Reply r) {
    onShutdown(std::move(p), std::move(r));
  });
  connection.onNotification("initialized", [](llvm::json::Value) {});
  connection.onRequest("textDocument/hover",
                       [this](llvm::json::Value p, lsp::Reply r) {
                         onHover(std::move(p), std::move(r));
                       });
  connection.onRequest("textDocument/definition",
                       [this](llvm::json::Value p, lsp::Reply r) {
                         onDefinition(std::move(p), std::move(r));
                       });
  connection.onRequest("textDocument/references",
                       [this](llvm::json::Value p, lsp::Reply r) {
                         onReferences(std::move(p), std::move(r));
                       });
  connection.onRequest("textDocument/completion",
                       [this](llvm::json::Value p, lsp::Reply r) {
                         onCompletion(std::move(p), std::move(r));
                       });
  connection.onRequest("textDocument/documentSymbol",
                       [this](llvm::json::Value p, lsp::Reply r) {
                         onDocumentSymbol(std::move(p), std::move(r));
                       });
  connection.onRequest("textDocument/inlayHint",
                       [this](llvm::json::Value p, lsp::Reply r) {
                         onInlayHint(std::move(p), std::move(r));
                       });
  connection.onNotification(
      "textDocument/didOpen",
      [this](llvm::json::Value p) { onDidOpen(std::move(p)); });
  connection.onNotification(
      "textDocument/didChange",
      [this](llvm::json::Value p) { onDidChange(std::move(p)); });
  connection.onNotification(
      "textDocument/didClose",
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
      /*finishOnExit=*/options.synchronous, options.buildChildCommand);
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
      {"hoverProvider", true},
      {"definitionProvider", true},
      {"referencesProvider", true},
      {"documentSymbolProvider", true},
      {"inlayHintProvider", true},
      {"completionProvider",
       llvm::json::Object{
           {"triggerCharacters", llvm::json::Array{".", "@", "(", " ", ","}},
           {"resolveProvider", false}}},
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
  auto p = parseParams<DocumentParams>(params, "textDocument/didOpen", error);
  if (!p) {
    Logger::error("{0}", error);
    return;
  }
  std::string uri = p->textDocument.uri;
  {
    std::lock_guard<std::mutex> lock(mutex);
    documents[uri] = std::make_shared<Document>(
        uri, p->textDocument.version, std::move(p->textDocument.text));
  }
  schedule(uri);
}

void Server::onDidChange(llvm::json::Value params) {
  std::string error;
  auto p = parseParams<DocumentParams>(params, "textDocument/didChange", error);
  if (!p) {
    Logger::error("{0}", error);
    return;
  }
  std::string uri = p->textDocument.uri;
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
  auto p = parseParams<DocumentParams>(params, "textDocument/didClose", error);
  if (!p) {
    Logger::error("{0}", error);
    return;
  }
  std::string uri = p->textDocument.uri;
  std::vector<std::pair<int, std::function<void(const Snapshot &)>>> waiting;
  {
    std::lock_guard<std::mutex> lock(mutex);
    documents.erase(uri);
    if (current == uri)
      cancel = true;
    auto it = deferred.find(uri);
    if (it != deferred.end()) {
      waiting = std::move(it->second);
      deferred.erase(it);
    }
  }
  // Requests that waited for this document get an empty answer.
  for (auto &w : waiting)
    w.second(Snapshot());
  // Clear the closed document's diagnostics, as clients expect.
  connection.notify(
      "textDocument/publishDiagnostics",
      llvm::json::Object{{"uri", uri}, {"diagnostics", llvm::json::Array{}}});
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
    workers.analyzeChunks(
        doc->text(), doc->split().chunks, pending,
        [&](unsigned idx, ChunkAnalysis &&a) {
          done.emplace_back(
              doc->chunkHash(idx),
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
  // Index the new analyses now, on this thread, so that the first hover
  // after an edit is a lookup rather than an index build.
  {
    Snapshot snap;
    {
      std::lock_guard<std::mutex> lock(mutex);
      snap = doc->snapshot();
    }
    for (unsigned i : pending)
      chunkIndex(snap, int(i));
  }
  runDeferred(uri);
  if (!doc->complete()) {
    if (!options.synchronous)
      schedule(uri); // a newer version arrived meanwhile
    return;
  }
  llvm::json::Value params = publishDiagnosticsParams(*doc);
  launch->appendDiagnostics(uri, params); // launch hook
  connection.notify("textDocument/publishDiagnostics", std::move(params));
}

void Server::withDocument(const std::string &uri,
                          std::optional<LinePosition> pos,
                          std::function<void(const Snapshot &)> run) {
  Snapshot snap;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end()) {
      run(Snapshot());
      return;
    }
    snap = it->second->snapshot();
    int chunk = pos ? snap.chunkAt(snap.lines->toOffset(*pos)) : -1;
    bool ready = chunk >= 0 ? bool(snap.analyses[chunk])
                            : llvm::all_of(snap.analyses,
                                           [](const auto &a) { return a; });
    if (!ready) {
      deferred[uri].emplace_back(chunk, std::move(run));
      return;
    }
  }
  run(snap);
}

void Server::withPosition(
    const llvm::json::Value &params, llvm::StringRef method, lsp::Reply reply,
    std::function<llvm::json::Value(const Snapshot &, uint32_t)> fn) {
  std::string error;
  auto p = parseParams<DocumentParams>(params, method, error);
  if (p && !params.getAsObject()->get("position")) {
    p.reset();
    error = ("invalid params for " + method + ": missing position").str();
  }
  if (!p) {
    reply(
        llvm::make_error<llvm::lsp::LSPError>(error, ErrorCode::InvalidParams));
    return;
  }
  LinePosition pos{uint32_t(std::max(0, p->position.line)),
                   uint32_t(std::max(0, p->position.character))};
  // Shared, so the reply can move between threads with the request.
  auto shared = std::make_shared<lsp::Reply>(std::move(reply));
  withDocument(p->textDocument.uri, pos,
               [shared, pos, fn](const Snapshot &snap) {
                 if (!snap.text) // not open, or closed meanwhile
                   (*shared)(nullptr);
                 else
                   (*shared)(fn(snap, snap.lines->toOffset(pos)));
               });
}

void Server::withWholeDocument(
    const llvm::json::Value &params, llvm::StringRef method, lsp::Reply reply,
    std::function<llvm::json::Value(const Snapshot &)> fn) {
  const llvm::json::Object *obj = params.getAsObject();
  const llvm::json::Object *td = obj ? obj->getObject("textDocument") : nullptr;
  std::optional<llvm::StringRef> uri = td ? td->getString("uri") : std::nullopt;
  if (!uri) {
    reply(llvm::make_error<llvm::lsp::LSPError>(
        ("invalid params for " + method + ": textDocument.uri missing").str(),
        ErrorCode::InvalidParams));
    return;
  }
  auto shared = std::make_shared<lsp::Reply>(std::move(reply));
  withDocument(uri->str(), std::nullopt, [shared, fn](const Snapshot &snap) {
    if (!snap.text)
      (*shared)(nullptr);
    else
      (*shared)(fn(snap));
  });
}

void Server::runDeferred(const std::string &uri) {
  std::vector<std::function<void(const Snapshot &)>> ready;
  Snapshot snap;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = deferred.find(uri);
    auto d = documents.find(uri);
    if (it == deferred.end() || d == documents.end())
      return;
    snap = d->second->snapshot();
    auto &list = it->second;
    for (auto w = list.begin(); w != list.end();) {
      bool analyzed =
          w->first < 0
              ? llvm::all_of(snap.analyses, [](const auto &a) { return a; })
              : size_t(w->first) >= snap.analyses.size() ||
                    snap.analyses[w->first];
      if (analyzed) {
        ready.push_back(std::move(w->second));
        w = list.erase(w);
      } else {
        ++w;
      }
    }
    if (list.empty())
      deferred.erase(it);
  }
  for (auto &fn : ready)
    fn(snap);
}

void Server::onHover(llvm::json::Value params, lsp::Reply reply) {
  withPosition(params, "textDocument/hover", std::move(reply),
               [](const Snapshot &snap, uint32_t offset) -> llvm::json::Value {
                 std::optional<HoverResult> h = hover(snap, offset);
                 if (!h)
                   return nullptr;
                 return llvm::json::Object{
                     {"contents", llvm::json::Object{{"kind", "markdown"},
                                                     {"value", h->markdown}}},
                     {"range", lspRange(*snap.lines, h->range)}};
               });
}

namespace {
llvm::json::Array locations(const Snapshot &snap,
                            const std::vector<TextRange> &ranges) {
  llvm::json::Array out;
  for (const TextRange &r : ranges)
    out.push_back(llvm::json::Object{{"uri", snap.uri},
                                     {"range", lspRange(*snap.lines, r)}});
  return out;
}

llvm::json::Object symbolJSON(const Snapshot &snap, const OutlineSymbol &s) {
  llvm::json::Array children;
  for (const OutlineSymbol &c : s.children)
    children.push_back(symbolJSON(snap, c));
  llvm::json::Object o{{"name", s.name},
                       {"kind", int(s.kind)},
                       {"range", lspRange(*snap.lines, s.range)},
                       {"selectionRange", lspRange(*snap.lines, s.selection)}};
  if (!s.detail.empty())
    o["detail"] = s.detail;
  if (!children.empty())
    o["children"] = std::move(children);
  return o;
}
} // namespace

void Server::onDefinition(llvm::json::Value params, lsp::Reply reply) {
  withPosition(params, "textDocument/definition", std::move(reply),
               [](const Snapshot &snap, uint32_t offset) -> llvm::json::Value {
                 return locations(snap, definition(snap, offset));
               });
}

void Server::onReferences(llvm::json::Value params, lsp::Reply reply) {
  bool includeDecl = true;
  if (const llvm::json::Object *o = params.getAsObject())
    if (const llvm::json::Object *ctx = o->getObject("context"))
      includeDecl = ctx->getBoolean("includeDeclaration").value_or(true);
  withPosition(params, "textDocument/references", std::move(reply),
               [includeDecl](const Snapshot &snap,
                             uint32_t offset) -> llvm::json::Value {
                 return locations(snap, references(snap, offset, includeDecl));
               });
}

void Server::onCompletion(llvm::json::Value params, lsp::Reply reply) {
  withPosition(
      params, "textDocument/completion", std::move(reply),
      [](const Snapshot &snap, uint32_t offset) -> llvm::json::Value {
        llvm::json::Array items;
        for (const CompletionItem &c : complete(snap, offset)) {
          llvm::json::Object o{{"label", c.label}, {"kind", int(c.kind)}};
          if (!c.detail.empty())
            o["detail"] = c.detail;
          if (!c.documentation.empty())
            o["documentation"] = llvm::json::Object{{"kind", "markdown"},
                                                    {"value", c.documentation}};
          if (!c.insertText.empty())
            o["insertText"] = c.insertText;
          items.push_back(std::move(o));
        }
        return llvm::json::Object{{"isIncomplete", false},
                                  {"items", std::move(items)}};
      });
}

void Server::onDocumentSymbol(llvm::json::Value params, lsp::Reply reply) {
  withWholeDocument(params, "textDocument/documentSymbol", std::move(reply),
                    [](const Snapshot &snap) -> llvm::json::Value {
                      llvm::json::Array out;
                      for (const OutlineSymbol &s : documentSymbols(snap))
                        out.push_back(symbolJSON(snap, s));
                      return out;
                    });
}

void Server::onInlayHint(llvm::json::Value params, lsp::Reply reply) {
  std::optional<LinePosition> from, to;
  if (const llvm::json::Object *o = params.getAsObject())
    if (const llvm::json::Object *r = o->getObject("range")) {
      auto pos =
          [](const llvm::json::Object *p) -> std::optional<LinePosition> {
        if (!p)
          return std::nullopt;
        auto line = p->getInteger("line");
        auto ch = p->getInteger("character");
        if (!line || !ch || *line < 0 || *ch < 0)
          return std::nullopt;
        return LinePosition{uint32_t(*line), uint32_t(*ch)};
      };
      from = pos(r->getObject("start"));
      to = pos(r->getObject("end"));
    }
  withWholeDocument(
      params, "textDocument/inlayHint", std::move(reply),
      [from, to](const Snapshot &snap) -> llvm::json::Value {
        TextRange range{from ? snap.lines->toOffset(*from) : 0,
                        to ? snap.lines->toOffset(*to)
                           : uint32_t(snap.text->size())};
        llvm::json::Array out;
        for (const InlayHint &h : inlayHints(snap, range)) {
          LinePosition p = snap.lines->toPosition(h.offset);
          out.push_back(llvm::json::Object{
              {"position", llvm::json::Object{{"line", p.line},
                                              {"character", p.character}}},
              {"label", ": " + h.label},
              {"kind", 2}, // parameter-like: what the value stands for
              {"tooltip", h.tooltip},
              {"paddingLeft", false}});
        }
        return out;
      });
}
