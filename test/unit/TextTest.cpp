//===- TextTest.cpp - Positions, chunking and structure scans -------------===//

#include "server/syntax/Text.h"

#include "gtest/gtest.h"

using namespace ompx;

static constexpr PositionEncoding U16 = PositionEncoding::UTF16;

TEST(LineTable, Utf16Columns) {
  // 'é' is 2 bytes / 1 UTF-16 unit; '𝔸' is 4 bytes / 2 units.
  std::string text = "ab\n\xC3\xA9x\n\xF0\x9D\x94\xB8y";
  LineTable lines(text);
  EXPECT_EQ(lines.numLines(), 3u);
  EXPECT_EQ(lines.toPosition(0, U16), (LinePosition{0, 0}));
  EXPECT_EQ(lines.toPosition(3, U16), (LinePosition{1, 0}));
  EXPECT_EQ(lines.toPosition(5, U16), (LinePosition{1, 1})); // after é
  EXPECT_EQ(lines.toPosition(11, U16), (LinePosition{2, 2})); // after 𝔸
  EXPECT_EQ(lines.toOffset({1, 1}, U16), 5u);
  EXPECT_EQ(lines.toOffset({2, 2}, U16), 11u);
  // Past the end of a line or the text clamps.
  EXPECT_EQ(lines.toOffset({0, 99}, U16), 2u);
  EXPECT_EQ(lines.toOffset({99, 0}, U16), text.size());
  // Byte columns for compiler-style output.
  EXPECT_EQ(lines.toLineColumn(5), (std::pair<uint32_t, uint32_t>{2, 3}));
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
  EXPECT_EQ(text.substr(r.chunks[0].begin, r.chunks[0].end - r.chunks[0].begin), "a\n");
  EXPECT_EQ(text.substr(r.chunks[1].begin, r.chunks[1].end - r.chunks[1].begin), "\nb\n");
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
    std::string text = "module {\n  func.func @a() {\n    return\n  }\n" +
                       b + "  func.func @c() {\n    return\n  }\n}\n";
    auto unit = findRecoveryUnit(text, text.find(broken) + 5);
    ASSERT_TRUE(unit) << broken;
    EXPECT_EQ(text.substr(unit->begin, unit->end - unit->begin),
              b.substr(2) + "  ")
        << broken;
  }
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
  std::string text = "omp.wsloop {\n// omp.wsloop\n\"omp.wsloop\"() %omp.wsloop\n"
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
