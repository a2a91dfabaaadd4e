//===- MapCheckReportTest.cpp - The checked launch's log, read ------------===//

#include "pipeline/launch/MapCheckReport.h"

#include "gtest/gtest.h"

using namespace ompx::pipeline;

namespace {
// The op at /w/a.mlir:24:11 came from a.f90's directive at 8:9.
// The one at 40:5 maps a local nothing reads after its construct.
const char *kSidecar = "24\t11\tomp.map.info\ta\ta.f90\t8\t9\t0\n"
                       "30\t10\tacc.copyin\tb\t\t\t\t0\n"
                       "40\t5\tacc.copyin\ts\ta.f90\t12\t9\t1\n"
                       "40\t5\tacc.copyin\ts\ta.f90\t12\t9\t1\n";

TEST(MapCheckReport, FindingsAtTheFortranLineWithANoteAtTheOp) {
  MapCheckReport r = parseMapCheckLog(
      "S\nD\nF\tnot-copied-back\t;/w/a.mlir;a;24;11;;\tto\t4000\tlost\n"
      "F\tredundant-transfer\t;/w/a.mlir;b;30;10;;\tto\t8\tagain\n"
      "C\tredundant-transfer\t;/w/a.mlir;b;30;10;;\t7\n",
      kSidecar, "/w/a.mlir");
  EXPECT_TRUE(r.started);
  EXPECT_TRUE(r.connected);
  ASSERT_EQ(r.findings.size(), 2u);
  const MapFinding &f = r.findings[0];
  EXPECT_EQ(f.check, "not-copied-back");
  EXPECT_TRUE(f.warning);
  EXPECT_EQ(f.location.file, "a.f90");
  EXPECT_EQ(f.location.line, 8u);
  ASSERT_TRUE(f.mapOp);
  EXPECT_EQ(f.mapOp->line, 24u);
  EXPECT_EQ(f.count, 1u);
  EXPECT_EQ(formatMapFinding(f),
            "a.f90:8:9: warning: 'a' map(to), 4000 bytes: lost (once) "
            "[mapcheck-not-copied-back]\n"
            "/w/a.mlir:24:11: note: the omp.map.info of 'a' in the MLIR the "
            "program was built from\n");
  // No Fortran location: the op's own line; counted at exit.
  const MapFinding &g = r.findings[1];
  EXPECT_FALSE(g.warning);
  EXPECT_FALSE(g.mapOp);
  EXPECT_EQ(g.mapOpName, "acc.copyin");
  EXPECT_EQ(g.count, 7u);
  EXPECT_EQ(formatMapFinding(g), "/w/a.mlir:30:10: remark: 'b' map(to), 8 "
                                 "bytes: again (7 times) "
                                 "[mapcheck-redundant-transfer]\n");
}

TEST(MapCheckReport, ADeviceChangeNothingReadsAfterIsNoFinding) {
  const char *log =
      "S\nF\tnot-copied-back\t;/w/a.mlir;s;40;5;;\tto\t4\tlost\n"
      "F\tredundant-transfer\t;/w/a.mlir;s;40;5;;\tto\t4\tagain\n";
  MapCheckReport r = parseMapCheckLog(log, kSidecar, "/w/a.mlir");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].check, "redundant-transfer");
  // One map op at that place that may be read after: reported.
  std::string mixed =
      std::string(kSidecar) + "40\t5\tacc.copyin\ts\ta.f90\t12\t9\t0\n";
  EXPECT_EQ(parseMapCheckLog(log, mixed, "/w/a.mlir").findings.size(), 2u);
}

// A program built with -fompx-check-maps has no sidecar: flang's name of
// the entry carries it (`#unread`, before the element kind).
TEST(MapCheckReport, ACheckedBuildsNameSaysNothingReadsAfter) {
  MapCheckReport r = parseMapCheckLog(
      "S\nF\tnot-copied-back\t;/w/a.f90;total#unread#f4;9;33;;\tto\t4\tlost\n"
      "F\tnot-copied-back\t;/w/a.f90;res#f4;9;48;;\tto\t4\tlost\n",
      "", "/w/prog");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].variable, "res");
  std::optional<MapClause> c =
      parseMapClause(";total#unread#f4;/w/a.f90;9;33;;");
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->unreadAfter);
  EXPECT_EQ(c->name, "total");
  EXPECT_EQ(c->file, "/w/a.f90");
}

TEST(MapCheckReport, BadLinesAreSkippedAndACrashKeepsWhatWasWritten) {
  // A line cut by the crash, a clause string that is not flang's, a file
  // path holding ';' (fields are taken from the end).
  MapCheckReport r = parseMapCheckLog(
      "S\nF\tstale-device-copy\tnot-a-clause\tto\t8\tx\n"
      "F\tstale-device-copy\t;/w/x;y.mlir;v;3;4;;\tto\t8\tstale\n"
      "F\tuninitialized-read\t;/w/a.mlir;a;24;1",
      "", "/w/a.mlir");
  EXPECT_TRUE(r.started);
  EXPECT_FALSE(r.connected);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].location.file, "/w/x;y.mlir");
  EXPECT_EQ(r.findings[0].location.line, 3u);
  EXPECT_EQ(r.findings[0].variable, "v");
}
TEST(MapCheckReport, TheHostsOwnAccessesAreFindingsToo) {
  // A watched host read, a nowait region's data, a firstprivate scalar
  // (no map clause: said so); an unknown class is skipped.
  MapCheckReport r = parseMapCheckLog(
      "S\nD\nF\tstale-host-read\t;/w/a.mlir;a;24;11;;\ttofrom\t400\told\n"
      "F\tnowait-host-access\t;/w/a.mlir;b;30;10;;\tfrom\t8\tearly\n"
      "F\tfirstprivate-write\t;/w/a.mlir;s#f4;24;11;;\t"
      "firstprivate,implicit\t4\tkept\n"
      "F\tbad-class\t;/w/a.mlir;a;24;11;;\tto\t4\tx\n",
      kSidecar, "/w/a.mlir");
  ASSERT_EQ(r.findings.size(), 3u);
  EXPECT_EQ(r.findings[0].check, "stale-host-read");
  EXPECT_EQ(r.findings[1].check, "nowait-host-access");
  EXPECT_TRUE(r.findings[1].warning);
  EXPECT_EQ(formatMapFinding(r.findings[2]),
            "a.f90:8:9: warning: 'a' firstprivate (no map clause), 4 bytes: "
            "kept (once) [mapcheck-firstprivate-write]\n"
            "/w/a.mlir:24:11: note: the omp.map.info of 'a' in the MLIR the "
            "program was built from\n");
}
} // namespace

TEST(MapCheckReport, MapClauseStringsInEitherOrder) {
  auto parse = [](llvm::StringRef s) {
    std::optional<MapClause> c = parseMapClause(s);
    return c ? c->file + "|" + c->name + "|" + std::to_string(c->line) + ":" +
                   std::to_string(c->column)
             : std::string("none");
  };
  // flang's order (a checked or recorded launch's build), FILE first; a
  // ';' in FILE; the checker's element kind dropped.
  EXPECT_EQ(parse(";/w/grid.f90;a;13;9;;"), "/w/grid.f90|a|13:9");
  EXPECT_EQ(parse(";grid.f90;b#f8;13;9;;"), "grid.f90|b|13:9");
  EXPECT_EQ(parse(";/w/a;b/s.mlir;y;333;12;;"), "/w/a;b/s.mlir|y|333:12");
  // A program built to run (ompx-flang, `launch --program`): NAME first.
  EXPECT_EQ(parse(";s;/tmp/jac/norm.f90;15;24;;"), "/tmp/jac/norm.f90|s|15:24");
  EXPECT_EQ(parse(";u(:,jmid);main.f90;8;30;;"), "main.f90|u(:,jmid)|8:30");
  EXPECT_EQ(parse(";t%a;/w/x;y/m.F90;4;7;;"), "/w/x;y/m.F90|t%a|4:7");
  // An allocatable's data, which flang names `unknown`, as the checker
  // names it after its descriptor's entry.
  EXPECT_EQ(parse(";v (data);/w/a.f90;5;24;;"), "/w/a.f90|v (data)|5:24");
  EXPECT_EQ(parse("a;b;1;2;;"), "none");
}
