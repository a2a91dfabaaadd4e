//===- SlurmTest.cpp - pipeline/Slurm without a cluster -------------------===//
//
// What the Slurm launcher reads and writes, on lines Slurm 22.05 printed on
// the loopback cluster of test/slurm: srun's and salloc's stderr, srun's
// arguments, the gres-to-architecture table, the self-extracting bundle,
// and the launch guard's scancel-on-death. The runs themselves are tested
// against a real cluster (test/slurm/).
//
//===----------------------------------------------------------------------===//

#include "pipeline/launch/Slurm.h"
#include "support/ProcessGuard.h"
#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <csignal>
#include <thread>

using namespace ompx;
using namespace ompx::pipeline;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

TEST(SlurmLines, QueueAndAllocation) {
  SlurmLine q =
      parseSlurmLine("srun: job 8 queued and waiting for resources\n");
  EXPECT_EQ(q.kind, SlurmLine::Queued);
  EXPECT_EQ(q.jobId, "8");
  SlurmLine a = parseSlurmLine("srun: job 8 has been allocated resources");
  EXPECT_EQ(a.kind, SlurmLine::Allocated);
  EXPECT_EQ(a.jobId, "8");
  SlurmLine g = parseSlurmLine("salloc: Granted job allocation 17");
  EXPECT_EQ(g.kind, SlurmLine::Allocated);
  EXPECT_EQ(g.jobId, "17");
  SlurmLine p = parseSlurmLine("salloc: Pending job allocation 13");
  EXPECT_EQ(p.kind, SlurmLine::Queued);
  EXPECT_EQ(p.jobId, "13");
  SlurmLine id =
      parseSlurmLine("srun: jobid 17: nodes(1):`localhost', cpu counts: 1(x1)");
  EXPECT_EQ(id.kind, SlurmLine::JobId);
  EXPECT_EQ(id.jobId, "17");
  // -v's table of options names the job too, but it is not the
  // allocation's line.
  SlurmLine option = parseSlurmLine("srun: jobid               : 17");
  EXPECT_EQ(option.kind, SlurmLine::Other);
  SlurmLine step = parseSlurmLine(
      "srun: launching StepId=17.0 on host localhost, 1 tasks: 0");
  EXPECT_EQ(step.kind, SlurmLine::StepLaunched);
  EXPECT_EQ(step.jobId, "17.0");
  // Without a step number it names no step: scancel of it would end the
  // whole job (found by the slurm fuzz target).
  EXPECT_EQ(parseSlurmLine("srun: launching StepId=170 on host n1").kind,
            SlurmLine::Other);
}

TEST(SlurmLines, HowTheTaskEnded) {
  SlurmLine refused = parseSlurmLine(
      "srun: error: Unable to allocate resources: Requested node "
      "configuration is not available");
  EXPECT_EQ(refused.kind, SlurmLine::AllocationFailed);
  EXPECT_EQ(refused.detail, "Requested node configuration is not available");
  SlurmLine exited =
      parseSlurmLine("srun: error: localhost: task 0: Exited with exit code 3");
  EXPECT_EQ(exited.kind, SlurmLine::TaskExited);
  EXPECT_EQ(exited.code, 3);
  // Not an exit code srun prints (the fuzz target's find): a plain error.
  for (const char *code : {"-3", "256", "3x", ""})
    EXPECT_EQ(parseSlurmLine(std::string("srun: error: n1: task 0: Exited "
                                         "with exit code ") +
                             code)
                  .kind,
              SlurmLine::Error)
        << code;
  SlurmLine crashed = parseSlurmLine(
      "srun: error: node-17: task 0: Segmentation fault (core dumped)");
  EXPECT_EQ(crashed.kind, SlurmLine::TaskSignaled);
  EXPECT_EQ(crashed.detail, "Segmentation fault (core dumped)");
  SlurmLine cancelled = parseSlurmLine(
      "slurmstepd: error: *** STEP 9.0 ON localhost CANCELLED AT "
      "2026-11-26T06:40:01 ***");
  EXPECT_EQ(cancelled.kind, SlurmLine::Cancelled);
  EXPECT_EQ(cancelled.detail,
            "STEP 9.0 ON localhost CANCELLED AT 2026-11-26T06:40:01");
  SlurmLine other = parseSlurmLine(
      "srun: error: Unable to contact slurm controller (connect failure)");
  EXPECT_EQ(other.kind, SlurmLine::Error);
  // The program's own stderr, even when it looks like an error.
  EXPECT_EQ(parseSlurmLine("error: y(1) is wrong").kind, SlurmLine::NotSlurm);
  EXPECT_EQ(parseSlurmLine("srun:x").kind, SlurmLine::NotSlurm);
}

TEST(SlurmGres, ArchitectureOfTheModel) {
  EXPECT_EQ(offloadArchForGresType("a100"), "sm_80");
  EXPECT_EQ(offloadArchForGresType("nvidia_a100-sxm4-80gb"), "sm_80");
  EXPECT_EQ(offloadArchForGresType("H100"), "sm_90");
  EXPECT_EQ(offloadArchForGresType("nvidia_h100_80gb_hbm3"), "sm_90");
  EXPECT_EQ(offloadArchForGresType("tesla_v100"), "sm_70");
  EXPECT_EQ(offloadArchForGresType("mi250x"), "gfx90a");
  EXPECT_EQ(offloadArchForGresType("mi300a"), "gfx942");
  EXPECT_EQ(offloadArchForGresType("gfx942"), "gfx942");
  EXPECT_EQ(offloadArchForGresType("sm_86"), "sm_86");
  // Whole words only: no model inside another name.
  EXPECT_EQ(offloadArchForGresType("ta1000"), "");
  EXPECT_EQ(offloadArchForGresType("gpu"), "");
}

TEST(SlurmRun, SrunArgumentsOfAJob) {
  SlurmRunRequest r;
  r.jobName = "ompx-saxpy-abc";
  r.options.partition = "gpu";
  r.options.account = "proj";
  r.options.extraArgs = {"--qos=debug"};
  r.gpusNeeded = 2;
  r.timeoutSeconds = 90;
  r.command = {"/stage/ompx-saxpy-abc/run.sh", "x"};
  std::vector<std::string> args = srunArguments(r);
  std::vector<std::string> expected = {"--job-name=ompx-saxpy-abc",
                                       "--partition=gpu",
                                       "--account=proj",
                                       "--gres=gpu:2",
                                       "--time=3",
                                       "--nodes=1",
                                       "--ntasks=1",
                                       "--unbuffered",
                                       "--input=none",
                                       "--quit-on-interrupt",
                                       "--verbose",
                                       "--qos=debug",
                                       "/stage/ompx-saxpy-abc/run.sh",
                                       "x"};
  EXPECT_EQ(args, expected);
  // The user's GPUs win over the device's count.
  r.options.gpus = "a100:1";
  args = srunArguments(r);
  EXPECT_TRUE(llvm::is_contained(args, "--gpus=a100:1"));
  EXPECT_FALSE(llvm::is_contained(args, "--gres=gpu:2"));
}

TEST(SlurmRun, SrunArgumentsOfAStepAndOfSbcast) {
  SlurmRunRequest r;
  r.jobName = "ompx-p-1";
  r.options.partition = "gpu";
  r.allocation = "17";
  r.bcastFile = "/tmp/w/ompx-p-1.run";
  r.bcastTo = "/tmp/ompx-p-1.run";
  r.command = {"arg"};
  std::vector<std::string> args = srunArguments(r);
  // A step: the allocation's resources, no partition or time of its own.
  EXPECT_TRUE(llvm::is_contained(args, "--jobid=17"));
  EXPECT_FALSE(llvm::is_contained(args, "--partition=gpu"));
  auto bcast = llvm::find(args, "--bcast=/tmp/ompx-p-1.run");
  ASSERT_NE(bcast, args.end());
  EXPECT_EQ(args[args.size() - 2], "/tmp/w/ompx-p-1.run");
  EXPECT_EQ(args.back(), "arg");
}

TEST(SlurmRun, TimeLimitBackstop) {
  SlurmOptions o;
  EXPECT_EQ(slurmTimeLimit(o, 0), "");
  EXPECT_EQ(slurmTimeLimit(o, 1), "2");
  EXPECT_EQ(slurmTimeLimit(o, 60), "2");
  EXPECT_EQ(slurmTimeLimit(o, 61), "3");
  // Never above the partition's limit: --timeout=3600 on a 60-minute
  // partition would ask for 61 and be refused.
  EXPECT_EQ(slurmTimeLimit(o, 3600, 60), "60");
  EXPECT_EQ(slurmTimeLimit(o, 61, 60), "3");
  o.time = "1:30:00";
  EXPECT_EQ(slurmTimeLimit(o, 61), "1:30:00");
}

TEST(SlurmRun, PartitionTimeLimits) {
  EXPECT_EQ(slurmMinutes("30"), 30u);
  EXPECT_EQ(slurmMinutes("30:00"), 30u);
  EXPECT_EQ(slurmMinutes("30:01"), 31u);
  EXPECT_EQ(slurmMinutes("2:00:00"), 120u);
  EXPECT_EQ(slurmMinutes("1-00:00:00"), 1440u);
  EXPECT_EQ(slurmMinutes("1-12"), 2160u);
  EXPECT_EQ(slurmMinutes("UNLIMITED"), 0u);
  EXPECT_EQ(slurmMinutes("infinite"), 0u);
}

TEST(SlurmLines, StepsOfAKeptAllocation) {
  SlurmLine busy = parseSlurmLine(
      "srun: Job 17 step creation temporarily disabled, retrying (Requested "
      "nodes are busy)");
  EXPECT_EQ(busy.kind, SlurmLine::Queued);
  EXPECT_EQ(busy.jobId, "17");
  SlurmLine created = parseSlurmLine("srun: Step created for StepId=17.1");
  EXPECT_EQ(created.kind, SlurmLine::Allocated);
  EXPECT_EQ(created.jobId, "17");
}

namespace {
/// runOnSlurm against a stand-in srun (SlurmOptions::binDir) that writes
/// given stderr lines and exits with a given status, or dies by a signal:
/// how each ending is reported, on any machine.
class FakeSrunTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("ompx-fake-srun", dir));
    std::error_code ec;
    llvm::raw_fd_ostream os((dir + "/srun").str(), ec);
    os << "#!/bin/sh\nprintf '%b' \"$FAKE_STDERR\" >&2\n"
          "printf '%b' \"$FAKE_STDOUT\"\n"
          "[ -n \"$FAKE_SIGNAL\" ] && kill -s \"$FAKE_SIGNAL\" $$\n"
          "exit \"$FAKE_EXIT\"\n";
    os.close();
    fs::setPermissions(dir + "/srun",
                       fs::all_read | fs::all_exe | fs::owner_write);
  }
  void TearDown() override { fs::remove_directories(dir); }
  SlurmRunResult run(std::string err, int exit, std::string signal = "",
                     std::string *out = nullptr) {
    SlurmRunRequest r;
    r.options.binDir = dir.str().str();
    r.jobName = "ompx-t-1";
    r.command = {"run.sh"};
    r.env = std::vector<std::string>{
        "PATH=/usr/bin:/bin", "FAKE_STDERR=" + err, "FAKE_STDOUT=hello\\n",
        "FAKE_EXIT=" + std::to_string(exit), "FAKE_SIGNAL=" + signal};
    SlurmRunCallbacks cb;
    std::string programOut, programErr;
    cb.onStdout = [&](llvm::StringRef d) { programOut += d.str(); };
    cb.onStderr = [&](llvm::StringRef d) { programErr += d.str(); };
    SlurmRunResult result = runOnSlurm(r, cb, std::nullopt, nullptr);
    if (out)
      *out = programOut + "|" + programErr;
    return result;
  }
  llvm::SmallString<256> dir;
};
} // namespace

TEST_F(FakeSrunTest, TheProgramsExitCodeAndItsOwnStderr) {
  std::string out;
  SlurmRunResult r = run("srun: jobid 5: nodes(1):`n1', cpu counts: 1(x1)\\n"
                         "y is wrong\\n"
                         "srun: error: n1: task 0: Exited with exit code 3\\n",
                         3, "", &out);
  EXPECT_EQ(r.kind, SlurmRunResult::ProgramFailed);
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_EQ(r.jobId, "5");
  // srun's lines are not the program's stderr.
  EXPECT_EQ(out, "hello\n|y is wrong\n");
}

TEST_F(FakeSrunTest, ACrashRefusalAndExternalCancel) {
  SlurmRunResult crash =
      run("srun: error: n1: task 0: Segmentation fault (core dumped)\\n", 139);
  EXPECT_EQ(crash.kind, SlurmRunResult::ProgramFailed);
  EXPECT_EQ(crash.exitCode, -2);
  EXPECT_EQ(crash.signal, "Segmentation fault (core dumped)");
  SlurmRunResult refused =
      run("srun: error: Unable to allocate resources: Invalid account or "
          "account/partition combination specified\\n",
          1);
  EXPECT_EQ(refused.kind, SlurmRunResult::SlurmFailed);
  EXPECT_EQ(refused.message, "Slurm refused the job: Invalid account or "
                             "account/partition combination specified");
  // Slurm's own time limit (or an admin's scancel) is not a crash of the
  // program, though SIGTERM ended it.
  SlurmRunResult limit = run(
      "slurmstepd: error: *** STEP 9.0 ON n1 CANCELLED AT 2026-11-26T07:00:00 "
      "DUE TO TIME LIMIT ***\\nsrun: error: n1: task 0: Terminated\\n",
      143);
  EXPECT_EQ(limit.kind, SlurmRunResult::SlurmFailed);
  EXPECT_EQ(limit.message, "Slurm cancelled the job: STEP 9.0 ON n1 CANCELLED "
                           "AT 2026-11-26T07:00:00 DUE TO TIME LIMIT");
  // srun itself killed, without a word: Slurm's failure, not the program's.
  SlurmRunResult killed = run("", 0, "KILL");
  EXPECT_EQ(killed.kind, SlurmRunResult::SlurmFailed);
  EXPECT_EQ(killed.message, "srun was killed by signal 9 (SIGKILL: Killed)");
}

namespace {
class SelfExtractingTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("ompx-slurm-test", dir));
  }
  void TearDown() override { fs::remove_directories(dir); }

  /// A bundle folder whose run.sh runs `body`.
  std::string bundle(llvm::StringRef body) {
    llvm::SmallString<256> b(dir);
    path::append(b, "ompx-p-1");
    fs::create_directories(b + "/lib");
    std::error_code ec;
    llvm::raw_fd_ostream os((b + "/run.sh").str(), ec);
    os << "#!/bin/sh\n" << body << "\n";
    os.close();
    fs::setPermissions(b + "/run.sh",
                       fs::all_read | fs::all_exe | fs::owner_write);
    return b.str().str();
  }
  /// Runs the self-extracting file as srun --bcast would: executed from
  /// where it was copied, with TMPDIR for its unpacking.
  ExitStatus run(llvm::StringRef file, std::vector<std::string> args,
                 std::string &out) {
    SpawnOptions spawn;
    spawn.argv = {file.str()};
    llvm::append_range(spawn.argv, args);
    spawn.env = std::vector<std::string>{"PATH=/usr/bin:/bin",
                                         "TMPDIR=" + dir.str().str()};
    spawn.in = SpawnOptions::Stream::Null;
    auto child = Subprocess::spawn(spawn);
    EXPECT_TRUE(bool(child));
    Subprocess::Outcome o =
        (*child)->run(Clock::now() + std::chrono::seconds(30), nullptr,
                      [&](llvm::StringRef d) { out += d.str(); });
    return o.status;
  }
  llvm::SmallString<256> dir;
};
} // namespace

TEST_F(SelfExtractingTest, RunsWithItsArgumentsAndRemovesEverything) {
  std::string b = bundle("echo \"ran in $(basename \"$(dirname \"$0\")\")"
                         " with $*\"; exit 7");
  std::string file = (dir + "/node-copy.run").str();
  ASSERT_FALSE(bool(writeSelfExtractingBundle(b, file, nullptr)));
  std::string out;
  ExitStatus status = run(file, {"a", "b c"}, out);
  EXPECT_EQ(out, "ran in ompx-p-1 with a b c\n");
  EXPECT_FALSE(status.signaled);
  EXPECT_EQ(status.code, 7);
  // Nothing left of the run: the file removed itself and its unpacking.
  EXPECT_FALSE(fs::exists(file));
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    EXPECT_FALSE(path::filename(it->path()).starts_with("ompx-run."))
        << it->path();
}

TEST_F(SelfExtractingTest, ACrashEndsItByTheSameSignal) {
  // srun reports "task 0: Segmentation fault" only when the task itself
  // dies by the signal, not when a shell exits 139.
  std::string b = bundle("kill -SEGV $$");
  std::string file = (dir + "/node-copy.run").str();
  ASSERT_FALSE(bool(writeSelfExtractingBundle(b, file, nullptr)));
  std::string out;
  ExitStatus status = run(file, {}, out);
  EXPECT_TRUE(status.signaled);
  EXPECT_EQ(status.signal, SIGSEGV);
  EXPECT_FALSE(fs::exists(file));
}

TEST(SlurmGuard, RunsTheCancelCommandWhenTheLauncherDies) {
  llvm::SmallString<256> dir;
  ASSERT_FALSE(fs::createUniqueDirectory("ompx-guard-test", dir));
  std::string ran = (dir + "/scancel-ran").str();
  std::string forgotten = (dir + "/forgotten-ran").str();
  // The guard's protocol as ProcessGuard speaks it, from a process that
  // then "dies": its end of the pipe closes without `end`.
  SpawnOptions spawn;
  spawn.argv = {OMPX_LSP_PATH, "--launch-guard"};
  spawn.out = SpawnOptions::Stream::Null;
  auto guard = Subprocess::spawn(spawn);
  ASSERT_TRUE(bool(guard));
  (*guard)->writeStdin("run /usr/bin/touch\t" + ran + "\n");
  (*guard)->writeStdin("run /usr/bin/touch\t" + forgotten + "\n");
  (*guard)->writeStdin("unrun /usr/bin/touch\t" + forgotten + "\n");
  (*guard)->closeStdin();
  ExitStatus status = (*guard)->wait();
  EXPECT_TRUE(status.success());
  EXPECT_TRUE(fs::exists(ran));
  EXPECT_FALSE(fs::exists(forgotten));
  fs::remove_directories(dir);
}

namespace {
/// The allocation registry against stand-in squeue/scontrol/scancel whose
/// answers the test chooses: what a controller that does not answer, a job
/// that ended and a corrupt registry file do to the kept allocations.
class RegistryTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("ompx-registry", dir));
    tool("scontrol", "echo 'ClusterName             = fake'");
    answer("squeue", "echo 'slurm_load_jobs error: Unable to contact slurm "
                     "controller (connect failure)'; exit 1");
    answer("scancel", "echo 'scancel: error: Unable to contact slurm "
                      "controller'; exit 1");
    state = (dir + "/alloc.json").str();
    setenv("OMPX_SLURM_STATE", state.c_str(), 1);
    // Its own "cluster" (the name cache is per SLURM_CONF).
    std::string conf = (dir + "/slurm.conf").str();
    setenv("SLURM_CONF", conf.c_str(), 1);
    options.binDir = dir.str().str();
    write(state, R"([{"job":"42","key":"--gres=gpu:1","cluster":"fake",)"
                 R"("pid":1}])");
  }
  void TearDown() override {
    unsetenv("OMPX_SLURM_STATE");
    unsetenv("SLURM_CONF");
    fs::remove_directories(dir);
  }
  void write(llvm::StringRef file, llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    os << text;
  }
  void tool(llvm::StringRef name, llvm::StringRef body) {
    std::string file = (dir + "/" + name).str();
    write(file, "#!/bin/sh\n" + body.str() + "\n");
    fs::setPermissions(file, fs::all_read | fs::all_exe | fs::owner_write);
  }
  void answer(llvm::StringRef name, llvm::StringRef body) { tool(name, body); }
  std::vector<std::string> kept() {
    std::vector<std::string> ids;
    for (const SlurmAllocation &a : listSlurmAllocations(options))
      ids.push_back(a.jobId);
    return ids;
  }
  llvm::SmallString<256> dir;
  std::string state;
  SlurmOptions options;
};
} // namespace

TEST_F(RegistryTest, AControllerThatDoesNotAnswerForgetsNothing) {
  EXPECT_EQ(kept(), std::vector<std::string>{"42"});
  std::string error;
  std::vector<std::string> released =
      releaseSlurmAllocations(options, false, error);
  EXPECT_TRUE(released.empty());
  EXPECT_NE(error.find("scancel 42: scancel: error: Unable to contact"),
            std::string::npos)
      << error;
  EXPECT_EQ(kept(), std::vector<std::string>{"42"});
  // Once squeue no longer knows the job, it is forgotten.
  answer("squeue", "echo 'slurm_load_jobs error: Invalid job id specified'; "
                   "exit 1");
  EXPECT_TRUE(kept().empty());
}

TEST_F(RegistryTest, ReleaseForgetsWhatScancelEnded) {
  answer("squeue", "echo 'RUNNING|None'");
  answer("scancel", "exit 0");
  std::string error;
  EXPECT_EQ(releaseSlurmAllocations(options, false, error),
            std::vector<std::string>{"42"});
  EXPECT_EQ(error, "");
  EXPECT_TRUE(kept().empty());
}

TEST_F(RegistryTest, ACorruptFileIsKeptAside) {
  write(state, "[{\"job\": ");
  EXPECT_TRUE(kept().empty());
  EXPECT_TRUE(fs::exists(state + ".bad"));
  std::string error;
  releaseSlurmAllocations(options, false, error);
  EXPECT_EQ(error, "");
}

TEST(SlurmJobName, HostileFileNamesLeaveOnlyLettersDigitsAndUnderscores) {
  // A name reaches squeue's lines (parsed back), sacct and the guard's
  // line protocol: nothing of a newline, a tab, quotes or `$(...)`.
  for (const char *input : {"/w/x\ntouch INJECTED\n.mlir", "/w/a\tb.mlir",
                            "/w/$(rm -rf ~)'\"`.mlir", "/w/.hidden.mlir"}) {
    std::string name = slurmJobName(input);
    EXPECT_TRUE(llvm::all_of(name, [](char c) {
      return llvm::isAlnum(c) || c == '_' || c == '-';
    })) << name;
    EXPECT_TRUE(llvm::StringRef(name).starts_with("ompx-")) << name;
  }
  EXPECT_TRUE(llvm::StringRef(slurmJobName("/w/x\ntouch INJECTED\n.mlir"))
                  .starts_with("ompx-xtouchINJECTED-"));
  EXPECT_TRUE(llvm::StringRef(slurmJobName("/w/.hidden.mlir"))
                  .starts_with("ompx-program-"));
}
