//===- Lexer.h - The one lexer for MLIR's textual form ----------*- C++ -*-===//
//
// Every scanner of document text (positions, recovery, completion context,
// symbol definitions, op-name search) reads tokens from here, so all of them
// agree on what an identifier is, and agree with MLIR's own lexer
// (mlir/lib/AsmParser/Lexer.cpp):
//   bare-id   ::= (letter|`_`) (letter|digit|`_`|`$`|`.`)*
//   suffix-id ::= digit+ | (letter|id-punct) (letter|id-punct|digit)*
//   id-punct  ::= `$` | `.` | `_` | `-`
//   `%` `^` `#` `!` suffix-id;  `@` bare-id | `@` string-literal
// Unlike MLIR's lexer it never fails: text it cannot read becomes an Unknown
// token of one byte, and an unterminated string ends at the line end.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SYNTAX_LEXER_H
#define OMPX_SYNTAX_LEXER_H

#include "server/syntax/TextRange.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ompx {

enum class TokenKind : uint8_t {
  BareIdentifier,    ///< `omp.target`, `map_entries`, `i32`
  PercentIdentifier, ///< `%arg0` (a `#1` result number is a separate token)
  CaretIdentifier,   ///< `^bb0`
  HashIdentifier,    ///< `#omp.clause_task_depend`
  BangIdentifier,    ///< `!llvm.ptr`
  AtIdentifier,      ///< `@sym`, `@"quoted sym"`
  String,            ///< `"..."`, quotes included
  Integer,           ///< `42`, `0x2A`
  Float,             ///< `1.5`, `2.0e-3`
  Punctuation,       ///< `(`, `->`, `::`, `...`, ...
  Comment,           ///< `// ...` to the end of the line
  Unknown,           ///< a byte that starts no token
  Eof,
};

struct Token {
  TokenKind kind = TokenKind::Eof;
  TextRange range;
  llvm::StringRef spelling; ///< the token's text

  bool is(TokenKind k) const { return kind == k; }
  bool isPunct(llvm::StringRef p) const {
    return kind == TokenKind::Punctuation && spelling == p;
  }
  /// The name a token stands for: an identifier without its sigil, an `@`
  /// symbol without `@` and quotes, a string's contents (escapes kept).
  llvm::StringRef name() const;
};

/// Reads tokens of `text` from `begin` (offsets are into all of `text`).
class Lexer {
public:
  explicit Lexer(llvm::StringRef text, uint32_t begin = 0,
                 bool keepComments = false)
      : text(text), pos(std::min<size_t>(begin, text.size())),
        keepComments(keepComments) {}

  /// The next token after whitespace (and comments unless kept).
  Token next();
  /// The token starting exactly at `offset` (whitespace: Unknown, 1 byte).
  static Token lexAt(llvm::StringRef text, uint32_t offset);
  uint32_t offset() const { return pos; }

private:
  Token lexToken();
  Token make(TokenKind kind, size_t begin) const {
    return {kind, {uint32_t(begin), uint32_t(pos)}, text.slice(begin, pos)};
  }
  void skipString();
  void skipSuffixId();

  llvm::StringRef text;
  size_t pos;
  bool keepComments;
};

/// Whether `s` is a whole MLIR bare identifier.
bool isBareIdentifier(llvm::StringRef s);

/// A character of a bare identifier after its first (letter or `_`).
inline bool isBareChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}
/// The punctuation `%`, `^`, `@` and `#` identifiers may hold.
inline bool isIdPunct(char c) {
  return c == '$' || c == '.' || c == '_' || c == '-';
}

/// The token containing `offset`, or ending right at it (the cursor sits
/// after `%arg4`); comments count as tokens. Nullopt on whitespace.
std::optional<Token> tokenAt(llvm::StringRef text, uint32_t offset);

} // namespace ompx

#endif // OMPX_SYNTAX_LEXER_H
