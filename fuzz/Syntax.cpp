//===- Syntax.cpp - Fuzz target: lexer, chunks, structure, recovery -------===//
//
// The input is a document. Every text scanner of server/syntax runs on it
// and its documented contract is checked: tokens are in order, non-empty,
// inside the text and spelled as the text; lookups at an offset return a
// token there; chunks are ordered and inside the text; the depth scan
// reports an excess exactly when there is one; recovery units lie inside
// the text and blanking keeps offsets and line breaks.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"

#include "server/syntax/EditMap.h"
#include "server/syntax/Lexer.h"
#include "server/syntax/Text.h"

#include <algorithm>

using namespace ompx;
using fuzz::check;

static void checkRange(TextRange r, size_t size, const char *what) {
  check(r.begin <= r.end && r.end <= size, what);
}

static void lexAll(llvm::StringRef text, bool keepComments) {
  Lexer lexer(text, 0, keepComments);
  uint32_t prev = 0;
  size_t count = 0;
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    check(t.range.begin >= prev, "lexer: tokens out of order");
    check(t.range.end > t.range.begin, "lexer: empty token");
    check(t.range.end <= text.size(), "lexer: token past the end");
    check(t.spelling == text.slice(t.range.begin, t.range.end),
          "lexer: spelling differs from the text");
    check(keepComments || !t.is(TokenKind::Comment),
          "lexer: comment token though comments are skipped");
    if (t.is(TokenKind::BareIdentifier))
      check(isBareIdentifier(t.spelling),
            "lexer: bare identifier token isBareIdentifier() refuses");
    llvm::StringRef name = t.name();
    check(name.empty() ||
              (name.begin() >= text.begin() && name.end() <= text.end()),
          "lexer: name() outside the text");
    prev = t.range.end;
    check(++count <= text.size(), "lexer: no progress");
  }
  check(lexer.offset() <= text.size(), "lexer: offset past the end");
}

/// addTextDiff between the text and its CRLF twin (every other `\n` gets a
/// `\r` before it, every `\r\n` loses its `\r`), both ways: a token the
/// map keeps reads the same in the other text.
static void checkLineEndingDiff(llvm::StringRef text) {
  std::string twin;
  bool add = true;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
      continue;
    if (text[i] == '\n' && (add = !add))
      twin += '\r';
    twin += text[i];
  }
  for (auto [from, to] :
       {std::pair<llvm::StringRef, llvm::StringRef>(text, twin),
        {twin, text}}) {
    EditMap map;
    addTextDiff(map, from, to);
    Lexer lexer(from, 0, /*keepComments=*/true);
    for (unsigned n = 0; n < 256; ++n) {
      Token t = lexer.next();
      if (t.is(TokenKind::Eof))
        break;
      if (std::optional<TextRange> r = map.mapToken(t.range)) {
        checkRange(*r, to.size(), "addTextDiff: a token mapped outside");
        check(to.slice(r->begin, r->end) ==
                  from.slice(t.range.begin, t.range.end),
              "addTextDiff: a token reads otherwise in the other text");
      }
    }
  }
}

int fuzz::syntax(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  lexAll(text, /*keepComments=*/false);
  lexAll(text, /*keepComments=*/true);
  checkLineEndingDiff(text);

  // Lookups at offsets spread over the text (every offset of a small one)
  // and at its end.
  size_t step = std::max<size_t>(1, size / 16);
  std::vector<uint32_t> offsets;
  for (size_t o = 0; o <= size; o += step)
    offsets.push_back(o);
  for (uint32_t o : offsets) {
    Token t = Lexer::lexAt(text, o);
    checkRange(t.range, size, "lexAt: range outside the text");
    if (o < size)
      check(t.range.begin == o && t.range.end > o,
            "lexAt: token does not start at the offset");
    checkRange(tokenRangeAt(text, o), size, "tokenRangeAt: outside the text");
    if (std::optional<Token> at = tokenAt(text, o)) {
      checkRange(at->range, size, "tokenAt: outside the text");
      check(at->range.begin <= o && o <= at->range.end,
            "tokenAt: token does not contain the offset");
    }
  }

  SplitResult split = splitChunks(text);
  // (No chunk at all is right for an empty text, as in mlir-opt.)
  uint32_t prev = 0;
  for (const ChunkSpan &c : split.chunks) {
    check(c.begin >= prev && c.begin <= c.end && c.end <= size,
          "splitChunks: chunks out of order or outside the text");
    prev = c.end;
  }
  // A text ending in `// ---` has its near miss at the very end.
  for (uint32_t m : split.nearMisses)
    check(m <= size, "splitChunks: near miss outside the text");

  for (uint32_t limit : {0u, 1u, 3u, 16u, 4000u}) {
    StructureScan scan = scanStructure(text, limit);
    check(scan.depthExceededAt.has_value() == (scan.maxDepth > limit),
          "scanStructure: excess reported iff maxDepth > limit");
    if (scan.depthExceededAt)
      check(*scan.depthExceededAt < size,
            "scanStructure: excess outside the text");
    // The parallel parse blanks these two ranges of the chunk.
    if (const std::optional<ParseSplit> &cut = scan.split)
      check(cut->first.begin < cut->first.end &&
                cut->first.end == cut->second.begin &&
                cut->second.begin < cut->second.end && cut->second.end <= size,
            "scanStructure: a parse split that is not two ranges of the text");
    for (uint32_t at : scan.mutableTypes)
      check(at < size && (text[at] == '!'),
            "scanStructure: a mutable type offset not at a `!`");
  }

  for (const ChunkSpan &c : split.chunks) {
    llvm::StringRef chunk = text.slice(c.begin, c.end);
    size_t chunkStep = std::max<size_t>(1, chunk.size() / 8);
    for (size_t o = 0; o <= chunk.size(); o += chunkStep) {
      std::optional<TextRange> unit = findRecoveryUnit(chunk, o);
      if (!unit)
        continue;
      checkRange(*unit, chunk.size(), "findRecoveryUnit: outside the chunk");
      std::string blanked = chunk.str();
      blankRange(blanked, *unit);
      check(blanked.size() == chunk.size(), "blankRange: size changed");
      for (size_t i = 0; i < chunk.size(); ++i) {
        bool inside = i >= unit->begin && i < unit->end;
        char was = chunk[i], now = blanked[i];
        check(inside
                  ? (now == ' ' || (now == was && (was == '\n' || was == '\r')))
                  : now == was,
              "blankRange: changed more than spaces in the unit");
      }
    }
  }

  for (const std::string &s : symbolTokens(text))
    check(!s.empty(), "symbolTokens: empty symbol");
  for (llvm::StringRef op : {"omp.target", "func.func", "acc.parallel"})
    for (uint32_t o : findOpNameTokens(text, op))
      check(text.substr(o).starts_with(op),
            "findOpNameTokens: offset is not the op name");
  return 0;
}
