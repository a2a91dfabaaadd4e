//===- Server.cpp - The ompx language server ------------------------------===//

#include "server/lsp/Server.h"
#include "server/features/CodeActions.h"
#include "server/features/Completion.h"
#include "server/features/DocumentSymbols.h"
#include "server/features/Driver.h"
#include "server/features/Highlight.h"
#include "server/features/Hover.h"
#include "server/features/InlayHints.h"
#include "server/features/Navigation.h"
#include "server/features/Rename.h"
#include "server/features/SemanticTokens.h"
#include "server/features/WorkspaceSymbols.h"
#include "server/lsp/Diagnostics.h"
#include "server/service/Bytecode.h"
#include "server/syntax/EditMap.h"
#include "support/FileRead.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <ctime>
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
      return invalidNotification(method, llvm::toString(root.getError()));
    (this->*handler)(params);
  });
}

template <typename Params>
void Server::bind(llvm::StringLiteral method,
                  void (Server::*handler)(Params &&)) {
  connection.onNotification(
      method,
      [this, method, handler](Value raw) {
        Params params;
        llvm::json::Path::Root root;
        if (!fromJSON(raw, params, root)) {
          connection.takeLargeString();
          return invalidNotification(method, llvm::toString(root.getError()));
        }
        // A document's text comes apart from the JSON (no copy); in an
        // unexpected member it goes back and the params are read again.
        takeText(params);
        if (connection.hasLargeString()) {
          lsp::restoreLargeString(raw, connection.takeLargeString());
          params = Params();
          if (!fromJSON(raw, params, root))
            return invalidNotification(method, llvm::toString(root.getError()));
        }
        raw = nullptr; // a document's text: one copy left, in `params`
        (this->*handler)(std::move(params));
      },
      /*takesLargeString=*/true);
}

void Server::takeText(DocumentParams &p) {
  if (p.textDocument.text == lsp::kLargeStringPlaceholder)
    p.textDocument.text = connection.takeLargeString();
}

void Server::takeText(DidChangeParams &p) {
  takeText(static_cast<DocumentParams &>(p));
  for (ContentChange &change : p.contentChanges)
    if (change.text == lsp::kLargeStringPlaceholder)
      change.text = connection.takeLargeString();
}

Server::Server(Connection &connection, Scheduler &scheduler,
               LaunchService &launches, FileAccess &files,
               FortranDocuments &fortran)
    : connection(connection), scheduler(scheduler), launches(launches),
      files(files), fortran(fortran), launch(connection, launches) {
  bind("initialize", &Server::onInitialize);
  bind("shutdown", &Server::onShutdown);
  connection.onNotification("initialized", [](Value) {});
  bind("textDocument/didOpen", &Server::onDidOpen);
  bind("textDocument/didChange", &Server::onDidChange);
  bind("textDocument/didClose", &Server::onDidClose);
  bind("textDocument/didSave", &Server::onDidSave);
  bind("workspace/didChangeConfiguration", &Server::onDidChangeConfiguration);
  bind("workspace/didChangeWorkspaceFolders",
       &Server::onDidChangeWorkspaceFolders);
  bind("textDocument/hover", &Server::onHover);
  bind("textDocument/definition", &Server::onDefinition);
  bind("textDocument/references", &Server::onReferences);
  bind("textDocument/completion", &Server::onCompletion);
  bind("textDocument/documentSymbol", &Server::onDocumentSymbol);
  bind("textDocument/inlayHint", &Server::onInlayHint);
  bind("textDocument/codeLens", &Server::onCodeLens);
  bind("textDocument/codeAction", &Server::onCodeAction);
  bind("workspace/executeCommand", &Server::onExecuteCommand);
  bind("mlir/convertFromBytecode", &Server::onConvertFromBytecode);
  bind("mlir/convertToBytecode", &Server::onConvertToBytecode);
  bind("textDocument/semanticTokens/full", &Server::onSemanticTokensFull);
  bind("textDocument/semanticTokens/full/delta",
       &Server::onSemanticTokensDelta);
  bind("textDocument/semanticTokens/range", &Server::onSemanticTokensRange);
  bind("textDocument/documentHighlight", &Server::onDocumentHighlight);
  bind("textDocument/prepareRename", &Server::onPrepareRename);
  bind("textDocument/rename", &Server::onRename);
  bind("workspace/symbol", &Server::onWorkspaceSymbol);
  scheduler.setPublisher(
      [this](std::shared_ptr<const Document> doc) { publish(*doc); });
  fortran.setPublisher([this](const std::string &uri) { publishFortran(uri); });
}

Server::~Server() {
  // Launches first: a finishing one republishes through the scheduler.
  // After exit or end of input alike, the Slurm allocations this server
  // made for reuse are released: say which.
  if (auto slurm = launches.shutdown()) {
    if (!slurm->error.empty())
      Logger::error(
          "exit: Slurm allocations: release failed: {0}{1}", slurm->error,
          slurm->released.empty()
              ? std::string()
              : " (released: " + llvm::join(slurm->released, ", ") + ")");
    else
      Logger::info("exit: Slurm allocations released: {0}",
                   slurm->released.empty() ? std::string("none")
                                           : llvm::join(slurm->released, ", "));
  }
  emits.shutdown();
  pipelines.shutdown();
  fortran.shutdown();
  scheduler.shutdown();
}

bool Server::notifyDiagnostics(const std::string &uri,
                               llvm::json::Value params) {
  std::string bytes;
  llvm::raw_string_ostream(bytes) << params;
  uint64_t hash = llvm::xxh3_64bits(bytes);
  {
    // Publications of a document are serialized (the scheduler's, the
    // Fortran check's); this guards the map against a close on the main
    // thread.
    std::lock_guard<std::mutex> lock(publishedMutex);
    auto [it, added] = lastPublished.try_emplace(uri, hash);
    if (!added && it->second == hash)
      return false;
    it->second = hash;
  }
  connection.notify("textDocument/publishDiagnostics", std::move(params));
  return true;
}

void Server::publish(const Document &doc) {
  bool sent = notifyDiagnostics(
      doc.uri(),
      toJSON(publishDiagnosticsParams(doc, launches.diagnostics(doc.uri()),
                                      encoding, scheduler.lowering().enabled)));
  logPublication(doc, sent);
}

/// `--log=info`: how long the version took to its diagnostics, and where
/// the largest analyzed chunk spent it (bench/README.md's profile recipe).
void Server::logPublication(const Document &doc, bool sent) {
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - doc.arrived())
                  .count();
  size_t chunks = doc.split().chunks.size(), analyzed = 0;
  const ChunkAnalysis *largest = nullptr;
  for (size_t i = 0; i < chunks; ++i)
    if (const auto &a = doc.analysis(i)) {
      ++analyzed;
      if (!largest ||
          a->chunkEnd - a->chunkBegin > largest->chunkEnd - largest->chunkBegin)
        largest = a.get();
    }
  std::string detail;
  if (largest)
    detail = llvm::formatv(
                 "; largest analyzed chunk ({0} bytes): parse "
                 "{1:f1} ms{2}, verification and records {3:f1} ms",
                 largest->chunkEnd - largest->chunkBegin, largest->parseMs,
                 largest->parseCut ? " in two halves" : "", largest->verifyMs)
                 .str();
  Logger::info("publishDiagnostics {0} v{1}{2}: {3:f1} ms after the version "
               "arrived, {4} of {5} chunks analyzed (the rest: early "
               "diagnostics){6}",
               doc.uri(), doc.version(), sent ? "" : " (unchanged, not sent)",
               ms, analyzed, chunks, detail);
}

void Server::invalidNotification(llvm::StringRef method,
                                 const std::string &error) {
  // Nothing is answered to a notification: say why it was ignored where the
  // client's log shows it, and on stderr.
  std::string message =
      ("ompx-lsp: ignored " + method + " with invalid params: " + error).str();
  Logger::error("{0}", message);
  connection.notify(
      "window/logMessage",
      llvm::json::Object{{"type", int(llvm::lsp::MessageType::Warning)},
                         {"message", message}});
  if (method == "textDocument/didChange")
    // The client applied the edit; the server kept the old text.
    connection.notify("window/showMessage",
                      llvm::lsp::toJSON(llvm::lsp::ShowMessageParams(
                          llvm::lsp::MessageType::Error,
                          "ompx-lsp: an edit did not apply (" + error +
                              "); reopen the file to resynchronize")));
}

/// The legend: token types and modifiers in the order of their enums.
static llvm::json::Object semanticTokensCapability() {
  llvm::json::Array types, modifiers;
  for (const char *t : tokenTypeNames())
    types.push_back(t);
  for (const char *m : tokenModifierNames())
    modifiers.push_back(m);
  return llvm::json::Object{
      {"legend", llvm::json::Object{{"tokenTypes", std::move(types)},
                                    {"tokenModifiers", std::move(modifiers)}}},
      {"full", llvm::json::Object{{"delta", true}}},
      {"range", true}};
}

void Server::onInitialize(const InitializeParams &p, Reply reply) {
  // The client's first choice that ompx supports (all three are); UTF-16
  // when it offers none, as the spec says.
  encoding = PositionEncoding::UTF16;
  for (const std::string &name : p.positionEncodings)
    if (std::optional<PositionEncoding> e = parseEncoding(name)) {
      encoding = *e;
      break;
    }
  // What a document or a command may make the server read or write lies
  // under these folders or the document's own (support/FileAccess.h).
  files.setFolders(p.workspaceFolders);
  createFiles = p.createFiles;
  launch.setCodeLensRefresh(p.codeLensRefresh);
  applySettings(p.settings);
  llvm::json::Object capabilities{
      {"positionEncoding", encodingName(encoding)},
      {"textDocumentSync",
       llvm::json::Object{
           {"openClose", true},
           {"change", int(llvm::lsp::TextDocumentSyncKind::Incremental)},
           // Fortran files are checked as saved (flang reads the file).
           {"save", llvm::json::Object{{"includeText", false}}}}},
      {"hoverProvider", true},
      {"definitionProvider", true},
      {"referencesProvider", true},
      {"documentSymbolProvider", true},
      {"inlayHintProvider", true},
      {"codeLensProvider", llvm::json::Object{{"resolveProvider", false}}},
      {"codeActionProvider",
       llvm::json::Object{{"codeActionKinds", llvm::json::Array{"quickfix"}}}},
      {"completionProvider",
       llvm::json::Object{{"triggerCharacters",
                           llvm::json::Array{".", "@", "(", " ", ",", "%"}},
                          {"resolveProvider", false}}},
      {"executeCommandProvider", [] {
         llvm::json::Value commands = LaunchCommands::capability();
         if (llvm::json::Array *list =
                 commands.getAsObject()->getArray("commands")) {
           addFortranCommands(*list);
           addPipelineCommands(*list);
           list->push_back(kProfileHotSpots);
         }
         return commands;
       }()},
      {"semanticTokensProvider", semanticTokensCapability()},
      {"documentHighlightProvider", true},
      {"renameProvider", llvm::json::Object{{"prepareProvider", true}}},
      {"workspaceSymbolProvider", true},
      // What documents may make the server read follows the folders.
      {"workspace",
       llvm::json::Object{
           {"workspaceFolders", llvm::json::Object{{"supported", true},
                                                   {"changeNotifications",
                                                    true}}}}},
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

void Server::onDidOpen(DidOpenParams &&p) {
  if (openFortran(p))
    return;
  scheduler.open(p.textDocument.uri, p.textDocument.version,
                 std::move(p.textDocument.text));
}

void Server::onDidChange(DidChangeParams &&p) {
  if (changeFortran(p))
    return;
  const std::string &uri = p.textDocument.uri;
  // Edits come only from this thread, so the text cannot change between
  // reading it and replacing it.
  std::optional<std::string> text = scheduler.text(uri);
  if (!text) {
    Logger::error("didChange for a document that is not open: {0}", uri);
    return;
  }
  // Ranges were checked when parsed; out-of-range positions clamp. Each
  // change also becomes a byte edit, for the offsets of stale results; a
  // whole-text change is diffed so unchanged functions keep their mapping.
  std::vector<ByteEdit> edits;
  for (ContentChange &change : p.contentChanges) {
    if (change.range) {
      // The first change applies to the document as the scheduler has it,
      // whose line table is built: no second pass over a large text.
      std::optional<TextEdit> e = edits.empty()
                                      ? scheduler.resolve(uri, change, encoding)
                                      : std::nullopt;
      if (!e)
        e = toTextEdit(*text, change, encoding);
      text->replace(e->range.begin, e->range.end - e->range.begin, e->newText);
      edits.push_back(ByteEdit{e->range.begin, e->range.end,
                               static_cast<uint32_t>(e->newText.size())});
      continue;
    }
    edits.push_back(diffEdit(*text, change.text));
    *text = std::move(change.text);
  }
  // Published again with the analysis of the new text.
  launches.forgetMapFindings(uri);
  scheduler.update(uri, p.textDocument.version, std::move(*text), edits);
}

void Server::applySettings(const Settings &settings) {
  if (!settings.lowering && !settings.loweringMaxFileSize)
    return;
  LoweringSettings lowering = scheduler.lowering();
  if (settings.lowering)
    lowering.enabled = *settings.lowering;
  if (settings.loweringMaxFileSize && *settings.loweringMaxFileSize >= 0)
    lowering.maxFileSize = uint64_t(*settings.loweringMaxFileSize);
  scheduler.setLowering(lowering);
}

void Server::onDidChangeConfiguration(const Settings &settings) {
  applySettings(settings);
}

void Server::onDidChangeWorkspaceFolders(const WorkspaceFoldersChange &p) {
  files.changeFolders(p.added, p.removed);
}

void Server::onDidClose(const DocumentParams &p) {
  if (!closeFortran(p.textDocument.uri))
    scheduler.close(p.textDocument.uri);
  {
    std::lock_guard<std::mutex> lock(tokensMutex);
    lastTokens.erase(p.textDocument.uri);
  }
  {
    // After scheduler.close: no publication of it follows.
    std::lock_guard<std::mutex> lock(publishedMutex);
    lastPublished.erase(p.textDocument.uri);
  }
  // Clear the closed document's diagnostics, as clients expect.
  connection.notify(
      "textDocument/publishDiagnostics",
      toJSON(PublishDiagnosticsParams{p.textDocument.uri, std::nullopt, {}}));
}

void Server::withSnapshot(
    const std::string &uri, std::optional<LinePosition> at, Reply reply,
    std::function<void(const Snapshot &, uint32_t, Reply &)> fn) {
  // Shared: the answer may move to the analysis thread with the request.
  auto shared = std::make_shared<Reply>(std::move(reply));
  PositionEncoding enc = encoding;
  scheduler.runWithSnapshot(
      uri, at, enc,
      [shared, at, enc, fn](const Snapshot &snap) {
        if (!snap.text) // not open, or closed meanwhile
          return (*shared)(nullptr);
        fn(snap, at ? snap.lines->toOffset(*at, enc) : 0, *shared);
      },
      shared->cancelledFn());
}

void Server::answerWithSnapshot(
    const std::string &uri, std::optional<LinePosition> at, Reply reply,
    std::function<Value(const Snapshot &, uint32_t)> fn) {
  withSnapshot(uri, at, std::move(reply),
               [fn](const Snapshot &snap, uint32_t offset, Reply &r) {
                 r(fn(snap, offset));
               });
}

void Server::streamWithSnapshot(
    const std::string &uri, std::optional<LinePosition> at, Reply reply,
    std::function<void(const Snapshot &, uint32_t, llvm::json::OStream &)> fn) {
  withSnapshot(uri, at, std::move(reply),
               [fn](const Snapshot &snap, uint32_t offset, Reply &r) {
                 r.stream([&](llvm::json::OStream &j) { fn(snap, offset, j); });
               });
}

/// The hover's LSP form: the one place a hover becomes protocol.
/// `profile`: what the last recorded launch saw on the line (may be all).
static Value hoverToLSP(const Snapshot &snap, const std::optional<HoverInfo> &h,
                        PositionEncoding enc, const FileAccess &files,
                        uint32_t offset, const std::string &profile) {
  if (!h && profile.empty())
    return nullptr;
  llvm::lsp::Hover out(
      toLSP(*snap.lines, h ? h->range : TextRange{offset, offset}, enc));
  if (h)
    out.contents.value = renderHover(*h);
  // An op of flang output: the Fortran line it came from.
  if (h && h->kind == HoverInfo::Kind::Op)
    if (std::string origin = originMarkdown(snap, h->range.begin, files);
        !origin.empty())
      out.contents.value += "\n\n---\n\n" + origin;
  if (!profile.empty())
    out.contents.value +=
        (out.contents.value.empty() ? "" : "\n\n---\n\n") + profile;
  return toJSON(out);
}

void Server::onHover(const PositionParams &p, Reply reply) {
  if (hoverFortran(p, reply))
    return;
  answerWithSnapshot(p.textDocument.uri, p.position, std::move(reply),
                     [this, enc = encoding,
                      &files = files](const Snapshot &snap, uint32_t offset) {
                       return hoverToLSP(snap, hover(snap, offset), enc, files,
                                         offset, profileHoverAt(snap, offset));
                     });
}

void Server::onDefinition(const PositionParams &p, Reply reply) {
  streamWithSnapshot(p.textDocument.uri, p.position, std::move(reply),
                     [enc = encoding](const Snapshot &snap, uint32_t offset,
                                      llvm::json::OStream &j) {
                       writeLocations(j, snap.uri, *snap.lines, enc,
                                      definition(snap, offset));
                     });
}

void Server::onReferences(const ReferenceParams &p, Reply reply) {
  bool includeDecl = p.includeDeclaration;
  streamWithSnapshot(p.textDocument.uri, p.position, std::move(reply),
                     [includeDecl, enc = encoding](const Snapshot &snap,
                                                   uint32_t offset,
                                                   llvm::json::OStream &j) {
                       writeLocations(j, snap.uri, *snap.lines, enc,
                                      references(snap, offset, includeDecl));
                     });
}

void Server::onCompletion(const PositionParams &p, Reply reply) {
  answerWithSnapshot(
      p.textDocument.uri, p.position, std::move(reply),
      [enc = encoding](const Snapshot &snap, uint32_t offset) -> Value {
        llvm::lsp::CompletionList list;
        for (const CompletionItem &c : complete(snap, offset)) {
          llvm::lsp::CompletionItem item;
          item.label = c.label;
          item.kind = toLSP(c.kind);
          item.detail = c.detail;
          if (!c.documentation.empty())
            item.documentation = llvm::lsp::MarkupContent{
                llvm::lsp::MarkupKind::Markdown, c.documentation};
          item.insertText = c.insertText;
          // The whole word at the cursor is replaced.
          item.textEdit = llvm::lsp::TextEdit{
              toLSP(*snap.lines, c.replace, enc),
              c.insertText.empty() ? c.label : c.insertText};
          list.items.push_back(std::move(item));
        }
        return toJSON(list);
      });
}

void Server::onDocumentSymbol(const DocumentParams &p, Reply reply) {
  streamWithSnapshot(
      p.textDocument.uri, std::nullopt, std::move(reply),
      [enc = encoding](const Snapshot &snap, uint32_t, llvm::json::OStream &j) {
        writeDocumentSymbols(j, *snap.lines, enc, documentSymbols(snap));
      });
}

void Server::onInlayHint(const InlayHintParams &p, Reply reply) {
  std::optional<LineRange> range = p.range;
  answerWithSnapshot(
      p.textDocument.uri, std::nullopt, std::move(reply),
      [range, enc = encoding](const Snapshot &snap, uint32_t) {
        TextRange r{0, uint32_t(snap.text->size())};
        if (range)
          r = snap.lines->toRange(*range, enc);
        llvm::json::Array out;
        for (const ompx::InlayHint &h : inlayHints(snap, r)) {
          // Parameter-like: what the value stands for. Padded and without
          // a leading `:`, which would read as MLIR's type separator.
          lsp::InlayHint hint{
              llvm::lsp::InlayHint(llvm::lsp::InlayHintKind::Parameter,
                                   toLSP(*snap.lines, h.offset, enc)),
              h.tooltip};
          hint.lsp.label = h.label;
          hint.lsp.paddingLeft = true;
          hint.lsp.paddingRight = true;
          out.push_back(toJSON(hint));
        }
        return Value(std::move(out));
      });
}

static Value createDriverAction(const Snapshot &snap, TextRange range);

void Server::onCodeAction(const CodeActionParams &p, Reply reply) {
  LineRange range = p.range;
  llvm::json::Array reduce = reduceActions(p);
  answerWithSnapshot(
      p.textDocument.uri, range.start, std::move(reply),
      [range, enc = encoding, create = createFiles,
       reduce = std::move(reduce)](const Snapshot &snap, uint32_t) {
        llvm::json::Array out;
        TextRange r = snap.lines->toRange(range, enc);
        std::vector<QuickFix> fixes = quickFixes(snap, r);
        for (auto more : {spellingFixes(snap, r), expectedChecks(snap, r)})
          fixes.insert(fixes.end(), more.begin(), more.end());
        for (const QuickFix &q : fixes) {
          CodeAction action;
          action.title = q.fix.title;
          action.preferred = q.preferred;
          action.diagnostic =
              toLSPDiagnostic(q.diagnostic, snap.uri, *snap.lines, enc);
          std::vector<llvm::lsp::TextEdit> &edits =
              action.edit.changes[snap.uri];
          for (const TextEdit &e : q.fix.edits)
            edits.push_back({toLSP(*snap.lines, e.range, enc), e.newText});
          out.push_back(toJSON(action));
        }
        // Only for clients that apply createFile edits.
        if (Value driver = create ? createDriverAction(snap, r) : nullptr;
            driver.kind() != Value::Null)
          out.push_back(std::move(driver));
        for (const Value &action : reduce)
          out.push_back(action);
        return Value(std::move(out));
      });
}

/// "Create a driver for this library": on a library module's `module` or
/// procedure line, when its sidecar driver (STEM.driver.f90, which a launch
/// uses by itself) does not exist yet; a createFile and its text.
static Value createDriverAction(const Snapshot &snap, TextRange range) {
  auto file = llvm::lsp::URIForFile::fromURI(snap.uri);
  if (!file) {
    llvm::consumeError(file.takeError());
    return nullptr;
  }
  if (!offersDriverAt(snap, range))
    return nullptr;
  llvm::SmallString<256> path(llvm::sys::path::parent_path(file->file()));
  std::string name = sidecarDriverName(file->file());
  llvm::sys::path::append(path, name);
  if (llvm::sys::fs::exists(path))
    return nullptr;
  std::optional<std::string> source = libraryDriver(snap, file->file());
  if (!source)
    return nullptr;
  auto driverFile = llvm::lsp::URIForFile::fromFile(path);
  if (!driverFile) {
    llvm::consumeError(driverFile.takeError());
    return nullptr;
  }
  std::string uri = driverFile->uri().str();
  llvm::lsp::Range start{llvm::lsp::Position(0, 0), llvm::lsp::Position(0, 0)};
  llvm::json::Array changes{
      llvm::json::Object{
          {"kind", "create"},
          {"uri", uri},
          {"options", llvm::json::Object{{"ignoreIfExists", true}}}},
      llvm::json::Object{
          {"textDocument",
           llvm::json::Object{{"uri", uri}, {"version", nullptr}}},
          {"edits", llvm::json::Array{
                        llvm::json::Object{{"range", llvm::lsp::toJSON(start)},
                                           {"newText", std::move(*source)}}}}}};
  return llvm::json::Object{
      {"title", "Create a driver for this library (" + name + ")"},
      {"kind", "quickfix"},
      {"edit", llvm::json::Object{{"documentChanges", std::move(changes)}}}};
}

void Server::onExecuteCommand(const ExecuteCommandParams &p, Reply reply) {
  if (executeFortranCommand(p, reply) || executeProfileCommand(p, reply) ||
      executePipelineCommand(p, reply))
    return;
  launch.executeCommand(p, std::move(reply));
}

void Server::onConvertFromBytecode(const DocumentRef &p, Reply reply) {
  llvm::Expected<std::string> file = filePathOf(p.uri);
  if (!file)
    return reply(
        makeError(ErrorCode::InvalidParams,
                  "not a file URI: " + llvm::toString(file.takeError())));
  llvm::Expected<std::string> bytes = readRegularFile(*file);
  if (!bytes)
    return reply(makeError(ErrorCode::RequestFailed,
                           "cannot read " + *file + ": " +
                               llvm::toString(bytes.takeError())));
  llvm::Expected<std::string> text =
      convertBytecode(BytecodeDirection::ToText, *bytes, *file);
  if (!text)
    return reply(
        makeError(ErrorCode::RequestFailed, llvm::toString(text.takeError())));
  reply(llvm::json::Object{{"output", std::move(*text)}});
}

void Server::onConvertToBytecode(const DocumentRef &p, Reply reply) {
  // ompx's extension: the text to convert may come with the request (what
  // an editor is saving), else the open document's.
  std::optional<std::string> text =
      p.text.empty() ? scheduler.text(p.uri) : p.text;
  if (!text)
    return reply(makeError(ErrorCode::RequestFailed,
                           "language server does not contain an entry for "
                           "this source file"));
  // Bytecode holds one module, as mlir-lsp-server says.
  if (splitChunks(*text).chunks.size() != 1)
    return reply(
        makeError(ErrorCode::RequestFailed,
                  "unexpected split file, please remove all `// -----`"));
  // Locations of text without its own name the path (of a file: URI or of
  // the editor's own scheme, `ompx-mlirbc:///a/b.mlirbc`), as
  // mlir-lsp-server names them.
  llvm::StringRef path = llvm::StringRef(p.uri).split(':').second;
  path.consume_front("//");
  std::string name = path.str();
  if (auto file = llvm::lsp::URIForFile::fromURI(p.uri))
    name = file->file().str();
  else
    llvm::consumeError(file.takeError());
  llvm::Expected<std::string> bytes =
      convertBytecode(BytecodeDirection::ToBytecode, *text, name);
  if (!bytes)
    return reply(
        makeError(ErrorCode::RequestFailed, llvm::toString(bytes.takeError())));
  reply(llvm::json::Object{{"output", llvm::encodeBase64(*bytes)}});
}

std::string Server::rememberTokens(const std::string &uri,
                                   std::vector<uint32_t> data) {
  std::lock_guard<std::mutex> lock(tokensMutex);
  std::string id = std::to_string(++nextTokensId);
  lastTokens[uri] = {id, std::move(data)};
  return id;
}

void Server::onSemanticTokensFull(const DocumentParams &p, Reply reply) {
  withSnapshot(
      p.textDocument.uri, std::nullopt, std::move(reply),
      [this, enc = encoding](const Snapshot &snap, uint32_t, Reply &r) {
        auto start = std::chrono::steady_clock::now();
        std::clock_t cpu = std::clock();
        std::vector<SemanticToken> tokens =
            semanticTokens(snap, {0, uint32_t(snap.text->size())});
        double cpuMs = 1000.0 * double(std::clock() - cpu) / CLOCKS_PER_SEC;
        auto classified = std::chrono::steady_clock::now();
        std::vector<uint32_t> data =
            encodeSemanticTokens(*snap.lines, enc, tokens, snap.str());
        auto encoded = std::chrono::steady_clock::now();
        std::string id = rememberTokens(snap.uri, data);
        r.stream(
            [&](llvm::json::OStream &j) { writeSemanticTokens(j, id, data); });
        auto written = std::chrono::steady_clock::now();
        // What bench/bench_tokens.py reads (--log=info).
        auto ms = [](auto from, auto to) {
          return std::chrono::duration<double, std::milli>(to - from).count();
        };
        Logger::info("semanticTokens/full: {0} tokens, {1} ms classify, {2} "
                     "ms encode, {3} ms write, {4} ms CPU classify",
                     tokens.size(), ms(start, classified),
                     ms(classified, encoded), ms(encoded, written), cpuMs);
      });
}

void Server::onSemanticTokensDelta(const SemanticTokensDeltaParams &p,
                                   Reply reply) {
  std::string previousId = p.previousResultId;
  withSnapshot(p.textDocument.uri, std::nullopt, std::move(reply),
               [this, previousId, enc = encoding](const Snapshot &snap,
                                                  uint32_t, Reply &r) {
                 std::vector<uint32_t> data = encodeSemanticTokens(
                     *snap.lines, enc,
                     semanticTokens(snap, {0, uint32_t(snap.text->size())}),
                     snap.str());
                 std::optional<std::vector<SemanticTokensEdit>> edits;
                 {
                   std::lock_guard<std::mutex> lock(tokensMutex);
                   auto it = lastTokens.find(snap.uri);
                   if (it != lastTokens.end() && it->second.first == previousId)
                     edits = semanticTokensDelta(it->second.second, data);
                 }
                 std::string id = rememberTokens(snap.uri, data);
                 if (!edits) // an unknown previous result: the full one
                   return r.stream([&](llvm::json::OStream &j) {
                     writeSemanticTokens(j, id, data);
                   });
                 r.stream([&](llvm::json::OStream &j) {
                   j.object([&] {
                     j.attributeArray("edits", [&] {
                       for (const SemanticTokensEdit &e : *edits)
                         j.object([&] {
                           j.attributeBegin("data");
                           writeIntegers(j, e.data);
                           j.attributeEnd();
                           j.attribute("deleteCount", int64_t(e.deleteCount));
                           j.attribute("start", int64_t(e.start));
                         });
                     });
                     j.attribute("resultId", id);
                   });
                 });
               });
}

void Server::onSemanticTokensRange(const SemanticTokensRangeParams &p,
                                   Reply reply) {
  LineRange range = p.range;
  withSnapshot(
      p.textDocument.uri, range.start, std::move(reply),
      [range, enc = encoding](const Snapshot &snap, uint32_t, Reply &r) {
        std::vector<uint32_t> data = encodeSemanticTokens(
            *snap.lines, enc,
            semanticTokens(snap, snap.lines->toRange(range, enc)), snap.str());
        r.stream(
            [&](llvm::json::OStream &j) { writeSemanticTokens(j, "", data); });
      });
}

void Server::onDocumentHighlight(const PositionParams &p, Reply reply) {
  answerWithSnapshot(
      p.textDocument.uri, p.position, std::move(reply),
      [enc = encoding](const Snapshot &snap, uint32_t offset) {
        llvm::json::Array out;
        // DocumentHighlightKind: Read = 2, Write = 3.
        for (const Highlight &h : documentHighlights(snap, offset))
          out.push_back(llvm::json::Object{
              {"range", toJSON(toLSP(*snap.lines, h.range, enc))},
              {"kind", h.write ? 3 : 2}});
        return Value(std::move(out));
      });
}

void Server::onPrepareRename(const PositionParams &p, Reply reply) {
  withSnapshot(
      p.textDocument.uri, p.position, std::move(reply),
      [enc = encoding](const Snapshot &snap, uint32_t offset, Reply &r) {
        RenameTarget t = prepareRename(snap, offset);
        // An error, not null: the client shows why.
        if (!t.error.empty())
          return r(makeError(ErrorCode::RequestFailed, t.error));
        r(llvm::json::Object{
            {"range", toJSON(toLSP(*snap.lines, t.range, enc))},
            {"placeholder", t.name}});
      });
}

void Server::onRename(const RenameParams &p, Reply reply) {
  std::string newName = p.newName;
  withSnapshot(
      p.textDocument.uri, p.position, std::move(reply),
      [newName, enc = encoding](const Snapshot &snap, uint32_t offset,
                                Reply &r) {
        RenameResult result = rename(snap, offset, newName);
        if (!result.error.empty())
          return r(makeError(ErrorCode::RequestFailed, result.error));
        llvm::lsp::WorkspaceEdit edit;
        std::vector<llvm::lsp::TextEdit> &edits = edit.changes[snap.uri];
        for (const TextEdit &e : result.edits)
          edits.push_back({toLSP(*snap.lines, e.range, enc), e.newText});
        r(toJSON(edit));
      });
}

void Server::onWorkspaceSymbol(const WorkspaceSymbolParams &p, Reply reply) {
  // Open documents as analyzed so far: waiting for every one of them would
  // hold the answer on the slowest.
  std::vector<Snapshot> docs = scheduler.snapshots();
  llvm::json::Array out;
  for (const WorkspaceSymbol &s : workspaceSymbols(docs, p.query)) {
    const Snapshot &d = docs[s.document];
    out.push_back(llvm::json::Object{
        {"name", s.name},
        {"kind", int(toLSP(s.kind))},
        {"containerName", s.container},
        {"location",
         toJSON(Location{d.uri, toLSP(*d.lines, s.range, encoding)})}});
  }
  reply(Value(std::move(out)));
}
