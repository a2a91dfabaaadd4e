//===- Protocol.cpp - LSP types ompx needs beyond llvm::lsp ---------------===//

#include "server/lsp/Protocol.h"

using namespace ompx;
using namespace ompx::lsp;
using llvm::json::ObjectMapper;
using llvm::json::Path;
using llvm::json::Value;

bool lsp::fromJSON(const Value &v, DocumentRef &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.map("uri", d.uri) && o.mapOptional("version", d.version) &&
         o.mapOptional("text", d.text);
}

bool lsp::fromJSON(const Value &v, DidOpenParams &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.map("textDocument", d.textDocument);
}

bool lsp::fromJSON(const Value &v, DidChangeParams &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.map("textDocument", d.textDocument) &&
         o.mapOptional("contentChanges", d.contentChanges);
}

bool lsp::fromJSON(const Value &v, DocumentParams &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.map("textDocument", d.textDocument);
}

bool lsp::fromJSON(const Value &v, PositionParams &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.map("textDocument", d.textDocument) &&
         o.mapOptional("position", d.position);
}

bool lsp::fromJSON(const Value &v, ReferenceParams &d, Path p) {
  if (!fromJSON(v, static_cast<PositionParams &>(d), p))
    return false;
  if (const llvm::json::Object *ctx = v.getAsObject()->getObject("context"))
    d.includeDeclaration = ctx->getBoolean("includeDeclaration").value_or(true);
  return true;
}

bool lsp::fromJSON(const Value &v, InlayHintParams &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.map("textDocument", d.textDocument) &&
         o.mapOptional("range", d.range);
}

Value lsp::toJSON(const Location &l) {
  return llvm::json::Object{{"uri", l.uri}, {"range", toJSON(l.range)}};
}

Value lsp::toJSON(const Diagnostic &d) {
  Value v = llvm::lsp::toJSON(d.lsp);
  llvm::json::Object &o = *v.getAsObject();
  if (!d.code.empty())
    o["code"] = d.code;
  if (!d.related.empty()) {
    llvm::json::Array related;
    for (const auto &[location, message] : d.related)
      related.push_back(
          llvm::json::Object{{"location", location}, {"message", message}});
    o["relatedInformation"] = std::move(related);
  }
  return v;
}

Value lsp::toJSON(const PublishDiagnosticsParams &p) {
  llvm::json::Object o{{"uri", p.uri}, {"diagnostics", p.diagnostics}};
  if (p.version)
    o["version"] = *p.version;
  return o;
}

Value lsp::toJSON(const InlayHint &h) {
  Value v = llvm::lsp::toJSON(h.lsp);
  (*v.getAsObject())["tooltip"] = h.tooltip;
  return v;
}

bool lsp::fromJSON(const Value &v, InitializeParams &d, Path) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return true;
  auto addUri = [&](llvm::StringRef uri) {
    if (auto file = llvm::lsp::URIForFile::fromURI(uri))
      d.workspaceFolders.push_back(file->file().str());
    else
      llvm::consumeError(file.takeError());
  };
  if (const llvm::json::Array *folders = o->getArray("workspaceFolders")) {
    for (const Value &f : *folders)
      if (const llvm::json::Object *folder = f.getAsObject())
        if (auto uri = folder->getString("uri"))
          addUri(*uri);
  } else if (auto root = o->getString("rootUri")) {
    addUri(*root);
  } else if (auto path = o->getString("rootPath")) {
    if (!path->empty())
      d.workspaceFolders.push_back(path->str());
  }
  return true;
}

bool lsp::fromJSON(const Value &v, ExecuteCommandParams &d, Path p) {
  ObjectMapper o(v, p);
  if (!o || !o.mapOptional("command", d.command))
    return false;
  // Arguments are any JSON; each command reads its own.
  const llvm::json::Object &object = *v.getAsObject();
  if (const llvm::json::Array *a = object.getArray("arguments"))
    d.arguments = *a;
  if (const Value *t = object.get("workDoneToken"))
    d.workDoneToken = *t;
  return true;
}

llvm::lsp::Position lsp::toLSP(const LineTable &lines, uint32_t offset) {
  LinePosition p = lines.toPosition(offset);
  return llvm::lsp::Position(int(p.line), int(p.character));
}

llvm::lsp::Range lsp::toLSP(const LineTable &lines, TextRange r) {
  return llvm::lsp::Range(toLSP(lines, r.begin), toLSP(lines, r.end));
}

LinePosition lsp::fromLSP(const llvm::lsp::Position &p) {
  return {uint32_t(std::max(0, p.line)), uint32_t(std::max(0, p.character))};
}
