//===- EmitProjectTest.cpp - CompileDatabase.h and ModuleCache.h ----------===//
//
// What emit reads of a project: a compile database entry's flags (without
// the compiler, -c, -o and the source), a malformed database named, the
// modules a source defines, those flang reports missing, and the module
// cache's records of changed sources.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/CompileDatabase.h"
#include "pipeline/compile/FlangCommand.h"
#include "pipeline/compile/ModuleCache.h"
#include "pipeline/compile/ProjectUnits.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <unistd.h>

using namespace ompx::pipeline;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {
/// A temporary folder, removed at the end of the test.
struct TempDir {
  llvm::SmallString<128> dir;
  TempDir() {
    EXPECT_FALSE(fs::createUniqueDirectory("ompx-emit-project", dir));
    llvm::SmallString<128> real;
    if (!fs::real_path(dir, real))
      dir = real;
  }
  ~TempDir() { fs::remove_directories(dir); }
  std::string write(llvm::StringRef name, llvm::StringRef text) {
    llvm::SmallString<128> p = dir;
    path::append(p, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    EXPECT_FALSE(ec) << p.str().str();
    os << text;
    return p.str().str();
  }
};
} // namespace

TEST(EmitProject, CompileFlagsDropCompilerOutputAndSource) {
  TempDir t;
  std::string src = t.write("a.f90", "end\n");
  std::vector<std::string> argv = {"/usr/bin/flang-22",
                                   "-DN=10",
                                   "-I",
                                   "inc",
                                   "-c",
                                   "a.f90",
                                   "-o",
                                   "a.o",
                                   "-Jmods",
                                   "-oother.o",
                                   "-fopenmp"};
  EXPECT_EQ(
      compileFlags(argv, t.dir, src),
      (std::vector<std::string>{"-DN=10", "-I", "inc", "-Jmods", "-fopenmp"}));
}

TEST(EmitProject, DatabaseEntriesByRealPath) {
  TempDir t;
  std::string a = t.write("a.f90", "end\n");
  std::string b = t.write("b.f90", "end\n");
  std::string db = t.write("compile_commands.json", (R"([{"directory": ")" +
                                                     t.dir +
                                                     R"(", "file": "a.f90",
            "command": "flang-22 -cpp -D 'X=1 2' -c a.f90 -o a.o"},
           {"directory": ")" + t.dir + R"(", "file": ")" +
                                                     b + R"(",
            "arguments": ["flang-22", "-c", ")" + b + R"(", "-J", "m"]}])")
                                                        .str());
  auto loaded = loadCompileDatabase(db);
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  const CompileEntry *ea = loaded->find(a);
  ASSERT_TRUE(ea);
  EXPECT_EQ(ea->flags, (std::vector<std::string>{"-cpp", "-D", "X=1 2"}));
  EXPECT_EQ(ea->directory, t.dir.str());
  const CompileEntry *eb = loaded->find(b);
  ASSERT_TRUE(eb);
  EXPECT_EQ(eb->flags, (std::vector<std::string>{"-J", "m"}));
  EXPECT_FALSE(loaded->find(t.dir.str().str() + "/c.f90"));
  // Found from a file of a folder below.
  ASSERT_FALSE(fs::create_directory(t.dir + "/sub"));
  std::string c = t.write("sub/c.f90", "end\n");
  EXPECT_EQ(findCompileDatabase(c), db);
  // In a folder's build/ (CMake's out-of-source build), the folder's own
  // database first.
  ASSERT_FALSE(fs::create_directory(t.dir + "/proj"));
  ASSERT_FALSE(fs::create_directory(t.dir + "/proj/build"));
  ASSERT_FALSE(fs::create_directory(t.dir + "/proj/src"));
  std::string built = t.write("proj/build/compile_commands.json", "[]");
  std::string d = t.write("proj/src/d.f90", "end\n");
  EXPECT_EQ(findCompileDatabase(d), built);
  std::string own = t.write("proj/src/compile_commands.json", "[]");
  EXPECT_EQ(findCompileDatabase(d), own);
}

// A relative "directory" is the database's folder (as clang's tools read
// it), whatever the current folder of the reader.
TEST(EmitProject, RelativeDirectoryIsTheDatabasesFolder) {
  TempDir t;
  ASSERT_FALSE(fs::create_directory(t.dir + "/src"));
  std::string a = t.write("src/a.f90", "end\n");
  std::string db = t.write("compile_commands.json",
                           R"([{"directory": ".", "file": "src/a.f90",
            "arguments": ["flang-22", "-Imods", "-c", "src/a.f90"]}])");
  llvm::SmallString<128> cwd;
  ASSERT_FALSE(fs::current_path(cwd));
  ASSERT_FALSE(fs::set_current_path("/"));
  auto loaded = loadCompileDatabase(db);
  ASSERT_FALSE(fs::set_current_path(cwd));
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  const CompileEntry *e = loaded->find(a);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->directory, t.dir.str());
  EXPECT_EQ(e->flags, (std::vector<std::string>{"-Imods"}));
}

// A compiler launcher in the command (`ccache flang-22 ...`) is no compiler:
// the flags follow the compiler after it.
TEST(EmitProject, LauncherBeforeTheCompiler) {
  TempDir t;
  std::string a = t.write("a.f90", "end\n");
  std::string db = t.write("compile_commands.json",
                           R"([{"directory": ".", "file": "a.f90",
            "command": "/usr/bin/ccache flang-22 -DN=4 -Imods -c a.f90"}])");
  auto loaded = loadCompileDatabase(db);
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  const CompileEntry *e = loaded->find(a);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->flags, (std::vector<std::string>{"-DN=4", "-Imods"}));
}

TEST(EmitProject, MalformedDatabaseIsNamed) {
  TempDir t;
  struct Case {
    const char *text, *why;
  } cases[] = {
      {"{", "not JSON"},
      {"{}", "not a JSON array of compile commands"},
      {R"([{"file": "a.f90", "command": "f"}])", "no \"directory\""},
      {R"([{"directory": "/", "file": "a.f90"}])",
       "neither \"arguments\" nor \"command\""},
      {R"([{"directory": "/", "file": "a.f90", "arguments": [1]}])",
       "not all strings"},
  };
  for (const Case &c : cases) {
    std::string db = t.write("bad.json", c.text);
    auto loaded = loadCompileDatabase(db);
    ASSERT_FALSE(bool(loaded)) << c.text;
    std::string message = llvm::toString(loaded.takeError());
    EXPECT_NE(message.find("compile database " + db + ": "), std::string::npos)
        << message;
    EXPECT_NE(message.find(c.why), std::string::npos) << message;
  }
}

TEST(EmitProject, DefinedModules) {
  EXPECT_EQ(definedModules("module A_Mod\n"
                           "  interface\n"
                           "    module subroutine s()\n"
                           "    end subroutine\n"
                           "    module procedure p\n"
                           "  end interface\n"
                           "end module A_Mod\n"
                           "  MODULE b ! two in a file\n"
                           "end module\n"
                           "module subroutine\n" // a module named subroutine
                           "program modules\n"),
            (std::vector<std::string>{"a_mod", "b", "subroutine"}));
}

TEST(EmitProject, UsedModules) {
  EXPECT_EQ(usedModules("program p\n"
                        "  use Grid\n"
                        "  USE :: kinds, only: dp\n"
                        "  use, intrinsic :: iso_c_binding\n"
                        "  use, non_intrinsic :: omp_lib_x\n"
                        "  use grid ! again\n"
                        "  user = 1\n"
                        "  integer :: used\n"),
            (std::vector<std::string>{"grid", "kinds", "omp_lib_x"}));
  // Continued (a comment line between), and two statements on one line.
  EXPECT_EQ(usedModules("program p\n"
                        "  use &\n"
                        "    ! the pool\n"
                        "    & pool_mod, only: pa\n"
                        "  use iso_c_binding; use halo\n"),
            (std::vector<std::string>{"pool_mod", "iso_c_binding", "halo"}));
}

TEST(EmitProject, MissingModulesFromFlangMessages) {
  EXPECT_EQ(
      missingModules(
          "./b.f90:2:5: error: Cannot parse module file for module 'Vec': "
          "Source file 'vec.mod' was not found\n"
          "./b.f90:3:5: error: Cannot parse module file for module 'bad': "
          "File has invalid checksum\n"
          "./b.f90:4:5: error: Cannot parse module file for module 'w': "
          "Source file 'w.mod' was not found\n"
          "./b.f90:5:5: error: Cannot parse module file for module 'vec': "
          "Source file 'vec.mod' was not found\n"),
      (std::vector<std::string>{"vec", "w"}));
  EXPECT_TRUE(isFortranSource("a.F90"));
  EXPECT_TRUE(isFortranSource("old.f"));
  EXPECT_FALSE(isFortranSource("a.mod"));
  EXPECT_FALSE(isFortranSource("a.c"));
}

TEST(EmitProject, ChangedSourceDropsCachedModules) {
  TempDir t;
  std::string src = t.write("a.f90", "module a\nend module\n");
  std::string mod = t.write("a.mod", "!mod$\n");
  std::string other = t.write("b.mod", "!mod$ not recorded\n");
  recordModuleSources(t.dir, {"a"}, src);
  EXPECT_TRUE(dropStaleModules(t.dir).empty());
  EXPECT_TRUE(fs::exists(mod));
  // A new modification time: its .mod goes, the unrecorded one stays.
  fs::file_status status;
  ASSERT_FALSE(fs::status(src, status));
  int fd;
  ASSERT_FALSE(fs::openFileForWrite(src, fd, fs::CD_OpenExisting));
  ASSERT_FALSE(fs::setLastAccessAndModificationTime(
      fd, status.getLastModificationTime() + std::chrono::seconds(5)));
  ::close(fd);
  EXPECT_EQ(dropStaleModules(t.dir), (std::vector<std::string>{src}));
  EXPECT_FALSE(fs::exists(mod));
  EXPECT_TRUE(fs::exists(other));
  EXPECT_TRUE(dropStaleModules(t.dir).empty());
}

namespace {
/// A database of `files` (real paths), compiled from `dir` without flags.
CompileDatabase databaseOf(llvm::StringRef dir,
                           llvm::ArrayRef<std::string> files) {
  CompileDatabase db;
  db.path = (dir + "/compile_commands.json").str();
  for (const std::string &f : files) {
    CompileEntry e;
    e.directory = dir.str();
    e.file = f;
    db.entries.push_back(std::move(e));
  }
  return db;
}
} // namespace

TEST(EmitProject, ProjectUnitsFollowModulesSubmodulesAndTheProgram) {
  TempDir t;
  std::string a = t.write("a.f90", "module a\n  use b\ncontains\nend module\n");
  std::string b = t.write("b.f90", "module b\n  use c\nend module b\n");
  std::string c = t.write("c.f90", "module c\nend module\n");
  std::string s =
      t.write("s.f90", "submodule (a) s\ncontains\nend submodule\n");
  std::string p = t.write("p.f90", "program p\n  use b\n  use a\nend\n");
  std::string q = t.write("q.f90", "program q\n  use c\nend\n");
  std::string other = t.write("o.f90", "module o\nend module\n");
  CompileDatabase db = databaseOf(t.dir, {a, b, c, s, p, q, other});
  ProjectUnits u = projectUnits(db, a, {}, /*wantMain=*/true);
  // p reaches a; q only c, which a does not define.
  EXPECT_EQ(u.mainProgram, p);
  EXPECT_EQ(u.programs, (std::vector<std::string>{p}));
  EXPECT_EQ(u.moduleFiles, (std::vector<std::string>{b, c, s}));
  EXPECT_TRUE(u.ambiguous.empty());

  // No main asked for: the modules of the input alone.
  u = projectUnits(db, a, {}, /*wantMain=*/false);
  EXPECT_TRUE(u.mainProgram.empty());
  EXPECT_EQ(u.moduleFiles, (std::vector<std::string>{b, c, s}));

  // A module an object driver defines is left to it, and so are those
  // only it used.
  u = projectUnits(db, a, {}, false, {},
                   [](llvm::StringRef m) { return m == "b"; });
  EXPECT_EQ(u.moduleFiles, (std::vector<std::string>{s}));

  // Two programs reach a: none is chosen, both named.
  std::string r = t.write("r.f90", "program r\n  use a\nend\n");
  db = databaseOf(t.dir, {a, b, c, s, p, q, r});
  u = projectUnits(db, a, {}, true);
  EXPECT_TRUE(u.mainProgram.empty());
  EXPECT_EQ(u.programs, (std::vector<std::string>{p, r}));
}

TEST(EmitProject, ProjectUnitsAmbiguousModulesAndRoots) {
  TempDir t;
  ASSERT_FALSE(fs::create_directories(t.dir + "/in"));
  ASSERT_FALSE(fs::create_directories(t.dir + "/out"));
  std::string a =
      t.write("in/a.f90", "module a\n  use v\n  use w\nend module\n");
  std::string v1 = t.write("in/v_serial.F90", "module v\nend module\n");
  std::string v2 = t.write("in/v_mpi.F90", "module v\nend module\n");
  std::string w = t.write("out/w.f90", "module w\nend module\n");
  CompileDatabase db = databaseOf(t.dir, {a, v1, v2, w});
  for (CompileEntry &e : db.entries)
    e.directory = path::parent_path(e.file).str();
  ProjectUnits u = projectUnits(db, a, {}, false);
  // Preprocessor variants: neither is linked.
  EXPECT_EQ(u.ambiguous, (std::vector<std::string>{"v"}));
  EXPECT_EQ(u.moduleFiles, (std::vector<std::string>{w}));
  // A document's launch reads only the project's files.
  u = projectUnits(db, a, {}, false, {(t.dir + "/in").str()});
  EXPECT_TRUE(u.moduleFiles.empty());
}
