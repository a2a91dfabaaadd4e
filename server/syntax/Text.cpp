//===- Text.cpp - Text-level utilities ------------------------------------===//

#include "server/syntax/Text.h"

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
/// Walks the text outside comments and string literals, calling `onChar` for
/// every structural character with its offset.
template <typename Fn> void forEachCodeChar(StringRef text, Fn onChar) {
  const size_t n = text.size();
  for (size_t i = 0; i < n; ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n')
        ++i;
      if (i < n)
        onChar('\n', i);
      continue;
    }
    if (c == '"') {
      for (++i; i < n && text[i] != '"'; ++i) {
        if (text[i] == '\\')
          ++i;
        else if (text[i] == '\n')
          break; // unterminated: the parser reports it; resume scanning
      }
      continue;
    }
    onChar(c, i);
  }
}

struct Depths {
  int paren = 0, square = 0, brace = 0, angle = 0;
  int total() const { return paren + square + brace + angle; }
  /// Updates depths for `c` at `i`; returns false if `c` is not a bracket.
  bool update(StringRef text, size_t i) {
    char c = text[i];
    switch (c) {
    case '(': ++paren; return true;
    case ')': paren = std::max(0, paren - 1); return true;
    case '[': ++square; return true;
    case ']': square = std::max(0, square - 1); return true;
    case '{': ++brace; return true;
    case '}': brace = std::max(0, brace - 1); return true;
    case '<': ++angle; return true;
    case '>':
      // `->` is an arrow and `>=` a comparison in affine sets.
      if ((i > 0 && text[i - 1] == '-') ||
          (i + 1 < text.size() && text[i + 1] == '='))
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
  forEachCodeChar(text, [&](char c, size_t i) {
    if (!d.update(text, i))
      return;
    uint32_t total = d.total();
    if (total > scan.maxDepth)
      scan.maxDepth = total;
    if (total > depthLimit && !scan.depthExceededAt)
      scan.depthExceededAt = i;
  });
  return scan;
}

static bool isIdentChar(char c) {
  return isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$';
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
  bool atLineStart = true;
  forEachCodeChar(text, [&](char c, size_t i) {
    if (c == '\n') {
      atLineStart = true;
      return;
    }
    if (c == ' ' || c == '\t' || c == '\r')
      return;
    if (atLineStart && d.paren == 0 && d.square == 0 && d.angle == 0)
      starts.push_back({uint32_t(i), d.brace});
    atLineStart = false;
    d.update(text, i);
  });
  return starts;
}

static bool startsModule(StringRef text, uint32_t offset) {
  StringRef rest = text.drop_front(offset);
  for (StringRef kw : {"module", "builtin.module"})
    if (rest.starts_with(kw) &&
        (rest.size() == kw.size() || !isIdentChar(rest[kw.size()])))
      return true;
  return false;
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
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '@')
      continue;
    size_t j = i + 1;
    if (j < text.size() && text[j] == '"') {
      size_t k = text.find('"', j + 1);
      if (k == StringRef::npos)
        break;
      result.insert(text.substr(j + 1, k - j - 1).str());
      i = k;
      continue;
    }
    while (j < text.size() && isIdentChar(text[j]))
      ++j;
    if (j > i + 1)
      result.insert(text.substr(i + 1, j - i - 1).str());
    i = j - 1;
  }
  return result;
}

std::vector<uint32_t> ompx::findOpNameTokens(StringRef text,
                                             StringRef opName) {
  std::vector<uint32_t> result;
  if (opName.empty())
    return result;
  size_t pos = 0;
  while ((pos = text.find(opName, pos)) != StringRef::npos) {
    size_t end = pos + opName.size();
    bool leftOk = pos == 0 || !isIdentChar(text[pos - 1]) ||
                  text[pos - 1] == '"';
    bool rightOk = end == text.size() || !isIdentChar(text[end]);
    if (pos > 0 && text[pos - 1] == '%')
      leftOk = false;
    // Skip matches inside `//` comments.
    size_t lineBegin = text.rfind('\n', pos);
    lineBegin = lineBegin == StringRef::npos ? 0 : lineBegin + 1;
    bool inComment = text.slice(lineBegin, pos).contains("//");
    if (leftOk && rightOk && !inComment)
      result.push_back(pos);
    pos = end;
  }
  return result;
}

TextRange ompx::tokenRangeAt(StringRef text, uint32_t offset) {
  if (offset >= text.size())
    return {uint32_t(text.size()), uint32_t(text.size())};
  char c = text[offset];
  uint32_t end = offset + 1;
  if (c == '"') {
    while (end < text.size() && text[end] != '"' && text[end] != '\n') {
      if (text[end] == '\\')
        ++end;
      ++end;
    }
    if (end < text.size() && text[end] == '"')
      ++end;
  } else if (isIdentChar(c) || c == '%' || c == '@' || c == '^' || c == '#' ||
             c == '!') {
    while (end < text.size() && isIdentChar(text[end]))
      ++end;
  } else if (c == '-' && end < text.size() && text[end] == '>') {
    ++end;
  }
  return {offset, std::min<uint32_t>(end, text.size())};
}
