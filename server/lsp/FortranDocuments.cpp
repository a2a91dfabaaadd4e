//===- FortranDocuments.cpp - Fortran documents through LSP ---------------===//
//
// A `.f90` (any Fortran extension) file of the project opened in the editor
// is not MLIR: it goes to the FortranDocuments service, which checks it on
// open and on save; its findings are published on the Fortran, and a hover
// on a directive answers from the MLIR flang-22 made of it. Other requests
// about it answer null, as for a document that is not open.
//
//===----------------------------------------------------------------------===//

#include "server/features/FortranDirectives.h"
#include "server/lsp/Diagnostics.h"
#include "server/lsp/Server.h"
#include "server/syntax/EditMap.h"

#include "llvm/Support/Path.h"

using namespace ompx;
using namespace ompx::lsp;
using llvm::StringRef;

/// The folders a check of `path` may compile in and read a build's
/// database from: the workspace's and the file's own.
static std::vector<std::string> checkRoots(const FileAccess &files,
                                           StringRef path) {
  std::vector<std::string> roots = files.folders();
  roots.push_back(llvm::sys::path::parent_path(path).str());
  return roots;
}

bool Server::openFortran(DidOpenParams &p) {
  llvm::Expected<std::string> path = filePathOf(p.textDocument.uri);
  if (!path) {
    llvm::consumeError(path.takeError());
    return false;
  }
  if (!FortranDocuments::handles(*path)) {
    // `fortran` (Neovim's filetype, VS Code's Modern Fortran), also
    // `FortranFreeForm`/`FortranFixedForm`: flang cannot compile an include
    // file alone, and its MLIR parse errors would be false. Its findings
    // are those of the files including it, at their include lines.
    if (!StringRef(p.textDocument.languageId)
             .starts_with_insensitive("fortran"))
      return false;
    fortranFragments.insert(p.textDocument.uri);
    PublishDiagnosticsParams none;
    none.uri = p.textDocument.uri;
    none.version = p.textDocument.version;
    notifyDiagnostics(p.textDocument.uri, toJSON(none));
    return true;
  }
  std::vector<std::string> roots = checkRoots(files, *path);
  fortran.open(p.textDocument.uri, *path, p.textDocument.version,
               std::move(p.textDocument.text), std::move(roots),
               scheduler.lowering().enabled);
  return true;
}

bool Server::changeFortran(DidChangeParams &p) {
  const std::string &uri = p.textDocument.uri;
  if (fortranFragments.count(uri))
    return true;
  std::optional<FortranDocumentView> view = fortran.view(uri);
  if (!view)
    return false;
  std::string text = *view->text;
  for (ContentChange &change : p.contentChanges) {
    if (change.range) {
      applyContentChanges(text, {change}, encoding);
      continue;
    }
    text = std::move(change.text);
  }
  fortran.change(uri, p.textDocument.version, std::move(text));
  // The findings move with the edits (or go, where an edit touched them).
  publishFortran(uri);
  return true;
}

void Server::onDidSave(const DocumentParams &p) {
  const std::string &uri = p.textDocument.uri;
  llvm::Expected<std::string> path = filePathOf(uri);
  if (!path) {
    llvm::consumeError(path.takeError());
    return;
  }
  // An MLIR document is analyzed as it is typed; a save changes nothing.
  fortran.save(uri, checkRoots(files, *path), scheduler.lowering().enabled);
}

bool Server::closeFortran(const std::string &uri) {
  if (fortranFragments.erase(uri))
    return true;
  if (!fortran.isOpen(uri))
    return false;
  fortran.close(uri);
  return true;
}

void Server::publishFortran(const std::string &uri) {
  std::optional<FortranDocumentView> view = fortran.view(uri);
  if (!view)
    return;
  LineTable lines(*view->text);
  PublishDiagnosticsParams params;
  params.uri = uri;
  params.version = view->version;
  for (const ompx::Diagnostic &d : view->diagnostics) {
    lsp::Diagnostic out = toLSPDiagnostic(d, uri, lines, encoding);
    out.lsp.source = "ompx";
    params.diagnostics.push_back(std::move(out));
  }
  notifyDiagnostics(uri, toJSON(params));
}

bool Server::hoverFortran(const PositionParams &p, Reply &reply) {
  std::optional<FortranDocumentView> view = fortran.view(p.textDocument.uri);
  if (!view)
    return false;
  LineTable lines(*view->text);
  uint32_t offset = lines.toOffset(*p.position, encoding);
  std::optional<DirectiveHover> h = fortran.hover(p.textDocument.uri, offset);
  // What the recorded launches saw of the ops from this line.
  std::string profile =
      profileSourceHoverAt(p.textDocument.uri, *view->text, lines, offset);
  if (!h && profile.empty()) {
    reply(nullptr);
    return true;
  }
  llvm::lsp::Hover out(
      toLSP(lines, h ? h->range : TextRange{offset, offset}, encoding));
  if (h)
    out.contents.value = renderDirectiveHover(*h);
  if (!profile.empty())
    out.contents.value +=
        (out.contents.value.empty() ? "" : "\n\n---\n\n") + profile;
  reply(toJSON(out));
  return true;
}
