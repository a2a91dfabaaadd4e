//===- PreprocessedTest.cpp - flang's -E text, back at its line numbers ---===//
//
// splitPreprocessed puts each line of flang's -E output at its number in its
// own file (flang's #line markers), a continued statement on its first line,
// so the source scans report the line the user wrote.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/Preprocessed.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace ompx::pipeline;

namespace {
// flang-22 -E of a unit: `#define ITEM a(1)` on line 1, a header included
// on line 3 (`#include "hdr.h"`), an `#ifdef` around line 6.
const char *const kOutput =
    "#line \"./x.F90\" 2\n"
    "      subroutine s(a)\n"
    "#line \"./hdr.h\" 1\n"
    "      integer :: k\n"
    "!$omp   declare target\n"
    "#line \"./x.F90\" 4\n"
    "      integer :: a(3), i, aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, "
    "bbb&\n"
    "     &bbbbbbbb\n"
    "#line 5\n"
    "\n"
    "!$omp   parallel do reduction(+:a(1)) private(aaaaaaaaaaaaaaaaaaaaaaa,&\n"
    "!$omp& bbbbbbbbbbb)\n"
    "#line 8\n"
    "      do i = 1, 3\n";

std::string line(const PreprocessedFile &f, unsigned n) {
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(f.text).split(lines, '\n');
  return n <= lines.size() ? lines[n - 1].str() : "<none>";
}
} // namespace

TEST(Preprocessed, LinesBackAtTheirNumbers) {
  std::vector<PreprocessedFile> files = splitPreprocessed(kOutput);
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files[0].path, "./x.F90");
  EXPECT_EQ(files[1].path, "./hdr.h");
  EXPECT_EQ(line(files[0], 1), "");
  EXPECT_EQ(line(files[0], 2), "      subroutine s(a)");
  // Continued lines joined on the first (a split word whole again).
  EXPECT_EQ(line(files[0], 4),
            "      integer :: a(3), i, "
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbb");
  EXPECT_EQ(line(files[0], 6), "!$omp   parallel do reduction(+:a(1)) "
                               "private(aaaaaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbb)");
  EXPECT_EQ(line(files[0], 8), "      do i = 1, 3");
  EXPECT_EQ(line(files[1], 2), "!$omp   declare target");
}

// A source's own `#line 2000000000` (flang passes it on): the lines after
// it are numbered on from the file's last one, not after two billion
// empty lines; a modest jump still leaves its gap.
TEST(Preprocessed, HugeLineNumbersTakeNoMemory) {
  std::vector<PreprocessedFile> files =
      splitPreprocessed("#line \"a.F90\" 1\nx = 1\n#line 2000000000\n"
                        "!$omp target\n#line 4\ny = 2\n");
  ASSERT_EQ(files.size(), 1u);
  EXPECT_LT(files[0].text.size(), 64u);
  EXPECT_EQ(line(files[0], 1), "x = 1");
  EXPECT_EQ(line(files[0], 2), "!$omp target");
  EXPECT_EQ(line(files[0], 4), "y = 2");
}

TEST(Preprocessed, RefusalsOnlyThePreprocessedTextShows) {
  std::vector<PreprocessedFile> files = splitPreprocessed(kOutput);
  // As written: `!$omp parallel do reduction(+:ITEM) ...` on line 6.
  std::string raw = "#define ITEM a(1)\n"
                    "subroutine s(a)\n"
                    "#include \"hdr.h\"\n"
                    "  integer :: a(3), i\n"
                    "#ifdef _OPENMP\n"
                    "  !$omp parallel do reduction(+:ITEM) private(i)\n"
                    "#endif\n"
                    "  do i = 1, 3\n";
  std::vector<FileRefusals> refused = preprocessedRefusals("x.F90", raw, files);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0].file, "x.F90");
  ASSERT_EQ(refused[0].reductions.size(), 1u);
  // At the directive's first word: the item is the macro's.
  EXPECT_EQ(refused[0].reductions[0].line, 6u);
  EXPECT_EQ(refused[0].reductions[0].column, 3u);
  EXPECT_EQ(refused[0].reductions[0].item, "a(1)");
  // Written out, it was refused from the text as written: not again.
  llvm::StringRef written(raw);
  size_t item = written.rfind("ITEM");
  std::string plain =
      (written.substr(0, item) + "a(1)" + written.substr(item + 4)).str();
  std::vector<FileRefusals> again = preprocessedRefusals("x.F90", plain, files);
  EXPECT_TRUE(again.empty()) << again.front().diagnostics();
}

TEST(Preprocessed, WhenPreprocessingMatters) {
  EXPECT_TRUE(preprocessedUnit("a.F90", {}));
  EXPECT_FALSE(preprocessedUnit("a.f90", {}));
  EXPECT_TRUE(preprocessedUnit("a.f90", {"-cpp"}));
  EXPECT_FALSE(preprocessedUnit("a.F90", {"-cpp", "-nocpp"}));
  EXPECT_FALSE(preprocessingMayMatter("a.F90", "!$omp parallel\n", {}));
  EXPECT_TRUE(preprocessingMayMatter("a.F90", "!$omp parallel\n", {"-DX=1"}));
  EXPECT_TRUE(preprocessingMayMatter("a.F90", "  #include \"h\"\n", {}));
  EXPECT_FALSE(preprocessingMayMatter("a.f90", "#define X\n", {"-DX"}));
}

TEST(Preprocessed, ReadsNoFileAMarkerNames) {
  // A source's own `#line 1 "/some/file"` makes flang's -E name any file:
  // what the scan reports must not depend on reading it.
  llvm::SmallString<128> other;
  int fd = -1;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("named", "f90", fd, other));
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << "!$omp parallel do reduction(+:a(1))\n";
  }
  std::string output = "#line \"./x.F90\" 1\n"
                       "      subroutine s\n"
                       "#line \"" +
                       other.str().str() +
                       "\" 1\n"
                       "!$omp parallel do reduction(+:a(1))\n";
  std::vector<FileRefusals> refused = preprocessedRefusals(
      "x.F90", "subroutine s\n", splitPreprocessed(output));
  llvm::sys::fs::remove(other);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0].file, other.str());
  ASSERT_EQ(refused[0].reductions.size(), 1u);
  EXPECT_EQ(refused[0].reductions[0].column, 1u);
}
