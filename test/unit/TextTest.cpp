//===- TextTest.cpp - Positions, chunking and structure scans -------------===//

#include "server/syntax/Text.h"
#include "server/syntax/Lexer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace ompx;

static constexpr PositionEncoding U16 = PositionEncoding::UTF16;
using StringRefPair = std::pair<llvm::StringRef, llvm::StringRef>;

TEST(LineTable, Utf16Columns) {
  // 'é' is 2 bytes / 1 UTF-16 unit; '𝔸' is 4 bytes / 2 units.
  std::string text = "ab\n\xC3\xA9x\n\xF0\x9D\x94\xB8y";
  LineTable lines(text);
  EXPECT_EQ(lines.numLines(), 3u);
  EXPECT_EQ(lines.toPosition(0, U16), (LinePosition{0, 0}));
  EXPECT_EQ(lines.toPosition(3, U16), (LinePosition{1, 0}));
  EXPECT_EQ(lines.toPosition(5, U16), (LinePosition{1, 1}));  // after é
  EXPECT_EQ(lines.toPosition(11, U16), (LinePosition{2, 2})); // after 𝔸
  EXPECT_EQ(lines.toOffset({1, 1}, U16), 5u);
  EXPECT_EQ(lines.toOffset({2, 2}, U16), 11u);
  // Past the end of a line or the text clamps.
  EXPECT_EQ(lines.toOffset({0, 99}, U16), 2u);
  EXPECT_EQ(lines.toOffset({99, 0}, U16), text.size());
  // Byte columns for compiler-style output.
  EXPECT_EQ(lines.toLineColumn(5), (std::pair<uint32_t, uint32_t>{2, 3}));
}

TEST(LineTable, LinesWithAndWithoutCarriageReturnsAgree) {
  // Without '\r' the table jumps from '\n' to '\n'; with one it walks
  // byte by byte: the same lines either way where '\r' only ends a line.
  for (StringRefPair t :
       {StringRefPair{"ab\n\ncd\n", "ab\r\n\r\ncd\r\n"},
        StringRefPair{"x\ny", "x\r\ny"}, StringRefPair{"\n", "\r\n"}}) {
    LineTable lf(t.first), crlf(t.second);
    ASSERT_EQ(lf.numLines(), crlf.numLines()) << t.first.str();
    for (uint32_t l = 0; l < lf.numLines(); ++l)
      EXPECT_EQ(lf.lineStart(l), crlf.lineStart(l) - l) << t.first.str() << l;
    EXPECT_EQ(lf.lineStart(lf.numLines()), t.first.size());
  }
  LineTable empty("");
  EXPECT_EQ(empty.numLines(), 1u);
  EXPECT_EQ(empty.lineStart(0), 0u);
}

TEST(LineTable, InvalidUtf8CountsOneUnitPerByte) {
  std::string text = "\xFF\xFEz";
  LineTable lines(text);
  EXPECT_EQ(lines.toPosition(2, U16), (LinePosition{0, 2}));
  EXPECT_EQ(lines.toOffset({0, 2}, U16), 2u);
}

TEST(SplitChunks, LikeSplitInputFile) {
  std::string text = "a\n// -----\nb\n// -----\nc\n";
  SplitResult r = splitChunks(text);
  ASSERT_EQ(r.chunks.size(), 3u);
  EXPECT_EQ(text.substr(r.chunks[0].begin, r.chunks[0].end - r.chunks[0].begin),
            "a\n");
  EXPECT_EQ(text.substr(r.chunks[1].begin, r.chunks[1].end - r.chunks[1].begin),
            "\nb\n");
  EXPECT_EQ(text.substr(r.chunks[2].begin), "\nc\n");
  EXPECT_TRUE(r.nearMisses.empty());
}

TEST(SplitChunks, MarkerInsideCommentSplitsToo) {
  // mlir-opt splits on the substring, even inside a comment.
  SplitResult r = splitChunks("x // see // ----- here\ny");
  EXPECT_EQ(r.chunks.size(), 2u);
}

TEST(SplitChunks, NearMissDoesNotSplit) {
  SplitResult r = splitChunks("a\n// ----\nb\n");
  EXPECT_EQ(r.chunks.size(), 1u);
  ASSERT_EQ(r.nearMisses.size(), 1u);
  EXPECT_EQ(r.nearMisses[0], 8u);
}

TEST(SplitChunks, EmptyTextHasNoChunk) {
  EXPECT_TRUE(splitChunks("").chunks.empty());
}

TEST(ScanStructure, DepthIgnoresCommentsStringsAndArrows) {
  StructureScan s = scanStructure("f(%a) -> (i32) { \"{{{\" // {{{\n }", 10);
  EXPECT_EQ(s.maxDepth, 1u);
  EXPECT_FALSE(s.depthExceededAt);
  std::string deep(50, '[');
  StructureScan d = scanStructure("x = " + deep, 10);
  ASSERT_TRUE(d.depthExceededAt);
  EXPECT_EQ(*d.depthExceededAt, 4u + 10u);
}

/// The structure scan as tokens give it: scanStructure is a byte loop that
/// must agree with the lexer on every bracket.
static StructureScan scanByTokens(llvm::StringRef text, uint32_t limit) {
  StructureScan scan;
  int paren = 0, square = 0, brace = 0, angle = 0;
  Lexer lexer(text);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    if (t.kind != TokenKind::Punctuation || t.spelling.size() != 1)
      continue;
    char c = t.spelling[0];
    int *depth = c == '(' || c == ')'   ? &paren
                 : c == '[' || c == ']' ? &square
                 : c == '{' || c == '}' ? &brace
                 : c == '<' || c == '>' ? &angle
                                        : nullptr;
    if (!depth ||
        (c == '>' && t.range.end < text.size() && text[t.range.end] == '='))
      continue;
    *depth = llvm::StringRef("([{<").contains(c) ? *depth + 1
                                                 : std::max(0, *depth - 1);
    uint32_t total = paren + square + brace + angle;
    scan.maxDepth = std::max(scan.maxDepth, total);
    if (total > limit && !scan.depthExceededAt)
      scan.depthExceededAt = t.range.begin;
  }
  return scan;
}

TEST(ScanStructure, BytesAgreeWithTokens) {
  // Each changes the maximum depth if a rule is missed: `-` ends a `%`
  // identifier (so `->` after it is no arrow) but not a bare or `@` one,
  // `>=`, strings (escapes, ended by a line end), comments, `#1` results.
  std::vector<std::string> texts = {
      "<%a-><",        "<%1-><",      "<!t-1><",  "<#x-y><",
      "<@f-><<",       "<@\"q\"-><<", "<x>=<<",   "<\"a>\"<",
      "<\"a\\\"><\"<", "<\"abc\n><",  "<// >\n<", "<1.0e-><",
      "<%0#1><",       "<a->->b><",   "<^bb0-><", "{-#<",
      "<#-}<",         "@",           "%",        ">"};
  // And the corpus the server meets.
  for (const char *root : {OMPX_SOURCE_DIR "/test/corpus/data",
                           OMPX_SOURCE_DIR "/test/check/Inputs"}) {
    std::error_code ec;
    for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
         it != end && !ec; it.increment(ec))
      if (llvm::sys::path::extension(it->path()) == ".mlir")
        if (auto buffer = llvm::MemoryBuffer::getFile(it->path()))
          texts.push_back((*buffer)->getBuffer().str());
  }
  ASSERT_GT(texts.size(), 150u);
  for (const std::string &text : texts)
    for (uint32_t limit : {2u, 8u, 4000u}) {
      StructureScan bytes = scanStructure(text, limit);
      StructureScan tokens = scanByTokens(text, limit);
      EXPECT_EQ(bytes.maxDepth, tokens.maxDepth) << text.substr(0, 200);
      EXPECT_EQ(bytes.depthExceededAt, tokens.depthExceededAt)
          << text.substr(0, 200);
    }
}

TEST(ScanStructure, SplitAtTheOpLineNearestTheMiddle) {
  std::string module = "#a = affine_map<(d0) -> (d0)>\n"
                       "module attributes {x = 1} {\n"
                       "  func.func @a() {\n    return\n  }\n"
                       "  func.func @b(%x: i32,\n      %y: i32) {\n"
                       "    return\n  }\n"
                       "  func.func @c() {\n    return\n  }\n"
                       "}\n#loc = loc(\"f\":1:1)\n";
  std::optional<ParseSplit> s = scanStructure(module, 4000).split;
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->inModule);
  EXPECT_EQ(s->first.begin, module.find("  func.func @a") + 2);
  EXPECT_EQ(s->first.end, module.find("func.func @b"));
  EXPECT_EQ(s->second.begin, module.find("func.func @b"));
  EXPECT_EQ(s->second.end, module.rfind("}\n#loc"));

  std::string top = "func.func @a() {\n  return\n}\n"
                    "func.func @b() {\n  return\n}\n#loc = loc(\"f\":1:1)\n";
  s = scanStructure(top, 4000).split;
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->inModule);
  EXPECT_EQ(s->second.begin, top.find("func.func @b"));
  EXPECT_EQ(s->second.end, top.find("#loc"));
  // Not: one op, an alias between ops, unbalanced brackets.
  EXPECT_FALSE(scanStructure("func.func @a() {\n  return\n}\n", 4000).split);
  EXPECT_FALSE(scanStructure("func.func @a() {\n  return\n}\n#m = 1\n"
                             "func.func @b() {\n  return\n}\n",
                             4000)
                   .split);
  EXPECT_FALSE(scanStructure(top + "{", 4000).split);
}

TEST(RecoveryUnit, TopLevelOpAndModuleBody) {
  std::string text = "func.func @a() {\n  return\n}\n"
                     "func.func @b() {\n  bad\n}\n";
  auto unit = findRecoveryUnit(text, text.find("bad"));
  ASSERT_TRUE(unit);
  EXPECT_EQ(text.substr(unit->begin, unit->end - unit->begin),
            "func.func @b() {\n  bad\n}\n");

  std::string mod = "module attributes {x = 1} {\n  func.func @a() {\n  }\n"
                    "  func.func @b() {\n    bad\n  }\n}\n";
  unit = findRecoveryUnit(mod, mod.find("bad"));
  ASSERT_TRUE(unit);
  EXPECT_EQ(mod.substr(unit->begin, unit->end - unit->begin),
            "func.func @b() {\n    bad\n  }\n");
}

TEST(RecoveryUnit, MultiLineSignatureStaysOneUnit) {
  std::string text = "func.func @a(%x: i32,\n    %y: i32) {\n  bad\n}\n";
  auto unit = findRecoveryUnit(text, text.find("bad"));
  ASSERT_TRUE(unit);
  EXPECT_EQ(unit->begin, 0u);
  EXPECT_EQ(unit->end, text.size());
}

TEST(RecoveryUnit, MissingCloseBraceNoticedAtTheEnd) {
  // The parser notices the missing `}` of @a only at the end of the text;
  // the unit is @a, which the indentation says lost it.
  std::string text = "module {\n  func.func @a() {\n    return\n"
                     "  func.func @b() {\n    return\n  }\n}\n";
  auto unit = findRecoveryUnit(text, text.size());
  ASSERT_TRUE(unit);
  EXPECT_EQ(text.substr(unit->begin, unit->end - unit->begin),
            "func.func @a() {\n    return\n  ");
}

TEST(RecoveryUnit, UnbalancedOpEndsBeforeItsNextSibling) {
  // A missing `)`, an extra `}` mid-line, a missing `>`: the unit is the
  // op that holds it, up to the next function.
  for (const char *broken :
       {"    %0 = arith.addi %x, %x : (i32\n", "    return }\n",
        "    %0 = \"t.op\"() : () -> !llvm.ptr<1\n"}) {
    std::string b = std::string("  func.func @b(%x: i32) {\n") + broken +
                    "    return\n  }\n";
    std::string text = "module {\n  func.func @a() {\n    return\n  }\n" + b +
                       "  func.func @c() {\n    return\n  }\n}\n";
    auto unit = findRecoveryUnit(text, text.find(broken) + 5);
    ASSERT_TRUE(unit) << broken;
    EXPECT_EQ(text.substr(unit->begin, unit->end - unit->begin),
              b.substr(2) + "  ")
        << broken;
  }
}

TEST(RecoveryUnit, DedentedPastedLinesStayInTheirFunction) {
  // Lines pasted at column 0 inside @a (one, two, or the body's last) are
  // not the start of a module-level op after a missing `}`: an error in @b
  // costs @b alone (it cost @a's lines as "expected operation name").
  for (const char *pasted :
       {"%0 = arith.addi %x, %x : i32\n    return\n",
        "%0 = arith.addi %x, %x : i32\n%1 = arith.addi %0, %x : i32\n"
        "    return\n",
        "    return\n%0 = \"t.op\"() {a = [1]} : () -> i32\n",
        // A region's `}` or the op opening it pasted at column 0, and one
        // whose body begins with a block label.
        "    omp.parallel {\n      omp.terminator\n}\n    return\n",
        "omp.parallel {\n      omp.terminator\n    }\n    return\n",
        "t.region {\n    ^bb0(%y: index):\n      t.yield\n    }\n"
        "    return\n"}) {
    std::string a =
        std::string("  func.func @a(%x: i32) {\n") + pasted + "  }\n";
    std::string b = "func.func @b() {\n    bad\n  }\n";
    std::string text = "module {\n" + a + "  " + b + "}\n";
    auto unit = findRecoveryUnit(text, text.find("bad"));
    ASSERT_TRUE(unit) << pasted;
    EXPECT_EQ(text.substr(unit->begin, unit->end - unit->begin), b) << pasted;
  }
}

TEST(RecoveryUnit, ExtraBraceAtColumnZeroStaysInItsFunction) {
  // A `}` at column 0 in @a's body, the body going on after it (or the
  // region's own `}` next): an extra `}`, not the module's end.
  for (const char *extra : {"}\n    return\n", "}\n  }\n    return\n"}) {
    std::string a = std::string("func.func @a(%x: i32) {\n") +
                    (llvm::StringRef(extra).starts_with("}\n  }")
                         ? "    t.region {\n      t.y\n"
                         : "    %s = t.op %x : i32\n") +
                    extra + "  }\n";
    std::string text =
        "module {\n  " + a + "  func.func @b() {\n    return\n  }\n}\n";
    auto unit = findRecoveryUnit(text, text.find("return"));
    ASSERT_TRUE(unit) << extra;
    EXPECT_EQ(text.substr(unit->begin, unit->end - unit->begin), a + "  ")
        << extra;
  }
}

TEST(RecoveryUnit, StrayTopLevelBraceIsItsOwnUnit) {
  // The parser reports an extra `}` at the end of the token before it; the
  // unit is the `}` (the op before it was blanked, then the one before
  // that: an error each). A `}` that closes a brace is not.
  std::string text = "func.func private @f()\nfunc.func private @g()\n}\n";
  auto unit = findRecoveryUnit(text, text.find("@g()") + 4);
  ASSERT_TRUE(unit);
  EXPECT_EQ(text.substr(unit->begin, unit->end - unit->begin), "}");
  std::string closed = "module {\n  func.func private @f(\n}\n";
  unit = findRecoveryUnit(closed, closed.find("@f(") + 3);
  ASSERT_TRUE(unit);
  EXPECT_NE(closed.substr(unit->begin, unit->end - unit->begin), "}");
}

TEST(RecoveryUnit, FunctionStartsInAModuleBodyWithoutIndentation) {
  // No indentation to go by: a function still cannot be inside @b.
  std::string text = "module {\nfunc.func @a() {\nreturn\n}\n"
                     "func.func @b() {\nreturn\n"
                     "func.func @c() {\nreturn\n}\n}\n";
  auto unit = findRecoveryUnit(text, text.size());
  ASSERT_TRUE(unit);
  EXPECT_EQ(text.substr(unit->begin, unit->end - unit->begin),
            "func.func @b() {\nreturn\n");
}

TEST(RecoveryUnit, WrappedLineBelongsToItsOp) {
  std::string text = "\"t.op\"()\n    {x = [[1]]} : () -> ()\n"
                     "func.func @c() {\n  return\n}\n";
  auto unit = findRecoveryUnit(text, text.find("[["));
  ASSERT_TRUE(unit);
  EXPECT_EQ(unit->begin, 0u);
  EXPECT_EQ(unit->end, text.find("func.func"));
}

TEST(BracketsBalanced, ByKind) {
  EXPECT_TRUE(bracketsBalanced("f(a<[{}]>) -> x >= y", {0, 20}));
  EXPECT_FALSE(bracketsBalanced("f(a]", {0, 4}));
  EXPECT_FALSE(bracketsBalanced("f(a", {0, 3}));
  EXPECT_FALSE(bracketsBalanced("a)", {0, 2}));
}

TEST(BlankRange, KeepsLineBreaks) {
  std::string text = "ab\ncd\n";
  blankRange(text, {1, 5});
  EXPECT_EQ(text, "a \n  \n");
}

TEST(Tokens, OpNamesAndSymbols) {
  std::string text =
      "omp.wsloop {\n// omp.wsloop\n\"omp.wsloop\"() %omp.wsloop\n"
      "omp.wsloop_x }";
  std::vector<uint32_t> at = findOpNameTokens(text, "omp.wsloop");
  ASSERT_EQ(at.size(), 2u);
  EXPECT_EQ(at[0], 0u);
  EXPECT_EQ(text.substr(at[1] - 1, 12), "\"omp.wsloop\"");
  auto syms = symbolTokens("func.func @foo() { call @\"bar baz\"() }");
  EXPECT_EQ(syms.count("foo"), 1u);
  EXPECT_EQ(syms.count("bar baz"), 1u);
  TextRange r = tokenRangeAt("  %arg0 : i32", 2);
  EXPECT_EQ(r.begin, 2u);
  EXPECT_EQ(r.end, 7u);
}
