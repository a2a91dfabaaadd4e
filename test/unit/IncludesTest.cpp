//===- IncludesTest.cpp - Include lines found and followed as flang would -===//

#include "pipeline/compile/Includes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace ompx::pipeline;
namespace fs = llvm::sys::fs;

namespace {
std::string describe(const std::vector<IncludeLine> &lines) {
  std::string out;
  for (const IncludeLine &l : lines)
    out += std::to_string(l.line) + ":" + std::to_string(l.column) + " " +
           (l.angled ? "<" + l.name + ">" : "'" + l.name + "'") + "\n";
  return out;
}

class IncludesTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("ompx-includes", root));
    project = (root + "/proj").str();
    outside = (root + "/outside").str();
    ASSERT_FALSE(fs::create_directories(project + "/inc"));
    ASSERT_FALSE(fs::create_directories(outside));
    write(outside + "/secret.h", "x = 1\n");
  }
  void TearDown() override { fs::remove_directories(root); }
  static void write(const std::string &path, const std::string &text) {
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << text;
    ASSERT_FALSE(ec) << path;
  }
  /// The refusal for `text` as the project's main.F90, bounded by the
  /// project folder; "" when none.
  std::string refusal(const std::string &text,
                      std::vector<std::string> dirs = {}, bool bounded = true) {
    write(project + "/main.F90", text);
    std::vector<std::string> roots{project};
    std::optional<IncludeRefusal> r = refusedInclude(
        project + "/main.F90", dirs, bounded,
        [&](llvm::StringRef real) { return includable(roots, real); });
    if (!r)
      return "";
    std::string message = std::to_string(r->line) + ":" +
                          std::to_string(r->column) + " " + r->message;
    size_t at;
    while ((at = message.find(root.str().str())) != std::string::npos)
      message.replace(at, root.size(), "ROOT");
    return message;
  }
  llvm::SmallString<128> root;
  std::string project, outside;
};
} // namespace

TEST(IncludeLines, EveryFormFlangReads) {
  EXPECT_EQ(describe(includeLines("#include \"a.h\"\n"
                                  "  #  include <b/c.h>\n"
                                  "#include FILE_MACRO\n"
                                  "      INCLUDE 'fixed.inc'\n"
                                  "  include \"free.inc\" ! comment\n"
                                  "#include_next \"no.h\"\n"
                                  "  include_dir = 'no'\n"
                                  "  includes = 1\n"
                                  "  print *, 'include \"no\"'\n"
                                  "#ifdef X\n#include \"inactive.h\"\n#endif\n"
                                  "#include \"unterminated\n")),
            "1:1 'a.h'\n"
            "2:3 <b/c.h>\n"
            "3:1 ''\n"
            "4:7 'fixed.inc'\n"
            "5:3 'free.inc'\n"
            "11:1 'inactive.h'\n");
}

TEST(IncludeLines, LinesUnderIfZeroAreSkipped) {
  // Only a literal condition is decided; an unknown one may hold.
  EXPECT_EQ(describe(includeLines("#if 0\n#include \"a.h\"\n"
                                  "      include 'b.inc'\n"
                                  "#ifdef X\n#include \"c.h\"\n#endif\n"
                                  "#elif defined(Y)\n#include \"d.h\"\n"
                                  "#else\n#include \"e.h\"\n#endif\n"
                                  "# if (1) // on\n#include \"f.h\"\n"
                                  "#elif X\n#include \"g.h\"\n"
                                  "#else\n#include \"h.h\"\n#endif\n"
                                  "#if X\n#elif 1\n#include \"i.h\"\n"
                                  "#else\n#include \"j.h\"\n#endif\n"
                                  "#if 0 /* off */\n#else\n#include \"k.h\"\n"
                                  "#endif\n#include \"l.h\"\n")),
            "8:1 'd.h'\n"
            "10:1 'e.h'\n"
            "13:1 'f.h'\n"
            "21:1 'i.h'\n"
            "23:1 'j.h'\n"
            "27:1 'k.h'\n"
            "29:1 'l.h'\n");
}

TEST(IncludeLines, HiddenConditionsAreNotDecided) {
  // `#if 0` continuing a `#define` is the macro's text, not a condition; a
  // comment running onto the next line may hide `|| 1`.
  EXPECT_EQ(
      describe(includeLines("#define X \\\n#if 0\n#include \"a.h\"\n"
                            "#endif\n"
                            "#if 0 /* off\n*/ || 1\n#include \"b.h\"\n"
                            "#endif\n"
                            "#if 0 \\\n|| 1\n#include \"c.h\"\n#endif\n")),
      "3:1 'a.h'\n"
      "7:1 'b.h'\n"
      "11:1 'c.h'\n");
}

TEST_F(IncludesTest, OutsideUnderIfZeroIsNotRefused) {
  EXPECT_EQ(refusal("#if 0\n#include \"" + outside + "/secret.h\"\n#endif\n"),
            "");
  EXPECT_NE(
      refusal("#ifdef OFF\n#include \"" + outside + "/secret.h\"\n#endif\n"),
      "");
}

TEST_F(IncludesTest, InsideTheProjectIsFollowed) {
  write(project + "/inc/a.h", "#include \"b.h\"\n");
  write(project + "/inc/b.h", "  real :: y\n");
  EXPECT_EQ(refusal("#include \"inc/a.h\"\n"), "");
  // Missing files are flang's to report; the system's folders are readable.
  EXPECT_EQ(refusal("#include \"nowhere.h\"\n#include </usr/include/stdio.h>\n"
                    "#include \"/usr/include/stdio.h\"\n"),
            "");
}

TEST_F(IncludesTest, OutsideTheProjectIsRefused) {
  EXPECT_EQ(refusal("program p\n#include \"" + outside + "/secret.h\"\n"),
            "2:1 include of 'ROOT/outside/secret.h' leads outside the "
            "project, to ROOT/outside/secret.h: not read (add its folder to "
            "the editor's workspace to allow it)");
  EXPECT_EQ(refusal("  include '../outside/secret.h'\n").substr(0, 60),
            "1:3 include of '../outside/secret.h' leads outside the proje");
  // Through a header of the project: at the line that includes it.
  write(project + "/inc/a.h", "\n#include \"../../outside/secret.h\"\n");
  std::string nested = refusal("program p\n\n#include \"inc/a.h\"\n");
  EXPECT_EQ(nested.substr(0, 3), "3:1");
  EXPECT_NE(nested.find("; at ROOT/proj/inc/a.h:2, which 'inc/a.h' includes"),
            std::string::npos)
      << nested;
  // Through a link in the project.
  ASSERT_FALSE(fs::create_link(outside + "/secret.h", project + "/inc/l.h"));
  EXPECT_NE(refusal("#include \"inc/l.h\"\n").find("to ROOT/outside/secret.h"),
            std::string::npos);
  // Through a search folder: every file on the path is checked, not only
  // the one found first.
  write(project + "/inc/secret.h", "\n");
  EXPECT_NE(refusal("#include <secret.h>\n", {project + "/inc", outside})
                .find("to ROOT/outside/secret.h"),
            std::string::npos);
}

TEST_F(IncludesTest, SpecialFilesAndMacros) {
  std::string fifo = project + "/inc/pipe.h";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // A FIFO would block flang: refused with a bound or without.
  EXPECT_NE(refusal("#include \"inc/pipe.h\"\n", {}, /*bounded=*/false)
                .find("is not a regular file"),
            std::string::npos);
  // A computed include may name any file: refused where the project bounds
  // what is read, left to flang on the command line.
  EXPECT_NE(refusal("#define F \"a.h\"\n#include F\n").find("2:1 a computed"),
            std::string::npos);
  EXPECT_EQ(refusal("#define F \"a.h\"\n#include F\n", {}, /*bounded=*/false),
            "");
}

TEST(IncludeSearchDirs, FromDriverFlags) {
  std::vector<std::string> dirs = includeSearchDirs(
      {"-I", "a", "-Ib/", "-J", "/m", "-Jn", "-module-dir", "o", "-O2", "-Ia"},
      "/w");
  EXPECT_EQ(dirs,
            (std::vector<std::string>{"/w/a", "/w/b", "/m", "/w/n", "/w/o"}));
}

TEST_F(IncludesTest, IncludedFilesAsFlangReadsThem) {
  // Beside the including file first, then the search folders in order;
  // nested includes searched beside the file that includes them; each file
  // once (a cycle ends); a missing file is skipped.
  write(project + "/a.fi", "include 'b.fi'\n#include \"main.F90\"\n");
  write(project + "/inc/b.fi", "include 'c.fi'\n");
  write(project + "/inc/c.fi", "x = 1\n");
  write(project + "/c.fi", "not this one\n");
  write(project + "/main.F90",
        "include 'a.fi'\ninclude 'missing.fi'\n#include MACRO\n");
  std::vector<std::string> found =
      includedFiles(project + "/main.F90", {project + "/inc"});
  auto name = [](const std::string &p) {
    return llvm::sys::path::filename(p).str();
  };
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(name(found[0]), "a.fi");
  std::vector<std::string> rest{name(found[1]), name(found[2]), name(found[3])};
  llvm::sort(rest);
  EXPECT_EQ(rest, (std::vector<std::string>{"b.fi", "c.fi", "main.F90"}));
  for (const std::string &f : found) {
    if (name(f) == "c.fi") {
      EXPECT_NE(f.find("/inc/c.fi"), std::string::npos) << f;
    }
  }
}
