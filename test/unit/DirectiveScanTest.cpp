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
