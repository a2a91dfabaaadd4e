//===- WorkerPoolTest.cpp - Warm spawned workers, restarted after a crash -===//

#include "server/worker/CrashSite.h"
#include "server/worker/Worker.h"
#include "server/worker/WorkerProtocol.h"
#include "support/SharedText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <set>

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

namespace {
/// What analyzeChunks reported, in order: early diagnostics and analyses.
struct Event {
  bool early;
  unsigned idx;
  std::vector<Diagnostic> diagnostics;
  std::chrono::steady_clock::time_point at;
};

std::vector<Event> analyzeWithEarly(WorkerPool &pool, llvm::StringRef text,
                                    std::vector<ChunkSpan> chunks) {
  std::vector<unsigned> which;
  for (unsigned i = 0; i < chunks.size(); ++i)
    which.push_back(i);
  std::vector<Event> events;
  pool.analyzeChunks(
      text, chunks, which,
      [&](unsigned idx, ChunkAnalysis &&a) {
        events.push_back({false, idx, std::move(a.diagnostics),
                          std::chrono::steady_clock::now()});
      },
      nullptr, nullptr,
      [&](unsigned idx, std::vector<Diagnostic> &&diags) {
        events.push_back(
            {true, idx, std::move(diags), std::chrono::steady_clock::now()});
      });
  return events;
}

std::vector<std::string> describe(const std::vector<Diagnostic> &diags) {
  std::vector<std::string> out;
  for (const Diagnostic &d : diags)
    out.push_back(std::to_string(d.range.begin) + "-" +
                  std::to_string(d.range.end) + " " + d.message);
  return out;
}

/// Each chunk's early diagnostics come right before its analysis and are
/// its analysis's diagnostics; every chunk once.
void expectEarlyThenSame(const std::vector<Event> &events, unsigned chunks) {
  ASSERT_EQ(events.size(), 2 * chunks);
  std::set<unsigned> seen;
  for (unsigned i = 0; i < chunks; ++i) {
    EXPECT_TRUE(events[2 * i].early);
    EXPECT_FALSE(events[2 * i + 1].early);
    EXPECT_EQ(events[2 * i + 1].idx, events[2 * i].idx);
    seen.insert(events[2 * i].idx);
    EXPECT_FALSE(events[2 * i].diagnostics.empty());
    EXPECT_EQ(describe(events[2 * i].diagnostics),
              describe(events[2 * i + 1].diagnostics));
  }
  EXPECT_EQ(seen.size(), chunks);
}

/// The early event of chunk `idx`.
const Event &earlyOf(const std::vector<Event> &events, unsigned idx) {
  for (const Event &e : events)
    if (e.early && e.idx == idx)
      return e;
  static const Event none{};
  ADD_FAILURE() << "no early diagnostics for chunk " << idx;
  return none;
}

const char *kTwoChunks = "llvm.func @bad() {\n"
                         "  %0 = llvm.mlir.constant(1 : i64) : i64\n"
                         "  llvm.return %0 : i64\n}\n"
                         "// -----\n"
                         "func.func @g( {\n";

std::vector<ChunkSpan> twoChunkSpans() {
  llvm::StringRef text(kTwoChunks);
  uint32_t split = text.find("// -----");
  return {{0, split}, {uint32_t(split + 9), uint32_t(text.size())}};
}
} // namespace

TEST(WorkerPool, EarlyDiagnosticsComeBeforeEachAnalysis) {
  WorkerPool pool(workerOptions());
  std::vector<Event> events =
      analyzeWithEarly(pool, kTwoChunks, twoChunkSpans());
  expectEarlyThenSame(events, 2);
  ASSERT_EQ(events.size(), 4u);
  ASSERT_FALSE(earlyOf(events, 0).diagnostics.empty());
  EXPECT_NE(
      earlyOf(events, 0).diagnostics[0].message.find("expected no operands"),
      std::string::npos);
  ASSERT_FALSE(earlyOf(events, 1).diagnostics.empty());
  EXPECT_EQ(earlyOf(events, 1).diagnostics[0].kind, DiagKind::Parse);
  EXPECT_GE(earlyOf(events, 1).diagnostics[0].range.begin,
            twoChunkSpans()[1].begin);
}

/// A worker analyzes the smallest chunk first: the editor publishes once
/// every chunk's diagnostics are in, so the largest chunk's facts are the
/// only work left after the last verification.
TEST(WorkerPool, SmallestChunkFirst) {
  WorkerPool pool(workerOptions());
  std::vector<ChunkSpan> spans = twoChunkSpans();
  ASSERT_LT(spans[1].end - spans[1].begin, spans[0].end - spans[0].begin);
  std::vector<Event> events = analyzeWithEarly(pool, kTwoChunks, spans);
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0].idx, 1u);
  EXPECT_EQ(events[2].idx, 0u);
}

TEST(WorkerPool, EarlyDiagnosticsInProcess) {
  WorkerOptions options = workerOptions();
  options.isolate = false;
  WorkerPool pool(options);
  expectEarlyThenSame(analyzeWithEarly(pool, kTwoChunks, twoChunkSpans()), 2);
}

TEST(WorkerPool, EarlyDiagnosticsOfAChunkAnalyzedAgainHoldTheCrash) {
  auto file = llvm::MemoryBuffer::getFile(
      OMPX_SOURCE_DIR "/test/check/Inputs/crash-linear.mlir");
  ASSERT_TRUE(bool(file));
  WorkerPool pool(workerOptions());
  llvm::StringRef text = (*file)->getBuffer();
  std::vector<Event> events =
      analyzeWithEarly(pool, text, {{0, uint32_t(text.size())}});
  expectEarlyThenSame(events, 1);
  ASSERT_FALSE(events.empty());
  EXPECT_TRUE(llvm::any_of(events[0].diagnostics, [](const Diagnostic &d) {
    return d.kind == DiagKind::Crash;
  }));
}

TEST(WorkerPool, EarlyDiagnosticsPrecedeTheFacts) {
  // Inherited by the workers spawned from now on.
  setenv("OMPX_TEST_FACTS_DELAY_MS", "1000", 1);
  WorkerPool pool(workerOptions());
  unsetenv("OMPX_TEST_FACTS_DELAY_MS");
  std::vector<Event> events =
      analyzeWithEarly(pool, kTwoChunks, twoChunkSpans());
  expectEarlyThenSame(events, 2);
  ASSERT_EQ(events.size(), 4u);
  EXPECT_GE(events[1].at - events[0].at, std::chrono::milliseconds(900));
}

// A document in a memfd (SharedText) is mapped by the worker, not sent: given
// a memfd whose text differs from the one the caller passes, the worker
// analyzes the memfd's, and it can blank and terminate its private mapping
// without the caller's text changing.
TEST(WorkerPool, AnalyzesTheSharedTextItIsLent) {
  WorkerPool pool(workerOptions());
  std::string good = "func.func @f() {\n  return\n}\n";
  std::string bad = "func.func @f( {\n  return \n}\n";
  ASSERT_EQ(good.size(), bad.size());
  auto shared = SharedText::make(bad, SharedText::Placement::Shared);
  ASSERT_GE(shared->fd(), 0);
  std::vector<ChunkSpan> chunks{{0, uint32_t(good.size())}};
  unsigned which[] = {0};
  ChunkAnalysis result;
  pool.analyzeChunks(
      good, chunks, which,
      [&](unsigned, ChunkAnalysis &&a) { result = std::move(a); }, nullptr,
      nullptr, nullptr, shared->fd());
  ASSERT_FALSE(result.diagnostics.empty());
  EXPECT_EQ(result.diagnostics[0].kind, DiagKind::Parse);
  EXPECT_EQ(shared->str(), bad);
  // Without the memfd, the same pool reads the chunks from its pipe.
  EXPECT_TRUE(analyzeOne(pool, good).diagnostics.empty());
}

//===----------------------------------------------------------------------===//
// The frame contract and crash attribution, without a worker
//===----------------------------------------------------------------------===//

TEST(WorkerProtocol, FramesRoundTripInAnyPieces) {
  std::vector<std::pair<uint32_t, std::string>> sent = {
      {kHelloFrame, "omp.parallel\nomp.wsloop\n"},
      {3 | kEarlyFrameBit, "early"},
      {3, std::string(5000, 'x')},
      {7, ""},
      {kDoneFrame, ""}};
  std::string stream;
  for (const auto &[idx, payload] : sent)
    stream += frameHeader(idx, payload.size()) + payload;
  for (size_t piece :
       {size_t(1), size_t(3), size_t(8), size_t(4096), stream.size()}) {
    FrameReader reader;
    std::vector<std::pair<uint32_t, std::string>> got;
    for (size_t at = 0; at < stream.size(); at += piece)
      reader.take(llvm::StringRef(stream).substr(at, piece),
                  [&](uint32_t idx, llvm::StringRef payload) {
                    got.emplace_back(idx, payload.str());
                  });
    EXPECT_EQ(got, sent) << "in pieces of " << piece;
    EXPECT_EQ(reader.pending(), 0u);
  }
}

TEST(WorkerProtocol, RequestRoundTrip) {
  WorkerRequest req;
  req.docSize = 1234;
  req.docFd = true;
  req.stackBytes = 1u << 24;
  req.early = true;
  req.defaults.lowering = true;
  req.defaults.disabledChecks = {"map-size"};
  AnalyzerOptions own;
  own.preBlanked = {{10, 20}};
  own.locateVerifierCrash = true;
  req.chunks = {{0, {0, 100}, std::nullopt}, {4, {100, 1234}, own}};
  std::string bytes = req.encode();
  uint32_t size;
  ASSERT_GE(bytes.size(), 4u);
  memcpy(&size, bytes.data(), 4);
  ASSERT_EQ(size, bytes.size() - 4);
  WorkerRequest back;
  std::string error;
  ASSERT_TRUE(
      WorkerRequest::decode(llvm::StringRef(bytes).drop_front(4), back, error))
      << error;
  EXPECT_EQ(back.docSize, 1234u);
  EXPECT_TRUE(back.docFd);
  EXPECT_EQ(back.stackBytes, 1u << 24);
  EXPECT_TRUE(back.early);
  EXPECT_TRUE(back.defaults.lowering);
  EXPECT_EQ(back.defaults.disabledChecks, req.defaults.disabledChecks);
  ASSERT_EQ(back.chunks.size(), 2u);
  EXPECT_EQ(back.chunks[0].idx, 0u);
  EXPECT_FALSE(back.chunks[0].options.has_value());
  EXPECT_EQ(back.chunks[1].idx, 4u);
  EXPECT_EQ(back.chunks[1].span.begin, 100u);
  EXPECT_EQ(back.chunks[1].span.end, 1234u);
  ASSERT_TRUE(back.chunks[1].options.has_value());
  EXPECT_TRUE(back.chunks[1].options->locateVerifierCrash);
  ASSERT_EQ(back.chunks[1].options->preBlanked.size(), 1u);
  EXPECT_EQ(back.chunks[1].options->preBlanked[0], (TextRange{10, 20}));
  EXPECT_FALSE(WorkerRequest::decode("{", back, error));
  EXPECT_FALSE(error.empty());
}

static Breadcrumbs crumbsWithFrames(std::vector<const char *> frames) {
  Breadcrumbs crumbs;
  for (const char *f : frames) {
    strncpy(crumbs.frames[crumbs.numFrames], f, Breadcrumbs::kFrameLen - 1);
    crumbs.numFrames = crumbs.numFrames + 1;
  }
  return crumbs;
}

TEST(CrashSite, InnermostOpFrameNamesTheOp) {
  auto nameOf = [](llvm::StringRef cls) -> std::string {
    return cls == "omp::WsloopOp" ? "omp.wsloop" : "";
  };
  Breadcrumbs crumbs = crumbsWithFrames(
      {"abort", "mlir::foo::UnknownOp::verify()",
       "mlir::omp::WsloopOp::verifyRegions()", "mlir::verify(...)"});
  CrashSite site = crashSiteFromFrames(nameOf, crumbs);
  EXPECT_EQ(site.opName, "omp.wsloop");
  EXPECT_EQ(site.method, "verifyRegions");
  EXPECT_EQ(crashSiteFromFrames(nameOf, crumbsWithFrames({"abort"})).opName,
            "");
}

TEST(CrashSite, WhereInTheChunk) {
  std::string chunk = "omp.wsloop {\n}\nomp.wsloop {\n}\n";
  uint32_t second = chunk.find("omp.wsloop", 1);
  Breadcrumbs crumbs;
  // The op the frames name, at or past where the parse got.
  CrashSite site{"omp.wsloop", "parse"};
  crumbs.parseProgress = 5;
  EXPECT_EQ(crashOffset(chunk, site, crumbs, std::nullopt), second);
  crumbs.parseProgress = ~0u;
  EXPECT_EQ(crashOffset(chunk, site, crumbs, std::nullopt), 0u);
  // A verification op by op knows the op; the text names it.
  CrashSite unnamed;
  EXPECT_EQ(crashOffset(chunk, unnamed, crumbs, second), second);
  EXPECT_EQ(unnamed.opName, "omp.wsloop");
  // Nothing but how far the parse got: the next token.
  CrashSite none;
  crumbs.parseProgress = chunk.find('}') + 1;
  EXPECT_EQ(crashOffset(chunk, none, crumbs, std::nullopt), second);

  Diagnostic d = crashDiagnostic(chunk, {100, 100 + uint32_t(chunk.size())},
                                 site, Phase::Verify, SIGSEGV, second,
                                 "noise\nPLEASE submit\nassertion failed\n");
  EXPECT_EQ(d.kind, DiagKind::Crash);
  EXPECT_EQ(d.range, (TextRange{100 + second, 100 + second + 10}));
  EXPECT_NE(d.message.find("in the verifier of 'omp.wsloop'"),
            std::string::npos);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].message, "MLIR printed: noise");
  EXPECT_EQ(firstErrorLine("\n  PLEASE x\nStack dump:\n#0 0x1\n boom \n"),
            "boom");

  Diagnostic l = loweringCrashDiagnostic(chunk, {0, uint32_t(chunk.size())},
                                         CrashSite{}, 0, "");
  EXPECT_EQ(l.kind, DiagKind::Lowering);
  EXPECT_EQ(l.range, (TextRange{0, 10}));
  EXPECT_NE(l.message.find("abnormal exit"), std::string::npos);
}
