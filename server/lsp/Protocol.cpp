//===- Protocol.cpp - LSP types ompx needs beyond llvm::lsp ---------------===//

#include "server/lsp/Protocol.h"
#include "support/FileAccess.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

using namespace ompx;
using namespace ompx::lsp;
using llvm::json::ObjectMapper;
using llvm::json::Path;
using llvm::json::Value;

/// An LSP uinteger that fits the 32 bits positions have here.
static bool mapUInt32(const llvm::json::Object &o, llvm::StringLiteral key,
                      uint32_t &out, Path p) {
  const Value *v = o.get(key);
  if (!v) {
    p.field(key).report("missing value");
    return false;
  }
  std::optional<int64_t> n = v->getAsInteger();
  if (!n || *n < 0 || *n > int64_t(UINT32_MAX)) {
    p.field(key).report("expected an integer in [0, 4294967295]");
    return false;
  }
  out = uint32_t(*n);
  return true;
}

bool ompx::fromJSON(const Value &v, LinePosition &d, Path p) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o) {
    p.report("expected a position object");
    return false;
  }
  return mapUInt32(*o, "line", d.line, p) &&
         mapUInt32(*o, "character", d.character, p);
}

bool ompx::fromJSON(const Value &v, LineRange &d, Path p) {
  ObjectMapper o(v, p);
  if (!o || !o.map("start", d.start) || !o.map("end", d.end))
    return false;
  if (std::pair(d.start.line, d.start.character) >
      std::pair(d.end.line, d.end.character)) {
    p.report("range start after its end");
    return false;
  }
  return true;
}

bool ompx::fromJSON(const Value &v, ContentChange &d, Path p) {
  // `rangeLength` (deprecated) is ignored, as the spec allows.
  ObjectMapper o(v, p);
  return o && o.map("text", d.text) && o.mapOptional("range", d.range);
}

bool lsp::fromJSON(const Value &v, Settings &d, Path) {
  const llvm::json::Object *o = v.getAsObject();
  if (o && o->getObject("settings"))
    o = o->getObject("settings");
  if (o && o->getObject("ompx"))
    o = o->getObject("ompx");
  if (!o)
    return true;
  if (std::optional<bool> b = o->getBoolean("lowering"))
    d.lowering = b;
  if (std::optional<int64_t> n = o->getInteger("loweringMaxFileSize"))
    d.loweringMaxFileSize = n;
  return true;
}

bool lsp::fromJSON(const Value &v, InitializeParams &d, Path) {
  // Never fails: a client that sends odd capabilities still gets a session.
  const llvm::json::Object *o = v.getAsObject();
  const llvm::json::Object *caps = o ? o->getObject("capabilities") : nullptr;
  const llvm::json::Object *general =
      caps ? caps->getObject("general") : nullptr;
  if (const llvm::json::Array *encodings =
          general ? general->getArray("positionEncodings") : nullptr)
    for (const Value &e : *encodings)
      if (std::optional<llvm::StringRef> s = e.getAsString())
        d.positionEncodings.push_back(s->str());
  const llvm::json::Object *workspace =
      caps ? caps->getObject("workspace") : nullptr;
  if (const llvm::json::Object *edit =
          workspace ? workspace->getObject("workspaceEdit") : nullptr)
    if (const llvm::json::Array *ops = edit->getArray("resourceOperations"))
      d.createFiles = edit->getBoolean("documentChanges").value_or(false) &&
                      llvm::is_contained(*ops, Value("create"));
  if (const llvm::json::Object *lenses =
          workspace ? workspace->getObject("codeLens") : nullptr)
    d.codeLensRefresh = lenses->getBoolean("refreshSupport").value_or(false);
  if (!o)
    return true;
  if (const Value *options = o->get("initializationOptions")) {
    llvm::json::Path::Root root;
    fromJSON(*options, d.settings, root);
  }
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

bool lsp::fromJSON(const Value &v, WorkspaceFoldersChange &d, Path p) {
  const llvm::json::Object *o = v.getAsObject();
  const llvm::json::Object *event = o ? o->getObject("event") : nullptr;
  if (!event) {
    p.report("expected {event: {added, removed}}");
    return false;
  }
  auto paths = [&](llvm::StringRef key, std::vector<std::string> &out) {
    if (const llvm::json::Array *folders = event->getArray(key))
      for (const Value &f : *folders)
        if (const llvm::json::Object *folder = f.getAsObject())
          if (auto uri = folder->getString("uri")) {
            if (auto path = filePathOf(*uri))
              out.push_back(std::move(*path));
            else
              llvm::consumeError(path.takeError());
          }
  };
  paths("added", d.added);
  paths("removed", d.removed);
  return true;
}

llvm::Expected<std::string> lsp::filePathOf(llvm::StringRef uri) {
  // RFC 8089: `file://localhost/p` names the file `file:///p` does; the
  // URI parser takes the host into the path.
  std::string local;
  if (uri.size() > 17 &&
      uri.take_front(17).equals_insensitive("file://localhost/")) {
    local = "file:///" + uri.drop_front(17).str();
    uri = local;
  }
  auto file = llvm::lsp::URIForFile::fromURI(uri);
  if (!file)
    return file.takeError();
  if (llvm::Error e = checkPathCharacters(file->file()))
    return llvm::createStringError("its path " + llvm::toString(std::move(e)));
  return file->file().str();
}

std::string lsp::uriOfPath(llvm::StringRef path) {
  auto uri = llvm::lsp::URIForFile::fromFile(path);
  if (!uri) {
    llvm::consumeError(uri.takeError());
    return "";
  }
  return uri->uri().str();
}

bool lsp::fromJSON(const Value &v, DocumentRef &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.map("uri", d.uri) && o.mapOptional("version", d.version) &&
         o.mapOptional("text", d.text) &&
         o.mapOptional("languageId", d.languageId);
}

bool lsp::fromJSON(const Value &v, DidChangeParams &d, Path p) {
  ObjectMapper o(v, p);
  return fromJSON(v, static_cast<DocumentParams &>(d), p) &&
         o.mapOptional("contentChanges", d.contentChanges);
}

bool lsp::fromJSON(const Value &v, DocumentParams &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.map("textDocument", d.textDocument);
}

bool lsp::fromJSON(const Value &v, PositionParams &d, Path p) {
  ObjectMapper o(v, p);
  return fromJSON(v, static_cast<DocumentParams &>(d), p) &&
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
  return fromJSON(v, static_cast<DocumentParams &>(d), p) &&
         o.mapOptional("range", d.range);
}

bool lsp::fromJSON(const Value &v, DocumentRangeParams &d, Path p) {
  ObjectMapper o(v, p);
  return fromJSON(v, static_cast<DocumentParams &>(d), p) &&
         o.map("range", d.range);
}

bool lsp::fromJSON(const Value &v, CodeActionParams &d, Path p) {
  if (!fromJSON(v, static_cast<DocumentRangeParams &>(d), p))
    return false;
  const llvm::json::Object *context = v.getAsObject()->getObject("context");
  const llvm::json::Array *list =
      context ? context->getArray("diagnostics") : nullptr;
  if (!list)
    return true;
  for (const Value &item : *list) {
    const llvm::json::Object *o = item.getAsObject();
    if (!o)
      continue;
    ContextDiagnostic c;
    if (auto code = o->getString("code"))
      c.code = code->str();
    if (auto message = o->getString("message"))
      c.message = message->str();
    llvm::json::Path::Root root;
    const Value *range = o->get("range");
    if (!range || !fromJSON(*range, c.range, root))
      continue;
    d.diagnostics.push_back(std::move(c));
  }
  return true;
}

Value lsp::toJSON(const CodeAction &a) {
  return llvm::json::Object{{"title", a.title},
                            {"kind", "quickfix"},
                            {"diagnostics", llvm::json::Array{a.diagnostic}},
                            {"isPreferred", a.preferred},
                            {"edit", toJSON(a.edit)}};
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
  // The tooltip is markdown (bold variable names, code spans).
  (*v.getAsObject())["tooltip"] =
      llvm::lsp::MarkupContent{llvm::lsp::MarkupKind::Markdown, h.tooltip};
  return v;
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

llvm::lsp::Position lsp::toLSP(const LineTable &lines, uint32_t offset,
                               PositionEncoding enc) {
  LinePosition p = lines.toPosition(offset, enc);
  return llvm::lsp::Position(int(p.line), int(p.character));
}

llvm::lsp::Range lsp::toLSP(const LineTable &lines, TextRange r,
                            PositionEncoding enc) {
  uint32_t begin = lines.characterStart(r.begin);
  uint32_t end = std::max(begin, lines.characterEnd(r.end));
  return llvm::lsp::Range(toLSP(lines, begin, enc), toLSP(lines, end, enc));
}

static void writePosition(llvm::json::OStream &j,
                          const llvm::lsp::Position &p) {
  j.object([&] {
    j.attribute("character", p.character);
    j.attribute("line", p.line);
  });
}

static void writeRange(llvm::json::OStream &j, const llvm::lsp::Range &r) {
  j.object([&] {
    j.attributeBegin("end");
    writePosition(j, r.end);
    j.attributeEnd();
    j.attributeBegin("start");
    writePosition(j, r.start);
    j.attributeEnd();
  });
}

llvm::lsp::SymbolKind lsp::toLSP(OutlineKind kind) {
  using llvm::lsp::SymbolKind;
  switch (kind) {
  case OutlineKind::Module:
    return SymbolKind::Module;
  case OutlineKind::Function:
    return SymbolKind::Function;
  case OutlineKind::Global:
    return SymbolKind::Variable;
  case OutlineKind::Recipe:
    return SymbolKind::Struct;
  case OutlineKind::Construct:
    return SymbolKind::Operator;
  }
  return SymbolKind::Operator;
}

llvm::lsp::CompletionItemKind lsp::toLSP(CompletionKind kind) {
  using llvm::lsp::CompletionItemKind;
  switch (kind) {
  case CompletionKind::Operation:
    return CompletionItemKind::Function;
  case CompletionKind::Keyword:
    return CompletionItemKind::Keyword;
  case CompletionKind::EnumValue:
    return CompletionItemKind::EnumMember;
  case CompletionKind::Value:
    return CompletionItemKind::Reference;
  case CompletionKind::Recipe:
    return CompletionItemKind::Struct;
  }
  return CompletionItemKind::Text;
}

llvm::lsp::DiagnosticSeverity lsp::toLSP(Severity severity) {
  using llvm::lsp::DiagnosticSeverity;
  switch (severity) {
  case Severity::Error:
    return DiagnosticSeverity::Error;
  case Severity::Warning:
    return DiagnosticSeverity::Warning;
  case Severity::Information:
    return DiagnosticSeverity::Information;
  case Severity::Hint:
    return DiagnosticSeverity::Hint;
  }
  return DiagnosticSeverity::Error;
}

/// One DocumentSymbol as llvm::lsp::toJSON writes it: keys sorted, `detail`
/// and `children` only when not empty.
static void writeSymbol(llvm::json::OStream &j, const LineTable &lines,
                        PositionEncoding enc, const OutlineSymbol &s) {
  j.object([&] {
    if (!s.children.empty())
      j.attributeArray("children", [&] {
        for (const OutlineSymbol &c : s.children)
          writeSymbol(j, lines, enc, c);
      });
    if (!s.detail.empty())
      j.attribute("detail", s.detail);
    j.attribute("kind", int(toLSP(s.kind)));
    j.attribute("name", s.name);
    j.attributeBegin("range");
    writeRange(j, toLSP(lines, s.range, enc));
    j.attributeEnd();
    j.attributeBegin("selectionRange");
    writeRange(j, toLSP(lines, s.selection, enc));
    j.attributeEnd();
  });
}

void lsp::writeDocumentSymbols(llvm::json::OStream &j, const LineTable &lines,
                               PositionEncoding enc,
                               llvm::ArrayRef<OutlineSymbol> symbols) {
  j.array([&] {
    for (const OutlineSymbol &s : symbols)
      writeSymbol(j, lines, enc, s);
  });
}

void lsp::writeLocations(llvm::json::OStream &j, llvm::StringRef uri,
                         const LineTable &lines, PositionEncoding enc,
                         llvm::ArrayRef<TextRange> ranges) {
  // As toJSON(Location) prints: keys sorted.
  j.array([&] {
    for (const TextRange &r : ranges)
      j.object([&] {
        j.attributeBegin("range");
        writeRange(j, toLSP(lines, r, enc));
        j.attributeEnd();
        j.attribute("uri", uri);
      });
  });
}

bool lsp::fromJSON(const Value &v, SemanticTokensDeltaParams &d, Path p) {
  ObjectMapper o(v, p);
  return fromJSON(v, static_cast<DocumentParams &>(d), p) &&
         o.map("previousResultId", d.previousResultId);
}

bool lsp::fromJSON(const Value &v, RenameParams &d, Path p) {
  ObjectMapper o(v, p);
  return fromJSON(v, static_cast<PositionParams &>(d), p) &&
         o.map("newName", d.newName);
}

bool lsp::fromJSON(const Value &v, WorkspaceSymbolParams &d, Path p) {
  ObjectMapper o(v, p);
  return o && o.mapOptional("query", d.query);
}

void lsp::writeIntegers(llvm::json::OStream &j, llvm::ArrayRef<uint32_t> data) {
  // Millions of them: written raw, as OStream::value's per-value state
  // checks cost more than the digits (the same bytes, compact).
  j.rawValue([&](llvm::raw_ostream &os) {
    os << '[';
    char buf[16];
    for (size_t i = 0; i < data.size(); ++i) {
      if (i)
        os << ',';
      char *end = buf + sizeof(buf), *p = end;
      uint32_t x = data[i];
      do {
        *--p = char('0' + x % 10);
        x /= 10;
      } while (x);
      os.write(p, end - p);
    }
    os << ']';
  });
}

std::vector<uint32_t>
lsp::encodeSemanticTokens(const LineTable &lines, PositionEncoding enc,
                          llvm::ArrayRef<SemanticToken> tokens,
                          llvm::StringRef text) {
  // Tokens come in text order: lines and columns are counted forward from
  // the previous token (LineTable::toPosition per token would count each
  // long line from its start again).
  std::vector<uint32_t> data;
  data.reserve(tokens.size() * 5);
  uint32_t line = 0, lineCount = lines.numLines();
  uint32_t at = 0, col = 0; // byte offset and its column on `line`
  auto advance = [&](uint32_t offset) {
    while (line + 1 < lineCount && lines.lineStart(line + 1) <= offset) {
      ++line;
      at = lines.lineStart(line);
      col = 0;
    }
    offset = std::min<uint32_t>(offset, text.size());
    if (enc == PositionEncoding::UTF8) {
      col += offset - at;
    } else {
      // Eight ASCII bytes at a time: most of the text between tokens.
      while (at + 8 <= offset) {
        uint64_t word;
        std::memcpy(&word, text.data() + at, 8);
        if (word & 0x8080808080808080ull)
          break;
        col += 8;
        at += 8;
      }
      for (; at < offset; ++at) {
        unsigned char c = text[at];
        if ((c & 0xC0) != 0x80)
          col += enc == PositionEncoding::UTF16 && c >= 0xF0 ? 2 : 1;
      }
    }
    at = offset;
  };
  uint32_t prevLine = 0, prevStart = 0;
  for (const SemanticToken &t : tokens) {
    if (t.range.begin < at)
      continue; // out of order: never produced, never sent
    advance(t.range.begin);
    uint32_t bLine = line, bCol = col;
    advance(t.range.end);
    if (line != bLine || col <= bCol)
      continue; // tokens never span lines
    data.push_back(bLine - prevLine);
    data.push_back(bLine == prevLine ? bCol - prevStart : bCol);
    data.push_back(col - bCol);
    data.push_back(uint32_t(t.type));
    data.push_back(t.modifiers);
    prevLine = bLine;
    prevStart = bCol;
  }
  return data;
}

void lsp::writeSemanticTokens(llvm::json::OStream &j, llvm::StringRef resultId,
                              llvm::ArrayRef<uint32_t> data) {
  j.object([&] {
    j.attributeBegin("data");
    writeIntegers(j, data);
    j.attributeEnd();
    if (!resultId.empty())
      j.attribute("resultId", resultId);
  });
}
