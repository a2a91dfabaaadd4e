//===- Text.cpp - Text-level utilities ------------------------------------===//

#include "server/syntax/Text.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace ompx;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// LineTable
//===----------------------------------------------------------------------===//

LineTable::LineTable(StringRef text) : text(text) {
  lineStarts.push_back(0);
  for (size_t i = 0, e = text.size(); i != e; ++i)
    if (text[i] == '\n')
      lineStarts.push_back(i + 1);
}

uint32_t LineTable::lineStart(uint32_t line) const {
  if (line >= lineStarts.size())
    return text.size();
  return lineStarts[line];
}

/// Length in UTF-16 code units of the UTF-8 sequence starting with `lead`;
/// invalid bytes count as one unit each (as clangd does).
static unsigned utf8SequenceLength(unsigned char lead) {
  if (lead < 0x80)
    return 1;
  if ((lead & 0xE0) == 0xC0)
    return 2;
  if ((lead & 0xF0) == 0xE0)
    return 3;
  if ((lead & 0xF8) == 0xF0)
    return 4;
  return 1;
}

LinePosition LineTable::toPosition(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, text.size());
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  uint32_t line = (it - lineStarts.begin()) - 1;
  uint32_t character = 0;
  for (uint32_t i = lineStarts[line]; i < offset;) {
    unsigned len = utf8SequenceLength(text[i]);
    if (i + len > offset || i + len > text.size())
      len = 1;
    character += len == 4 ? 2 : 1;
    i += len;
  }
  return {line, character};
}

uint32_t LineTable::toOffset(LinePosition pos) const {
  if (pos.line >= lineStarts.size())
    return text.size();
  uint32_t i = lineStarts[pos.line];
  uint32_t lineEnd = pos.line + 1 < lineStarts.size()
                         ? lineStarts[pos.line + 1] - 1
                         : text.size();
  uint32_t units = 0;
  while (i < lineEnd && units < pos.character) {
    unsigned len = utf8SequenceLength(text[i]);
    if (i + len > lineEnd)
      len = 1;
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return i;
}

std::pair<uint32_t, uint32_t> LineTable::toLineColumn(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, text.size());
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  uint32_t line = (it - lineStarts.begin()) - 1;
  return {line + 1, offset - lineStarts[line] + 1};
}

//===----------------------------------------------------------------------===//
// Chunks
//===----------------------------------------------------------------------===//

SplitResult ompx::splitChunks(StringRef text) {
  // Mirrors mlir::splitAndProcessBuffer (mlir/lib/Support/ToolUtilities.cpp)
  // step by step, quirks included, so that chunk boundaries and thus
  // `expected-*` line offsets agree with `mlir-opt --split-input-file`.
  static constexpr StringRef marker = "// -----";
  constexpr size_t checkLen = 2;
  SplitResult result;
  llvm::SmallVector<StringRef, 8> raw;
  text.split(raw, marker.drop_back(checkLen));
  auto span = [&](StringRef s) {
    return ChunkSpan{uint32_t(s.data() - text.data()),
                     uint32_t(s.data() - text.data() + s.size())};
  };
  StringRef prev;
  for (StringRef buffer : raw) {
    if (prev.empty()) {
      prev = buffer;
      continue;
    }
    bool expectedSuffix = buffer.starts_with(marker.take_back(checkLen)) &&
                          buffer.size() > checkLen && buffer[checkLen] != '0';
    if (expectedSuffix) {
      result.chunks.push_back(span(prev));
      prev = buffer.drop_front(checkLen);
    } else {
      result.nearMisses.push_back(buffer.data() - text.data());
      prev = StringRef(prev.data(), prev.size() + marker.size() - checkLen +
                                        buffer.size());
    }
  }
  if (!prev.empty())
    result.chunks.push_back(span(prev));
  return result;
}

//===----------------------------------------------------------------------===//
// Structural scan
//===----------------------------------------------------------------------===//

namespace {
struct Depths {
  int paren = 0, square = 0, brace = 0, angle = 0;
  int total() const { return paren + square + brace + angle; }
  /// Updates depths for token `t`; returns false if it is not a bracket.
  bool update(StringRef text, const Token &t) {
    if (t.kind != TokenKind::Punctuation || t.spelling.size() != 1)
      return false;
    switch (t.spelling[0]) {
    case '(': ++paren; return true;
    case ')': paren = std::max(0, paren - 1); return true;
    case '[': ++square; return true;
    case ']': square = std::max(0, square - 1); return true;
    case '{': ++brace; return true;
    case '}': brace = std::max(0, brace - 1); return true;
    case '<': ++angle; return true;
    case '>':
      // `>=` is a comparison in affine sets (`->` is a token of its own).
      if (t.range.end < text.size() && text[t.range.end] == '=')
        return false;
      angle = std::max(0, angle - 1);
      return true;
    default:
      return false;
    }
  }
};
} // namespace

StructureScan ompx::scanStructure(StringRef text, uint32_t depthLimit) {
  StructureScan scan;
  Depths d;
  Lexer lexer(text);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    if (!d.update(text, t))
      continue;
    uint32_t total = d.total();
    if (total > scan.maxDepth)
      scan.maxDepth = total;
    if (total > depthLimit && !scan.depthExceededAt)
      scan.depthExceededAt = t.range.begin;
  }
  return scan;
}

namespace {
struct StatementStart {
  uint32_t offset;
  int braceDepth;
};
} // namespace

/// Lines whose first code character sits where only braces are open: the
/// start of an op (or of a region's closing brace) at that brace depth.
static std::vector<StatementStart> statementStarts(StringRef text) {
  std::vector<StatementStart> starts;
  Depths d;
  Lexer lexer(text);
  uint32_t prevEnd = 0;
  bool first = true;
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    // Comments are skipped: only the gap decides whether a line began.
    bool atLineStart =
        first || text.slice(prevEnd, t.range.begin).contains('\n');
    if (atLineStart && d.paren == 0 && d.square == 0 && d.angle == 0)
      starts.push_back({t.range.begin, d.brace});
    first = false;
    prevEnd = t.range.end;
    d.update(text, t);
  }
  return starts;
}

static bool startsModule(StringRef text, uint32_t offset) {
  Token t = Lexer::lexAt(text, offset);
  return t.is(TokenKind::BareIdentifier) &&
         (t.spelling == "module" || t.spelling == "builtin.module");
}

std::optional<TextRange> ompx::findRecoveryUnit(StringRef text,
                                                uint32_t offset) {
  std::vector<StatementStart> starts = statementStarts(text);
  int depth = 0;
  uint32_t scopeBegin = 0, scopeEnd = text.size();
  while (true) {
    // The last statement at `depth` inside the scope starting at or before
    // `offset`.
    std::optional<size_t> found;
    for (size_t i = 0; i < starts.size(); ++i) {
      const StatementStart &s = starts[i];
      if (s.offset < scopeBegin || s.offset >= scopeEnd ||
          s.braceDepth != depth)
        continue;
      if (s.offset <= offset || !found)
        found = i;
      if (s.offset > offset)
        break;
    }
    if (!found)
      return std::nullopt;
    uint32_t begin = starts[*found].offset;
    uint32_t end = scopeEnd;
    for (size_t j = *found + 1; j < starts.size(); ++j)
      if (starts[j].offset < scopeEnd && starts[j].braceDepth <= depth) {
        end = starts[j].offset;
        break;
      }
    // Descend into a module whose body holds the error.
    bool hasInner = false;
    if (startsModule(text, begin))
      for (const StatementStart &s : starts)
        if (s.offset > begin && s.offset < end && s.braceDepth == depth + 1 &&
            s.offset <= offset) {
          hasInner = true;
          break;
        }
    if (!hasInner)
      return TextRange{begin, end};
    scopeBegin = begin + 1;
    scopeEnd = end;
    ++depth;
  }
}

void ompx::blankRange(std::string &text, TextRange range) {
  for (uint32_t i = range.begin; i < range.end && i < text.size(); ++i)
    if (text[i] != '\n' && text[i] != '\r')
      text[i] = ' ';
}

std::set<std::string> ompx::symbolTokens(StringRef text) {
  std::set<std::string> result;
  Lexer lexer(text);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
    if (t.is(TokenKind::AtIdentifier) && !t.name().empty())
      result.insert(t.name().str());
  return result;
}

std::vector<uint32_t> ompx::findOpNameTokens(StringRef text,
                                             StringRef opName) {
  std::vector<uint32_t> result;
  if (opName.empty())
    return result;
  // Custom form `omp.x` (a bare identifier) or generic form `"omp.x"`; never
  // in a comment, nor part of `%omp.x`, `@omp.x` or `#omp.x`.
  Lexer lexer(text);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    if (t.is(TokenKind::BareIdentifier) && t.spelling == opName)
      result.push_back(t.range.begin);
    else if (t.is(TokenKind::String) && t.name() == opName)
      result.push_back(t.range.begin + 1);
  }
  return result;
}

TextRange ompx::tokenRangeAt(StringRef text, uint32_t offset) {
  return Lexer::lexAt(text, offset).range;
}
