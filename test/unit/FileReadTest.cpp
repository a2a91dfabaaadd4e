//===- FileReadTest.cpp - Reading user files, the launch guard, runTool ---===//

#include "support/FileRead.h"
#include "pipeline/compile/Devices.h"
#include "support/Subprocess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <csignal>
#include <sys/stat.h>
#include <thread>

using namespace ompx;
namespace fs = llvm::sys::fs;

namespace {
/// A fresh temporary directory, removed at the end.
struct TempDir {
  llvm::SmallString<128> path;
  TempDir() { EXPECT_FALSE(fs::createUniqueDirectory("ompx-fileread", path)); }
  ~TempDir() { fs::remove_directories(path); }
  std::string file(llvm::StringRef name, llvm::StringRef text) const {
    std::string p = (path + "/" + name).str();
    std::error_code ec;
    llvm::raw_fd_ostream(p, ec) << text;
    EXPECT_FALSE(ec);
    return p;
  }
};

std::string errorOf(llvm::Expected<std::string> r) {
  if (r)
    return "read " + std::to_string(r->size()) + " bytes";
  return llvm::toString(r.takeError());
}
} // namespace

TEST(FileRead, RegularFile) {
  TempDir dir;
  std::string p = dir.file("a.mlir", std::string("x\0y\n", 4));
  auto text = readRegularFile(p);
  ASSERT_TRUE(bool(text)) << llvm::toString(text.takeError());
  EXPECT_EQ(*text, std::string("x\0y\n", 4));
  // A symbolic link to a regular file is followed.
  std::string link = (dir.path + "/link").str();
  ASSERT_FALSE(fs::create_link(p, link));
  EXPECT_EQ(errorOf(readRegularFile(link)), "read 4 bytes");
}

TEST(FileRead, RefusesWhatIsNotARegularFile) {
  TempDir dir;
  std::string fifo = (dir.path + "/fifo").str();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // Each returns at once (a FIFO with no writer used to block forever).
  EXPECT_EQ(errorOf(readRegularFile(fifo)), "is a FIFO, not a regular file");
  EXPECT_EQ(errorOf(readRegularFile("/dev/zero")),
            "is a character device, not a regular file");
  EXPECT_EQ(errorOf(readRegularFile(dir.path)),
            "is a directory, not a regular file");
  // A link to a device is judged by what it names.
  std::string link = (dir.path + "/zero.mlir").str();
  ASSERT_FALSE(fs::create_link("/dev/zero", link));
  EXPECT_EQ(errorOf(readRegularFile(link)),
            "is a character device, not a regular file");
  EXPECT_EQ(errorOf(readRegularFile((dir.path + "/missing").str())),
            "No such file or directory");
}

TEST(FileRead, SizeLimit) {
  TempDir dir;
  std::string p = dir.file("ten", "0123456789");
  EXPECT_EQ(errorOf(readRegularFile(p, 10)), "read 10 bytes");
  EXPECT_EQ(errorOf(readRegularFile(p, 9)),
            "is 10 bytes, over the 9 bytes limit for input files");
  EXPECT_EQ(describeBytes(kMaxInputFileBytes), "1 GiB");
  EXPECT_EQ(describeBytes(3 << 20), "3 MiB");
  EXPECT_EQ(describeBytes(1000), "1000 bytes");
}

/// The guard (`ompx-lsp --launch-guard`) driven by hand: without `end`, a
/// closed stdin (the parent died) kills the watched group and removes the
/// directory; with `end` it leaves both alone.
static void runGuard(bool parentDies) {
  TempDir dir;
  std::string work = (dir.path + "/ompx-launch-x").str();
  ASSERT_FALSE(fs::create_directories(work + "/sub"));
  SpawnOptions sleeper;
  sleeper.argv = {"/bin/sh", "-c", "sleep 60"};
  sleeper.newProcessGroup = true;
  sleeper.out = sleeper.err = SpawnOptions::Stream::Null;
  auto victim = Subprocess::spawn(sleeper);
  ASSERT_TRUE(bool(victim));
  SpawnOptions g;
  g.argv = {OMPX_LSP_PATH, "--launch-guard"};
  g.out = SpawnOptions::Stream::Null;
  auto guard = Subprocess::spawn(g);
  ASSERT_TRUE(bool(guard));
  std::string script = "group " + std::to_string((*victim)->pid()) + "\ndir " +
                       work + "\n" + (parentDies ? "" : "end\n");
  ASSERT_TRUE((*guard)->writeStdin(script));
  (*guard)->closeStdin();
  EXPECT_TRUE((*guard)->wait().success());
  // The guard acts before it exits: no waiting needed.
  auto status = (*victim)->tryWait();
  EXPECT_EQ(fs::exists(work), !parentDies);
  if (parentDies) {
    ExitStatus s = status ? *status : (*victim)->wait();
    EXPECT_TRUE(s.signaled);
    EXPECT_EQ(s.signal, SIGKILL);
  } else {
    EXPECT_FALSE(status.has_value());
  }
}

TEST(ProcessGuard, CleansUpWhenTheParentDies) { runGuard(true); }
TEST(ProcessGuard, DoesNothingAfterEnd) { runGuard(false); }

/// runTool collects a tool's output through pipes: no temporary file (it
/// was /tmp/ompx-tool-*.txt, mode 0644, left behind when the build child
/// was killed), and stdout and stderr both arrive.
TEST(RunTool, NoTemporaryFile) {
  TempDir dir;
  const char *old = getenv("TMPDIR");
  std::string saved = old ? old : "";
  setenv("TMPDIR", dir.path.c_str(), 1);
  pipeline::ToolRun run = pipeline::runTool(
      "/bin/sh", {"-c", "ls -A \"$TMPDIR\"; echo out; echo err >&2; exit 4"});
  if (old)
    setenv("TMPDIR", saved.c_str(), 1);
  else
    unsetenv("TMPDIR");
  EXPECT_EQ(run.exitCode, 4);
  EXPECT_EQ(run.output, "out\nerr\n");
  EXPECT_EQ(run.error, "");
  pipeline::ToolRun missing = pipeline::runTool("/nonexistent/tool", {});
  EXPECT_EQ(missing.exitCode, -1);
  EXPECT_NE(missing.error.find("cannot start /nonexistent/tool"),
            std::string::npos);
}
