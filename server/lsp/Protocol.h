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

#include "server/syntax/Text.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::lsp {

/// textDocument: a TextDocumentItem/Identifier with the URI as sent.
struct DocumentRef {
  std::string uri;
  int64_t version = 0;
  std::string text;
};
bool fromJSON(const llvm::json::Value &v, DocumentRef &d, llvm::json::Path p);

struct DidOpenParams {
  DocumentRef textDocument;
};
struct DidChangeParams {
  DocumentRef textDocument;
  std::vector<llvm::lsp::TextDocumentContentChangeEvent> contentChanges;
};
/// didClose, documentSymbol: only the document.
struct DocumentParams {
  DocumentRef textDocument;
};
bool fromJSON(const llvm::json::Value &v, DidOpenParams &d, llvm::json::Path p);
bool fromJSON(const llvm::json::Value &v, DidChangeParams &d,
              llvm::json::Path p);
bool fromJSON(const llvm::json::Value &v, DocumentParams &d,
              llvm::json::Path p);

/// hover, definition, completion. `position` is checked by the server, to
/// answer "missing position" rather than a JSON path.
struct PositionParams {
  DocumentRef textDocument;
  std::optional<llvm::lsp::Position> position;
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
struct InlayHintParams {
  DocumentRef textDocument;
  std::optional<llvm::lsp::Range> range;
};
bool fromJSON(const llvm::json::Value &v, InlayHintParams &d,
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

struct PublishDiagnosticsParams {
  std::string uri;
  std::optional<int64_t> version;
  std::vector<Diagnostic> diagnostics;
};
llvm::json::Value toJSON(const PublishDiagnosticsParams &p);

struct InlayHint {
  llvm::lsp::InlayHint lsp;
  std::string tooltip;
};
llvm::json::Value toJSON(const InlayHint &h);

/// initialize: what ompx reads of it (llvm::lsp::InitializeParams has no
/// rootUri or workspaceFolders). Never fails: a client may send anything.
struct InitializeParams {
  /// Paths of the `file:` workspace folders (workspaceFolders, else
  /// rootUri, else rootPath); other URIs are ignored.
  std::vector<std::string> workspaceFolders;
};
bool fromJSON(const llvm::json::Value &v, InitializeParams &d,
              llvm::json::Path p);

/// workspace/executeCommand (LLVM has no type for it).
struct ExecuteCommandParams {
  std::string command;
  llvm::json::Array arguments;
  std::optional<llvm::json::Value> workDoneToken;
};
bool fromJSON(const llvm::json::Value &v, ExecuteCommandParams &d,
              llvm::json::Path p);

/// Byte offsets <-> LSP positions (UTF-16 columns) through the line table.
llvm::lsp::Position toLSP(const LineTable &lines, uint32_t offset);
llvm::lsp::Range toLSP(const LineTable &lines, TextRange r);
LinePosition fromLSP(const llvm::lsp::Position &p);

} // namespace ompx::lsp

#endif // OMPX_LSP_PROTOCOL_H
