//===- Text.cpp - Text-level utilities ------------------------------------===//

#include "server/syntax/Text.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string.h> // memmem (GNU)

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
  // The common case, without '\r': memchr from line to line (an edit of a
  // large document builds two tables, and a byte-at-a-time scan was most of
  // its time).
  const char *begin = text.data(), *end = begin + text.size();
  if (!std::memchr(begin, '\r', text.size())) {
    for (const char *p = begin;
         (p = static_cast<const char *>(std::memchr(p, '\n', end - p)));)
      lineStarts.push_back(++p - begin);
    return;
  }
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

TextEdit ompx::toTextEdit(const LineTable &lines, const ContentChange &change,
                          PositionEncoding enc) {
  if (!change.range)
    return {TextRange{0, uint32_t(lines.source().size())}, change.text};
  return {lines.toRange(*change.range, enc), change.text};
}

TextEdit ompx::toTextEdit(StringRef text, const ContentChange &change,
                          PositionEncoding enc) {
  if (!change.range)
    return {TextRange{0, uint32_t(text.size())}, change.text};
  return toTextEdit(LineTable(text), change, enc);
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
  // As StringRef::split (every piece kept), with memmem: StringRef::find
  // was a third of an edit's time on a large document.
  llvm::SmallVector<StringRef, 8> raw;
  StringRef separator = marker.drop_back(checkLen);
  for (size_t pos = 0;;) {
    const void *hit = memmem(text.data() + pos, text.size() - pos,
                             separator.data(), separator.size());
    if (!hit) {
      raw.push_back(text.substr(pos));
      break;
    }
    size_t at = static_cast<const char *>(hit) - text.data();
    raw.push_back(text.slice(pos, at));
    pos = at + separator.size();
  }
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
      prev = StringRef(prev.data(),
                       prev.size() + marker.size() - checkLen + buffer.size());
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
  /// Updates depths for bracket character `c`, followed by `next`; returns
  /// false if it is none.
  bool update(char c, char next) {
    switch (c) {
    case '(':
      ++paren;
      return true;
    case ')':
      paren = std::max(0, paren - 1);
      return true;
    case '[':
      ++square;
      return true;
    case ']':
      square = std::max(0, square - 1);
      return true;
    case '{':
      ++brace;
      return true;
    case '}':
      brace = std::max(0, brace - 1);
      return true;
    case '<':
      ++angle;
      return true;
    case '>':
      // `>=` is a comparison in affine sets (`->` is a token of its own).
      if (next == '=')
        return false;
      angle = std::max(0, angle - 1);
      return true;
    default:
      return false;
    }
  }
};
} // namespace

namespace {
/// Bytes at which scanStructure's fast loop stops.
struct SpecialBytes {
  bool is[256] = {};
  SpecialBytes() {
    for (unsigned char c : StringRef("\"/%^#!@-()[]{}<>\n"))
      is[c] = true;
  }
};

/// Where op lines are, for ParseSplit: a line's first character at brace
/// depth 0 or 1 with no other bracket open.
struct SplitLines {
  struct Line {
    uint32_t offset;
    int depth;
  };
  std::vector<Line> ops;        ///< lines that start an op
  std::vector<uint32_t> others; ///< top-level lines that start no op
  uint32_t moduleLine = ~0u, moduleEnd = 0;
  int topOps = 0;

  void lineStart(StringRef text, size_t i, const Depths &d) {
    size_t n = text.size();
    while (i < n && (text[i] == ' ' || text[i] == '\t'))
      ++i;
    if (i >= n || d.paren || d.square || d.angle || d.brace > 1)
      return;
    char c = text[i];
    if (c == '\n' || c == '\r' || (c == '/' && i + 1 < n && text[i + 1] == '/'))
      return;
    bool op = c == '%' || c == '"' || llvm::isAlpha(c) || c == '_';
    if (d.brace == 0) {
      if (!op) {
        others.push_back(uint32_t(i));
        return;
      }
      ++topOps;
      if (text.substr(i).starts_with("module") && i + 6 < n &&
          (text[i + 6] == ' ' || text[i + 6] == '{' || text[i + 6] == '@'))
        moduleLine = uint32_t(i);
    }
    if (op)
      ops.push_back({uint32_t(i), d.brace});
  }

  /// A `}` brought the brace depth to 0 at `i`.
  void closedTop(StringRef text, size_t i) {
    if (moduleLine != ~0u && !moduleEnd &&
        text.slice(moduleLine, i).contains('\n'))
      moduleEnd = uint32_t(i);
  }

  std::optional<ParseSplit> split(size_t n) const {
    std::vector<uint32_t> cuts;
    uint32_t end = 0;
    bool inModule = topOps == 1 && moduleLine != ~0u && moduleEnd;
    if (inModule) {
      for (const Line &l : ops)
        if (l.depth == 1 && l.offset > moduleLine && l.offset < moduleEnd)
          cuts.push_back(l.offset);
      end = moduleEnd;
    } else if (topOps > 1) {
      for (const Line &l : ops)
        if (l.depth == 0)
          cuts.push_back(l.offset);
      // Aliases between the ops would be blanked with them; the last op
      // ends where trailing ones (`#loc = ...`) begin.
      end = uint32_t(n);
      for (uint32_t o : others) {
        if (o > cuts.front() && o < cuts.back())
          return std::nullopt;
        if (o > cuts.back()) {
          end = o;
          break;
        }
      }
    }
    if (cuts.size() < 2)
      return std::nullopt;
    // The op line nearest the middle, never the first.
    uint32_t mid = cuts.front() + (end - cuts.front()) / 2;
    auto it = std::lower_bound(cuts.begin() + 1, cuts.end(), mid);
    if (it == cuts.end() ||
        (it != cuts.begin() + 1 && mid - *(it - 1) < *it - mid))
      --it;
    return ParseSplit{{cuts.front(), *it}, {*it, end}, inModule};
  }
};
} // namespace

StructureScan ompx::scanStructure(StringRef text, uint32_t depthLimit) {
  // Byte by byte, with the lexer's rules for what hides a bracket (strings,
  // comments, `->`, identifiers that end in `-`): tokenizing a 100 MB chunk
  // only to count brackets took as long as a tenth of its parse.
  static const SpecialBytes special;
  StructureScan scan;
  Depths d;
  SplitLines lines;
  const char *p = text.data();
  size_t n = text.size(), i = 0;
  auto bracket = [&](char c) {
    if (!d.update(c, i + 1 < n ? p[i + 1] : '\0'))
      return;
    if (c == '}' && d.brace == 0)
      lines.closedTop(text, i);
    uint32_t total = d.total();
    scan.maxDepth = std::max(scan.maxDepth, total);
    if (total > depthLimit && !scan.depthExceededAt)
      scan.depthExceededAt = uint32_t(i);
  };
  auto skipString = [&] { // at the opening quote; strings end at a line end
    for (++i; i < n; ++i) {
      if (p[i] == '"')
        return;
      if (p[i] == '\n') {
        --i; // the line break is seen by the loop
        return;
      }
      if (p[i] == '\\' && i + 1 < n && p[i + 1] != '\n')
        ++i;
    }
  };
  lines.lineStart(text, 0, d);
  for (; i < n; ++i) {
    while (i < n && !special.is[static_cast<unsigned char>(p[i])])
      ++i;
    if (i >= n)
      break;
    char c = p[i];
    switch (c) {
    case '\n':
      lines.lineStart(text, i + 1, d);
      break;
    case '"':
      skipString();
      break;
    case '/':
      if (i + 1 < n && p[i + 1] == '/')
        while (i + 1 < n && p[i + 1] != '\n')
          ++i;
      break;
    case '%':
    case '^':
    case '#':
    case '!': {
      // An identifier's suffix: digits, or letters and `$._-`.
      size_t begin = i;
      if (i + 1 < n && llvm::isDigit(p[i + 1])) {
        while (i + 1 < n && llvm::isDigit(p[i + 1]))
          ++i;
      } else {
        while (i + 1 < n && (llvm::isAlnum(p[i + 1]) || isIdPunct(p[i + 1])))
          ++i;
      }
      StringRef id = text.slice(begin, i + 1);
      if (id == "!fir.type" || id == "!llvm.struct")
        scan.mutableTypes.push_back(uint32_t(begin));
      break;
    }
    case '@':
      if (i + 1 < n && p[i + 1] == '"') {
        ++i;
        skipString();
      } else {
        while (i + 1 < n && isBareChar(p[i + 1]))
          ++i;
      }
      break;
    case '-':
      if (i + 1 < n && p[i + 1] == '>')
        ++i; // `->`
      break;
    default:
      if ((c == '{' && text.substr(i).starts_with("{-#")) ||
          (c == '[' && text.take_front(i).rtrim(" \t").ends_with("distinct")))
        scan.oncePerParse = true;
      bracket(c);
      break;
    }
  }
  if (!d.total())
    scan.split = lines.split(n);
  return scan;
}

namespace {
/// A line whose first token sits where only braces are open: the start of
/// an op, or a line that begins with a closing bracket (`}`, `})`).
struct StatementStart {
  uint32_t offset;
  int braceDepth;
  bool closer;
};

/// An open bracket of the structure scan.
struct Open {
  char kind;        ///< `(`, `[`, `{` or `<`
  uint32_t lineCol; ///< column of the first token of the line it opened on
  uint32_t line;    ///< offset of that line's first token
  /// `{` only: column of the first line inside it (-1: none yet).
  int64_t bodyCol = -1;
  /// `{` only: a brace on a line that starts a module (its body, or its
  /// attribute dictionary).
  bool module = false;
  /// Columns mean something for this brace: its body is indented.
  bool indented() const { return bodyCol > int64_t(lineCol); }
};

char closerOf(char open) {
  switch (open) {
  case '(':
    return ')';
  case '[':
    return ']';
  case '{':
    return '}';
  default:
    return '>';
  }
}

/// The bracket character of token `t` ('\0' if it is none); `>=` is a
/// comparison in affine sets (`->` is a token of its own).
char bracketOf(StringRef text, const Token &t) {
  if (t.kind != TokenKind::Punctuation || t.spelling.size() != 1)
    return '\0';
  char c = t.spelling[0];
  if (c == '>' && t.range.end < text.size() && text[t.range.end] == '=')
    return '\0';
  return StringRef("()[]{}<>").contains(c) ? c : '\0';
}

bool isCloser(char c) { return c == ')' || c == ']' || c == '}' || c == '>'; }

bool startsModule(StringRef text, uint32_t offset) {
  Token t = Lexer::lexAt(text, offset);
  return (t.is(TokenKind::BareIdentifier) &&
          (t.spelling == "module" || t.spelling == "builtin.module")) ||
         (t.is(TokenKind::String) && t.name() == "builtin.module");
}

/// Whether the top-level op at `offset` is a module, or reads as one whose
/// keyword is misspelled (`modul attributes {...} {`, `builtin.modul {`): a
/// name without a dialect (or of `builtin`) followed by what a module's
/// header has. Its body's
/// functions are then its own, not the ends of an op missing a `}` (one
/// typo made an error of every function's closing brace).
bool startsTopModule(StringRef text, uint32_t offset) {
  if (startsModule(text, offset))
    return true;
  Lexer lexer(text, offset);
  Token name = lexer.next();
  if (!name.is(TokenKind::BareIdentifier) ||
      (name.spelling.contains('.') && !name.spelling.starts_with("builtin.")))
    return false;
  Token after = lexer.next();
  return (after.is(TokenKind::BareIdentifier) &&
          after.spelling == "attributes") ||
         after.is(TokenKind::AtIdentifier) ||
         (after.kind == TokenKind::Punctuation && after.spelling == "{");
}

/// Whether `t` names a function op, which only a module's body can hold.
bool isFunctionOp(const Token &t) {
  StringRef name = t.is(TokenKind::String)           ? t.name()
                   : t.is(TokenKind::BareIdentifier) ? t.spelling
                                                     : StringRef();
  return name == "func.func" || name == "llvm.func";
}

/// Whether the tokens from `i` can only begin an op: `%r = `, `%r:2 = `,
/// `"dialect.op"`, a dotted op name / `return` / `module` in custom form,
/// or an alias definition (`#a = `, `!t = `).
bool looksLikeOpStart(const std::vector<Token> &toks, size_t i) {
  const Token &t = toks[i];
  auto at = [&](size_t k) -> const Token * {
    return k < toks.size() ? &toks[k] : nullptr;
  };
  if (t.is(TokenKind::PercentIdentifier)) {
    size_t k = i + 1;
    if (at(k) && at(k)->isPunct(":") && at(k + 1) &&
        at(k + 1)->is(TokenKind::Integer))
      k += 2;
    return at(k) && at(k)->isPunct("=");
  }
  if (t.is(TokenKind::String))
    return (at(i + 1) && at(i + 1)->isPunct("(")) ||
           (isBareIdentifier(t.name()) && t.name().contains('.'));
  if (t.is(TokenKind::BareIdentifier))
    return t.spelling.contains('.') || t.spelling == "return" ||
           t.spelling == "module";
  // Attribute and type alias definitions are top-level statements too.
  if (t.is(TokenKind::HashIdentifier) || t.is(TokenKind::BangIdentifier))
    return at(i + 1) && at(i + 1)->isPunct("=");
  return false;
}

/// The bracket structure of `text`, read line by line. Brackets are matched
/// by kind, and where they disagree with the indentation of well-indented
/// text, the indentation wins: a line that can only start an op, at or left
/// of the line that opened a bracket, ends what that bracket left open (a
/// missing `)` or `}`), and a `}` line right of the brace it would close is
/// an extra one. So one unbalanced bracket stays inside the op that holds it.
/// Text without indentation (a brace whose body is not indented further)
/// is read by its brackets alone.
/// A bracket token: where, and which (`bracketOf`).
struct Bracket {
  uint32_t offset;
  char kind;
};

/// Whether `brackets` (those of a range of text) pair up by kind, as
/// bracketsBalanced says of the text without lexing it again.
bool bracketsBalancedIn(llvm::ArrayRef<Bracket> brackets) {
  std::vector<char> stack;
  for (auto it = brackets.begin(); it != brackets.end(); ++it) {
    if (!isCloser(it->kind))
      stack.push_back(it->kind);
    else if (stack.empty() || closerOf(stack.back()) != it->kind)
      return false;
    else
      stack.pop_back();
  }
  return stack.empty();
}

/// The scan behind statementStarts: a stack of open brackets, read token
/// by token, that the indentation of each line may close.
class StatementScanner {
public:
  StatementScanner(StringRef text, std::vector<Bracket> *brackets)
      : text(text), brackets(brackets) {
    toks.reserve(text.size() / 4);
    Lexer lexer(text);
    for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
      toks.push_back(t);
  }

  std::vector<StatementStart> run() {
    uint32_t prevEnd = 0;
    for (size_t i = 0; i < toks.size(); ++i) {
      const Token &t = toks[i];
      // Comments are skipped: only the gap decides whether a line began.
      bool atLineStart =
          i == 0 || text.slice(prevEnd, t.range.begin).contains('\n');
      prevEnd = t.range.end;
      char b = bracketOf(text, t);
      if (b && brackets)
        brackets->push_back({t.range.begin, b});
      bool skipToken = atLineStart && lineStart(i, b);
      // In indented text a multi-line body ends with a line that starts
      // with its `}`; a `}` later in a line that would close one is an
      // extra one.
      if (b == '}' && !atLineStart) {
        size_t base = statementBase();
        if (base > 0 && stack[base - 1].line != line && trusted(base - 1) &&
            stack[base - 1].bodyCol >= 0)
          skipToken = true;
      }
      if (b && !skipToken)
        bracket(b);
    }
    return std::move(starts);
  }

private:
  static size_t slot(char kind) {
    return kind == '(' ? 0 : kind == '[' ? 1 : 2;
  }
  std::vector<size_t> &openOf(char kind) {
    return kind == '{' ? braceAt : openAt[slot(kind)];
  }
  void push(Open o) {
    openOf(o.kind).push_back(stack.size());
    stack.push_back(o);
  }
  Open *topBrace() {
    return braceAt.empty() ? nullptr : &stack[braceAt.back()];
  }
  void popTo(size_t size) {
    while (stack.size() > size) {
      char kind = stack.back().kind;
      braces -= kind == '{';
      openOf(kind).pop_back();
      stack.pop_back();
    }
  }
  /// Index just above the innermost `{` (where this statement's own
  /// non-brace brackets begin).
  size_t statementBase() const {
    return braceAt.empty() ? 0 : braceAt.back() + 1;
  }
  /// Columns of brace stack[k] can be trusted: its body is indented, or it
  /// is in an indented body and so was never a body itself (an extra `{`
  /// before a line that is not indented further).
  bool trusted(size_t k) const {
    if (stack[k].indented())
      return true;
    auto below = std::lower_bound(braceAt.begin(), braceAt.end(), k);
    return below != braceAt.begin() && stack[*(below - 1)].indented();
  }

  /// Token `i` starts a line (its bracket `b`, or 0): what its column says
  /// of the brackets open, and whether it starts a statement. True when the
  /// token is an extra `}` to skip.
  bool lineStart(size_t i, char b) {
    const Token &t = toks[i];
    size_t lineBegin = text.rfind('\n', t.range.begin);
    lineCol =
        t.range.begin - (lineBegin == StringRef::npos ? 0 : lineBegin + 1);
    line = t.range.begin;
    // Block labels sit left of the ops of their body; they say nothing.
    bool label = t.is(TokenKind::CaretIdentifier);
    if (Open *brace = topBrace(); brace && brace->bodyCol < 0 && !label)
      brace->bodyCol = lineCol;
    bool skipToken = false;
    if (!isCloser(b) && looksLikeOpStart(toks, i))
      opLine(i);
    else if (isCloser(b))
      skipToken = closingLine(i, b);
    if (statementBase() == stack.size()) {
      // An extra `}`, an op indented right of its siblings (after a
      // missing `{`), or a line that starts no op (`attributes {...}`,
      // a wrapped op) belongs to the op before it.
      Open *brace = topBrace();
      bool opStart = looksLikeOpStart(toks, i);
      // A block label directly in a module body (or at the top) cannot
      // start a block there: its function lost its `{`, and the label is
      // that function's (blanked alone, the function's branches to it
      // became errors of their own).
      bool strayLabel = label && (!brace || brace->module) && !starts.empty();
      bool inPrevious = skipToken || strayLabel ||
                        (brace && brace->indented() && opStart &&
                         int64_t(lineCol) > brace->bodyCol) ||
                        (!opStart && !isCloser(b) && !label && !starts.empty());
      starts.push_back({t.range.begin, braces + inPrevious, isCloser(b)});
    }
    return skipToken;
  }

  /// Whether token `k` starts its line, and then its column (0 for a
  /// token later in a line: finding its column would read back to the
  /// line's start for every token, quadratic in a long line).
  std::pair<uint32_t, bool> placeOf(size_t k) const {
    uint32_t at = toks[k].range.begin;
    bool first = k == 0 || text.slice(toks[k - 1].range.end, at).contains('\n');
    if (!first)
      return {0, false};
    size_t lineBegin = text.rfind('\n', at);
    return {uint32_t(at - (lineBegin == StringRef::npos ? 0 : lineBegin + 1)),
            true};
  }

  /// Whether the op line at token `i`, at or left of the line that opened
  /// `brace`, was pasted with too little indentation rather than starting
  /// after a missing `}`: it and the lines like it after it (at its column)
  /// each open no bracket, and the next line goes on at the body's
  /// indentation or closes the brace. A few lines are looked at, at most.
  bool strayLines(size_t i, const Open &brace) const {
    uint32_t col = placeOf(i).first;
    int open = 0;
    unsigned lines = 0;
    for (size_t k = i; k < toks.size(); ++k) {
      auto [c, first] = placeOf(k);
      // Block labels sit left of their block's ops: they say nothing.
      if (toks[k].is(TokenKind::CaretIdentifier))
        first = false;
      if (k > i && first) {
        // A line opening a body: pasted, its body is indented right of
        // the enclosing one's; after a missing `}`, at the same column.
        if (open > 0)
          return int64_t(c) > brace.bodyCol;
        if (open != 0 || ++lines > 16)
          return false;
        char b = bracketOf(text, toks[k]);
        // The brace's own `}`: at its column, or pasted left of it too
        // with the enclosing body going on after it.
        if (b == '}')
          return c == brace.lineCol || (c < brace.lineCol && continuesBelow(k));
        if (c != col)
          return !isCloser(b) && int64_t(c) >= brace.bodyCol;
      }
      if (char b = bracketOf(text, toks[k]))
        open += isCloser(b) ? -1 : 1;
    }
    return false;
  }

  /// Whether the `}` line at token `i`, left of the brace on top, was
  /// pasted with too little indentation: the line after it goes on at the
  /// body of the brace below (or closes that one at its column), as after
  /// a `}` of the brace on top at its own column.
  bool strayCloser(size_t i) const {
    size_t base = statementBase();
    return base > 0 && trusted(base - 1) && lineCol < stack[base - 1].lineCol &&
           continuesBelow(i);
  }

  /// The first token of the line after token `k`'s, and its column.
  std::optional<std::pair<size_t, uint32_t>> nextLine(size_t k) const {
    for (++k; k < toks.size(); ++k)
      if (auto [c, first] = placeOf(k); first)
        return std::make_pair(k, c);
    return std::nullopt;
  }

  /// Whether the line after token `k`'s goes on in the body of the brace
  /// below the one on top (or closes that one at its column): what follows
  /// the `}` of the brace on top.
  bool continuesBelow(size_t k) const {
    if (braceAt.size() < 2)
      return false;
    const Open &below = stack[braceAt[braceAt.size() - 2]];
    if (!below.indented())
      return false;
    // Other lines pasted at the `}`'s column (an op, not a `}`) are
    // skipped, a few at most.
    uint32_t pasted = placeOf(k).first;
    auto next = nextLine(k);
    for (unsigned n = 0; next && next->second == pasted &&
                         bracketOf(text, toks[next->first]) != '}' && n < 16;
         ++n)
      next = nextLine(next->first);
    if (!next)
      return false;
    return bracketOf(text, toks[next->first]) == '}'
               ? next->second == below.lineCol
               : int64_t(next->second) == below.bodyCol;
  }

  /// Whether the `}` line at token `i`, left of the brace on top, is one
  /// too many: the body of the brace on top goes on after it, or that
  /// brace's own `}` follows.
  bool extraCloser(size_t i) const {
    size_t base = statementBase();
    if (base == 0 || !trusted(base - 1) || lineCol >= stack[base - 1].lineCol ||
        !stack[base - 1].indented())
      return false;
    auto next = nextLine(i);
    if (!next)
      return false;
    // The body goes on, or the brace's own `}` follows at its column.
    char b = bracketOf(text, toks[next->first]);
    return b == '}' ? next->second == stack[base - 1].lineCol
                    : !isCloser(b) &&
                          int64_t(next->second) == stack[base - 1].bodyCol;
  }

  /// A line that starts an op (token `i`) closes what it cannot be inside.
  void opLine(size_t i) {
    const Token &t = toks[i];
    // A function starts in a module body whatever the brackets before it
    // say (the one rule for text without indentation).
    if (isFunctionOp(t)) {
      size_t keep = 0;
      for (size_t k = braceAt.size(); k-- > 0;)
        if (stack[braceAt[k]].module) {
          keep = braceAt[k] + 1;
          break;
        }
      popTo(keep);
    }
    // An op at or left of the line that opened brackets still open before
    // it: they were never closed (a missing `)`, `]`, `>` of the op before,
    // or a missing `}` of an indented body).
    while (true) {
      size_t base = statementBase();
      if (base < stack.size() && lineCol <= stack[base].lineCol)
        popTo(base);
      else if (base > 0 && base == stack.size() && trusted(base - 1) &&
               lineCol <= stack[base - 1].lineCol &&
               !strayLines(i, stack[base - 1]))
        popTo(base - 1);
      else
        break;
    }
  }

  /// A line that starts with closer `b`; true when it is an extra `}`.
  bool closingLine(size_t i, char b) {
    // A closing line left of the brace on top (or at it, for a `)` that a
    // `}` should have preceded) closes an outer bracket: the inner braces
    // were never closed. Unless it is a `}` pasted with too little
    // indentation: it closes the brace on top.
    if (b == '}' && extraCloser(i))
      return true;
    if (b == '}' && strayCloser(i))
      return false;
    while (true) {
      size_t base = statementBase();
      if (base == 0 || !trusted(base - 1))
        break;
      uint32_t col = stack[base - 1].lineCol;
      if (lineCol < col || (b != '}' && lineCol == col))
        popTo(base - 1);
      else
        break;
    }
    // A `}` right of the brace it would close, in indented text, is one too
    // many (a `}` at the column of the ops in that body).
    size_t base = statementBase();
    return b == '}' && base > 0 && stack[base - 1].indented() &&
           int64_t(lineCol) >= stack[base - 1].bodyCol;
  }

  /// Opens or closes bracket `b`.
  void bracket(char b) {
    if (!isCloser(b)) {
      Open open{b, lineCol, line};
      open.module = b == '{' && (braceAt.empty() ? startsTopModule(text, line)
                                                 : startsModule(text, line));
      push(open);
      braces += b == '{';
      return;
    }
    // A closer pops to its opener; `}` may close the statement's brackets
    // left open inside its braces, other closers only within the statement
    // (above the innermost `{`).
    if (b == '}') {
      if (!braceAt.empty())
        popTo(braceAt.back());
      return;
    }
    const std::vector<size_t> &same = openAt[slot(b == ')'   ? '('
                                                  : b == ']' ? '['
                                                             : '<')];
    if (!same.empty() && same.back() >= statementBase())
      popTo(same.back());
  }

  StringRef text;
  std::vector<Bracket> *brackets;
  std::vector<Token> toks;
  std::vector<StatementStart> starts;
  std::vector<Open> stack;
  // Where in `stack` each kind of bracket is open (ascending): every
  // question above is then O(1), not a walk down the stack, which made
  // 100,000 `[` or `tuple<` quadratic (seconds).
  std::vector<size_t> braceAt, openAt[3]; // `{`; `(`, `[`, `<`
  int braces = 0;
  uint32_t lineCol = 0, line = 0;
};

/// `brackets`, when given, receives every bracket token of `text`.
std::vector<StatementStart> statementStarts(StringRef text,
                                            std::vector<Bracket> *brackets) {
  return StatementScanner(text, brackets).run();
}

} // namespace

std::optional<std::pair<TextRange, TextRange>>
ompx::misspelledModuleShell(StringRef text, TextRange unit, uint32_t at) {
  // Alias definitions before the module (`#loc1 = loc(...)` in flang's
  // output) may open the unit: the module starts at the error's token.
  if (at < unit.begin || at >= unit.end || unit.end > text.size())
    return std::nullopt;
  // The error's token must start the op: first on its line, after nothing
  // of the unit but whole definitions (an error at `i32 {` inside an op
  // read as a module).
  size_t lineStart = text.rfind('\n', at);
  lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
  if (!text.slice(lineStart, at).trim().empty() ||
      !bracketsBalanced(text, {unit.begin, at}))
    return std::nullopt;
  unit.begin = at;
  // The unit runs to the next op: its `}` is its last non-blank byte, or
  // comes before the module's location (`} loc(#loc)` in flang's output).
  StringRef body = text.slice(unit.begin, unit.end).rtrim();
  size_t brace = body.rfind('}');
  StringRef after =
      brace == StringRef::npos ? "" : body.drop_front(brace + 1).trim();
  if (brace == StringRef::npos ||
      !(after.empty() || (after.starts_with("loc(") && after.ends_with(")"))) ||
      startsModule(text, unit.begin) || !startsTopModule(text, unit.begin))
    return std::nullopt;
  uint32_t end = unit.begin + body.size(), closer = unit.begin + brace;
  Lexer lexer(text, unit.begin);
  (void)lexer.next(); // the misspelled keyword
  Token t = lexer.next();
  if (t.is(TokenKind::AtIdentifier))
    t = lexer.next();
  if (t.is(TokenKind::BareIdentifier) && t.spelling == "attributes") {
    // Past the attribute dictionary, to the body's `{`.
    int depth = 0;
    do {
      t = lexer.next();
      if (t.isPunct("{"))
        ++depth;
      else if (t.isPunct("}"))
        --depth;
    } while (depth > 0 && !t.is(TokenKind::Eof) && t.range.end < closer);
    t = lexer.next();
  }
  if (!t.isPunct("{") || t.range.end > closer)
    return std::nullopt;
  return std::make_pair(TextRange{unit.begin, t.range.end},
                        TextRange{closer, end});
}

std::optional<std::string> ompx::respelledModuleHeader(StringRef header) {
  Lexer lexer(header);
  Token keyword = lexer.next();
  if (!keyword.is(TokenKind::BareIdentifier) || keyword.range.begin != 0)
    return std::nullopt;
  constexpr llvm::StringLiteral kModule = "module";
  std::string out(kModule);
  if (keyword.spelling.size() > kModule.size())
    out.append(keyword.spelling.size() - kModule.size(), ' ');
  size_t short_ =
      kModule.size() - std::min(kModule.size(), keyword.spelling.size());
  Token prev = keyword;
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    StringRef gap = header.slice(prev.range.end, t.range.begin);
    // Blanks between two tokens can go where one of them is punctuation.
    bool loose =
        gap.find_first_not_of(" \t") == StringRef::npos &&
        (prev.is(TokenKind::Punctuation) || t.is(TokenKind::Punctuation));
    size_t drop = loose ? std::min(short_, gap.size()) : 0;
    short_ -= drop;
    out += gap.drop_front(drop);
    out += t.spelling;
    prev = t;
  }
  out += header.drop_front(prev.range.end);
  if (short_ != 0 || out.size() != header.size())
    return std::nullopt;
  return out;
}

bool ompx::bracketsBalanced(StringRef text, TextRange range) {
  std::vector<char> stack;
  Lexer lexer(text.take_front(range.end), range.begin);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    char b = bracketOf(text, t);
    if (!b)
      continue;
    if (!isCloser(b))
      stack.push_back(b);
    else if (stack.empty() || closerOf(stack.back()) != b)
      return false;
    else
      stack.pop_back();
  }
  return stack.empty();
}

std::optional<TextRange> ompx::findRecoveryUnit(StringRef text,
                                                uint32_t offset) {
  std::vector<Bracket> brackets;
  std::vector<StatementStart> starts = statementStarts(text, &brackets);
  // A `}` closing nothing: the parser reports it at the end of the token
  // before ("expected operation name in quotes"). The `}` is the unit; the
  // op before it was blanked instead, which only moved the error to the op
  // before that: one invented error an op.
  if (Token next = Lexer(text, offset).next(); next.isPunct("}")) {
    int64_t open = 0;
    for (const Bracket &b : brackets) {
      if (b.offset >= next.range.begin)
        break;
      open += b.kind == '{' ? 1 : b.kind == '}' ? -1 : 0;
    }
    if (open <= 0)
      return next.range;
  }
  // Each level of a descent into nested modules reads its scope's starts
  // and units again: a budget of a few passes over the text keeps 100,000
  // nested modules linear (they cost minutes); past it, the module reached
  // so far is the unit.
  uint64_t work = 0;
  const uint64_t budget = 4 * (brackets.size() + starts.size()) + 4096;
  auto balanced = [&](TextRange r) {
    auto in = [&](uint32_t at) {
      return std::lower_bound(
                 brackets.begin(), brackets.end(), at,
                 [](const Bracket &b, uint32_t x) { return b.offset < x; }) -
             brackets.begin();
    };
    size_t from = in(r.begin);
    llvm::ArrayRef<Bracket> inside(brackets.data() + from, in(r.end) - from);
    work += inside.size();
    return bracketsBalancedIn(inside);
  };
  // The op starting at starts[i], at `depth`, ends at the next line at that
  // depth or less (an op or a closing bracket) within the scope.
  auto unitAt = [&](size_t i, int depth, uint32_t scopeEnd) {
    uint32_t end = scopeEnd;
    for (size_t j = i + 1; j < starts.size() && starts[j].offset < scopeEnd;
         ++j)
      if (starts[j].braceDepth <= depth) {
        end = starts[j].offset;
        break;
      }
    return TextRange{starts[i].offset, end};
  };
  // The ops at `depth` in [scopeBegin, scopeEnd).
  auto opsIn = [&](int depth, uint32_t scopeBegin, uint32_t scopeEnd) {
    std::vector<size_t> ops;
    size_t i = std::lower_bound(starts.begin(), starts.end(), scopeBegin,
                                [](const StatementStart &s, uint32_t at) {
                                  return s.offset < at;
                                }) -
               starts.begin();
    for (; i < starts.size() && starts[i].offset < scopeEnd; ++i, ++work)
      if (starts[i].braceDepth == depth && !starts[i].closer)
        ops.push_back(i);
    return ops;
  };
  int depth = 0;
  uint32_t scopeBegin = 0, scopeEnd = text.size();
  while (true) {
    // The ops of the scope up to the last one starting at or before
    // `offset` (or the first one, if none does).
    std::vector<size_t> siblings = opsIn(depth, scopeBegin, scopeEnd);
    size_t n = 0;
    while (n < siblings.size() && starts[siblings[n]].offset <= offset)
      ++n;
    siblings.resize(std::max<size_t>(n, std::min<size_t>(1, siblings.size())));
    if (siblings.empty())
      return std::nullopt;
    TextRange unit = unitAt(siblings.back(), depth, scopeEnd);
    bool unitBalanced = balanced(unit);
    if (depth == 0 ? startsTopModule(text, unit.begin)
                   : startsModule(text, unit.begin)) {
      if (work > budget)
        return unit;
      // Descend into a module whose body holds the error, unless the
      // module's own brackets are what is wrong (no op of its body is
      // unbalanced).
      std::vector<size_t> inner = opsIn(depth + 1, unit.begin + 1, unit.end);
      bool hasInner = !inner.empty() && starts[inner[0]].offset <= offset;
      bool innerUnbalanced = false;
      for (size_t i : inner)
        if (!balanced(unitAt(i, depth + 1, unit.end))) {
          innerUnbalanced = true;
          break;
        }
      if (hasInner && (unitBalanced || innerUnbalanced)) {
        scopeBegin = unit.begin + 1;
        scopeEnd = unit.end;
        ++depth;
        continue;
      }
      return unit;
    }
    if (!unitBalanced)
      return unit;
    // The parser stops where brackets stop making sense, which can be well
    // after the op that lost or gained one (a missing `}` is noticed at the
    // end of the text): the nearest unbalanced op before wins.
    for (size_t k = siblings.size() - 1; k-- > 0;) {
      TextRange before = unitAt(siblings[k], depth, scopeEnd);
      if (!balanced(before))
        return before;
    }
    return unit;
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

std::vector<uint32_t> ompx::findOpNameTokens(StringRef text, StringRef opName) {
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
