//===- WorkTextTest.cpp - The text a chunk is parsed as and its offsets ---===//

#include "server/analysis/WorkText.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <string>

using namespace ompx;
using llvm::StringRef;

namespace {

// A chunk after a prefix, so that document and text offsets differ.
const std::string kPrefix = "// before\n";
const std::string kChunk =
    "omp.target map_entries(%m -> %arg0 : !fir.ref<i32>) {\n"
    "  %v = fir.load %arg0 : !fir.box<i32>\n"
    "}\n";

TEST(WorkText, OffsetsAreDocumentOffsetsOfTheChunk) {
  std::string doc = kPrefix + kChunk;
  ChunkSpan span{uint32_t(kPrefix.size()), uint32_t(doc.size())};
  WorkText text(doc, span, nullptr);
  EXPECT_EQ(StringRef(text), kChunk);
  EXPECT_FALSE(text.isLent());
  EXPECT_EQ(text.toDoc(0), span.begin);
  EXPECT_EQ(text.toDoc(5), span.begin + 5);
  // The token at an offset ("map_entries"), in document offsets.
  uint32_t at = kChunk.find("map_entries");
  EXPECT_EQ(text.docRangeAt(at),
            (TextRange{span.begin + at, span.begin + at + 11}));
}

TEST(WorkText, LocationsInTheChunkBuffer) {
  std::string doc = kPrefix + kChunk;
  WorkText text(doc, {uint32_t(kPrefix.size()), uint32_t(doc.size())}, nullptr);
  mlir::MLIRContext ctx;
  // Line 2, column 3: `%v`.
  auto here = mlir::FileLineColLoc::get(&ctx, kChunkBufferName, 2, 3);
  EXPECT_EQ(text.chunkOffset(here), uint32_t(kChunk.find("%v")));
  // Inside a fused location too; a location elsewhere is none.
  auto other = mlir::FileLineColLoc::get(&ctx, "a.f90", 7, 1);
  EXPECT_EQ(text.chunkOffset(mlir::FusedLoc::get(&ctx, {other, here})),
            uint32_t(kChunk.find("%v")));
  EXPECT_EQ(text.chunkOffset(other), std::nullopt);
}

TEST(WorkText, RepairMapsOffsetsBack) {
  std::string doc = kPrefix + kChunk;
  ChunkSpan span{uint32_t(kPrefix.size()), uint32_t(doc.size())};
  WorkText text(doc, span, nullptr);
  uint32_t priorAt = kChunk.find("%arg0");
  uint32_t useAt = kChunk.find("%arg0", priorAt + 1);
  // Not the block argument of a clause entry: nothing changes.
  EXPECT_FALSE(text.repairBlockArgType(useAt, useAt - 1, "%arg0",
                                       "!fir.box<i32>", "!fir.ref<i32>"));
  ASSERT_TRUE(text.repairBlockArgType(useAt, priorAt, "%arg0", "!fir.box<i32>",
                                      "!fir.ref<i32>"));
  EXPECT_EQ(text.repairs().size(), 1u);
  // The use now says the printed type; the argument keeps its real one.
  EXPECT_NE(StringRef(text).find("%arg0 : !fir.ref<i32>\n"), StringRef::npos);
  ASSERT_EQ(text.repairedArgTypes().size(), 1u);
  EXPECT_EQ(text.repairedArgTypes()[0].first, span.begin + priorAt);
  EXPECT_EQ(text.repairedArgTypes()[0].second, "!fir.box<i32>");
  // The same length: offsets are unchanged.
  uint32_t close = StringRef(text).rfind('}');
  EXPECT_EQ(text.toDoc(close), span.begin + uint32_t(kChunk.rfind('}')));
}

TEST(WorkText, RepairOfAnotherLengthShiftsWhatFollows) {
  std::string chunk = "omp.target map_entries(%m -> %a : !fir.ref<i32>) {\n"
                      "  %v = fir.load %a : !fir.box<!fir.array<?xi32>>\n"
                      "}\n";
  WorkText text(chunk, {0, uint32_t(chunk.size())}, nullptr);
  uint32_t priorAt = chunk.find("%a ");
  uint32_t useAt = chunk.find("%a ", priorAt + 1);
  ASSERT_TRUE(text.repairBlockArgType(
      useAt, priorAt, "%a", "!fir.box<!fir.array<?xi32>>", "!fir.ref<i32>"));
  uint32_t close = StringRef(text).rfind('}');
  EXPECT_LT(close, chunk.rfind('}'));
  EXPECT_EQ(text.toDoc(close), uint32_t(chunk.rfind('}')));
  // Inside the replacement: within what it replaced.
  uint32_t inside = StringRef(text).find("!fir.ref<i32>\n");
  EXPECT_EQ(text.toDoc(inside), uint32_t(chunk.find("!fir.box<!fir.array")));
}

TEST(WorkText, BlankingKeepsLinesAndRemembersSymbols) {
  std::string chunk = "func.func @f() {\n  return\n}\nfunc.func @g()\n";
  WorkText text(chunk, {0, uint32_t(chunk.size())}, nullptr);
  uint32_t end = chunk.find("func.func @g");
  text.blank({0, end});
  EXPECT_EQ(StringRef(text).take_front(end), "                \n"
                                             "        \n"
                                             " \n");
  EXPECT_EQ(text.blankedUnits().size(), 1u);
  EXPECT_EQ(text.blankedSymbols().count("f"), 1u);
  EXPECT_EQ(text.blankedSymbols().count("g"), 0u);
}

TEST(WorkText, LentTextIsTerminatedMeanwhileAndCopiedToChange) {
  std::string doc = kPrefix + kChunk + "tail";
  ChunkSpan span{uint32_t(kPrefix.size()),
                 uint32_t(kPrefix.size() + kChunk.size())};
  std::string lent = doc;
  {
    WorkText text(doc, span, lent.data() + span.begin);
    EXPECT_TRUE(text.isLent());
    EXPECT_EQ(text.data(), lent.data() + span.begin);
    EXPECT_EQ(lent[span.end], '\0');
    text.blank({0, 3});
    // A lasting change is made in a copy; the lent bytes are as they were.
    EXPECT_FALSE(text.isLent());
    EXPECT_EQ(lent.substr(span.end), "tail");
    EXPECT_EQ(StringRef(text).take_front(3), "   ");
  }
  EXPECT_EQ(lent, doc);
}

} // namespace
