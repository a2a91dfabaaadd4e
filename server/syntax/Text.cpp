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

StringRef ompx::encodingName(PositionEncoding e) {
  switch (e) {
  case PositionEncoding::UTF8:
    return "utf-8";
  case PositionEncoding::UTF16:
    return "utf-16";
  case PositionEncoding::UTF32:
    return "utf-32";
  }
  return "utf-16";
}

std::optional<PositionEncoding> ompx::parseEncoding(StringRef name) {
  if (name == "utf-8")
    return PositionEncoding::UTF8;
  if (name == "utf-16")
    return PositionEncoding::UTF16;
  if (name == "utf-32")
    return PositionEncoding::UTF32;
  return std::nullopt;
}

LineTable::LineTable(StringRef text) : text(text) {
  lineStarts.push_back(0);
  bool loneCR = false;
  for (size_t i = 0, e = text.size(); i != e; ++i) {
    if (text[i] == '\r') {
      if (i + 1 != e && text[i + 1] == '\n')
        ++i;
      else
        loneCR = true;
      lineStarts.push_back(i + 1);
    } else if (text[i] == '\n') {
      lineStarts.push_back(i + 1);
    }
  }
  if (!loneCR)
    return;
  newlineStarts.push_back(0);
  for (size_t i = 0, e = text.size(); i != e; ++i)
    if (text[i] == '\n')
      newlineStarts.push_back(i + 1);
}

uint32_t LineTable::lineStart(uint32_t line) const {
  if (line >= lineStarts.size())
    return text.size();
  return lineStarts[line];
}

uint32_t LineTable::compilerLineStart(uint32_t line) const {
  const std::vector<uint32_t> &starts = compilerLines();
  if (line >= starts.size())
    return text.size();
  return starts[line];
}

/// Declared length of the UTF-8 sequence starting with `lead` (1 for a byte
/// that cannot start one).
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

/// Bytes of the character at `i`: a whole UTF-8 sequence, `\r\n`, or one
/// byte (ASCII, or a byte of an invalid sequence, as clangd counts them).
static unsigned characterLength(StringRef text, uint32_t i) {
  unsigned char c = text[i];
  if (c == '\r')
    return i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
  unsigned len = utf8SequenceLength(c);
  if (len == 1 || i + len > text.size())
    return 1;
  for (unsigned k = 1; k < len; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
      return 1;
  return len;
}

/// Columns a character of `bytes` bytes takes in encoding `enc`.
static unsigned columnUnits(unsigned bytes, PositionEncoding enc) {
  switch (enc) {
  case PositionEncoding::UTF8:
    return bytes;
  case PositionEncoding::UTF16:
    return bytes == 4 ? 2 : 1; // astral characters are surrogate pairs
  case PositionEncoding::UTF32:
    return 1;
  }
  return 1;
}

uint32_t LineTable::characterStart(uint32_t offset) const {
  if (offset >= text.size())
    return text.size();
  if (offset > 0 && text[offset] == '\n' && text[offset - 1] == '\r')
    return offset - 1;
  // A lead byte is never a continuation byte, so the first lead found going
  // back whose sequence reaches past `offset` holds it.
  for (uint32_t k = 1; k <= 3 && k <= offset; ++k)
    if (characterLength(text, offset - k) > k)
      return offset - k;
  return offset;
}

uint32_t LineTable::characterEnd(uint32_t offset) const {
  if (offset >= text.size())
    return text.size();
  uint32_t start = characterStart(offset);
  return start == offset ? start : start + characterLength(text, start);
}

uint32_t LineTable::lineOf(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, text.size());
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  return (it - lineStarts.begin()) - 1;
}

LinePosition LineTable::toPosition(uint32_t offset,
                                   PositionEncoding enc) const {
  offset = characterStart(std::min<uint32_t>(offset, text.size()));
  uint32_t line = lineOf(offset);
  uint32_t character = 0;
  for (uint32_t i = lineStarts[line]; i < offset;) {
    unsigned len = characterLength(text, i);
    character += columnUnits(len, enc);
    i += len;
  }
  return {line, character};
}

uint32_t LineTable::toOffset(LinePosition pos, PositionEncoding enc) const {
  if (pos.line >= lineStarts.size())
    return text.size();
  uint32_t i = lineStarts[pos.line];
  uint32_t lineEnd = text.size();
  if (pos.line + 1 < lineStarts.size()) {
    lineEnd = lineStarts[pos.line + 1] - 1; // the '\n' or lone '\r'
    if (text[lineEnd] == '\n' && lineEnd > i && text[lineEnd - 1] == '\r')
      --lineEnd;
  }
  uint64_t units = 0;
  while (i < lineEnd) {
    unsigned len = characterLength(text, i);
    units += columnUnits(len, enc);
    if (units > pos.character)
      break; // `pos` is inside this character, or at its start
    i += len;
  }
  return i;
}

TextRange LineTable::toRange(LineRange range, PositionEncoding enc) const {
  uint32_t begin = toOffset(range.start, enc);
  uint32_t end = toOffset(range.end, enc);
  return {begin, std::max(begin, end)};
}

std::pair<uint32_t, uint32_t> LineTable::toLineColumn(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, text.size());
  const std::vector<uint32_t> &starts = compilerLines();
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  uint32_t line = (it - starts.begin()) - 1;
  return {line + 1, offset - starts[line] + 1};
}

TextEdit ompx::toTextEdit(StringRef text, const ContentChange &change,
                          PositionEncoding enc) {
  if (!change.range)
    return {TextRange{0, uint32_t(text.size())}, change.text};
  return {LineTable(text).toRange(*change.range, enc), change.text};
}

std::vector<TextEdit>
ompx::applyContentChanges(std::string &text,
                          const std::vector<ContentChange> &changes,
                          PositionEncoding enc) {
  std::vector<TextEdit> edits;
  edits.reserve(changes.size());
  for (const ContentChange &change : changes) {
    TextEdit edit = toTextEdit(text, change, enc);
    text.replace(edit.range.begin, edit.range.end - edit.range.begin,
                 edit.newText);
    edits.push_back(std::move(edit));
  }
  return edits;
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
