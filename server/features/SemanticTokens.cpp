//===- SemanticTokens.cpp - What each name of the text is -----------------===//

#include "server/features/SemanticTokens.h"
#include "dialects/OdsTables.h"
#include "server/model/Index.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace ompx;
using llvm::StringRef;

llvm::ArrayRef<const char *> ompx::tokenTypeNames() {
  static const char *const names[] = {"namespace", "function", "variable",
                                      "parameter", "label",    "type",
                                      "decorator", "keyword",  "enumMember"};
  return names;
}

llvm::ArrayRef<const char *> ompx::tokenModifierNames() {
  static const char *const names[] = {"declaration", "clauseBound", "stale"};
  return names;
}

namespace {
/// A builtin type spelled as a bare identifier (`i32`, `index`, `f8E4M3FN`);
/// `container`: one that takes a `<...>` body (`vector<4xi64>`).
bool isBuiltinType(StringRef w, bool &container) {
  container = false;
  // Most words are none: reject them on their first letter.
  switch (w.front()) {
  case 'i':
  case 's':
  case 'u':
  case 'f':
  case 'b':
  case 't':
  case 'v':
  case 'm':
  case 'c':
  case 'n':
    break;
  default:
    return false;
  }
  if (w == "vector" || w == "tensor" || w == "memref" || w == "complex" ||
      w == "tuple") {
    container = true;
    return true;
  }
  if (w == "index" || w == "none" || w == "bf16" || w == "tf32" ||
      w.starts_with("f8E") || w.starts_with("f6E") || w.starts_with("f4E"))
    return true;
  StringRef digits = w;
  if (!(digits.consume_front("i") || digits.consume_front("si") ||
        digits.consume_front("ui") || digits.consume_front("f")))
    return false;
  if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
    return false;
  // Float widths MLIR has; any integer width.
  return w[0] != 'f' || digits == "16" || digits == "32" || digits == "64" ||
         digits == "80" || digits == "128";
}

/// The end of the `<...>` body starting at `pos`, or `pos` when there is
/// none (or it does not close within a sane distance). Strings and `->`
/// inside do not count.
uint32_t bodyEnd(StringRef text, uint32_t pos) {
  if (pos >= text.size() || text[pos] != '<')
    return pos;
  size_t limit = std::min<size_t>(text.size(), size_t(pos) + (1u << 20));
  int depth = 0;
  for (size_t i = pos; i < limit; ++i) {
    char c = text[i];
    if (c == '<') {
      ++depth;
    } else if (c == '>') {
      if (i > 0 && text[i - 1] == '-')
        continue;
      if (--depth == 0)
        return uint32_t(i + 1);
    } else if (c == '"') {
      for (++i; i < limit && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
    }
  }
  return pos;
}

/// A case of an enum one of `op`'s attributes takes, as the hover reads it
/// (`tofrom` is `to|from` in one word).
bool isEnumCase(const ods::Op &op, StringRef word) {
  if (word == "tofrom")
    return true;
  for (const ods::Arg &arg : op.argList())
    if (const ods::Enum *e = ods::enumAt(arg.enumIndex))
      for (const char *c : e->caseList())
        if (word.equals_insensitive(c))
          return true;
  return false;
}

TokenType symbolType(StringRef opName) {
  if (opName.ends_with("global"))
    return TokenType::Variable;
  return TokenType::Function;
}

class Collector {
public:
  Collector(const Snapshot &s, TextRange range, std::vector<SemanticToken> &out)
      : s(s), text(s.str()), range(range), out(out) {}

  void chunk(int c);

private:
  /// Adds [begin, end) as tokens of `type`, one per line.
  void add(uint32_t begin, uint32_t end, TokenType type, uint16_t mods = 0) {
    while (begin < end) {
      // Only within the token: a search to the line's end for every token
      // of a 10k-byte line would be quadratic.
      size_t nl = text.slice(begin, end).find('\n');
      uint32_t stop = nl == StringRef::npos ? end : begin + uint32_t(nl);
      if (stop > begin && begin >= range.begin && begin < range.end &&
          (out.empty() || out.back().range.end <= begin))
        out.push_back({{begin, stop}, type, mods});
      begin = stop + 1;
      while (begin < end && (text[begin] == ' ' || text[begin] == '\t'))
        ++begin;
    }
  }
  /// The end of a `%0` that a `#1` result number follows, else `end`.
  uint32_t withResultNumber(uint32_t end) const {
    if (end < text.size() && text[end] == '#') {
      uint32_t i = end + 1;
      while (i < text.size() && llvm::isDigit(text[i]))
        ++i;
      if (i > end + 1)
        return i;
    }
    return end;
  }
  void opName(TextRange r, uint16_t mods) {
    StringRef name = text.slice(r.begin, r.end);
    size_t dot = name.find('.');
    if (name.starts_with("\"") || dot == StringRef::npos) {
      add(r.begin, r.end, TokenType::Function, mods);
      return;
    }
    add(r.begin, r.begin + dot, TokenType::Namespace, mods);
    add(r.begin + dot + 1, r.end, TokenType::Function, mods);
  }
  /// Returns where lexing goes on.
  uint32_t entity(const ChunkIndex &index, const Entity &e);
  uint32_t lexical(const Token &t, bool guessOps, const Token &prev,
                   bool firstOnLine);

  const Snapshot &s;
  StringRef text;
  TextRange range;
  std::vector<SemanticToken> &out;
  /// The op whose text is being read (its keywords are keywords).
  const ods::Op *curOds = nullptr;
};

uint32_t Collector::entity(const ChunkIndex &index, const Entity &e) {
  const ChunkAnalysis &a = index.analysis();
  auto staleOp = [&](int32_t op) -> uint16_t {
    return op >= 0 && size_t(op) < a.ops.size() && (a.ops[op].flags & OpStale)
               ? ModStale
               : 0;
  };
  switch (e.kind) {
  case EntityKind::OpName:
    curOds = index.odsOf(e.index);
    opName(e.range, staleOp(e.index));
    break;
  case EntityKind::ValueDef:
  case EntityKind::ValueUse: {
    const ValueRecord &v = a.values[e.index];
    uint16_t mods = e.kind == EntityKind::ValueDef ? ModDeclaration : 0;
    TokenType type = TokenType::Variable;
    int32_t owner = v.ownerOp;
    if (v.ownerBlock >= 0 && size_t(v.ownerBlock) < a.blocks.size()) {
      type = TokenType::Parameter;
      owner = a.blocks[v.ownerBlock].parentOp;
      if (index.bindingOf(e.index))
        mods |= ModClauseBound;
    }
    mods |= staleOp(owner);
    uint32_t end = withResultNumber(e.range.end);
    add(e.range.begin, end, type, mods);
    return end;
  }
  case EntityKind::BlockDef:
  case EntityKind::BlockUse:
    // An entry block without a label is recorded at its region's `{`.
    if (e.range.begin < text.size() && text[e.range.begin] == '^')
      add(e.range.begin, e.range.end, TokenType::Label,
          e.kind == EntityKind::BlockDef ? ModDeclaration : 0);
    break;
  case EntityKind::SymbolDef:
    add(e.range.begin, e.range.end, symbolType(a.ops[e.index].name),
        ModDeclaration | staleOp(e.index));
    break;
  case EntityKind::SymbolUse: {
    int32_t op = index.symbolOp(a.symbolUses[e.index].name);
    add(e.range.begin, e.range.end,
        op >= 0 ? symbolType(a.ops[op].name) : TokenType::Function);
    break;
  }
  }
  return e.range.end;
}

uint32_t Collector::lexical(const Token &t, bool guessOps, const Token &prev,
                            bool firstOnLine) {
  uint32_t b = t.range.begin, e = t.range.end;
  switch (t.kind) {
  case TokenKind::PercentIdentifier: {
    e = withResultNumber(e);
    add(b, e,
        t.spelling.starts_with("%arg") ? TokenType::Parameter
                                       : TokenType::Variable);
    return e;
  }
  case TokenKind::CaretIdentifier:
    add(b, e, TokenType::Label);
    return e;
  case TokenKind::AtIdentifier:
    add(b, e, TokenType::Function);
    return e;
  case TokenKind::BangIdentifier:
  case TokenKind::HashIdentifier: {
    uint32_t end = std::max(e, bodyEnd(text, e));
    add(b, end,
        t.kind == TokenKind::BangIdentifier ? TokenType::Type
                                            : TokenType::Decorator);
    return end;
  }
  case TokenKind::BareIdentifier: {
    bool container;
    if (isBuiltinType(t.spelling, container)) {
      uint32_t end = container ? std::max(e, bodyEnd(text, e)) : e;
      if (!container || end > e) {
        add(b, end, TokenType::Type);
        return end;
      }
      return e;
    }
    if (guessOps && t.spelling.contains('.') &&
        (firstOnLine || prev.isPunct("="))) {
      curOds = ods::lookupOp(t.spelling);
      opName(t.range, 0);
      return e;
    }
    if (curOds && ods::keywordInfo(*curOds, t.spelling))
      add(b, e, TokenType::Keyword);
    else if (curOds && isEnumCase(*curOds, t.spelling))
      add(b, e, TokenType::EnumMember);
    return e;
  }
  case TokenKind::String:
    // The generic form `"omp.target"(...)` of an op the analysis lacks.
    if (guessOps && firstOnLine && t.spelling.size() > 2 &&
        isBareIdentifier(t.name()) && t.name().contains('.')) {
      curOds = ods::lookupOp(t.name());
      add(b, e, TokenType::Function);
    }
    return e;
  default:
    return e;
  }
}

void Collector::chunk(int c) {
  const ChunkSpan &span = s.chunks[c];
  uint32_t begin = std::max(span.begin, range.begin);
  uint32_t end = std::min(span.end, range.end);
  if (begin >= end && !(begin == end && span.begin == span.end))
    return;
  // Lex from the start of the line, so a token the range starts inside is
  // read whole.
  begin = std::max(span.begin, s.lines->lineStart(s.lines->lineOf(begin)));
  auto index = chunkIndex(s, c);
  llvm::ArrayRef<Entity> ents;
  std::vector<TextRange> blanked;
  if (index) {
    ents = index->allEntities();
    blanked = index->analysis().blankedUnits;
    llvm::sort(blanked, [](const TextRange &x, const TextRange &y) {
      return x.begin < y.begin;
    });
  }
  const Entity *ei = std::lower_bound(
      ents.begin(), ents.end(), begin,
      [](const Entity &x, uint32_t off) { return x.range.begin < off; });
  const TextRange *bi = blanked.data(), *be = blanked.data() + blanked.size();
  curOds = nullptr;
  Lexer lexer(text, begin);
  Token prev;
  uint32_t lastLine = ~0u;
  for (Token t = lexer.next(); !t.is(TokenKind::Eof) && t.range.begin < end;) {
    while (ei != ents.end() && ei->range.begin < t.range.begin)
      ++ei;
    uint32_t resume;
    if (ei != ents.end() && ei->range.begin == t.range.begin &&
        ei->range.end > ei->range.begin) {
      resume = entity(*index, *ei);
    } else {
      while (bi != be && bi->end <= t.range.begin)
        ++bi;
      // Op names come from the analysis; without one (or in a unit the
      // parser lost) they are recognized by where they stand.
      bool guess = !index || (bi != be && bi->contains(t.range.begin));
      // First on its line: nothing but blanks before it on the line.
      bool first = false;
      if (guess) {
        uint32_t line = s.lines->lineOf(t.range.begin);
        first = line != lastLine;
        lastLine = line;
        if (first) {
          StringRef before =
              text.slice(s.lines->lineStart(line), t.range.begin);
          first = before.ltrim(" \t").empty();
        }
      }
      resume = lexical(t, guess, prev, first);
    }
    prev = t;
    if (resume > t.range.end)
      lexer = Lexer(text, resume);
    t = lexer.next();
  }
}
} // namespace

std::vector<SemanticToken> ompx::semanticTokens(const Snapshot &s,
                                                TextRange range) {
  std::vector<SemanticToken> out;
  if (!s.text || !s.lines)
    return out;
  range.end = std::min<uint32_t>(range.end, s.text->size());
  // About one token per 60 bytes in flang output.
  out.reserve((range.end - std::min(range.begin, range.end)) / 48);
  Collector collect(s, range, out);
  for (size_t c = 0; c < s.chunks.size(); ++c)
    if (s.chunks[c].begin <= range.end && s.chunks[c].end >= range.begin)
      collect.chunk(int(c));
  return out;
}

std::vector<SemanticTokensEdit>
ompx::semanticTokensDelta(llvm::ArrayRef<uint32_t> previous,
                          llvm::ArrayRef<uint32_t> current) {
  size_t n = std::min(previous.size(), current.size());
  size_t prefix = 0;
  while (prefix < n && previous[prefix] == current[prefix])
    ++prefix;
  prefix -= prefix % 5;
  if (prefix == previous.size() && prefix == current.size())
    return {};
  size_t suffix = 0;
  while (suffix < n - prefix && previous[previous.size() - 1 - suffix] ==
                                    current[current.size() - 1 - suffix])
    ++suffix;
  suffix -= suffix % 5;
  SemanticTokensEdit edit;
  edit.start = uint32_t(prefix);
  edit.deleteCount = uint32_t(previous.size() - prefix - suffix);
  edit.data.assign(current.begin() + prefix, current.end() - suffix);
  return {std::move(edit)};
}
