//===- DirectiveScanTest.cpp - reduction items flang-22 lowers whole ------===//
//
// elementReductions: the array element and section items of OpenMP
// reduction clauses, which flang-22 reduces as the whole array (refused by
// emit and ompx-flang at their line).
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/DirectiveScan.h"

#include "gtest/gtest.h"

using namespace ompx::pipeline;

namespace {
std::vector<std::string> items(llvm::StringRef text) {
  std::vector<std::string> out;
  for (const ElementReduction &r : elementReductions(text))
    out.push_back(r.item + (r.section ? " section" : " element") + " @" +
                  std::to_string(r.line) + ":" + std::to_string(r.column));
  return out;
}
} // namespace

TEST(DirectiveScan, ElementAndSectionItems) {
  using V = std::vector<std::string>;
  EXPECT_EQ(items("!$omp parallel do reduction(+:s(k))\n"),
            V{"s(k) element @1:31"});
  EXPECT_EQ(items("  !$OMP TARGET TEAMS REDUCTION(MAX: A(2:3), B)\n"),
            V{"a(2:3) section @1:37"});
  // Modifiers, several clauses, in_reduction and task_reduction.
  EXPECT_EQ(items("!$omp do reduction(inscan, +: x, y(i)) "
                  "reduction(*: z(1, j))\n"
                  "!$omp taskgroup task_reduction(+:t(1))\n"
                  "!$omp task in_reduction(+:t(1))\n"),
            (V{"y(i) element @1:34", "z(1, j) element @1:53",
               "t(1) element @2:34", "t(1) element @3:27"}));
  // A continuation line holds the item.
  EXPECT_EQ(items("!$omp parallel do &\n!$omp& reduction(+: &\n"
                  "!$omp&   c(2))\n"),
            V{"c(2) element @3:10"});
  EXPECT_EQ(items("c$omp parallel do\nc$omp+ reduction(+:w(1))\n"),
            V{"w(1) element @2:20"});
  // Fixed form: blanks mean nothing, in a line and across a continuation.
  EXPECT_EQ(items("C$OMP PARALLELDOREDUCTION(+:A(1))\n"),
            V{"a(1) element @1:29"});
  EXPECT_EQ(items("C$OMP PARALLEL DO RE\nC$OMP+DUCTION(+:A(1))\n"),
            V{"a(1) element @2:17"});
  EXPECT_EQ(items("c$omp paralleldo\nc$omp+reduction(max:b(2:3))\n"),
            V{"b(2:3) section @2:21"});
}

TEST(DirectiveScan, NotElementItems) {
  // Whole arrays and scalars, a declare reduction's combiner, comments,
  // other clauses with parentheses, OpenACC, code.
  EXPECT_TRUE(
      items("!$omp parallel do reduction(+:s, a) private(b(1))\n").empty());
  EXPECT_TRUE(items("!$omp declare reduction(mx : integer : "
                    "omp_out = max(omp_out, omp_in)) initializer(omp_priv=0)\n")
                  .empty());
  EXPECT_TRUE(items("!$omp parallel do ! reduction(+:s(1))\n").empty());
  EXPECT_TRUE(items("!$omp parallel do reduction(+:s) ! not s(1)\n").empty());
  EXPECT_TRUE(items("!$acc parallel loop reduction(+:s(1))\n").empty());
  EXPECT_TRUE(items("x = reduction(s(1))\n").empty());
  EXPECT_TRUE(items("!$omp parallel do map_reduction(+:s(1))\n").empty());
  EXPECT_TRUE(items("c$omp parallel do xreduction(+:s(1))\n").empty());
}

TEST(DirectiveScan, MessageNamesTheWorkaround) {
  std::vector<ElementReduction> r =
      elementReductions("!$omp parallel do reduction(max:m(i))\n");
  ASSERT_EQ(r.size(), 1u);
  std::string m = r[0].message();
  EXPECT_NE(m.find("reduction(max:m(i)) names an element of array 'm'"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("reduction(max:t)"), std::string::npos) << m;
}

TEST(DirectiveScan, ThreadBoundLoops) {
  EXPECT_EQ(threadBoundLoopLines("x = 1\n!$omp loop bind(thread)\ndo i=1,2\n"),
            (std::vector<unsigned>{2}));
  // Continued, upper case, spaced, other clauses first.
  EXPECT_EQ(
      threadBoundLoopLines("!$OMP LOOP PRIVATE(x) &\n!$OMP& BIND ( THREAD )\n"),
      (std::vector<unsigned>{1}));
  EXPECT_TRUE(threadBoundLoopLines("!$omp loop bind(parallel)\n").empty());
  EXPECT_TRUE(threadBoundLoopLines("!$omp loop\n").empty());
  EXPECT_TRUE(threadBoundLoopLines("!$omp teams loop bind(thread)\n").empty());
  EXPECT_TRUE(threadBoundLoopLines("! $omp loop bind(thread)\n").empty());
  EXPECT_TRUE(
      threadBoundLoopLines("!$omp loop ! bind(thread) in a comment\n").empty());
}

TEST(DirectiveScan, CommonBlockListsFlangDrops) {
  auto lines = [](llvm::StringRef text) {
    std::vector<unsigned> out;
    for (const SourceRefusal &r : commonBlockRefusals(text))
      out.push_back(r.line);
    return out;
  };
  // Items after a common block in copyin/copyprivate are dropped.
  std::vector<SourceRefusal> r =
      commonBlockRefusals("x = 1\n!$omp parallel copyin(/t1/, ts, ta)\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].line, 2u);
  EXPECT_EQ(r[0].column, 16u);
  EXPECT_NE(r[0].message.find("copyin(ts, ta) copyin(/t1/)"),
            std::string::npos);
  EXPECT_EQ(lines("!$omp parallel copyin(/c1/, /c2/)\n"),
            std::vector<unsigned>{1});
  // At its own clause: not inside `firstprivate`, not an earlier copyin.
  r = commonBlockRefusals("!$omp parallel firstprivate(q) copyin(x) "
                          "copyin(/t1/, ts)\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].column, 42u);
  r = commonBlockRefusals("!$omp parallel firstprivate(/c1/)\n"
                          "!$omp parallel firstprivate(q) private(/c1/)\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_NE(r[0].message.find("(private at line 2)"), std::string::npos);
  EXPECT_EQ(lines("!$omp end single copyprivate(/cb/, x)\n"),
            std::vector<unsigned>{1});
  EXPECT_TRUE(lines("!$omp parallel copyin(ts, /t1/)\n").empty());
  EXPECT_TRUE(
      lines("!$omp parallel copyin(ts) copyin(/t1/) copyin(/t2/)\n").empty());
  // At the clause, on the continuation line that holds it.
  EXPECT_EQ(lines("!$omp parallel &\n!$omp& copyin(/t1/, &\n!$omp& ts)\n"),
            std::vector<unsigned>{2});
  // Fixed form without blanks: the clause after the directive's name.
  EXPECT_EQ(lines("      x = 1\n!$omp parallelcopyin(/t1/,ts,ta)\n"),
            std::vector<unsigned>{2});
  EXPECT_EQ(lines("c$omp parallel\nc$omp+copyin(/t1/,ts)\n"),
            std::vector<unsigned>{2});
  // threadprivate names a directive, not a private clause.
  EXPECT_TRUE(lines("!$omp threadprivate(/c1/)\n"
                    "!$omp parallel firstprivate(/c1/)\n")
                  .empty());
}

TEST(DirectiveScan, CommonBlockDataSharingOfTheLastClause) {
  auto lines = [](llvm::StringRef text) {
    std::vector<unsigned> out;
    for (const SourceRefusal &r : commonBlockRefusals(text))
      out.push_back(r.line);
    return out;
  };
  const char *fpThenPrivate = "program p\n"
                              "common /c1/ x, y\n"
                              "!$omp parallel firstprivate(/c1/)\n"
                              "!$omp end parallel\n"
                              "!$omp parallel private(/c1/)\n"
                              "!$omp end parallel\n"
                              "end program\n";
  EXPECT_EQ(lines(fpThenPrivate), std::vector<unsigned>{3});
  EXPECT_NE(
      commonBlockRefusals(fpThenPrivate)[0].message.find("(private at line 5)"),
      std::string::npos);
  EXPECT_EQ(lines("!$omp parallel do lastprivate(/c2/)\n"
                  "!$omp parallel firstprivate(/c2/)\n"),
            std::vector<unsigned>{1});
  EXPECT_EQ(lines("!$omp parallel firstprivate(/c1/)\n"
                  "!$omp parallel shared(/c1/)\n"),
            std::vector<unsigned>{1});
  // A later firstprivate copies into the private region: harmless; the
  // same kind again is the same lowering; other blocks are apart.
  EXPECT_TRUE(lines("!$omp parallel private(/c1/)\n"
                    "!$omp parallel firstprivate(/c1/)\n")
                  .empty());
  EXPECT_TRUE(lines("!$omp parallel firstprivate(/c1/)\n"
                    "!$omp parallel firstprivate(/c1/)\n")
                  .empty());
  EXPECT_TRUE(lines("!$omp parallel firstprivate(/c1/)\n"
                    "!$omp parallel private(/c2/)\n")
                  .empty());
  // Each program unit has its own symbols.
  EXPECT_TRUE(lines("subroutine a\n"
                    "!$omp parallel firstprivate(/c1/)\n"
                    "end subroutine a\n"
                    "subroutine b\n"
                    "!$omp parallel private(/c1/)\n"
                    "end\n")
                  .empty());
  EXPECT_TRUE(lines("!$omp parallel firstprivate(/c1/)\n"
                    "contains\n"
                    "  real(8) function f(x)\n"
                    "!$omp parallel private(/c1/)\n")
                  .empty());
  // Code lines are not boundaries, comments are not code.
  EXPECT_EQ(lines("!$omp parallel firstprivate(/c1/)\n"
                  "call my_function(x)\n"
                  "c end program\n"
                  "!$omp parallel private(/c1/)\n"),
            std::vector<unsigned>{1});
}

TEST(DirectiveScan, FreeFormContinuationJoinsASplitWord) {
  // `&` ending a line and `&` opening the next join the two directly.
  std::string text = "  !$omp declare &\n"
                     "  !$omp & tar&\n"
                     "  !$omp &get(gx)\n";
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n');
  size_t i = 0;
  EXPECT_EQ(directiveStatement(lines, i), " declare  target(gx) ");
  EXPECT_EQ(i, 2u);
  // Without the opening `&`, the continuation is a new token.
  text = "!$omp parallel do &\n!$omp private(i)\n";
  lines.clear();
  llvm::StringRef(text).split(lines, '\n');
  i = 0;
  EXPECT_EQ(directiveStatement(lines, i), " parallel do  private(i) ");
}
