//===- SerializeTest.cpp - ChunkAnalysis encoding -------------------------===//

#include "server/model/Serialize.h"

#include "gtest/gtest.h"

using namespace ompx;

static HostEvalRole role() {
  HostEvalRole role;
  role.kind = HostEvalKind::UpperBound;
  role.group = ClauseGroup::LoopUpperBounds;
  role.user = 0;
  role.dimension = 1;
  role.groupSize = 2;
  return role;
}

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
  d.check = "map-write-not-from";
  d.fixes.push_back({"Map `x` tofrom", {{{40, 42}, "tofrom"}}});
  a.diagnostics.push_back(d);
  OpRecord op;
  op.name = intern("omp.target");
  op.nameRange = {12, 22};
  op.fullRange = {12, 80};
  a.assign(op.operands, llvm::ArrayRef<int32_t>{0, -1});
  a.assign(op.operandResults, llvm::ArrayRef<uint32_t>{1, 0});
  a.append(op.results, int32_t(1));
  op.symbol = intern("sym");
  op.sourceFile = 0;
  op.sourceLine = 12;
  op.sourceColumn = 7;
  a.ops.push_back(op);
  a.sourceFiles.push_back("/src/saxpy.f90");
  ValueRecord v;
  v.def = {40, 45};
  a.assign(v.uses, llvm::ArrayRef<TextRange>{{50, 55}, {60, 65}});
  v.type = intern("!fir.ref<f32>");
  v.ownerBlock = 0;
  a.values.push_back(v);
  v.type = intern("!fir.box<f32>, !fir.ref<f32>");
  v.count = 2;
  a.assign(v.typeEnds, llvm::ArrayRef<uint32_t>{13, 28});
  a.values.push_back(v);
  BlockRecord b;
  b.parentOp = 0;
  a.append(b.args, int32_t(0));
  a.blocks.push_back(b);
  a.symbolUses.push_back({intern("sym"), {70, 74}, 0});
  OpFacts f;
  f.op = 0;
  f.odsOp = 7;
  f.groups.push_back({3, ClauseGroup::MapVars, 1, 2});
  AttrFact nowait;
  nowait.name = "nowait";
  nowait.kind = AttrKind::Flag;
  nowait.flag = true;
  f.attrs.push_back(nowait);
  AttrFact syms;
  syms.name = "private_syms";
  syms.kind = AttrKind::SymbolList;
  syms.list = {"a", "b"};
  f.attrs.push_back(syms);
  AttrFact segs;
  segs.name = "operandSegmentSizes";
  segs.kind = AttrKind::IntArray;
  segs.text = "i32";
  segs.integers = {0, -1, 1LL << 40};
  f.attrs.push_back(segs);
  EntryBinding eb;
  eb.blockArg = 1;
  eb.odsArg = 3;
  eb.entry = 1;
  eb.operand = 2;
  eb.outer = 0;
  eb.group = ClauseGroup::HostEvalVars;
  eb.symbol = "sym";
  eb.roles = {role()};
  f.bindings.push_back(eb);
  f.constants.push_back({1, -999});
  f.hasMap = true;
  f.map.varName = "y";
  f.map.flags = {"to", "from"};
  f.map.capture = "ByRef";
  f.map.members = {1};
  f.map.parent = 0;
  f.map.memberIndex = {1, 0};
  f.map.memberPath = {"b", ""};
  f.users = {0};
  f.composite = true;
  a.facts.push_back(f);
  a.facts.push_back(OpFacts()); // no map: the map fields are not written
  a.blankedUnits = {{20, 40}, {50, 60}};
  a.staleUnits = {{20, 40}};
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
  EXPECT_EQ(b.diagnostics[0].check, "map-write-not-from");
  ASSERT_EQ(b.diagnostics[0].fixes.size(), 1u);
  EXPECT_EQ(b.diagnostics[0].fixes[0].title, "Map `x` tofrom");
  ASSERT_EQ(b.diagnostics[0].fixes[0].edits.size(), 1u);
  EXPECT_EQ(b.diagnostics[0].fixes[0].edits[0].range, (TextRange{40, 42}));
  EXPECT_EQ(b.diagnostics[0].fixes[0].edits[0].newText, "tofrom");
  ASSERT_EQ(b.ops.size(), 1u);
  EXPECT_EQ(b[b.ops[0].operands], llvm::ArrayRef<int32_t>({0, -1}));
  EXPECT_EQ(b.values[1].uses.size(), 2u);
  EXPECT_EQ(b[b.values[1].uses][1], (TextRange{60, 65}));
  EXPECT_EQ(b[b.ops[0].operandResults], llvm::ArrayRef<uint32_t>({1, 0}));
  EXPECT_EQ(b.ops[0].name, "omp.target");
  EXPECT_EQ(b.ops[0].symbol, "sym");
  EXPECT_EQ(b.values[0].type, "!fir.ref<f32>");
  // Interned: the reader's strings are the process's one copy.
  EXPECT_EQ(b.ops[0].name.data(), intern("omp.target").data());
  EXPECT_EQ(b[b.blocks[0].args], llvm::ArrayRef<int32_t>({0}));
  EXPECT_EQ(b.ops[0].sourceFile, 0);
  EXPECT_EQ(b.ops[0].sourceLine, 12u);
  EXPECT_EQ(b.ops[0].sourceColumn, 7u);
  EXPECT_EQ(b.sourceFiles, (std::vector<std::string>{"/src/saxpy.f90"}));
  EXPECT_EQ(b[b.values[1].typeEnds], llvm::ArrayRef<uint32_t>({13, 28}));
  EXPECT_EQ(b.symbolUses[0].name, "sym");
  ASSERT_EQ(b.facts.size(), 2u);
  const OpFacts &f = b.facts[0];
  EXPECT_EQ(f.odsOp, 7);
  ASSERT_EQ(f.groups.size(), 1u);
  EXPECT_EQ(f.groups[0].count, 2u);
  ASSERT_EQ(f.attrs.size(), 3u);
  EXPECT_EQ(f.attrs[0].kind, AttrKind::Flag);
  EXPECT_TRUE(f.attrs[0].flag);
  EXPECT_EQ(f.attrs[1].kind, AttrKind::SymbolList);
  EXPECT_EQ(f.attrs[1].list, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(f.attrs[2].integers, (std::vector<int64_t>{0, -1, 1LL << 40}));
  EXPECT_EQ(f.groups[0].group, ClauseGroup::MapVars);
  ASSERT_EQ(f.bindings.size(), 1u);
  EXPECT_EQ(f.bindings[0].operand, 2u);
  EXPECT_EQ(f.bindings[0].group, ClauseGroup::HostEvalVars);
  EXPECT_EQ(f.bindings[0].symbol, "sym");
  ASSERT_EQ(f.bindings[0].roles.size(), 1u);
  EXPECT_EQ(f.bindings[0].roles[0], role());
  EXPECT_EQ(f.constants[0].value, -999);
  EXPECT_TRUE(f.hasMap);
  EXPECT_EQ(f.map.flags, (std::vector<std::string>{"to", "from"}));
  EXPECT_EQ(f.map.parent, 0);
  EXPECT_EQ(f.map.memberIndex, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(f.map.memberPath, (std::vector<std::string>{"b", ""}));
  EXPECT_TRUE(f.composite);
  EXPECT_FALSE(b.facts[1].hasMap);
  EXPECT_EQ(b.facts[1].map.varName, "");
  ASSERT_EQ(b.blankedUnits.size(), 2u);
  EXPECT_EQ(b.blankedUnits[1], (TextRange{50, 60}));
  ASSERT_EQ(b.staleUnits.size(), 1u);
}

TEST(Serialize, RejectsTruncatedAndGarbage) {
  std::string bytes;
  serialize(sample(), bytes);
  for (size_t cut :
       {size_t(0), size_t(3), bytes.size() / 2, bytes.size() - 1}) {
    ChunkAnalysis b;
    EXPECT_FALSE(deserialize(llvm::StringRef(bytes).take_front(cut), b)) << cut;
  }
  std::string garbage(bytes.size(), '\xff');
  ChunkAnalysis b;
  EXPECT_FALSE(deserialize(garbage, b));
  // Right magic, then garbage: lengths beyond the input are refused.
  garbage.replace(0, 4, bytes.substr(0, 4));
  EXPECT_FALSE(deserialize(garbage, b));
  // Trailing bytes mean a different record layout.
  EXPECT_FALSE(deserialize(bytes + "x", b));
  // Every single-byte truncation fails; none crashes.
  for (size_t cut = 0; cut < bytes.size(); ++cut) {
    ChunkAnalysis c;
    EXPECT_FALSE(deserialize(llvm::StringRef(bytes).take_front(cut), c)) << cut;
  }
}

TEST(Serialize, RejectsSpansOutsideTheirArrays) {
  // A span is an index into an array the frame also carries: a garbled one
  // must fail the read, not let a feature index past the array.
  for (int field = 0; field < 3; ++field) {
    ChunkAnalysis a = sample();
    if (field == 0)
      a.ops[0].operands.count = 5; // 0 + 5 > 4 indices
    else if (field == 1)
      a.values[1].uses.begin = 1; // 1 + 2 > 2 ranges
    else
      a.values[1].typeEnds.begin = 4; // 4 + 2 > 4 numbers
    std::string bytes;
    serialize(a, bytes);
    ChunkAnalysis b;
    EXPECT_FALSE(deserialize(bytes, b)) << "field " << field;
  }
}

TEST(Serialize, RoundTripIsExact) {
  // Writing what was read gives the same bytes: every field of every record
  // (typed clause facts included) goes both ways.
  std::string bytes, again;
  serialize(sample(), bytes);
  ChunkAnalysis b;
  ASSERT_TRUE(deserialize(bytes, b));
  serialize(b, again);
  EXPECT_EQ(bytes, again);
}

TEST(Analysis, ResultOfAGroup) {
  ChunkAnalysis a = sample();
  // `%3:2` with types `!fir.box<f32>, !fir.ref<f32>`: one type per result.
  EXPECT_EQ(resultType(a, a.values[1], 0), "!fir.box<f32>");
  EXPECT_EQ(resultType(a, a.values[1], 1), "!fir.ref<f32>");
  EXPECT_EQ(resultType(a, a.values[1], 2), "");
  // A single value: its type, whatever k.
  EXPECT_EQ(resultType(a, a.values[0], 0), "!fir.ref<f32>");
  EXPECT_EQ(operandResult(a, a.ops[0], 0), 1u);
  EXPECT_EQ(operandResult(a, a.ops[0], 1), 0u);
  EXPECT_EQ(operandResult(a, a.ops[0], 7), 0u);
}

TEST(Analysis, ShiftMovesEveryRange) {
  ChunkAnalysis a = sample();
  shiftAnalysis(a, 100);
  EXPECT_EQ(a.chunkBegin, 110u);
  EXPECT_EQ(a.diagnostics[0].range.begin, 112u);
  EXPECT_EQ(a.diagnostics[0].anchor, 112u);
  EXPECT_EQ(a.diagnostics[0].notes[0].range.begin, 130u);
  EXPECT_EQ(a.diagnostics[0].fixes[0].edits[0].range.begin, 140u);
  EXPECT_EQ(a.ops[0].fullRange.end, 180u);
  EXPECT_EQ(a[a.values[0].uses][1].begin, 160u);
  EXPECT_EQ(a.symbolUses[0].range.begin, 170u);
  EXPECT_EQ(a.blankedUnits[1].end, 160u);
  EXPECT_EQ(a.staleUnits[0].begin, 120u);
  EXPECT_TRUE(inStaleUnit(a, 120));
  EXPECT_FALSE(inStaleUnit(a, 140));
  shiftAnalysis(a, -100);
  EXPECT_EQ(a.values[0].def.begin, 40u);
}

TEST(Serialize, AccPlansRoundTrip) {
  // The worker's acc-to-omp plans reach hover whole: kinds, flags, names.
  ChunkAnalysis a;
  AccPlan loop;
  loop.op = 3;
  loop.becomes = AccBecomes::Loop;
  loop.level = AccLevel::Worker;
  loop.where = AccLoopWhere::EachGang;
  loop.reductions = true;
  loop.extra = "2";
  AccPlan red;
  red.op = 5;
  red.refusal = AccRefusal::ReductionLoop;
  red.loopRefusal = AccRefusal::ReductionType;
  red.detail = "!fir.char<1>";
  red.implicit = true;
  a.accPlans = {loop, red};
  std::string bytes;
  serialize(a, bytes);
  ChunkAnalysis b;
  ASSERT_TRUE(deserialize(bytes, b));
  ASSERT_EQ(b.accPlans.size(), 2u);
  EXPECT_EQ(b.accPlans[0].op, 3);
  EXPECT_EQ(b.accPlans[0].becomes, AccBecomes::Loop);
  EXPECT_EQ(b.accPlans[0].level, AccLevel::Worker);
  EXPECT_EQ(b.accPlans[0].where, AccLoopWhere::EachGang);
  EXPECT_TRUE(b.accPlans[0].reductions);
  EXPECT_EQ(b.accPlans[0].extra, "2");
  EXPECT_EQ(b.accPlans[1].refusal, AccRefusal::ReductionLoop);
  EXPECT_EQ(b.accPlans[1].loopRefusal, AccRefusal::ReductionType);
  EXPECT_EQ(b.accPlans[1].detail, "!fir.char<1>");
  EXPECT_TRUE(b.accPlans[1].implicit);
  EXPECT_FALSE(b.accPlans[1].reductions);
}
