//===- Lexer.cpp - The one lexer for MLIR's textual form ------------------===//

#include "server/syntax/Lexer.h"

#include "llvm/ADT/StringExtras.h"

using namespace ompx;
using llvm::StringRef;

static bool isBareStart(char c) { return llvm::isAlpha(c) || c == '_'; }

bool ompx::isBareIdentifier(StringRef s) {
  return !s.empty() && isBareStart(s.front()) &&
         llvm::all_of(s.drop_front(), isBareChar);
}

StringRef Token::name() const {
  switch (kind) {
  case TokenKind::PercentIdentifier:
  case TokenKind::CaretIdentifier:
  case TokenKind::HashIdentifier:
  case TokenKind::BangIdentifier:
    return spelling.drop_front();
  case TokenKind::AtIdentifier: {
    StringRef s = spelling.drop_front();
    if (s.consume_front("\""))
      s.consume_back("\"");
    return s;
  }
  case TokenKind::String: {
    StringRef s = spelling.drop_front();
    s.consume_back("\"");
    return s;
  }
  default:
    return spelling;
  }
}

void Lexer::skipString() {
  // At the opening quote. MLIR strings do not span lines.
  for (++pos; pos < text.size(); ++pos) {
    char c = text[pos];
    if (c == '"') {
      ++pos;
      return;
    }
    if (c == '\n')
      return;
    if (c == '\\' && pos + 1 < text.size() && text[pos + 1] != '\n')
      ++pos;
  }
}

void Lexer::skipSuffixId() {
  if (pos < text.size() && llvm::isDigit(text[pos])) {
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    return;
  }
  while (pos < text.size() &&
         (llvm::isAlnum(text[pos]) || isIdPunct(text[pos])))
    ++pos;
}

Token Lexer::lexToken() {
  size_t begin = pos;
  char c = text[pos++];
  auto peek = [&](size_t k = 0) -> char {
    return pos + k < text.size() ? text[pos + k] : '\0';
  };
  if (isBareStart(c)) {
    while (pos < text.size() && isBareChar(text[pos]))
      ++pos;
    return make(TokenKind::BareIdentifier, begin);
  }
  switch (c) {
  case '%':
  case '^':
  case '#':
  case '!': {
    char n = peek();
    if (!(llvm::isAlnum(n) || isIdPunct(n)))
      return make(c == '#' ? TokenKind::Punctuation : TokenKind::Unknown,
                  begin);
    skipSuffixId();
    TokenKind kind = c == '%'   ? TokenKind::PercentIdentifier
                     : c == '^' ? TokenKind::CaretIdentifier
                     : c == '#' ? TokenKind::HashIdentifier
                                : TokenKind::BangIdentifier;
    return make(kind, begin);
  }
  case '@':
    if (peek() == '"') {
      skipString(); // from the quote after `@`
      return make(TokenKind::AtIdentifier, begin);
    }
    if (!isBareStart(peek()))
      return make(TokenKind::Unknown, begin);
    while (pos < text.size() && isBareChar(text[pos]))
      ++pos;
    return make(TokenKind::AtIdentifier, begin);
  case '"':
    pos = begin;
    skipString();
    return make(TokenKind::String, begin);
  case '/':
    if (peek() == '/') {
      while (pos < text.size() && text[pos] != '\n')
        ++pos;
      return make(TokenKind::Comment, begin);
    }
    return make(TokenKind::Unknown, begin);
  case '-':
    if (peek() == '>')
      ++pos;
    return make(TokenKind::Punctuation, begin);
  case ':':
    if (peek() == ':')
      ++pos;
    return make(TokenKind::Punctuation, begin);
  case '.':
    if (peek() == '.' && peek(1) == '.') {
      pos += 2;
      return make(TokenKind::Punctuation, begin);
    }
    return make(TokenKind::Unknown, begin);
  case '(':
  case ')':
  case '[':
  case ']':
  case '{':
  case '}':
  case '<':
  case '>':
  case ',':
  case '=':
  case '+':
  case '*':
  case '?':
  case '|':
    return make(TokenKind::Punctuation, begin);
  default:
    break;
  }
  if (llvm::isDigit(c)) {
    if (c == '0' && peek() == 'x' && llvm::isHexDigit(peek(1))) {
      ++pos;
      while (pos < text.size() && llvm::isHexDigit(text[pos]))
        ++pos;
      return make(TokenKind::Integer, begin);
    }
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    if (peek() != '.')
      return make(TokenKind::Integer, begin);
    ++pos;
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    if ((peek() == 'e' || peek() == 'E') &&
        (llvm::isDigit(peek(1)) ||
         ((peek(1) == '+' || peek(1) == '-') && llvm::isDigit(peek(2))))) {
      pos += 2;
      while (pos < text.size() && llvm::isDigit(text[pos]))
        ++pos;
    }
    return make(TokenKind::Float, begin);
  }
  return make(TokenKind::Unknown, begin);
}

Token Lexer::next() {
  while (true) {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
    if (pos >= text.size())
      return {TokenKind::Eof,
              {uint32_t(text.size()), uint32_t(text.size())},
              StringRef()};
    Token t = lexToken();
    if (t.kind != TokenKind::Comment || keepComments)
      return t;
  }
}

Token Lexer::lexAt(StringRef text, uint32_t offset) {
  if (offset >= text.size())
    return {TokenKind::Eof,
            {uint32_t(text.size()), uint32_t(text.size())},
            StringRef()};
  if (llvm::isSpace(text[offset]))
    return {TokenKind::Unknown, {offset, offset + 1}, text.substr(offset, 1)};
  Lexer lexer(text, offset, /*keepComments=*/true);
  return lexer.lexToken();
}

std::optional<Token> ompx::tokenAt(StringRef text, uint32_t offset) {
  if (offset > text.size())
    return std::nullopt;
  // Tokens never span lines: lex the line holding `offset`.
  size_t lineBegin = offset == 0 ? 0 : text.rfind('\n', offset - 1);
  lineBegin = lineBegin == StringRef::npos || offset == 0 ? 0 : lineBegin + 1;
  Lexer lexer(text, lineBegin, /*keepComments=*/true);
  std::optional<Token> before;
  while (true) {
    Token t = lexer.next();
    if (t.kind == TokenKind::Eof || t.range.begin > offset)
      break;
    if (offset < t.range.end)
      return t;
    if (t.range.end == offset)
      before = t;
  }
  return before;
}
