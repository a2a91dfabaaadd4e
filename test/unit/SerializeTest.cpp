//===- SerializeTest.cpp - ChunkAnalysis encoding -------------------------===//

#include "server/analysis/Serialize.h"

#include "gtest/gtest.h"

using namespace ompx;

static ChunkAnalysis sample() {
  ChunkAnalysis a;
  a.chunkBegin = 10;
  a.chunkEnd = 90;
  a.parsed = true;
  a.crashed = true;
  Diagnostic d;
  d.kind = DiagKind::Verify;
  d.range = {12, 20};
  d.anchor = 12;
  d.message = "bad";
  d.notes.push_back({{30, 31}, true, "see"});
  d.notes.push_back({{}, false, "elsewhere"});
  a.diagnostics.push_back(d);
  OpRecord op;
  op.name = "omp.target";
  op.nameRange = {12, 22};
  op.fullRange = {12, 80};
  op.operands = {0, -1};
  op.results = {1};
  op.symbol = "sym";
  a.ops.push_back(op);
  ValueRecord v;
  v.def = {40, 45};
  v.uses = {{50, 55}, {60, 65}};
  v.type = "!fir.ref<f32>";
  v.ownerBlock = 0;
  a.values.push_back(v);
  a.values.push_back(v);
  BlockRecord b;
  b.parentOp = 0;
  b.args = {0};
  a.blocks.push_back(b);
  a.symbolUses.push_back({"sym", {70, 74}, 0});
  return a;
}

TEST(Serialize, RoundTrip) {
  std::string bytes;
  serialize(sample(), bytes);
  ChunkAnalysis b;
  ASSERT_TRUE(deserialize(bytes, b));
  EXPECT_EQ(b.chunkBegin, 10u);
  EXPECT_TRUE(b.parsed);
  EXPECT_TRUE(b.crashed);
  EXPECT_FALSE(b.recovered);
  ASSERT_EQ(b.diagnostics.size(), 1u);
  EXPECT_EQ(b.diagnostics[0].kind, DiagKind::Verify);
  EXPECT_EQ(b.diagnostics[0].anchor, 12u);
  ASSERT_EQ(b.diagnostics[0].notes.size(), 2u);
  EXPECT_FALSE(b.diagnostics[0].notes[1].hasRange);
  ASSERT_EQ(b.ops.size(), 1u);
  EXPECT_EQ(b.ops[0].operands, (std::vector<int32_t>{0, -1}));
  EXPECT_EQ(b.values[1].uses.size(), 2u);
  EXPECT_EQ(b.values[1].type, "!fir.ref<f32>");
  EXPECT_EQ(b.symbolUses[0].name, "sym");
}

TEST(Serialize, RejectsTruncatedAndGarbage) {
  std::string bytes;
  serialize(sample(), bytes);
  for (size_t cut : {size_t(0), size_t(3), bytes.size() / 2, bytes.size() - 1}) {
    ChunkAnalysis b;
    EXPECT_FALSE(deserialize(llvm::StringRef(bytes).take_front(cut), b)) << cut;
  }
  std::string garbage(bytes.size(), '\xff');
  ChunkAnalysis b;
  EXPECT_FALSE(deserialize(garbage, b));
}

TEST(Analysis, ShiftMovesEveryRange) {
  ChunkAnalysis a = sample();
  shiftAnalysis(a, 100);
  EXPECT_EQ(a.chunkBegin, 110u);
  EXPECT_EQ(a.diagnostics[0].range.begin, 112u);
  EXPECT_EQ(a.diagnostics[0].anchor, 112u);
  EXPECT_EQ(a.diagnostics[0].notes[0].range.begin, 130u);
  EXPECT_EQ(a.ops[0].fullRange.end, 180u);
  EXPECT_EQ(a.values[0].uses[1].begin, 160u);
  EXPECT_EQ(a.symbolUses[0].range.begin, 170u);
  shiftAnalysis(a, -100);
  EXPECT_EQ(a.values[0].def.begin, 40u);
}
