//===- ProfileMarksTest.cpp - A recorded launch's figures on the ops ------===//

#include "server/features/ProfileMarks.h"

#include "gtest/gtest.h"

using namespace ompx;

namespace {
// A kernel at line 2 (zero-based 1) and a map entry at line 1, as the
// service records them from a launch of kText.
const char *kText = "  %m = omp.map.info var_ptr(%x)\n"
                    "  omp.target map_entries(%m) {\n"
                    "  }\n";

ProfileRecord record() {
  ProfileRecord r;
  r.text = kText;
  ProfileMark map;
  map.kind = ProfileMark::Kind::Map;
  map.line = 0;
  map.column = 7;
  map.lineText = "  %m = omp.map.info var_ptr(%x)";
  map.op = "omp.map.info";
  map.name = "x";
  map.figures = "to: 8 B in 1 copy · 2 µs";
  map.ns = 2000;
  map.header = {"direction", "bytes", "copies", "time"};
  map.rows = {{"to", "8 B", "1", "2 µs"}};
  ProfileMark kernel;
  kernel.line = 1;
  kernel.column = 2;
  kernel.lineText = "  omp.target map_entries(%m) {";
  kernel.op = "omp.target";
  kernel.name = "k|<b>_l2";
  kernel.figures = "2 launches · 9 µs · 4×64 SPMD";
  kernel.ns = 9000;
  kernel.source = "a.f90:2";
  kernel.header = {"launch", "device", "grid", "mode", "time"};
  kernel.rows = {{"#1", "0", "4×64", "SPMD", "5 µs"},
                 {"#2", "0", "4×64", "SPMD", "4 µs"}};
  kernel.note = "1 more launches";
  r.marks = {map, kernel};
  return r;
}

TEST(ProfileMarks, UnchangedTextPutsEachMarkOnItsOp) {
  ProfileRecord r = record();
  std::vector<PlacedProfileMark> placed = placeProfileMarks(r, kText);
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0].line, 0u);
  EXPECT_EQ(placed[0].offset, 7u);
  EXPECT_FALSE(placed[0].stale);
  EXPECT_EQ(placed[1].line, 1u);
  EXPECT_EQ(placed[1].offset, 32u + 2u);
  EXPECT_EQ(profileLensTitle(placed[1]), "2 launches · 9 µs · 4×64 SPMD");
}

TEST(ProfileMarks, AnEditMovesThemStaleAndDropsAChangedOrAmbiguousLine) {
  ProfileRecord r = record();
  std::string moved = std::string("// above\n") + kText;
  std::vector<PlacedProfileMark> placed = placeProfileMarks(r, moved);
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0].line, 1u);
  EXPECT_EQ(placed[1].line, 2u);
  EXPECT_TRUE(placed[1].stale);
  EXPECT_EQ(profileLensTitle(placed[1]),
            "(stale) 2 launches · 9 µs · 4×64 SPMD");
  // The map op's line changed: its mark goes; the kernel's line moved and
  // is there twice: neither is known to be the op, none gets it.
  std::string changed = "  %m = omp.map.info var_ptr(%y)\n"
                        "  }\n"
                        "  omp.target map_entries(%m) {\n"
                        "  omp.target map_entries(%m) {\n";
  EXPECT_TRUE(placeProfileMarks(r, changed).empty());
}

TEST(ProfileMarks, HoverHasTheTableWithEveryNameEscaped) {
  ProfileRecord r = record();
  std::vector<PlacedProfileMark> placed = placeProfileMarks(r, kText);
  std::string md = profileHover({placed[1]});
  EXPECT_NE(md.find("**Recorded launch** — `k|<b>_l2` (`omp.target`): 2 "
                    "launches · 9 µs · 4×64 SPMD"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("Fortran: `a.f90:2`"), std::string::npos);
  EXPECT_NE(md.find("| launch | device | grid | mode | time |\n"
                    "|---|---:|---:|---|---:|\n"
                    "| #1 | 0 | 4×64 | SPMD | 5 µs |\n"
                    "| #2 | 0 | 4×64 | SPMD | 4 µs |\n\n"
                    "1 more launches\n"),
            std::string::npos)
      << md;
  EXPECT_EQ(md.find("Stale"), std::string::npos);
  // A cell with markdown in it stays text.
  r.marks[1].rows[0][3] = "a|b<i>";
  placed = placeProfileMarks(r, std::string("\n") + kText);
  md = profileHover({placed[1]});
  EXPECT_NE(md.find("| a\\|b\\<i\\> |"), std::string::npos) << md;
  EXPECT_NE(md.find("*Stale*"), std::string::npos);
}

TEST(ProfileMarks, TheFortranLinesTheOpsCameFromCarryTheirFigures) {
  ProfileRecord r = record();
  const char *f90 = "program p\n"
                    "  !$omp target map(x)\n"
                    "  !$omp end target\n";
  r.sources = {{"/w/a.f90", f90}};
  for (ProfileMark &m : r.marks) {
    m.sourceIndex = 0;
    m.sourceLine = 2;
  }
  // Another file: none; the file read at the launch: both on line 2.
  EXPECT_TRUE(placeSourceMarks(r, "/w/b.f90", f90).empty());
  std::vector<PlacedProfileMark> placed = placeSourceMarks(r, "/w/a.f90", f90);
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0].line, 1u);
  EXPECT_EQ(placed[0].offset, 10u);
  EXPECT_EQ(sourceLensTitle(placed[0]), "x: to: 8 B in 1 copy · 2 µs");
  EXPECT_EQ(sourceLensTitle(placed[1]), "2 launches · 9 µs · 4×64 SPMD");
  // Moved by an edit: stale there; the line changed: gone.
  placed = placeSourceMarks(r, "/w/a.f90", std::string("! x\n") + f90);
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0].line, 2u);
  EXPECT_EQ(sourceLensTitle(placed[0]), "(stale) x: to: 8 B in 1 copy · 2 µs");
  EXPECT_TRUE(
      placeSourceMarks(r, "/w/a.f90", "program p\n  !$omp target map(y)\n")
          .empty());
}

TEST(ProfileMarks, HotSpotsRankEveryDocumentsOpsByTime) {
  ProfileRecord a = record(), b = record();
  b.marks[0].ns = 5000;
  b.marks[1].ns = 1000;
  std::vector<ProfileHotSpot> spots =
      profileHotSpots({{&a, kText}, {&b, "changed\n"}, {&b, kText}});
  ASSERT_EQ(spots.size(), 4u);
  EXPECT_EQ(spots[0].document, 0u);
  EXPECT_EQ(spots[0].placed.mark->ns, 9000u);
  EXPECT_EQ(spots[1].document, 2u);
  EXPECT_EQ(spots[1].placed.mark->ns, 5000u);
  EXPECT_EQ(spots[2].placed.mark->ns, 2000u);
  EXPECT_EQ(spots[3].placed.mark->ns, 1000u);
}
} // namespace
