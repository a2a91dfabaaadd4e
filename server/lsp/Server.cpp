//===- Server.cpp - The ompx language server ------------------------------===//

#include "server/lsp/Server.h"
#include "server/features/Completion.h"
#include "server/features/DocumentSymbols.h"
#include "server/features/Hover.h"
#include "server/features/InlayHints.h"
#include "server/features/Navigation.h"
#include "server/lsp/Diagnostics.h"

#include "llvm/Support/LSP/Logging.h"

#include <type_traits>

using namespace ompx;
using namespace ompx::lsp;
using llvm::json::Value;
using llvm::lsp::ErrorCode;
using llvm::lsp::Logger;

template <typename Params>
void Server::bind(llvm::StringLiteral method,
                  void (Server::*handler)(const Params &, Reply)) {
  connection.onRequest(method, [this, method, handler](Value raw, Reply reply) {
    Params params;
    llvm::json::Path::Root root;
    std::string error;
    if (!fromJSON(raw, params, root))
      error = llvm::toString(root.getError());
    else if constexpr (std::is_base_of_v<PositionParams, Params>)
      if (!params.position)
        error = "missing position";
    if (!error.empty())
      return reply(makeError(ErrorCode::InvalidParams,
                             "invalid params for " + method + ": " + error));
    (this->*handler)(params, std::move(reply));
  });
}

template <typename Params>
void Server::bind(llvm::StringLiteral method,
                  void (Server::*handler)(const Params &)) {
  connection.onNotification(method, [this, method, handler](Value raw) {
    Params params;
    llvm::json::Path::Root root;
    if (!fromJSON(raw, params, root))
      return Logger::error("invalid params for {0}: {1}", method,
                           llvm::toString(root.getError()));
    (this->*handler)(params);
  });
}

Server::Server(Connection &connection, Scheduler &scheduler,
               LaunchService &launches)
    : connection(connection), scheduler(scheduler), launches(launches),
      launch(connection, launches) {
  bind("initialize", &Server::onInitialize);
  bind("shutdown", &Server::onShutdown);
  connection.onNotification("initialized", [](Value) {});
  bind("textDocument/didOpen", &Server::onDidOpen);
  bind("textDocument/didChange", &Server::onDidChange);
  bind("textDocument/didClose", &Server::onDidClose);
  bind("textDocument/hover", &Server::onHover);
  bind("textDocument/definition", &Server::onDefinition);
  bind("textDocument/references", &Server::onReferences);
  bind("textDocument/completion", &Server::onCompletion);
  bind("textDocument/documentSymbol", &Server::onDocumentSymbol);
  bind("textDocument/inlayHint", &Server::onInlayHint);
  bind("workspace/executeCommand", &Server::onExecuteCommand);
  scheduler.setPublisher(
      [this](std::shared_ptr<const Document> doc) { publish(*doc); });
}

Server::~Server() {
  // Launches first: a finishing one republishes through the scheduler.
  launches.shutdown();
  scheduler.shutdown();
}

void Server::publish(const Document &doc) {
  connection.notify(
      "textDocument/publishDiagnostics",
      toJSON(publishDiagnosticsParams(doc, launches.diagnostics(doc.uri()))));
}

void Server::onInitialize(const InitializeParams &p, Reply reply) {
  // A launch reads only open documents and files under these folders.
  launches.setWorkspaceFolders(p.workspaceFolders);
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
      {"executeCommandProvider", LaunchCommands::capability()},
  };
  reply(llvm::json::Object{
      {"capabilities", std::move(capabilities)},
      {"serverInfo",
       llvm::json::Object{{"name", "ompx-lsp"}, {"version", OMPX_VERSION}}}});
}

void Server::onShutdown(const llvm::lsp::NoParams &, Reply reply) {
  scheduler.stop();
  reply(nullptr);
}

void Server::onDidOpen(const DidOpenParams &p) {
  scheduler.open(p.textDocument.uri, p.textDocument.version,
                 p.textDocument.text);
}

void Server::onDidChange(const DidChangeParams &p) {
  const std::string &uri = p.textDocument.uri;
  // Edits come only from this thread, so the text cannot change between
  // reading it and replacing it.
  std::optional<std::string> text = scheduler.text(uri);
  if (!text) {
    Logger::error("didChange for a document that is not open: {0}", uri);
    return;
  }
  if (llvm::failed(llvm::lsp::TextDocumentContentChangeEvent::applyTo(
          p.contentChanges, *text))) {
    // The client and server disagree on the text; keep the old one rather
    // than analyze garbage, and say so.
    Logger::error("could not apply an edit to {0}", uri);
    connection.notify(
        "window/showMessage",
        llvm::lsp::toJSON(llvm::lsp::ShowMessageParams(
            llvm::lsp::MessageType::Error,
            "ompx-lsp: an edit to " + uri +
                " did not apply (range outside the document); reopen the "
                "file to resynchronize")));
    return;
  }
  scheduler.update(uri, p.textDocument.version, std::move(*text));
}

void Server::onDidClose(const DocumentParams &p) {
  scheduler.close(p.textDocument.uri);
  // Clear the closed document's diagnostics, as clients expect.
  connection.notify(
      "textDocument/publishDiagnostics",
      toJSON(PublishDiagnosticsParams{p.textDocument.uri, std::nullopt, {}}));
}

void Server::answerWithSnapshot(
    const std::string &uri, std::optional<llvm::lsp::Position> pos, Reply reply,
    std::function<Value(const Snapshot &, uint32_t)> fn) {
  std::optional<LinePosition> at;
  if (pos)
    at = fromLSP(*pos);
  // Shared: the answer may move to the analysis thread with the request.
  auto shared = std::make_shared<Reply>(std::move(reply));
  scheduler.runWithSnapshot(
      uri, at,
      [shared, at, fn](const Snapshot &snap) {
        if (!snap.text) // not open, or closed meanwhile
          return (*shared)(nullptr);
        (*shared)(fn(snap, at ? snap.lines->toOffset(*at) : 0));
      },
      shared->cancelledFn());
}

/// The hover's LSP form: the one place a hover becomes protocol.
static Value hoverToLSP(const Snapshot &snap,
                        const std::optional<HoverInfo> &h) {
  if (!h)
    return nullptr;
  llvm::lsp::Hover out(toLSP(*snap.lines, h->range));
  out.contents.value = renderHover(*h);
  return toJSON(out);
}

static Value locations(const Snapshot &snap,
                       const std::vector<TextRange> &ranges) {
  llvm::json::Array out;
  for (const TextRange &r : ranges)
    out.push_back(Location{snap.uri, toLSP(*snap.lines, r)});
  return out;
}

static llvm::lsp::DocumentSymbol symbolToLSP(const LineTable &lines,
                                             const OutlineSymbol &s) {
  llvm::lsp::DocumentSymbol out(s.name, llvm::lsp::SymbolKind(int(s.kind)),
                                toLSP(lines, s.range),
                                toLSP(lines, s.selection));
  out.detail = s.detail;
  for (const OutlineSymbol &c : s.children)
    out.children.push_back(symbolToLSP(lines, c));
  return out;
}

void Server::onHover(const PositionParams &p, Reply reply) {
  answerWithSnapshot(p.textDocument.uri, p.position, std::move(reply),
                     [](const Snapshot &snap, uint32_t offset) {
                       return hoverToLSP(snap, hover(snap, offset));
                     });
}

void Server::onDefinition(const PositionParams &p, Reply reply) {
  answerWithSnapshot(p.textDocument.uri, p.position, std::move(reply),
                     [](const Snapshot &snap, uint32_t offset) {
                       return locations(snap, definition(snap, offset));
                     });
}

void Server::onReferences(const ReferenceParams &p, Reply reply) {
  bool includeDecl = p.includeDeclaration;
  answerWithSnapshot(p.textDocument.uri, p.position, std::move(reply),
                     [includeDecl](const Snapshot &snap, uint32_t offset) {
                       return locations(snap,
                                        references(snap, offset, includeDecl));
                     });
}

void Server::onCompletion(const PositionParams &p, Reply reply) {
  answerWithSnapshot(p.textDocument.uri, p.position, std::move(reply),
                     [](const Snapshot &snap, uint32_t offset) -> Value {
                       llvm::lsp::CompletionList list;
                       for (const CompletionItem &c : complete(snap, offset)) {
                         llvm::lsp::CompletionItem item;
                         item.label = c.label;
                         item.kind = llvm::lsp::CompletionItemKind(int(c.kind));
                         item.detail = c.detail;
                         if (!c.documentation.empty())
                           item.documentation = llvm::lsp::MarkupContent{
                               llvm::lsp::MarkupKind::Markdown,
                               c.documentation};
                         item.insertText = c.insertText;
                         list.items.push_back(std::move(item));
                       }
                       return toJSON(list);
                     });
}

void Server::onDocumentSymbol(const DocumentParams &p, Reply reply) {
  answerWithSnapshot(p.textDocument.uri, std::nullopt, std::move(reply),
                     [](const Snapshot &snap, uint32_t) {
                       llvm::json::Array out;
                       for (const OutlineSymbol &s : documentSymbols(snap))
                         out.push_back(toJSON(symbolToLSP(*snap.lines, s)));
                       return Value(std::move(out));
                     });
}

void Server::onInlayHint(const InlayHintParams &p, Reply reply) {
  std::optional<llvm::lsp::Range> range = p.range;
  answerWithSnapshot(
      p.textDocument.uri, std::nullopt, std::move(reply),
      [range](const Snapshot &snap, uint32_t) {
        TextRange r{0, uint32_t(snap.text->size())};
        if (range)
          r = {snap.lines->toOffset(fromLSP(range->start)),
               snap.lines->toOffset(fromLSP(range->end))};
        llvm::json::Array out;
        for (const ompx::InlayHint &h : inlayHints(snap, r)) {
          // Parameter-like: what the value stands for.
          lsp::InlayHint hint{
              llvm::lsp::InlayHint(llvm::lsp::InlayHintKind::Parameter,
                                   toLSP(*snap.lines, h.offset)),
              h.tooltip};
          hint.lsp.label = ": " + h.label;
          out.push_back(toJSON(hint));
        }
        return Value(std::move(out));
      });
}

void Server::onExecuteCommand(const ExecuteCommandParams &p, Reply reply) {
  launch.executeCommand(p, std::move(reply));
}
