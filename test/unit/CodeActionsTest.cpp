//===- CodeActionsTest.cpp - Code actions and library drivers -------------===//
//
// The cases the lit tests cannot reach with MLIR 22's own diagnostics (a
// parse/verify warning) and the driver's type rules, on real analyses.
//
//===----------------------------------------------------------------------===//

#include "server/features/CodeActions.h"
#include "AnalyzeInProcess.h"
#include "server/features/Driver.h"

#include "gtest/gtest.h"

using namespace ompx;

using test::withDiagnostic;

namespace {

TEST(CodeActions, ExpectedWarningAndNoteLines) {
  std::string code = "func.func @f() {\n    omp.barrier\n  return\n}\n";
  uint32_t at = code.find("omp.barrier");
  Diagnostic d;
  d.severity = Severity::Warning;
  d.kind = DiagKind::Verify;
  d.range = {at, at + 11};
  d.anchor = at;
  d.message = "careful";
  d.notes.push_back({{0, 9}, true, "see this", false});
  d.notes.push_back({{at, at + 3}, true, "ompx's related place", true});
  d.notes.push_back({{0, 0}, false, "nowhere", false});
  Snapshot s = withDiagnostic(code, d);
  std::vector<QuickFix> fixes = expectedChecks(s, {at, at});
  ASSERT_EQ(fixes.size(), 1u);
  EXPECT_FALSE(fixes[0].preferred);
  EXPECT_EQ(fixes[0].fix.title, "Add expected-* diagnostic checks");
  ASSERT_EQ(fixes[0].fix.edits.size(), 2u);
  EXPECT_EQ(fixes[0].fix.edits[0].range.begin, code.find("    omp"));
  EXPECT_EQ(fixes[0].fix.edits[0].newText,
            "    // expected-warning @below {{careful}}\n");
  EXPECT_EQ(fixes[0].fix.edits[1].range.begin, 0u);
  EXPECT_EQ(fixes[0].fix.edits[1].newText,
            "// expected-note @below {{see this}}\n");
  // Outside the range asked: nothing.
  EXPECT_TRUE(expectedChecks(s, {0, 5}).empty());
}

TEST(CodeActions, NoExpectedLinesForRemarksOwnChecksOrUnknownPlaces) {
  std::string code = "func.func @f() {\n  return\n}\n";
  Diagnostic d;
  d.kind = DiagKind::Verify;
  d.range = {19, 25};
  d.anchor = 19;
  d.message = "m";
  d.severity = Severity::Information;
  EXPECT_TRUE(expectedChecks(withDiagnostic(code, d), {0, 30}).empty());
  d.severity = Severity::Warning;
  d.kind = DiagKind::Mapping;
  EXPECT_TRUE(expectedChecks(withDiagnostic(code, d), {0, 30}).empty());
  d.kind = DiagKind::Parse;
  d.anchor = Diagnostic::kNoAnchor;
  EXPECT_TRUE(expectedChecks(withDiagnostic(code, d), {0, 30}).empty());
}

TEST(CodeActions, NearestWordsKeepsTiesAndDropsFarOnes) {
  std::vector<llvm::StringRef> c = {"map_entries", "nowait", "if", "private",
                                    "nowait"};
  EXPECT_EQ(nearestWords("nowiat", c, 2), std::vector<std::string>{"nowait"});
  EXPECT_EQ(nearestWords("iff", c, 1), std::vector<std::string>{"if"});
  EXPECT_TRUE(nearestWords("collapse", c, 2).empty());
  // An exact match is no suggestion.
  EXPECT_TRUE(nearestWords("if", c, 2).empty());
  std::vector<llvm::StringRef> ties = {"ab", "ba", "xx"};
  EXPECT_EQ(nearestWords("aa", ties, 1),
            (std::vector<std::string>{"ab", "ba"}));
}

TEST(CodeActions, DriverSkipsWhatAnImplicitInterfaceCannotPass) {
  Snapshot s = test::analyzeInProcess(
      "func.func @_QPbox(%arg0: !fir.box<!fir.array<?xf32>> "
      "{fir.bindc_name = \"a\"}) {\n  return\n}\n"
      "func.func @_QPfn(%arg0: !fir.ref<i32>) -> f32 {\n"
      "  %0 = arith.constant 1.0 : f32\n  return %0 : f32\n}\n"
      "func.func @_QPok(%arg0: !fir.ref<i64> {fir.bindc_name = \"k\"}, "
      "%arg1: !fir.ref<!fir.array<10x?x!fir.logical<4>>>) {\n  return\n}\n",
      "file:///tmp/lib.fir.mlir");
  std::optional<std::string> src = libraryDriver(s, "/tmp/lib.fir.mlir");
  ASSERT_TRUE(src);
  EXPECT_NE(src->find("! box is not called here: `a` is passed as "
                      "`!fir.box<!fir.array<?xf32>>`, which needs an explicit "
                      "interface"),
            std::string::npos)
      << *src;
  EXPECT_NE(src->find("! fn is not called here: it is a function"),
            std::string::npos)
      << *src;
  EXPECT_NE(src->find("  integer(8) :: ok_k\n  logical :: ok_arg2(10, n)\n"),
            std::string::npos)
      << *src;
  EXPECT_NE(src->find("  ok_arg2 = .true.\n  call ok(ok_k, ok_arg2)\n"),
            std::string::npos)
      << *src;
  // No sum of a logical array.
  EXPECT_EQ(src->find("sum(ok_arg2)"), std::string::npos) << *src;
  EXPECT_EQ(sidecarDriverName("/x/lib.fir.mlir"), "lib.driver.f90");
}

TEST(CodeActions, NoDriverForAProgramOrWithoutProcedures) {
  EXPECT_FALSE(libraryDriver(
      test::analyzeInProcess("func.func @_QQmain() {\n  return\n}\n"
                             "func.func @_QPf(%arg0: !fir.ref<i32>) {\n"
                             "  return\n}\n",
                             "file:///tmp/p.mlir"),
      "p.mlir"));
  EXPECT_FALSE(libraryDriver(
      test::analyzeInProcess("func.func @helper() {\n  return\n}\n",
                             "file:///tmp/q.mlir"),
      "q.mlir"));
}

} // namespace
