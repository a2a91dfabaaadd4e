//===- RecordBuilderTest.cpp - Records of a parsed chunk ------------------===//

#include "server/analysis/RecordBuilder.h"
#include "server/analysis/ChunkAnalyzer.h"
#include "server/analysis/ParallelParse.h"
#include "server/analysis/WorkText.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

#include <string>

using namespace ompx;
using llvm::StringRef;

namespace {

const std::string kPrefix = "// before the chunk\n";
const std::string kChunk = "func.func @f(%a: i32) -> i32 {\n"
                           "  %0:2 = \"test.two\"(%a) : (i32) -> (i32, i64)\n"
                           "  return %0#0 : i32\n"
                           "}\n"
                           "func.func @g(%x: i32) {\n"
                           "  %1 = func.call @f(%x) : (i32) -> i32\n"
                           "  return\n"
                           "}\n";

AnalysisEngine &engine() {
  static AnalysisEngine e;
  return e;
}

int32_t opNamed(const ChunkAnalysis &a, StringRef name, unsigned nth = 0) {
  for (size_t i = 0; i < a.ops.size(); ++i)
    if (a.ops[i].name.ref() == name && nth-- == 0)
      return int32_t(i);
  return -1;
}

TEST(RecordBuilder, RecordsOfAParse) {
  std::string doc = kPrefix + kChunk;
  ChunkSpan span{uint32_t(kPrefix.size()), uint32_t(doc.size())};
  WorkText text(doc, span, nullptr);
  Parse parse;
  ASSERT_TRUE(parseText(engine().context(), text, parse));
  text.setBuffers(parse.buffer);
  ChunkAnalysis a;
  RecordBuilder records(a, text);
  ParsedDefs parsed(parse.state);
  DefTable defs = records.tabulate(parsed);
  // The parser state is freed once tabulated.
  EXPECT_TRUE(parse.state.getOpDefs().empty());
  EXPECT_EQ(defs.ops.size(), 6u);
  records.collectOps(defs);
  ASSERT_EQ(a.ops.size(), 6u);
  EXPECT_TRUE(a.values.empty()); // not yet
  records.collectRest(defs, 0);

  // Ranges are document ranges.
  int32_t two = opNamed(a, "test.two");
  ASSERT_GE(two, 0);
  const OpRecord &op = a.ops[two];
  EXPECT_EQ(StringRef(doc).slice(op.nameRange.begin, op.nameRange.end),
            "\"test.two\"");
  EXPECT_EQ(StringRef(doc).slice(op.fullRange.begin, op.fullRange.end),
            "\"test.two\"(%a) : (i32) -> (i32, i64)");
  // One result group of two.
  ASSERT_EQ(a[op.results].size(), 1u);
  const ValueRecord &group = a.values[a[op.results][0]];
  EXPECT_EQ(group.count, 2u);
  EXPECT_EQ(group.type.ref(), "i32, i64");
  ASSERT_EQ(a[group.uses].size(), 1u); // `%0#0`
  // Its operand is the block argument %a, used once.
  ASSERT_EQ(a[op.operands].size(), 1u);
  const ValueRecord &arg = a.values[a[op.operands][0]];
  EXPECT_GE(arg.ownerBlock, 0);
  EXPECT_EQ(arg.type.ref(), "i32");
  EXPECT_EQ(StringRef(doc).slice(arg.def.begin, arg.def.end), "%a");
  EXPECT_EQ(a[arg.uses].size(), 1u);
  // Parents and symbols.
  int32_t f = opNamed(a, "func.func"), g = opNamed(a, "func.func", 1);
  ASSERT_GE(f, 0);
  ASSERT_GE(g, 0);
  EXPECT_EQ(a.ops[f].symbol.ref(), "f");
  EXPECT_EQ(a.ops[two].parent, f);
  int32_t call = opNamed(a, "func.call");
  ASSERT_GE(call, 0);
  EXPECT_EQ(a.ops[call].parent, g);
  // In text order; the parser state counts a definition's own `@name` too.
  ASSERT_EQ(a.symbolUses.size(), 3u);
  const SymbolUse &use = a.symbolUses[2];
  EXPECT_EQ(use.name.ref(), "f");
  // (Filed under the op the parser state has the use in: the symbol's.)
  EXPECT_EQ(use.userOp, f);
  EXPECT_TRUE(a.ops[call].fullRange.begin <= use.range.begin &&
              use.range.end <= a.ops[call].fullRange.end);
  EXPECT_EQ(StringRef(doc).slice(use.range.begin, use.range.end), "@f");
  EXPECT_EQ(a.symbolUses[1].userOp, g);
  // `return %0#0`: result 0 of the group.
  int32_t ret = opNamed(a, "func.return");
  ASSERT_GE(ret, 0);
  ASSERT_EQ(a[a.ops[ret].operands].size(), 1u);
  EXPECT_EQ(a[a.ops[ret].operands][0], a[op.results][0]);
  EXPECT_EQ(a.blocks.size(), 2u);
}

TEST(RecordBuilder, PartialRecordsOfAFailedParse) {
  std::string chunk = "func.func @f() {\n"
                      "  %0 = \"test.a\"() : () -> i32\n"
                      "  omp.parallel {\n"
                      "    %bad = \n"
                      "  }\n"
                      "}\n";
  WorkText text(chunk, {0, uint32_t(chunk.size())}, nullptr);
  Parse parse;
  {
    std::vector<RawDiagnostic> diags;
    DiagnosticCollector collect(engine().context(), diags);
    ASSERT_FALSE(parseText(engine().context(), text, parse));
    EXPECT_FALSE(diags.empty());
  }
  text.setBuffers(parse.buffer);
  ChunkAnalysis a;
  RecordBuilder records(a, text);
  records.collectPartial(parse.state, {0, uint32_t(chunk.size())});
  int32_t inner = opNamed(a, "test.a");
  int32_t par = opNamed(a, "omp.parallel");
  ASSERT_GE(inner, 0);
  ASSERT_GE(par, 0); // from the text: the parser never finished it
  EXPECT_TRUE(a.ops[par].flags & OpPartial);
  EXPECT_EQ(StringRef(chunk).slice(a.ops[par].nameRange.begin,
                                   a.ops[par].nameRange.end),
            "omp.parallel");
  // Parents by containment of the ranges.
  EXPECT_EQ(a[a.ops[inner].results].size(), 1u);
}

} // namespace
