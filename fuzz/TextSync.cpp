//===- TextSync.cpp - Fuzz target: incremental edits against a model -----===//
//
// The input is decoded into a session: the position encodings the client
// offers, a document, then didChange notifications of one to three changes
// (ranged or whole-text) built from pieces that stress positions: ASCII,
// 2-, 3- and 4-byte UTF-8 characters (a surrogate pair in UTF-16), `\n`,
// `\r\n`, a lone `\r`, a `// -----` marker. The real server applies them
// (the scheduler is a document store here: no analysis) and its text must
// equal a reference model's, which follows LSP 3.17: columns in the encoding
// the server announced in its initialize reply, `\n`, `\r\n` and `\r` end
// lines, a column past the end of a line means the line's end. Ranges are
// generated in order and on character boundaries (no spec question there).
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"
#include "fuzz/LspHarness.h"

#include "server/service/Scheduler.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

using namespace ompx;
using llvm::json::Array;
using llvm::json::Object;

namespace {

/// Reads the input a byte at a time; zeros once it is used up.
struct Decoder {
  const uint8_t *p;
  size_t n;
  bool done() const { return n == 0; }
  unsigned next(unsigned bound) {
    if (!n || bound == 0)
      return 0;
    --n;
    return *p++ % bound;
  }
};

const char *const kPieces[] = {"a",
                               "bc",
                               " ",
                               "\n",
                               "\r\n",
                               "\r",
                               "\xC3\xA9",
                               "\xE2\x82\xAC",
                               "\xF0\x9F\x98\x80",
                               "%0 = ",
                               "{",
                               "}",
                               "// -----\n",
                               "\t",
                               "x\ny"};
constexpr unsigned kNumPieces = sizeof(kPieces) / sizeof(kPieces[0]);

enum class Encoding { UTF8, UTF16, UTF32 };

/// Code units of the UTF-8 character starting at `c` (text is valid UTF-8).
unsigned charBytes(unsigned char c) {
  return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}
unsigned units(unsigned bytes, Encoding e) {
  switch (e) {
  case Encoding::UTF8:
    return bytes;
  case Encoding::UTF16:
    return bytes == 4 ? 2 : 1;
  case Encoding::UTF32:
    return 1;
  }
  return 1;
}

/// The model: lines as LSP 3.17 defines them.
struct Line {
  size_t begin, end; ///< content, without its line break
};
std::vector<Line> lines(const std::string &text) {
  std::vector<Line> out;
  size_t begin = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n' && text[i] != '\r')
      continue;
    out.push_back({begin, i});
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
      ++i;
    begin = i + 1;
  }
  out.push_back({begin, text.size()});
  return out;
}
/// Characters of a line.
size_t charCount(const std::string &text, Line l) {
  size_t n = 0;
  for (size_t i = l.begin; i < l.end; i += charBytes(text[i]))
    ++n;
  return n;
}
/// The column (in `e`'s units) of character `index` of line `l`; past the
/// line's end, one unit per missing character.
size_t column(const std::string &text, Line l, size_t index, Encoding e) {
  size_t col = 0, i = l.begin;
  for (; index && i < l.end; --index) {
    col += units(charBytes(text[i]), e);
    i += charBytes(text[i]);
  }
  return col + index;
}
/// The byte offset of a column (clamped to the line's end).
size_t offset(const std::string &text, Line l, size_t col, Encoding e) {
  size_t i = l.begin, at = 0;
  while (i < l.end && at < col) {
    at += units(charBytes(text[i]), e);
    i += charBytes(text[i]);
  }
  return i;
}

std::string pieces(Decoder &in, unsigned max) {
  std::string s;
  for (unsigned k = in.next(max + 1); k; --k)
    s += kPieces[in.next(kNumPieces)];
  return s;
}

/// `o` as one framed LSP message.
std::string message(Object o) {
  std::string body;
  llvm::raw_string_ostream(body) << llvm::json::Value(std::move(o));
  return fuzz::frame(body);
}

} // namespace

int fuzz::textSync(const uint8_t *data, size_t size) {
  Decoder in{data, size};
  const char *const offers[][2] = {{nullptr, nullptr},  {"utf-8", nullptr},
                                   {"utf-32", nullptr}, {"utf-16", nullptr},
                                   {"utf-8", "utf-16"}, {"utf-32", "utf-8"}};
  unsigned offer = in.next(6);
  Array encodings;
  for (const char *e : offers[offer])
    if (e)
      encodings.push_back(e);
  Object general;
  if (offer)
    general["positionEncodings"] = std::move(encodings);
  const std::string uri = "file:///fuzz.mlir";
  std::string model = pieces(in, 24);

  std::string session = message(Object{
      {"jsonrpc", "2.0"},
      {"id", 0},
      {"method", "initialize"},
      {"params",
       Object{{"capabilities", Object{{"general", std::move(general)}}}}}});
  session += message(
      Object{{"jsonrpc", "2.0"},
             {"method", "textDocument/didOpen"},
             {"params", Object{{"textDocument", Object{{"uri", uri},
                                                       {"languageId", "mlir"},
                                                       {"version", 1},
                                                       {"text", model}}}}}});

  // The edits need the encoding the server chose, which its initialize
  // reply says: run the initialize alone first (cheap: no document).
  std::string reply = runSession(session, /*analyze=*/false);
  Encoding enc = Encoding::UTF16;
  if (reply.find(R"("positionEncoding":"utf-8")") != std::string::npos)
    enc = Encoding::UTF8;
  else if (reply.find(R"("positionEncoding":"utf-32")") != std::string::npos)
    enc = Encoding::UTF32;

  for (int version = 2; !in.done() && version < 64; ++version) {
    Array changes;
    for (unsigned k = 1 + in.next(3); k; --k) {
      if (in.next(8) == 0) { // the whole text
        model = pieces(in, 8);
        changes.push_back(Object{{"text", model}});
        continue;
      }
      std::vector<Line> ls = lines(model);
      size_t startLine = in.next(ls.size());
      size_t startChar = in.next(charCount(model, ls[startLine]) + 3);
      size_t endLine = startLine + in.next(ls.size() - startLine);
      size_t endChar = endLine == startLine
                           ? startChar + in.next(4)
                           : in.next(charCount(model, ls[endLine]) + 3);
      size_t startCol = column(model, ls[startLine], startChar, enc);
      size_t endCol = column(model, ls[endLine], endChar, enc);
      std::string text = pieces(in, 3);
      size_t from = offset(model, ls[startLine], startCol, enc);
      size_t to = offset(model, ls[endLine], endCol, enc);
      model.replace(from, to - from, text);
      auto pos = [](size_t line, size_t col) {
        return Object{{"line", int64_t(line)}, {"character", int64_t(col)}};
      };
      changes.push_back(
          Object{{"range", Object{{"start", pos(startLine, startCol)},
                                  {"end", pos(endLine, endCol)}}},
                 {"text", text}});
    }
    session += message(Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/didChange"},
        {"params",
         Object{{"textDocument", Object{{"uri", uri}, {"version", version}}},
                {"contentChanges", std::move(changes)}}}});
  }

  std::optional<std::string> server;
  runSession(session, /*analyze=*/false,
             [&](Scheduler &s) { server = s.text(uri); });
  if (server != model) {
    llvm::errs() << "textsync: encoding "
                 << (enc == Encoding::UTF8    ? "utf-8"
                     : enc == Encoding::UTF16 ? "utf-16"
                                              : "utf-32")
                 << "\nmodel:  " << llvm::json::Value(model) << "\nserver: "
                 << (server ? llvm::json::Value(*server)
                            : llvm::json::Value(nullptr))
                 << "\n";
    check(false, "textsync: the server's text differs from the model's");
  }
  return 0;
}
