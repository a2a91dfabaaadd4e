//===- FlangDriverTest.cpp - ompx-flang's reading of flang's command line -===//
//
// What ompx-flang takes from a flang-22 command line (DriverArgs), the
// -### listing it reads flang's frontend command from (FlangCommand), and
// which sources go through ompx's pipeline (sourceNeedsOmpx).
//
//===----------------------------------------------------------------------===//

#include "pipeline/driver/FlangDriver.h"
#include "pipeline/compile/DeclareRecords.h"
#include "pipeline/compile/FlangCommand.h"
#include "pipeline/driver/DriverArgs.h"
#include "support/FlangMessage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace ompx::pipeline;

namespace {
DriverArgs parse(std::vector<std::string> argv) {
  std::string error;
  std::optional<DriverArgs> args = parseDriverArgs(argv, error);
  EXPECT_TRUE(args) << error;
  return args ? *args : DriverArgs();
}

std::string parseError(std::vector<std::string> argv) {
  std::string error;
  EXPECT_FALSE(parseDriverArgs(argv, error));
  return error;
}

std::string targetError(std::vector<std::string> argv,
                        std::vector<std::string> probed = {}) {
  std::string error;
  EXPECT_FALSE(resolveOffloadTargets(parse(argv), probed, error));
  return error;
}
} // namespace

TEST(FlangDriverArgs, SourcesOutputAndOffloadFlags) {
  DriverArgs a =
      parse({"-O2", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu", "-I",
             "inc", "-Jmods", "-DN=10", "-c", "lib.F90", "-o", "lib.o"});
  EXPECT_TRUE(a.compileOnly);
  EXPECT_TRUE(a.openmp);
  EXPECT_EQ(a.optLevel, OptLevel::O2);
  EXPECT_EQ(a.output, "lib.o");
  ASSERT_EQ(a.sources.size(), 1u);
  EXPECT_EQ(a.args[a.sources[0]], "lib.F90");
  ASSERT_EQ(a.offloadTriples.size(), 1u);
  // The offload flag is ompx's; everything else stays, in order.
  EXPECT_EQ(llvm::join(a.args, " "),
            "-O2 -fopenmp -I inc -Jmods -DN=10 -c lib.F90 -o lib.o");
}

// Each -O spelling flang takes, as the level ompx's device build uses.
TEST(FlangDriverArgs, OptLevelSpellings) {
  auto level = [](const char *flag) { return parse({flag, "a.f90"}).optLevel; };
  EXPECT_EQ(parse({"a.f90"}).optLevel, OptLevel::O0);
  EXPECT_EQ(level("-O"), OptLevel::O1);
  EXPECT_EQ(level("-O0"), OptLevel::O0);
  EXPECT_EQ(level("-O1"), OptLevel::O1);
  EXPECT_EQ(level("-O3"), OptLevel::O3);
  EXPECT_EQ(level("-O7"), OptLevel::O3);
  EXPECT_EQ(level("-Os"), OptLevel::O2);
  EXPECT_EQ(level("-Oz"), OptLevel::O2);
  EXPECT_EQ(level("-Ofast"), OptLevel::O3);
}

TEST(FlangDriverArgs, ValuesAreNotSources) {
  // `-o x.f90` and `-I dir.f90` name no source.
  DriverArgs a = parse({"-I", "weird.f90", "a.f90", "b.o", "-o", "c.f90"});
  ASSERT_EQ(a.sources.size(), 1u);
  EXPECT_EQ(a.args[a.sources[0]], "a.f90");
}

TEST(FlangDriverArgs, CompileArgsOfOneUnit) {
  DriverArgs a = parse({"-O1", "-fopenmp", "a.f90", "b.f90", "x.o", "-L", "lib",
                        "-lfoo", "-Wl,-z,now", "-o", "prog"});
  EXPECT_EQ(llvm::join(a.compileArgs(1, "/tmp/b.o"), " "),
            "-O1 -fopenmp b.f90 -c -o /tmp/b.o");
}

TEST(FlangDriverArgs, PassThrough) {
  EXPECT_TRUE(parse({"--version"}).passThrough);
  EXPECT_TRUE(parse({"-cpp", "-E", "a.F90"}).passThrough);
  EXPECT_TRUE(parse({"-fsyntax-only", "a.f90"}).passThrough);
  EXPECT_FALSE(parse({"-c", "a.f90"}).passThrough);
}

TEST(FlangDriverArgs, UnsupportedOffloadFlagsAreNamed) {
  EXPECT_NE(parseError({"-fopenmp", "--offload-device-only", "a.f90"})
                .find("'--offload-device-only' is not supported"),
            std::string::npos);
  EXPECT_NE(parseError({"-Xopenmp-target=nvptx64", "-O3"})
                .find("'-Xopenmp-target=nvptx64'"),
            std::string::npos);
  EXPECT_NE(parseError({"--offload-arch"}).find("needs a value"),
            std::string::npos);
}

// ompx's own flag: taken off flang's command line; host-offload only, and a
// link of checked objects needs no target.
TEST(FlangDriverArgs, CheckMapsIsOmpxsForHostOffload) {
  DriverArgs a = parse({"-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu",
                        "-fompx-check-maps", "-c", "a.f90"});
  EXPECT_TRUE(a.checkMaps);
  EXPECT_FALSE(llvm::is_contained(a.args, "-fompx-check-maps"));
  EXPECT_FALSE(
      llvm::is_contained(a.compileArgs(0, "a.o"), "-fompx-check-maps"));
  EXPECT_TRUE(
      parse({"-fompx-check-maps", "a.o", "b.o", "-o", "prog"}).checkMaps);
  for (std::vector<std::string> argv :
       {std::vector<std::string>{"-fopenmp", "--offload-arch=sm_90",
                                 "-fompx-check-maps", "-c", "a.f90"},
        {"-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu,nvptx64-nvidia-cuda",
         "-fompx-check-maps", "a.o"},
        {"-fopenmp", "-fompx-check-maps", "-c", "a.f90"}})
    EXPECT_NE(parseError(argv).find("-fompx-check-maps builds a program for a "
                                    "checked launch on host-offload"),
              std::string::npos);
}

/// The one target `argv` resolves to.
static std::optional<OffloadTarget> oneTarget(std::vector<std::string> argv,
                                              std::vector<std::string> probed,
                                              std::string &error) {
  auto ts = resolveOffloadTargets(parse(argv), probed, error);
  if (!ts)
    return std::nullopt;
  EXPECT_EQ(ts->size(), 1u);
  return ts->front();
}

TEST(FlangDriverTarget, Spellings) {
  std::string error;
  auto t = oneTarget({"-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu"}, {},
                     error);
  ASSERT_TRUE(t) << error;
  EXPECT_EQ(t->kind, DeviceKind::HostOffload);
  EXPECT_EQ(t->arch, "generic");
  t = oneTarget({"-fopenmp", "--offload-arch=sm_80"}, {}, error);
  ASSERT_TRUE(t) << error;
  EXPECT_EQ(t->kind, DeviceKind::NVPTX);
  EXPECT_EQ(t->triple, "nvptx64-nvidia-cuda");
  EXPECT_EQ(t->arch, "sm_80");
  t = oneTarget({"-fopenmp", "-fopenmp-targets=amdgcn-amd-amdhsa",
                 "--offload-arch", "gfx90a"},
                {}, error);
  ASSERT_TRUE(t) << error;
  EXPECT_EQ(t->kind, DeviceKind::AMDGPU);
  // A GPU triple alone takes this machine's GPU.
  t = oneTarget({"-fopenmp", "-fopenmp-targets=nvptx64-nvidia-cuda"},
                {"gfx90a", "sm_90"}, error);
  ASSERT_TRUE(t) << error;
  EXPECT_EQ(t->arch, "sm_90");
  EXPECT_EQ(oneTarget({"-fopenmp"}, {}, error)->kind, DeviceKind::Host);
}

TEST(FlangDriverTarget, SeveralTargets) {
  std::string error;
  auto names = [&](std::vector<std::string> argv) {
    std::vector<std::string> out;
    if (auto ts = resolveOffloadTargets(parse(argv), {"gfx942"}, error))
      for (const OffloadTarget &t : *ts)
        out.push_back(t.triple + ":" + t.arch);
    return out;
  };
  using V = std::vector<std::string>;
  // Archs by their vendor; repeated ones once; the order given.
  EXPECT_EQ(names({"-fopenmp", "--offload-arch=sm_80,sm_90", "--offload-arch",
                   "gfx90a", "--offload-arch=sm_80"}),
            (V{"nvptx64-nvidia-cuda:sm_80", "nvptx64-nvidia-cuda:sm_90",
               "amdgcn-amd-amdhsa:gfx90a"}))
      << error;
  // Triples given: each arch goes to its vendor's; a triple no arch went to
  // stands alone (host-offload; a GPU takes this machine's).
  EXPECT_EQ(names({"-fopenmp",
                   "-fopenmp-targets=x86_64-pc-linux-gnu,nvptx64-nvidia-cuda,"
                   "amdgcn-amd-amdhsa",
                   "--offload-arch=sm_90"}),
            (V{"nvptx64-nvidia-cuda:sm_90", "x86_64-pc-linux-gnu:generic",
               "amdgcn-amd-amdhsa:gfx942"}))
      << error;
}

TEST(FlangDriverTarget, Refusals) {
  EXPECT_NE(targetError({"-fopenmp-targets=spirv64"})
                .find("unknown offload target 'spirv64'"),
            std::string::npos);
  EXPECT_NE(targetError({"--offload-arch=native"})
                .find("unknown --offload-arch 'native'"),
            std::string::npos);
  EXPECT_NE(targetError({"-fopenmp-targets=nvptx64-nvidia-cuda"})
                .find("give it with --offload-arch=sm_90"),
            std::string::npos);
  EXPECT_NE(targetError(
                {"-fopenmp-targets=amdgcn-amd-amdhsa", "--offload-arch=sm_90"})
                .find("does not fit"),
            std::string::npos);
}

TEST(FlangCommand, JobListing) {
  auto jobs = parseJobListing(
      "Debian flang version 22.1.8\n"
      "Target: x86_64-pc-linux-gnu\n"
      " \"/usr/lib/llvm-22/bin/flang\" \"-fc1\" \"-D\" \"S=\\\"a b\\\"\" "
      "\"-o\" \"x.o\" \"x.f90\"\n"
      " \"/usr/bin/ld\" \"x.o\"\n");
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0][1], "-fc1");
  EXPECT_EQ(jobs[0][3], "S=\"a b\"");
  std::vector<std::string> fc1(jobs[0].begin() + 1, jobs[0].end());
  fc1.insert(fc1.begin() + 1, "-emit-obj");
  setFrontendAction(fc1, "-emit-hlfir", "out.mlir");
  EXPECT_EQ(llvm::join(fc1, " "),
            "-fc1 -emit-hlfir -D S=\"a b\" -o out.mlir x.f90");
  EXPECT_EQ(frontendOption(fc1, "-o"), "out.mlir");
}

TEST(FlangDriverUnits, WhichSourcesNeedOmpx) {
  auto scan = [](llvm::StringRef text, bool openacc = false) {
    return sourceNeedsOmpx(text, openacc);
  };
  auto needs = [&](llvm::StringRef text, bool openacc = false) {
    return scan(text, openacc).offload;
  };
  EXPECT_TRUE(needs("  !$OMP TARGET TEAMS\n"));
  EXPECT_TRUE(needs("!$omp declare target(x)\n"));
  EXPECT_TRUE(needs("C$OMP TARGET\n")); // fixed form
  EXPECT_FALSE(needs("!$omp parallel do\n! target practice\n"));
  EXPECT_FALSE(needs("!$acc parallel loop\n"));
  EXPECT_TRUE(needs("!$acc parallel loop\n", true));
  // A continuation line of the directive names target.
  EXPECT_TRUE(needs("!$omp teams &\n!$omp& target\n"));
  // A comment is not the directive's; a `&` before one still continues.
  EXPECT_FALSE(needs("!$omp parallel do ! no target here\n"));
  EXPECT_TRUE(needs("!$omp teams & ! continued\n!$omp& target\n"));

  // Composite distribute parallel do whose schedule LLVM 22's host
  // translation does not distribute.
  auto host = [&](llvm::StringRef text) { return scan(text).hostFixes; };
  EXPECT_FALSE(host("!$omp teams distribute parallel do\n"));
  EXPECT_FALSE(host("!$omp teams distribute parallel do schedule( static )\n"));
  EXPECT_TRUE(host("!$omp teams distribute parallel do schedule(static, 4)\n"));
  EXPECT_TRUE(host("!$OMP DISTRIBUTE PARALLEL DO SCHEDULE(DYNAMIC)\n"));
  EXPECT_TRUE(host("!$omp target teams distribute parallel do &\n"
                   "!$omp& map(tofrom: a) &\n"
                   "!$omp&   schedule(runtime)\n"));
  EXPECT_TRUE(host("c$omp distribute parallel do\nc$omp+ schedule(guided)\n"));
  EXPECT_TRUE(host("C$OMP DISTRIBUTE PARALLEL DO\nC$OMP&SCHEDULE(GUIDED)\n"));
  // A new directive is not a continuation; nor is a line of code after a
  // stray `&`.
  EXPECT_FALSE(host("c$omp distribute parallel do\nc$omp schedule(guided)\n"));
  EXPECT_FALSE(host("!$omp distribute parallel do\n!$omp schedule(guided)\n"));
  EXPECT_FALSE(host("!$omp distribute parallel do &\nschedule(guided)\n"));
  EXPECT_FALSE(needs("!$omp teams &\n   target = 1\n"));
  EXPECT_TRUE(host("!$omp distribute parallel do dist_schedule(static)\n"));
  EXPECT_TRUE(host("!$omp distribute parallel do dist_schedule(static, 4)\n"));
  EXPECT_TRUE(host("!$omp teams distribute parallel do if(use_gpu)\n"));
  EXPECT_FALSE(host("!$omp parallel do if(n > 100)\n"));
  EXPECT_FALSE(host("!$omp parallel do schedule(dynamic)\n"));
  EXPECT_FALSE(host("!$omp teams distribute parallel do\n"
                    "do i = 1, n ! schedule(dynamic)\n"));

  // A teams construct with a reduction: one private copy for all teams.
  EXPECT_TRUE(host("!$omp teams num_teams(4) reduction(+:s)\n"));
  EXPECT_TRUE(host("!$OMP TARGET TEAMS REDUCTION (MAX: M)\n"));
  EXPECT_TRUE(host("!$omp teams num_teams(4) &\n!$omp& reduction(+:s)\n"));
  EXPECT_FALSE(host("!$omp teams num_teams(4)\n"));
  EXPECT_FALSE(host("!$omp parallel reduction(+:s)\n"));
  EXPECT_FALSE(host("!$omp end teams\n"));

  // A workshare block: flang-22's lower-workshare splits many wrongly.
  EXPECT_TRUE(host("!$omp workshare\n"));
  EXPECT_TRUE(host("!$OMP PARALLEL WORKSHARE NUM_THREADS(4)\n"));
  EXPECT_TRUE(host("!$omp parallel &\n!$omp& workshare\n"));
  EXPECT_FALSE(host("!$omp end workshare\n"));
  EXPECT_FALSE(host("!$omp end parallel workshare\n"));
  EXPECT_FALSE(host("!$omp parallel ! then a workshare\n"));

  // A loop bind(thread), which flang-22 may share out (LoopBind.h).
  EXPECT_TRUE(host("!$omp loop bind(thread)\n"));
  EXPECT_FALSE(host("!$omp loop bind(parallel)\n"));

  // A simd loop: flang-22's default OpenMP 3.1 loses its variable's value.
  EXPECT_TRUE(host("!$omp simd\n"));
  EXPECT_TRUE(host("!$omp parallel do simd reduction(+:s)\n"));
  EXPECT_FALSE(host("!$omp declare simd(f) uniform(n)\n"));
  // An I/O implied DO with a parallel construct in the unit.
  EXPECT_TRUE(host("!$omp parallel\n  write(buf, '(10i4)') (a(ip), ip=0,9)\n"));
  EXPECT_TRUE(host("print *, (x(k), k = 1, 3)\n!$omp parallel do\n"));
  EXPECT_FALSE(host("!$omp parallel\n  write(unit=6, fmt=*) 'a=', a\n"));
  EXPECT_FALSE(host("write(*,*) (a(ip), ip=0,9)\n!$omp do\n"));
  EXPECT_TRUE(host("!$omp do linear(k:3) schedule(dynamic, 7)\n"));
  EXPECT_FALSE(host("!$omp do linear(k:3) schedule(static, 7)\n"));
}

TEST(FlangDriverUnits, WhichSourcesDefineNamedData) {
  // Units whose device image alone can give other units' device code a
  // global's initial value: built for the device although directive-free.
  EXPECT_TRUE(mayDefineNamedData("block data init\n  common /c/ x\n"));
  EXPECT_TRUE(mayDefineNamedData("  Block Data\nend block data\n"));
  EXPECT_TRUE(mayDefineNamedData("      BLOCKDATA\n      COMMON /C/ X\n",
                                 /*fixedForm=*/true));
  EXPECT_FALSE(mayDefineNamedData("  blockdata_x = 1\n"));
  // BIND(C) variables, however their value is given.
  EXPECT_TRUE(
      mayDefineNamedData("real(8), bind(C, name='k') :: k = 3d0 ! init\n"));
  EXPECT_TRUE(mayDefineNamedData("INTEGER,BIND(C)::N=4\n"));
  EXPECT_TRUE(mayDefineNamedData(
      "real(8), bind(c, name='k') & ! k\n  & :: k &\n\n  = 3d0\n"));
  EXPECT_TRUE(mayDefineNamedData("real :: k = 1\nbind(c, name='k') :: k\n"));
  EXPECT_TRUE(mayDefineNamedData("integer :: i; real, bind(c) :: k\n"));
  EXPECT_TRUE(mayDefineNamedData("      REAL(8), BIND(C, NAME='k') ::\n"
                                 "     &  K = 3D0\n",
                                 /*fixedForm=*/true));
  // A procedure's or a type's binding is not a variable; a comment or a
  // string is not code.
  EXPECT_FALSE(mayDefineNamedData(
      "subroutine s(a) bind(c, name='s')\n  integer :: a\n"));
  EXPECT_FALSE(mayDefineNamedData("type, bind(c) :: point\n"));
  EXPECT_FALSE(mayDefineNamedData("integer :: n ! bind(c) :: m = 1\n"));
  EXPECT_FALSE(mayDefineNamedData("print *, 'bind(c) :: m = 1'\n"));
  EXPECT_FALSE(mayDefineNamedData("C     REAL, BIND(C) :: K\n",
                                  /*fixedForm=*/true));
  // DATA of a common block outside BLOCK DATA.
  EXPECT_TRUE(mayDefineNamedData("common /c/ x\ndata x /1./\n"));
  EXPECT_FALSE(mayDefineNamedData("common /c/ x\nx = 1\n"));
  EXPECT_FALSE(mayDefineNamedData("real :: x\ndata x /1./\n"));
  // A module's array, string or derived-type named constant; its scalar
  // numbers are folded.
  EXPECT_TRUE(mayDefineNamedData(
      "module m\n integer, parameter :: perm(3) = [3, 1, 2]\nend module\n"));
  EXPECT_TRUE(mayDefineNamedData(
      "module m\n character(*), parameter :: tag = 'x'\nend module\n"));
  EXPECT_TRUE(mayDefineNamedData("module m\n real, dimension(2), parameter "
                                 ":: w = (/1., 2./)\nend module\n"));
  EXPECT_FALSE(mayDefineNamedData(
      "module m\n real(8), parameter :: pi = 3.14d0\nend module\n"));
  EXPECT_FALSE(mayDefineNamedData(
      "subroutine s\n integer, parameter :: p(2) = [1, 2]\nend\n"));
  EXPECT_FALSE(mayDefineNamedData("integer :: n = 1\n"));
}

TEST(FlangDriverUnits, IncludesAreFollowedAsFlangReadsThem) {
  // A nested include is found beside the file that includes it (flang's
  // order), not beside the compiled source: here inc/b.fi, whose target
  // region the plain src/b.fi would hide.
  llvm::SmallString<128> root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ompx-routing", root));
  auto write = [&](llvm::StringRef name, llvm::StringRef text) {
    llvm::SmallString<128> file(root);
    llvm::sys::path::append(file, name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(file));
    std::error_code ec;
    llvm::raw_fd_ostream(file, ec) << text;
    return file.str().str();
  };
  std::string main = write("src/main.f90", "include '../inc/a.fi'\nend\n");
  write("inc/a.fi", "include 'b.fi'\n");
  write("inc/b.fi", "!$omp target\n!$omp end target\n");
  write("src/b.fi", "x = 1\n");
  write("other/c.fi", "!$omp teams reduction(+:s)\n");
  EXPECT_TRUE(fileNeedsOmpx(main, false, {}).offload);
  EXPECT_FALSE(fileNeedsOmpx(main, false, {}).hostFixes);
  // -I folders after the including file's; an include flang cannot find
  // is flang's to report (nothing to route).
  std::string lone = write("src/lone.f90", "include 'c.fi'\nend\n");
  EXPECT_FALSE(fileNeedsOmpx(lone, false, {}).any());
  EXPECT_TRUE(fileNeedsOmpx(lone, false, {(root + "/other").str()}).hostFixes);
  std::string cpp = write("src/cpp.F90", "#include \"plain.h\"\nend\n");
  write("src/plain.h", "x = 1\n");
  EXPECT_FALSE(fileNeedsOmpx(cpp, false, {}).any());
  write("src/plain.h", "!$omp teams distribute parallel do &\n"
                       "!$omp& schedule(guided)\n");
  EXPECT_TRUE(fileNeedsOmpx(cpp, false, {}).hostFixes);
  // The text given is scanned, not the file's on disk.
  EXPECT_TRUE(fileNeedsOmpx(lone, "!$omp target\nend\n", false, {}).offload);
  llvm::sys::fs::remove_directories(root);
}

TEST(FlangCommand, FrontendJobIsRememberedPerFlags) {
  llvm::SmallString<128> cache;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ompx-fc1-cache", cache));
  setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  std::string flang = "/usr/lib/llvm-22/bin/flang-22", error;
  if (!llvm::sys::fs::exists(flang))
    GTEST_SKIP() << "no flang-22";
  // flang -### wants the sources to exist.
  std::string a = (cache + "/a.F90").str(), b = (cache + "/dir/b.F90").str();
  llvm::sys::fs::create_directories(cache + "/dir");
  for (const std::string &file : {a, b}) {
    std::error_code ec;
    llvm::raw_fd_ostream(file, ec) << "end\n";
  }
  auto args = [](std::string source, std::string object) {
    return std::vector<std::string>{"-O2", "-DN=3", "-fopenmp", source,
                                    "-c",  "-o",    object};
  };
  auto first = flangFrontendJobCached(flang, args(a, "a.o"), a, "a.o", error);
  ASSERT_TRUE(first) << error;
  std::error_code ec;
  unsigned files = 0;
  for (llvm::sys::fs::recursive_directory_iterator it(cache + "/ompx", ec), end;
       it != end && !ec; it.increment(ec))
    files += llvm::StringRef(it->path()).ends_with(".json");
  EXPECT_EQ(files, 1u);
  // Another file with the same flags: flang's answer, from the cache, with
  // this file's names in the places of the first's.
  auto second = flangFrontendJobCached(flang, args(b, "b.o"), b, "b.o", error);
  auto direct = flangFrontendJob(flang, args(b, "b.o"), error);
  ASSERT_TRUE(second && direct) << error;
  EXPECT_EQ(llvm::join(*second, " "), llvm::join(*direct, " "));
  EXPECT_NE(llvm::join(*second, " ").find("dir/b.F90"), std::string::npos);
  unsetenv("XDG_CACHE_HOME");
  llvm::sys::fs::remove_directories(cache);
}

// Both forms of flang's messages, a path with ':' in it, and lines that
// are not messages (a source excerpt holding ": error: ", a caret line).
TEST(FlangMessage, Forms) {
  using ompx::firstFlangError;
  using ompx::FlangMessage;
  using ompx::parseFlangMessage;
  std::optional<FlangMessage> m =
      parseFlangMessage("/a:b/x.f90:12:7: error: expected ')'");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->file, "/a:b/x.f90");
  EXPECT_EQ(m->line, 12u);
  EXPECT_EQ(m->column, 7u);
  EXPECT_EQ(m->severity, "error");
  EXPECT_EQ(m->message, "expected ')'");

  m = parseFlangMessage("x.f90:3:14: in the context: execution part construct");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->severity, "in the context");
  EXPECT_EQ(m->message, "execution part construct");

  m = parseFlangMessage(
      "error: loc(\"/p/y.f90\":9:11): not yet implemented: atomic compare");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->file, "/p/y.f90");
  EXPECT_EQ(m->line, 9u);
  EXPECT_EQ(m->column, 11u);
  EXPECT_EQ(m->severity, "error");
  EXPECT_EQ(m->message, "not yet implemented: atomic compare");

  m = parseFlangMessage("error: Semantic errors in y.f90");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->line, 0u);
  EXPECT_EQ(m->severity, "error");

  EXPECT_FALSE(parseFlangMessage("    print *, 'x: error: y'"));
  EXPECT_FALSE(parseFlangMessage("             ^^^^"));
  EXPECT_FALSE(parseFlangMessage("x.f90:a:b: error: no place"));

  EXPECT_EQ(firstFlangError("x.f90:1:1: warning: w\nx.f90:2:3: error: e\n"),
            std::optional<llvm::StringRef>("x.f90:2:3: error: e"));
  EXPECT_FALSE(firstFlangError("x.f90:1:1: warning: w\n"));
}
