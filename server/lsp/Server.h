//===- Server.h - The ompx language server ----------------------*- C++ -*-===//
//
// Protocol binding only: a table binds each LSP method to a handler taking
// typed params; handlers call the services (documents and analysis through
// the Scheduler, launches through the LaunchService) and turn the features'
// structs into llvm::lsp results. No analysis, threads or documents here.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_LSP_SERVER_H
#define OMPX_LSP_SERVER_H

#include "pipeline/snapshots/Follow.h"
#include "server/lsp/Commands.h"
#include "server/lsp/Launch.h"
#include "server/lsp/Protocol.h"
#include "server/lsp/Transport.h"
#include "server/service/EmitService.h"
#include "server/service/FortranDocuments.h"
#include "server/service/LaunchService.h"
#include "server/service/PipelineService.h"
#include "server/service/Scheduler.h"
#include "support/FileAccess.h"

#include <map>
#include <mutex>
#include <set>

namespace ompx::lsp {

class Server {
public:
  /// The services outlive the server; it stops their callbacks into it when
  /// destroyed.
  /// `files` (shared with `launches`) is set from initialize's workspace
  /// folders and decides what documents and commands may read and write.
  Server(Connection &connection, Scheduler &scheduler, LaunchService &launches,
         FileAccess &files, FortranDocuments &fortran);
  ~Server();

  /// `ompx-lsp emit`, this executable's (lsp/FortranView.cpp).
  static std::vector<std::string> emitCommand();

private:
  /// Binds `method` to `handler` over params parsed with fromJSON; bad
  /// params are answered InvalidParams (requests) or logged (notifications).
  template <typename Params>
  void bind(llvm::StringLiteral method,
            void (Server::*handler)(const Params &, Reply));
  template <typename Params>
  void bind(llvm::StringLiteral method,
            void (Server::*handler)(const Params &));
  /// A notification whose handler takes the params over (the text of a
  /// didOpen): the parsed JSON is freed before the handler runs.
  template <typename Params>
  void bind(llvm::StringLiteral method, void (Server::*handler)(Params &&));
  /// Moves the large string the connection kept apart into the params'
  /// text where they hold its placeholder.
  void takeText(DocumentParams &p);
  void takeText(DidChangeParams &p);

  /// A notification whose params did not parse: logged (stderr and
  /// window/logMessage) and ignored; a didChange also tells the user.
  void invalidNotification(llvm::StringRef method, const std::string &error);
  void onInitialize(const InitializeParams &params, Reply reply);
  void onShutdown(const llvm::lsp::NoParams &, Reply reply);
  void onDidOpen(DidOpenParams &&params);
  void onDidChange(DidChangeParams &&params);
  void onDidClose(const DocumentParams &params);
  void onDidChangeConfiguration(const Settings &settings);
  void onDidChangeWorkspaceFolders(const WorkspaceFoldersChange &p);
  void applySettings(const Settings &settings);
  void onHover(const PositionParams &params, Reply reply);
  void onDefinition(const PositionParams &params, Reply reply);
  void onReferences(const ReferenceParams &params, Reply reply);
  void onCompletion(const PositionParams &params, Reply reply);
  void onDocumentSymbol(const DocumentParams &params, Reply reply);
  void onInlayHint(const InlayHintParams &params, Reply reply);
  // A recorded launch's figures on the ops (lsp/Profile.cpp).
  void onCodeLens(const DocumentParams &params, Reply reply);
  /// The hover's part for the recorded figures on `offset`'s line; empty
  /// if none.
  std::string profileHoverAt(const Snapshot &snap, uint32_t offset);
  /// The same for the Fortran document `uri` (its text `text`): the ops
  /// that came from `offset`'s line.
  std::string profileSourceHoverAt(const std::string &uri, llvm::StringRef text,
                                   const LineTable &lines, uint32_t offset);
  /// Answers ompx.profileHotSpots; false for another command.
  bool executeProfileCommand(const ExecuteCommandParams &params, Reply &reply);
  static constexpr const char *kProfileHotSpots = "ompx.profileHotSpots";
  void onCodeAction(const CodeActionParams &params, Reply reply);
  void onExecuteCommand(const ExecuteCommandParams &params, Reply reply);
  /// mlir-lsp-server's `.mlirbc` requests: {uri} -> {output} (text, or
  /// base64 bytecode); convertToBytecode also takes {uri, text}.
  void onConvertFromBytecode(const DocumentRef &params, Reply reply);
  void onConvertToBytecode(const DocumentRef &params, Reply reply);

  // The Fortran -> MLIR view (lsp/FortranView.cpp).
  static void addFortranCommands(llvm::json::Array &commands);
  /// Answers ompx.emitMLIR / fortranLocation / mlirLocations; false for
  /// another command (`reply` untouched).
  bool executeFortranCommand(const ExecuteCommandParams &params, Reply &reply);
  void emitMLIRCommand(const ExecuteCommandParams &params, Reply &reply);

  // Fortran files of the project (lsp/FortranDocuments.cpp): each `...Fortran`
  // handles a document the FortranDocuments service checks and returns
  // false for any other.
  /// Also a document the editor calls Fortran whose name is no Fortran
  /// unit's (an include file, `kern.inc`): a fragment, neither checked
  /// alone nor read as MLIR.
  bool openFortran(DidOpenParams &params);
  bool changeFortran(DidChangeParams &params);
  bool closeFortran(const std::string &uri);
  bool hoverFortran(const PositionParams &params, Reply &reply);
  void onDidSave(const DocumentParams &params);
  void publishFortran(const std::string &uri);

  // The pass explorer and the reducer (lsp/Pipeline.cpp).
  static void addPipelineCommands(llvm::json::Array &commands);
  /// Answers ompx.pipeline / pipelineSnapshot / pipelineFollow / reduce;
  /// false for another command (`reply` untouched).
  bool executePipelineCommand(const ExecuteCommandParams &params, Reply &reply);
  void runPipelineCommand(const PipelineArgs &arg,
                          std::optional<llvm::json::Value> token, Reply reply);
  void pipelineSnapshot(const PipelineSnapshotArgs &arg, Reply reply);
  void pipelineFollow(const PipelineFollowArgs &arg, Reply reply);
  void reduceCommand(const ReduceArgs &arg,
                     std::optional<llvm::json::Value> token, Reply reply);
  /// "Reduce to a minimal reproducer" for the context's diagnostics of a
  /// contained crash, a lowering "not yet implemented", a verifier error.
  llvm::json::Array reduceActions(const CodeActionParams &params);
  /// The open text of `uri` (MLIR or Fortran), if open.
  std::optional<std::string> openText(const std::string &uri);
  /// The real path of the file of `uri` that a child may compile (an MLIR
  /// or Fortran file, open or under a workspace folder, with no unsaved
  /// changes); the error says why not.
  llvm::Expected<std::string> savedFileOf(const std::string &uri);
  /// What ompx.pipelineFollow follows from line `line` (1-based) of `uri`.
  std::optional<snapshots::FollowTarget>
  followTargetAt(const std::string &uri, unsigned line, std::string &why);

  void onSemanticTokensFull(const DocumentParams &params, Reply reply);
  void onSemanticTokensDelta(const SemanticTokensDeltaParams &params,
                             Reply reply);
  void onSemanticTokensRange(const SemanticTokensRangeParams &params,
                             Reply reply);
  void onDocumentHighlight(const PositionParams &params, Reply reply);
  void onPrepareRename(const PositionParams &params, Reply reply);
  void onRename(const RenameParams &params, Reply reply);
  void onWorkspaceSymbol(const WorkspaceSymbolParams &params, Reply reply);
  /// Keeps `data` as the newest semantic tokens result of `uri` (what a
  /// delta request refers to) and returns its resultId.
  std::string rememberTokens(const std::string &uri,
                             std::vector<uint32_t> data);

  /// Answers with `fn` on a snapshot of the document once the chunk at the
  /// position (the whole document without one) is analyzed; null when the
  /// document is not open. The request stays cancellable while it waits.
  /// Runs `fn` with the document's snapshot (analyzed as far as the
  /// request needs) and the request's offset; null when not open.
  void withSnapshot(
      const std::string &uri, std::optional<LinePosition> pos, Reply reply,
      std::function<void(const Snapshot &, uint32_t offset, Reply &)> fn);
  void answerWithSnapshot(
      const std::string &uri, std::optional<LinePosition> pos, Reply reply,
      std::function<llvm::json::Value(const Snapshot &, uint32_t offset)> fn);
  /// As answerWithSnapshot, for results that can be huge (an outline, the
  /// references of a value used everywhere): `fn` writes the result into
  /// the reply (Reply::stream) instead of building a json::Value.
  void streamWithSnapshot(const std::string &uri,
                          std::optional<LinePosition> pos, Reply reply,
                          std::function<void(const Snapshot &, uint32_t offset,
                                             llvm::json::OStream &)>
                              fn);
  /// Sends `doc`'s diagnostics unless they (and its version) are what was
  /// last sent for it: the early publication of a version and the one
  /// after its full analysis are usually the same.
  void publish(const Document &doc);
  /// Sends `params` as `uri`'s publishDiagnostics unless they are what was
  /// last sent for it; whether they were sent.
  bool notifyDiagnostics(const std::string &uri, llvm::json::Value params);
  void logPublication(const Document &doc, bool sent);

  Connection &connection;
  Scheduler &scheduler;
  LaunchService &launches;
  FileAccess &files;
  FortranDocuments &fortran;
  /// Open Fortran fragments (openFortran), by URI.
  std::set<std::string> fortranFragments;
  LaunchCommands launch;
  EmitService emits{emitCommand()};
  PipelineService pipelines{emitCommand().front()};
  /// Negotiated in initialize (before any document is open, so the analysis
  /// threads that publish only ever read it); every position in and out.
  PositionEncoding encoding = PositionEncoding::UTF16;
  /// The client applies createFile edits (InitializeParams::createFiles).
  bool createFiles = false;
  /// The last semanticTokens result sent per document: its resultId and
  /// data. Written from the analysis thread too (deferred answers).
  std::mutex tokensMutex;
  std::map<std::string, std::pair<std::string, std::vector<uint32_t>>>
      lastTokens;
  uint64_t nextTokensId = 0;
  /// Per document, the hash of the last publishDiagnostics params sent
  /// (forgotten on close). Written from the analysis and lowering threads.
  std::mutex publishedMutex;
  std::map<std::string, uint64_t> lastPublished;
};

/// `ompx-pipeline:/RUN/NAME`: the document of a snapshot (lsp/Pipeline.cpp).
std::string snapshotUri(llvm::StringRef run, llvm::StringRef name);

/// "From `f.f90:12`" and that line, for a hover on an op of flang output;
/// "" when it has no location (lsp/FortranView.cpp).
std::string originMarkdown(const Snapshot &snap, uint32_t offset,
                           const FileAccess &files);

} // namespace ompx::lsp

#endif // OMPX_LSP_SERVER_H
