//===- WorkerPoolTest.cpp - Warm spawned workers, restarted after a crash -===//

#include "server/worker/Worker.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <csignal>

using namespace ompx;

static WorkerOptions workerOptions() {
  WorkerOptions options;
  options.command = {OMPX_LSP_PATH, "--worker"};
  options.timeoutMs = 60000;
  return options;
}

/// Analyzes `text` as one chunk; returns its analysis.
static ChunkAnalysis analyzeOne(WorkerPool &pool, llvm::StringRef text) {
  std::vector<ChunkSpan> chunks{{0, uint32_t(text.size())}};
  unsigned which[] = {0};
  ChunkAnalysis result;
  bool called = false;
  pool.analyzeChunks(text, chunks, which, [&](unsigned idx, ChunkAnalysis &&a) {
    EXPECT_EQ(idx, 0u);
    called = true;
    result = std::move(a);
  });
  EXPECT_TRUE(called);
  return result;
}

TEST(WorkerPool, StaysWarmAcrossAnalyses) {
  WorkerPool pool(workerOptions());
  std::vector<int> started = pool.idleWorkerPids();
  ASSERT_EQ(started.size(), 1u); // pre-started
  EXPECT_TRUE(pool.waitUntilReady(std::chrono::seconds(30)));
  EXPECT_EQ(pool.idleWorkerPids(), started);
  ChunkAnalysis a = analyzeOne(pool, "func.func @f() {\n  return\n}\n");
  EXPECT_TRUE(a.diagnostics.empty());
  ChunkAnalysis b = analyzeOne(pool, "func.func @g( {\n");
  ASSERT_FALSE(b.diagnostics.empty());
  EXPECT_EQ(b.diagnostics[0].kind, DiagKind::Parse);
  EXPECT_EQ(pool.idleWorkerPids(), started); // the same process served both
}

TEST(WorkerPool, CrashIsContainedAndTheWorkerReplaced) {
  auto file = llvm::MemoryBuffer::getFile(
      OMPX_SOURCE_DIR "/test/check/Inputs/crash-linear.mlir");
  ASSERT_TRUE(bool(file));
  WorkerPool pool(workerOptions());
  std::vector<int> started = pool.idleWorkerPids();
  ChunkAnalysis a = analyzeOne(pool, (*file)->getBuffer());
  EXPECT_TRUE(a.crashed);
  bool named = false;
  for (const Diagnostic &d : a.diagnostics)
    named |= d.kind == DiagKind::Crash &&
             llvm::StringRef(d.message).contains(
                 "MLIR crashed (SIGABRT) in the verifier of 'omp.wsloop'");
  EXPECT_TRUE(named);
  // The function after the crashing one was still analyzed.
  bool after = false;
  for (const Diagnostic &d : a.diagnostics)
    after |= llvm::StringRef(d.message).contains("'arith.constant' op");
  EXPECT_TRUE(after);
  std::vector<int> now = pool.idleWorkerPids();
  ASSERT_EQ(now.size(), 1u); // a warm replacement waits
  EXPECT_NE(now, started);
  EXPECT_TRUE(
      analyzeOne(pool, "func.func @f() {\n  return\n}\n").diagnostics.empty());
}

TEST(WorkerPool, IdleWorkerKilledFromOutside) {
  WorkerPool pool(workerOptions());
  std::vector<int> started = pool.idleWorkerPids();
  ASSERT_EQ(started.size(), 1u);
  kill(started[0], SIGKILL);
  usleep(100000);
  ChunkAnalysis a = analyzeOne(pool, "func.func @g( {\n");
  EXPECT_FALSE(a.crashed);
  ASSERT_FALSE(a.diagnostics.empty());
  EXPECT_EQ(a.diagnostics[0].kind, DiagKind::Parse);
}
