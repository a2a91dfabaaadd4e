//===- SubprocessTest.cpp - support/Subprocess on /bin/sh -----------------===//

#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <fcntl.h>
#include <fstream>
#include <thread>
#include <unistd.h>

using namespace ompx;

static std::unique_ptr<Subprocess> sh(const std::string &script,
                                      SpawnOptions options = {}) {
  options.argv = {"/bin/sh", "-c", script};
  auto proc = Subprocess::spawn(options);
  EXPECT_TRUE(bool(proc)) << llvm::toString(proc.takeError());
  return proc ? std::move(*proc) : nullptr;
}

static std::string runToEnd(Subprocess &proc,
                            Subprocess::Outcome *outcome = nullptr) {
  std::string out;
  Subprocess::Outcome o = proc.run(std::nullopt, nullptr,
                                   [&](llvm::StringRef d) { out += d.str(); });
  if (outcome)
    *outcome = o;
  return out;
}

TEST(Subprocess, ExitCodeAndStdio) {
  auto proc = sh("read line; echo \"got $line\"; exit 3");
  ASSERT_TRUE(proc);
  EXPECT_TRUE(proc->writeStdin("hello\n"));
  proc->closeStdin();
  Subprocess::Outcome outcome;
  EXPECT_EQ(runToEnd(*proc, &outcome), "got hello\n");
  EXPECT_FALSE(outcome.status.signaled);
  EXPECT_EQ(outcome.status.code, 3);
  EXPECT_FALSE(outcome.status.success());
  EXPECT_EQ(outcome.status.describe(), "exited with status 3");
}

TEST(Subprocess, Signal) {
  auto proc = sh("kill -SEGV $$");
  ASSERT_TRUE(proc);
  Subprocess::Outcome outcome;
  runToEnd(*proc, &outcome);
  EXPECT_TRUE(outcome.status.signaled);
  EXPECT_EQ(outcome.status.signal, SIGSEGV);
  EXPECT_EQ(
      outcome.status.describe().rfind("was killed by signal 11 (SIGSEGV: ", 0),
      0u)
      << outcome.status.describe();
}

TEST(Subprocess, MissingProgram) {
  SpawnOptions options;
  options.argv = {"/nonexistent/ompx-program"};
  auto proc = Subprocess::spawn(options);
  ASSERT_FALSE(bool(proc));
  std::string message = llvm::toString(proc.takeError());
  EXPECT_NE(message.find("cannot start /nonexistent/ompx-program"),
            std::string::npos)
      << message;
}

TEST(Subprocess, WorkingDirectory) {
  // The child runs in the folder asked, not the parent's.
  char dir[] = "/tmp/ompx-subprocess-cwdXXXXXX";
  ASSERT_TRUE(mkdtemp(dir));
  SpawnOptions options;
  options.workingDirectory = dir;
  options.in = SpawnOptions::Stream::Null;
  auto proc = sh("pwd -P; touch made-here", options);
  ASSERT_TRUE(proc);
  char real[4096];
  ASSERT_TRUE(realpath(dir, real));
  EXPECT_EQ(runToEnd(*proc), std::string(real) + "\n");
  std::string made = std::string(dir) + "/made-here";
  EXPECT_EQ(access(made.c_str(), F_OK), 0);
  unlink(made.c_str());
  rmdir(dir);
}

TEST(Subprocess, DeadlineKills) {
  auto proc = sh("sleep 30");
  ASSERT_TRUE(proc);
  auto start = Clock::now();
  Subprocess::Outcome outcome = proc->run(
      start + std::chrono::milliseconds(200), nullptr, [](llvm::StringRef) {});
  EXPECT_TRUE(outcome.timedOut);
  EXPECT_FALSE(outcome.cancelled);
  EXPECT_TRUE(outcome.status.signaled);
  EXPECT_EQ(outcome.status.signal, SIGKILL);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(5));
}

TEST(Subprocess, CancelKills) {
  auto proc = sh("sleep 30");
  ASSERT_TRUE(proc);
  std::atomic<bool> cancel{false};
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    cancel = true;
  });
  Subprocess::Outcome outcome =
      proc->run(std::nullopt, &cancel, [](llvm::StringRef) {});
  canceller.join();
  EXPECT_TRUE(outcome.cancelled);
  EXPECT_EQ(outcome.status.signal, SIGKILL);
}

TEST(Subprocess, StderrTailIsBounded) {
  SpawnOptions options;
  options.stderrTailBytes = 64;
  auto proc = sh("i=0; while [ $i -lt 2000 ]; do echo line$i >&2; "
                 "i=$((i+1)); done",
                 options);
  ASSERT_TRUE(proc);
  std::string all;
  proc->run(
      std::nullopt, nullptr, [](llvm::StringRef) {},
      [&](llvm::StringRef d) { all += d.str(); });
  EXPECT_GT(all.size(), 10000u); // every byte was seen...
  const std::string &tail = proc->stderrTail();
  EXPECT_EQ(tail.size(), 64u); // ...and only the last ones kept
  EXPECT_EQ(llvm::StringRef(tail).take_back(9), "line1999\n");
}

TEST(Subprocess, PassedDescriptor) {
  int fds[2];
  ASSERT_EQ(pipe2(fds, O_CLOEXEC), 0);
  SpawnOptions options;
  options.passFds.push_back({fds[1], 3});
  auto proc = sh("echo via-fd-3 >&3", options);
  ASSERT_TRUE(proc);
  close(fds[1]);
  runToEnd(*proc);
  char buf[64] = {0};
  ssize_t n = read(fds[0], buf, sizeof(buf) - 1);
  close(fds[0]);
  EXPECT_EQ(std::string(buf, n > 0 ? n : 0), "via-fd-3\n");
}

/// 'R', 'S', 'Z', ... for a live or zombie process; 0 when it is gone.
static char processState(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line))
    return 0;
  size_t paren = line.rfind(')');
  return paren + 2 < line.size() ? line[paren + 2] : 0;
}

TEST(Subprocess, KillReachesTheGroup) {
  SpawnOptions options;
  options.newProcessGroup = true;
  // The grandchild keeps running after the shell prints its pid.
  auto proc = sh("sleep 30 & echo $!; wait", options);
  ASSERT_TRUE(proc);
  std::string out;
  while (out.find('\n') == std::string::npos &&
         proc->pump(1000, [&](llvm::StringRef d) { out += d.str(); })) {
  }
  pid_t grandchild = std::stoi(out);
  char before = processState(grandchild);
  EXPECT_TRUE(before != 0 && before != 'Z');
  proc->kill();
  proc->wait();
  char state = processState(grandchild);
  for (int i = 0; i < 100 && state != 0 && state != 'Z'; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    state = processState(grandchild);
  }
  EXPECT_TRUE(state == 0 || state == 'Z') << "grandchild state " << state;
}

// A stop with a grace period: SIGTERM first, and what the child says on
// its way out still arrives; then the rest of its group is killed.
TEST(Subprocess, GracefulStop) {
  SpawnOptions options;
  options.newProcessGroup = true;
  auto proc = sh("trap 'echo bye; exit 0' TERM; echo ready; "
                 "while :; do sleep 0.05; done",
                 options);
  ASSERT_TRUE(proc);
  std::atomic<bool> cancel{false};
  std::string out;
  Subprocess::Outcome outcome = proc->run(
      std::nullopt, &cancel,
      [&](llvm::StringRef d) {
        out += d.str();
        if (out == "ready\n")
          cancel = true;
      },
      nullptr, std::chrono::milliseconds(2000));
  EXPECT_TRUE(outcome.cancelled);
  EXPECT_EQ(out, "ready\nbye\n");
  EXPECT_FALSE(outcome.status.signaled);
  // Without a grace period: SIGKILL at once, no last words.
  auto again = sh("trap 'echo bye; exit 0' TERM; echo ready; "
                  "while :; do sleep 0.05; done",
                  options);
  ASSERT_TRUE(again);
  cancel = false;
  out.clear();
  outcome = again->run(std::nullopt, &cancel, [&](llvm::StringRef d) {
    out += d.str();
    cancel = true;
  });
  EXPECT_EQ(out, "ready\n");
  EXPECT_TRUE(outcome.status.signaled);
  EXPECT_EQ(outcome.status.signal, SIGKILL);
}

TEST(Subprocess, EnvironmentWithReplacesAndAdds) {
  ASSERT_EQ(setenv("OMPX_ENV_TEST_A", "old", 1), 0);
  ASSERT_EQ(setenv("OMPX_ENV_TEST_B", "kept", 1), 0);
  unsetenv("OMPX_ENV_TEST_C");
  // env(1) prints the environment it was given, duplicates included.
  SpawnOptions options;
  options.env = environmentWith({"OMPX_ENV_TEST_A=new", "OMPX_ENV_TEST_C=1"});
  options.argv = {"/usr/bin/env"};
  auto child = Subprocess::spawn(options);
  ASSERT_TRUE(bool(child));
  std::string out;
  (*child)->run(
      Clock::now() + std::chrono::seconds(10), nullptr,
      [&](llvm::StringRef d) { out += d.str(); }, [](llvm::StringRef) {});
  std::vector<std::string> ours;
  for (llvm::StringRef line : llvm::split(out, '\n'))
    if (line.starts_with("OMPX_ENV_TEST_"))
      ours.push_back(line.str());
  llvm::sort(ours);
  EXPECT_EQ(ours, (std::vector<std::string>{"OMPX_ENV_TEST_A=new",
                                            "OMPX_ENV_TEST_B=kept",
                                            "OMPX_ENV_TEST_C=1"}));
}

// Both streams into one, as a terminal shows them.
static std::string interleaved(SpawnOptions options) {
  auto proc = sh("printf 'fatal error' >&2; sleep 0.2; echo out; sleep 0.2; "
                 "echo ': why' >&2",
                 options);
  if (!proc)
    return "";
  std::string both;
  auto add = [&](llvm::StringRef d) { both += d.str(); };
  proc->run(std::nullopt, nullptr, add, add);
  return both;
}

TEST(Subprocess, WholeLinesKeepAPiecewiseLineTogether) {
  // Raw, the stdout line lands inside the stderr line written in pieces
  // ("fatal errorout\n: why\n"), unless the parent is too slow to see the
  // pieces apart; held, never.
  SpawnOptions options;
  options.wholeLines = std::chrono::milliseconds(5000);
  EXPECT_EQ(interleaved(options), "out\nfatal error: why\n");
}

TEST(Subprocess, WholeLinesLetAPartialLineGoAfterTheHold) {
  SpawnOptions options;
  options.wholeLines = std::chrono::milliseconds(100);
  auto proc =
      sh("printf 'prompt> '; sleep 1.5; echo done; printf tail", options);
  ASSERT_TRUE(proc);
  std::vector<std::string> chunks;
  proc->run(std::nullopt, nullptr,
            [&](llvm::StringRef d) { chunks.push_back(d.str()); });
  // The prompt is not held until its line ends; the last partial line
  // comes at the end.
  EXPECT_EQ(chunks, (std::vector<std::string>{"prompt> ", "done\n", "tail"}));
}
