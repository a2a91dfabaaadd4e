//===- Protocol.h - LSP types ompx needs beyond llvm::lsp -------*- C++ -*-===//
//
// Params and results are llvm::lsp types (llvm/Support/LSP/Protocol.h)
// wherever one can carry what ompx sends or receives. The few here exist
// because the LLVM type cannot:
//  - llvm::lsp::URIForFile accepts only `file:` URIs naming a path, and
//    rejects `untitled:Untitled-1` (unsaved buffers) and `test:///x`; the
//    server never needs a path, so documents keep the URI as sent. Every
//    type holding a URI (Location, PublishDiagnosticsParams, ...) follows.
//  - llvm::lsp::Diagnostic has no `code`, InlayHint no `tooltip`.
//  - Optional fields ompx accepts missing (a reference context, an inlay
//    range) are required by LLVM's fromJSON.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_LSP_PROTOCOL_H
#define OMPX_LSP_PROTOCOL_H

#include "server/features/Completion.h"
#include "server/features/DocumentSymbols.h"
#include "server/features/SemanticTokens.h"
#include "server/syntax/Text.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx {
// Incoming positions. In namespace ompx for argument-dependent lookup. Lines
// and columns must be integers in [0, 2^32) (values beyond wrapped to 32 bits
// in llvm::lsp::Position); a range's start must not be after its end.
bool fromJSON(const llvm::json::Value &v, LinePosition &d, llvm::json::Path p);
bool fromJSON(const llvm::json::Value &v, LineRange &d, llvm::json::Path p);
bool fromJSON(const llvm::json::Value &v, ContentChange &d, llvm::json::Path p);
} // namespace ompx

namespace ompx::lsp {

/// initialize: what ompx reads of it (the rest is ignored).
/// ompx's settings, from initializationOptions or from the `ompx` section
/// of workspace/didChangeConfiguration (absent: unchanged).
struct Settings {
  std::optional<bool> lowering;               ///< ompx.lowering
  std::optional<int64_t> loweringMaxFileSize; ///< ompx.loweringMaxFileSize
};
/// Reads `{"lowering": ..}`, `{"ompx": {..}}` or `{"settings": {"ompx":
/// {..}}}`; never fails (a setting of the wrong type is ignored).
bool fromJSON(const llvm::json::Value &v, Settings &d, llvm::json::Path p);

struct InitializeParams {
  /// general.positionEncodings, in the client's order of preference.
  std::vector<std::string> positionEncodings;
  Settings settings; ///< initializationOptions
  /// Paths of the `file:` workspace folders (workspaceFolders, else
  /// rootUri, else rootPath); other URIs are ignored.
  std::vector<std::string> workspaceFolders;
  /// workspace.workspaceEdit: documentChanges with the `create` resource
  /// operation (the code action that writes a driver needs it).
  bool createFiles = false;
  /// workspace.codeLens.refreshSupport: the server may ask for the code
  /// lenses again (a recorded launch's figures came).
  bool codeLensRefresh = false;
};
bool fromJSON(const llvm::json::Value &v, InitializeParams &d,
              llvm::json::Path p);

/// textDocument: a TextDocumentItem/Identifier with the URI as sent.
struct DocumentRef {
  std::string uri;
  int64_t version = 0;
  std::string text;
  std::string languageId; ///< didOpen's; empty elsewhere
};
bool fromJSON(const llvm::json::Value &v, DocumentRef &d, llvm::json::Path p);

/// didOpen, didClose, documentSymbol: only the document. The requests
/// below add their one field to it.
struct DocumentParams {
  DocumentRef textDocument;
};
bool fromJSON(const llvm::json::Value &v, DocumentParams &d,
              llvm::json::Path p);
using DidOpenParams = DocumentParams;
struct DidChangeParams : DocumentParams {
  std::vector<ContentChange> contentChanges;
};
bool fromJSON(const llvm::json::Value &v, DidChangeParams &d,
              llvm::json::Path p);

/// hover, definition, completion. `position` is checked by the server, to
/// answer "missing position" rather than a JSON path.
struct PositionParams : DocumentParams {
  std::optional<LinePosition> position;
};
bool fromJSON(const llvm::json::Value &v, PositionParams &d,
              llvm::json::Path p);
/// references: `context.includeDeclaration` defaults to true.
struct ReferenceParams : PositionParams {
  bool includeDeclaration = true;
};
bool fromJSON(const llvm::json::Value &v, ReferenceParams &d,
              llvm::json::Path p);
/// inlayHint: without a range, the whole document.
struct InlayHintParams : DocumentParams {
  std::optional<LineRange> range;
};
bool fromJSON(const llvm::json::Value &v, InlayHintParams &d,
              llvm::json::Path p);

/// A document and a range of it: codeAction (what ompx reads of it: it
/// finds the diagnostics itself) and semanticTokens/range.
struct DocumentRangeParams : DocumentParams {
  LineRange range;
};
bool fromJSON(const llvm::json::Value &v, DocumentRangeParams &d,
              llvm::json::Path p);
/// A diagnostic of codeAction's context, as the client holds it: ompx's
/// `code` ("mlir-crash", "lowering", "verify") says which it is.
struct ContextDiagnostic {
  std::string code, message;
  LineRange range;
};
/// codeAction: the range, and the diagnostics of the context (malformed
/// ones are left out: they are the client's copy of ours).
struct CodeActionParams : DocumentRangeParams {
  std::vector<ContextDiagnostic> diagnostics;
};
bool fromJSON(const llvm::json::Value &v, CodeActionParams &d,
              llvm::json::Path p);
using SemanticTokensRangeParams = DocumentRangeParams;

/// semanticTokens/full/delta: the resultId of the result the client holds.
struct SemanticTokensDeltaParams : DocumentParams {
  std::string previousResultId;
};
bool fromJSON(const llvm::json::Value &v, SemanticTokensDeltaParams &d,
              llvm::json::Path p);
/// rename: the position and the new name.
struct RenameParams : PositionParams {
  std::string newName;
};
bool fromJSON(const llvm::json::Value &v, RenameParams &d, llvm::json::Path p);
/// workspace/symbol.
struct WorkspaceSymbolParams {
  std::string query;
};
bool fromJSON(const llvm::json::Value &v, WorkspaceSymbolParams &d,
              llvm::json::Path p);

struct Location {
  std::string uri;
  llvm::lsp::Range range;
};
llvm::json::Value toJSON(const Location &l);

struct Diagnostic {
  llvm::lsp::Diagnostic lsp; ///< range, severity, source, message
  std::string code;
  std::vector<std::pair<Location, std::string>> related;
};
llvm::json::Value toJSON(const Diagnostic &d);

/// A quick fix; llvm::lsp::CodeAction's diagnostics have no `code`.
struct CodeAction {
  std::string title;
  Diagnostic diagnostic;
  llvm::lsp::WorkspaceEdit edit;
  bool preferred = true;
};
llvm::json::Value toJSON(const CodeAction &a);

struct PublishDiagnosticsParams {
  std::string uri;
  std::optional<int64_t> version;
  std::vector<Diagnostic> diagnostics;
};
llvm::json::Value toJSON(const PublishDiagnosticsParams &p);

struct InlayHint {
  llvm::lsp::InlayHint lsp;
  std::string tooltip; ///< markdown, sent as MarkupContent
};
llvm::json::Value toJSON(const InlayHint &h);

/// initialize: what ompx reads of it (llvm::lsp::InitializeParams has no
/// rootUri or workspaceFolders). Never fails: a client may send anything.
/// workspace/executeCommand (LLVM has no type for it).
struct ExecuteCommandParams {
  std::string command;
  llvm::json::Array arguments;
  std::optional<llvm::json::Value> workDoneToken;
};
/// workspace/didChangeWorkspaceFolders: the paths of the `file:` folders
/// added and removed (other URIs are ignored).
struct WorkspaceFoldersChange {
  std::vector<std::string> added, removed;
};
bool fromJSON(const llvm::json::Value &v, WorkspaceFoldersChange &d,
              llvm::json::Path p);

/// The path of a `file:` URI. Refused when the decoded path holds a NUL or
/// another control character: `%00` would cut the path short at the first
/// system call, `%0A` would split a line of a script or a log.
llvm::Expected<std::string> filePathOf(llvm::StringRef uri);
/// The file: URI of an absolute path ("" when it cannot be one).
std::string uriOfPath(llvm::StringRef path);

bool fromJSON(const llvm::json::Value &v, ExecuteCommandParams &d,
              llvm::json::Path p);

/// Byte offsets -> LSP positions in the negotiated encoding. A range's ends
/// are rounded outwards to whole characters, so it never splits one.
llvm::lsp::Position toLSP(const LineTable &lines, uint32_t offset,
                          PositionEncoding enc);
llvm::lsp::Range toLSP(const LineTable &lines, TextRange r,
                       PositionEncoding enc);

/// The LSP numbers of the features' kinds.
llvm::lsp::SymbolKind toLSP(OutlineKind kind);
llvm::lsp::CompletionItemKind toLSP(CompletionKind kind);
llvm::lsp::DiagnosticSeverity toLSP(Severity severity);

/// The documentSymbol result (DocumentSymbol[]) written straight to `j`: the
/// JSON llvm::lsp::toJSON(DocumentSymbol) gives, without a json::Value per
/// symbol (see Reply::stream).
void writeDocumentSymbols(llvm::json::OStream &j, const LineTable &lines,
                          PositionEncoding enc,
                          llvm::ArrayRef<OutlineSymbol> symbols);
/// Location[] of `ranges` in `uri`, streamed likewise (references to a
/// value used 600k times).
void writeLocations(llvm::json::OStream &j, llvm::StringRef uri,
                    const LineTable &lines, PositionEncoding enc,
                    llvm::ArrayRef<TextRange> ranges);

/// Semantic tokens as LSP encodes them: 5 integers per token (line and
/// start relative to the previous token, length, type, modifier bits), with
/// columns and lengths in the negotiated encoding.
std::vector<uint32_t> encodeSemanticTokens(const LineTable &lines,
                                           PositionEncoding enc,
                                           llvm::ArrayRef<SemanticToken> tokens,
                                           llvm::StringRef text);
/// A JSON array of integers, written raw (compact, as the session's output).
void writeIntegers(llvm::json::OStream &j, llvm::ArrayRef<uint32_t> data);
/// `{"data": [...]}` (with `resultId` when not empty), streamed.
void writeSemanticTokens(llvm::json::OStream &j, llvm::StringRef resultId,
                         llvm::ArrayRef<uint32_t> data);

} // namespace ompx::lsp

#endif // OMPX_LSP_PROTOCOL_H
