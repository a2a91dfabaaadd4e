//===- FortranDirectivesTest.cpp - MLIR findings on the Fortran source ----===//

#include "server/features/FortranDirectives.h"
#include "test/unit/AnalyzeInProcess.h"
#include "test/unit/Annotations.h"

#include "gtest/gtest.h"

using namespace ompx;

// What flang-22 would make of k.f90 below, written by hand: the map entry
// located at the declaration (line 2), the construct at its directive (4:9).
static const char *kMlir = R"(module {
  func.func @_QPfill(%a: memref<?xi32>) {
    %m = omp.map.info var_ptr(%a : memref<?xi32>, tensor<?xi32>) map_clauses(to) capture(ByRef) -> memref<?xi32> {name = "c"} loc("src/k.f90":2:11)
    omp.target map_entries(%m -> %arg0 : memref<?xi32>) {
      omp.terminator loc("src/k.f90":4:9)
    } loc("src/k.f90":4:9)
    return
  }
}
)";

static const char *kFortran = R"(subroutine fill(c)
  real :: c(10)
  integer :: i
  !$omp $target[[tar$target^get]] teams &
  !$omp& map(to: $c[[$c^c]]) $word[[pri$word^vate]](i)
  c(1) = 1.0 $stmt^
end subroutine
)";

TEST(FortranDirectives, HoverOnAClauseVariableIsItsMap) {
  Snapshot mlir = test::analyzeInProcess(kMlir, "file:///w/k.hlfir.mlir");
  Annotations f(kFortran);
  // A continuation line: flang located the directive at its first line.
  std::optional<DirectiveHover> c =
      directiveHover(mlir, f.code(), "/w/src/k.f90", f.point("c"));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->range, f.range("c"));
  EXPECT_EQ(c->directive, "omp.target");
  EXPECT_EQ(c->variable, "c");
  EXPECT_EQ(c->mlirLine, 3u);
  ASSERT_TRUE(c->mlir.op && c->mlir.op->map);
  EXPECT_EQ(c->mlir.op->map->mapType, "to");
  EXPECT_NE(
      renderDirectiveHover(*c).find("**`c`** in the clauses of `omp.target`"),
      std::string::npos)
      << renderDirectiveHover(*c);
}

TEST(FortranDirectives, OtherWordsOfTheDirectiveAreTheConstruct) {
  Snapshot mlir = test::analyzeInProcess(kMlir, "file:///w/k.hlfir.mlir");
  Annotations f(kFortran);
  for (const char *name : {"target", "word"}) {
    std::optional<DirectiveHover> h =
        directiveHover(mlir, f.code(), "/w/src/k.f90", f.point(name));
    ASSERT_TRUE(h) << name;
    EXPECT_EQ(h->range, f.range(name)) << name;
    EXPECT_EQ(h->directive, "omp.target") << name;
    EXPECT_EQ(h->variable, "") << name;
    EXPECT_EQ(h->mlirLine, 4u) << name;
  }
  // Not a directive line; another file of the same MLIR.
  EXPECT_FALSE(directiveHover(mlir, f.code(), "/w/src/k.f90", f.point("stmt")));
  EXPECT_FALSE(
      directiveHover(mlir, f.code(), "/w/src/other.f90", f.point("target")));
}

TEST(FortranDirectives, FindingsGoToTheDirectiveThatMadeTheEntry) {
  // A finding on the map entry (MLIR line 3) lands on the directive that
  // uses it (k.f90:4:9), tagged with its op.
  Diagnostic d;
  d.message = "`c` is written";
  Snapshot mlir = test::analyzeInProcess(kMlir, "file:///w/k.hlfir.mlir");
  ChunkAnalysis a = *mlir.analyses[0];
  d.range = {uint32_t(std::string(kMlir).find("omp.map.info")),
             uint32_t(std::string(kMlir).find("omp.map.info")) + 12};
  a.diagnostics = {d};
  Annotations f(kFortran);
  std::vector<Diagnostic> out = fortranFindings(a, f.code(), "/w/src/k.f90");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].range, f.range("target"));
  EXPECT_EQ(out[0].message, "`c` is written [omp.target]");
}

TEST(FortranDirectives, FlangContextLinesAreNotes) {
  std::string text = "subroutine broken(a)\n  real :: a(4)\n  a(1) = 1.0 +\n"
                     "end subroutine\n";
  std::vector<Diagnostic> ds =
      flangDiagnostics("error: Could not parse b.f90\n"
                       "./b.f90:3:14: error: expected end of statement\n"
                       "    a(1) = 1.0 +\n"
                       "./b.f90:3:3: in the context: execution part construct\n"
                       "./other.f90:1:1: error: not this file\n"
                       "./b.f90:1:1: in the context: SUBROUTINE subprogram\n",
                       text, "/w/b.f90");
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].severity, Severity::Error);
  EXPECT_EQ(ds[0].message, "flang-22: expected end of statement");
  EXPECT_EQ(ds[0].range.begin, text.find('+')); // 3:14
  ASSERT_EQ(ds[0].notes.size(), 2u);
  EXPECT_EQ(ds[0].notes[0].message, "in the context: execution part construct");
  EXPECT_EQ(ds[0].notes[1].range.begin, 0u);
}

// Two files of one name in two folders: the MLIR's ops came from
// inc/k.f90 (an include, say), the document is src/k.f90. The file name
// alone would take the include's directive for the document's.
TEST(FortranDirectives, AFileOfTheSameNameInAnotherFolderIsAnother) {
  std::string mlirText = kMlir;
  for (size_t at; (at = mlirText.find("src/k.f90")) != std::string::npos;)
    mlirText.replace(at, 3, "inc");
  Snapshot mlir = test::analyzeInProcess(mlirText, "file:///w/k.hlfir.mlir");
  Annotations f(kFortran);
  EXPECT_FALSE(
      directiveHover(mlir, f.code(), "/w/src/k.f90", f.point("target")));
  EXPECT_TRUE(
      directiveHover(mlir, f.code(), "/w/inc/k.f90", f.point("target")));

  ChunkAnalysis a = *mlir.analyses[0];
  Diagnostic d;
  d.message = "`c` is written";
  d.range = {uint32_t(mlirText.find("omp.target")),
             uint32_t(mlirText.find("omp.target")) + 10};
  a.diagnostics = {d};
  std::vector<Diagnostic> out = fortranFindings(a, f.code(), "/w/src/k.f90");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].range, (TextRange{0, 1}));
  EXPECT_NE(out[0].message.find("no Fortran location"), std::string::npos)
      << out[0].message;

  EXPECT_TRUE(flangDiagnostics("inc/k.f90:1:1: error: in the include\n",
                               f.code(), "/w/src/k.f90")
                  .empty());
}

// A compile database's build folder beside the sources: emit names the file
// as flang was given it from there, `../src/k.f90`.
TEST(FortranDirectives, ABuildFolderBesideTheSourcesNamesThemFromAbove) {
  std::string mlirText = kMlir;
  for (size_t at = 0;
       (at = mlirText.find("\"src/k.f90", at)) != std::string::npos; at += 3)
    mlirText.insert(at + 1, "../");
  Snapshot mlir = test::analyzeInProcess(mlirText, "file:///w/k.hlfir.mlir");
  Annotations f(kFortran);
  std::optional<DirectiveHover> h =
      directiveHover(mlir, f.code(), "/w/src/k.f90", f.point("target"));
  ASSERT_TRUE(h);
  EXPECT_EQ(h->directive, "omp.target");
}
