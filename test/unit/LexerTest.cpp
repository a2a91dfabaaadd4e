//===- LexerTest.cpp - The one MLIR lexer ---------------------------------===//

#include "server/syntax/Lexer.h"
#include "server/syntax/Text.h"

#include "gtest/gtest.h"

#include <vector>

using namespace ompx;

namespace {
std::vector<std::pair<TokenKind, std::string>> lex(llvm::StringRef text) {
  std::vector<std::pair<TokenKind, std::string>> out;
  Lexer lexer(text);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
    out.emplace_back(t.kind, t.spelling.str());
  return out;
}
using K = TokenKind;
} // namespace

TEST(Lexer, TokenKinds) {
  auto toks = lex("%0:2 = omp.map.info var_ptr(%a-b : !llvm.ptr) "
                  "^bb1 #omp<clause x> @sym @\"q s\" \"s\\\"t\" 42 0x1F "
                  "1.5e-3 -> :: ... // comment\n}");
  std::vector<std::pair<TokenKind, std::string>> want = {
      {K::PercentIdentifier, "%0"},
      {K::Punctuation, ":"},
      {K::Integer, "2"},
      {K::Punctuation, "="},
      {K::BareIdentifier, "omp.map.info"},
      {K::BareIdentifier, "var_ptr"},
      {K::Punctuation, "("},
      // `-` is id-punct in a suffix-id (MLIR's own rule).
      {K::PercentIdentifier, "%a-b"},
      {K::Punctuation, ":"},
      {K::BangIdentifier, "!llvm.ptr"},
      {K::Punctuation, ")"},
      {K::CaretIdentifier, "^bb1"},
      {K::HashIdentifier, "#omp"},
      {K::Punctuation, "<"},
      {K::BareIdentifier, "clause"},
      {K::BareIdentifier, "x"},
      {K::Punctuation, ">"},
      {K::AtIdentifier, "@sym"},
      {K::AtIdentifier, "@\"q s\""},
      {K::String, "\"s\\\"t\""},
      {K::Integer, "42"},
      {K::Integer, "0x1F"},
      {K::Float, "1.5e-3"},
      {K::Punctuation, "->"},
      {K::Punctuation, "::"},
      {K::Punctuation, "..."},
      {K::Punctuation, "}"},
  };
  EXPECT_EQ(toks, want);
}

TEST(Lexer, IdentifierRules) {
  // Bare identifiers start with a letter or `_` and may hold `$` and `.`,
  // never `-`; `@` takes a bare identifier, so `@1` is not a symbol.
  EXPECT_TRUE(isBareIdentifier("omp.target"));
  EXPECT_TRUE(isBareIdentifier("_x$y.z"));
  EXPECT_FALSE(isBareIdentifier("1x"));
  EXPECT_FALSE(isBareIdentifier("a-b"));
  auto toks = lex("a-b @1 %$x.y");
  std::vector<std::pair<TokenKind, std::string>> want = {
      {K::BareIdentifier, "a"}, {K::Punctuation, "-"},
      {K::BareIdentifier, "b"}, {K::Unknown, "@"},
      {K::Integer, "1"},        {K::PercentIdentifier, "%$x.y"}};
  EXPECT_EQ(toks, want);
  // A suffix-id that starts with a digit is all digits: `%3#1` is `%3`,
  // then `#`, then `1`.
  auto result = lex("%3#1");
  ASSERT_GE(result.size(), 1u);
  EXPECT_EQ(result[0],
            (std::pair<TokenKind, std::string>{K::PercentIdentifier, "%3"}));
}

TEST(Lexer, NamesAndUnterminatedStrings) {
  Lexer lexer("@\"a b\" %x \"unterminated\nnext");
  EXPECT_EQ(lexer.next().name(), "a b");
  EXPECT_EQ(lexer.next().name(), "x");
  Token s = lexer.next();
  EXPECT_EQ(s.kind, K::String);
  EXPECT_EQ(s.spelling, "\"unterminated"); // ends at the line end
  EXPECT_EQ(lexer.next().spelling, "next");
}

TEST(Lexer, TokenAt) {
  llvm::StringRef text = "  %arg4 = omp.x // c\n";
  // Inside, and right after a token (the cursor after `%arg4`).
  EXPECT_EQ(tokenAt(text, 3)->spelling, "%arg4");
  EXPECT_EQ(tokenAt(text, 7)->spelling, "%arg4");
  EXPECT_EQ(tokenAt(text, 11)->spelling, "omp.x");
  EXPECT_EQ(tokenAt(text, 18)->kind, K::Comment);
  EXPECT_FALSE(tokenAt(text, 0).has_value());
  EXPECT_EQ(Lexer::lexAt(text, 10).spelling, "omp.x");
}

TEST(Lexer, ScannersShareIt) {
  // Symbols: bare and quoted; not inside comments or strings.
  EXPECT_EQ(symbolTokens("@a @\"b c\" // @d\n \"@e\""),
            (std::set<std::string>{"a", "b c"}));
  // Op names: custom and generic form, not `%omp.x`, `#omp.x` or comments.
  llvm::StringRef ops = "omp.x %omp.x #omp.x \"omp.x\"() // omp.x\nomp.xy";
  EXPECT_EQ(findOpNameTokens(ops, "omp.x"), (std::vector<uint32_t>{0, 21}));
  // A `>` after `->` is an arrow; a `<` in a string does not nest.
  EXPECT_EQ(scanStructure("f(%a) -> (i32) \"<<\" {<1>}", 10).maxDepth, 2u);
}
