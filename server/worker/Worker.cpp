//===- Worker.cpp - Chunk analysis in a crash-contained worker ------------===//

#include "server/worker/Worker.h"
#include "server/analysis/Breadcrumbs.h"
#include "server/model/Serialize.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/thread.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <deque>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <map>
#include <poll.h>
#include <set>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ompx;
using llvm::StringRef;

static Breadcrumbs *activeCrumbs = nullptr;
Breadcrumbs *ompx::currentBreadcrumbs() { return activeCrumbs; }
void ompx::setCurrentBreadcrumbs(Breadcrumbs *crumbs) { activeCrumbs = crumbs; }

//===----------------------------------------------------------------------===//
// The worker process
//===----------------------------------------------------------------------===//

static void crashHandler(int sig) {
  if (Breadcrumbs *c = activeCrumbs) {
    c->signal = sig;
    if (c->phase == Phase::Parse)
      c->parseProgress = currentParseProgress();
    void *frames[96];
    int n = backtrace(frames, 96);
    unsigned k = 0;
    for (int i = 0; i < n && k < Breadcrumbs::kMaxFrames; ++i) {
      Dl_info info;
      if (!dladdr(frames[i], &info) || !info.dli_sname)
        continue;
      strncpy(c->frames[k], info.dli_sname, Breadcrumbs::kFrameLen - 1);
      c->frames[k][Breadcrumbs::kFrameLen - 1] = 0;
      ++k;
    }
    c->numFrames = k;
  }
  // SA_RESETHAND restored the default action: die with the same signal.
  raise(sig);
}

static void installCrashHandlers() {
  // Preload what backtrace() lazily loads, so the handler need not.
  void *dummy[2];
  backtrace(dummy, 2);
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = crashHandler;
  sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP})
    sigaction(sig, &sa, nullptr);
}

static bool writeAll(int fd, const char *data, size_t size) {
  while (size) {
    ssize_t n = write(fd, data, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data += n;
    size -= n;
  }
  return true;
}

/// Runs `fn` on a thread with `stackBytes` of stack and an alternate signal
/// stack, so deep recursion in the parser has room and a stack overflow can
/// still be reported.
static void runOnBigStack(unsigned stackBytes, llvm::function_ref<void()> fn) {
  llvm::thread worker(std::optional<unsigned>(stackBytes), [&fn] {
    static constexpr size_t kAltStack = 1 << 18;
    stack_t ss;
    ss.ss_sp = malloc(kAltStack);
    ss.ss_size = kAltStack;
    ss.ss_flags = 0;
    sigaltstack(&ss, nullptr);
    fn();
  });
  worker.join();
}

[[noreturn]] static void
workerMain(int outFd, int errFd, AnalysisEngine &engine, StringRef doc,
           llvm::ArrayRef<ChunkSpan> chunks, llvm::ArrayRef<unsigned> indices,
           const std::map<unsigned, AnalyzerOptions> &perChunk,
           const WorkerOptions &options) {
  // stdout may be the LSP channel: nothing of MLIR's may reach it.
  int devNull = open("/dev/null", O_WRONLY);
  if (devNull >= 0)
    dup2(devNull, STDOUT_FILENO);
  dup2(errFd, STDERR_FILENO);
  installCrashHandlers();
  // The server's context never runs threads (they would not survive fork);
  // this process may verify in parallel.
  engine.context().enableMultithreading(true);
  runOnBigStack(options.stackBytes, [&] {
    std::string frame;
    for (unsigned idx : indices) {
      activeCrumbs->chunkIndex = idx;
      auto it = perChunk.find(idx);
      const AnalyzerOptions &opts =
          it == perChunk.end() ? options.analyzer : it->second;
      ChunkAnalysis analysis = analyzeChunk(engine.context(), doc, chunks[idx], opts);
      frame.assign(8, '\0');
      serialize(analysis, frame);
      uint32_t header[2] = {idx, uint32_t(frame.size() - 8)};
      memcpy(frame.data(), header, 8);
      if (!writeAll(outFd, frame.data(), frame.size()))
        _exit(3);
    }
  });
  _exit(0);
}

//===----------------------------------------------------------------------===//
// The server side
//===----------------------------------------------------------------------===//

namespace {
struct WorkerRun {
  bool started = false;
  bool timedOut = false;
  bool cancelled = false;
  int status = 0;
  Breadcrumbs crumbs;
  std::string stderrTail;
  bool crashed() const {
    return started && !timedOut && !cancelled &&
           (WIFSIGNALED(status) ||
            (WIFEXITED(status) && WEXITSTATUS(status) != 0));
  }
};
} // namespace

static WorkerRun
runWorker(AnalysisEngine &engine, StringRef doc,
          llvm::ArrayRef<ChunkSpan> chunks, llvm::ArrayRef<unsigned> indices,
          const std::map<unsigned, AnalyzerOptions> &perChunk,
          const WorkerOptions &options,
          llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
          const std::atomic<bool> *cancel) {
  WorkerRun run;
  void *mem = mmap(nullptr, sizeof(Breadcrumbs), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED)
    return run;
  auto *crumbs = new (mem) Breadcrumbs();
  int outPipe[2], errPipe[2];
  if (pipe2(outPipe, O_CLOEXEC) != 0) {
    munmap(mem, sizeof(Breadcrumbs));
    return run;
  }
  if (pipe2(errPipe, O_CLOEXEC) != 0) {
    close(outPipe[0]);
    close(outPipe[1]);
    munmap(mem, sizeof(Breadcrumbs));
    return run;
  }
  pid_t pid = fork();
  if (pid == 0) {
    close(outPipe[0]);
    close(errPipe[0]);
    activeCrumbs = crumbs;
    workerMain(outPipe[1], errPipe[1], engine, doc, chunks, indices, perChunk,
               options);
  }
  close(outPipe[1]);
  close(errPipe[1]);
  if (pid < 0) {
    close(outPipe[0]);
    close(errPipe[0]);
    munmap(mem, sizeof(Breadcrumbs));
    return run;
  }
  run.started = true;

  using Clock = std::chrono::steady_clock;
  auto deadline = Clock::now() + std::chrono::milliseconds(options.timeoutMs);
  std::string buffer;
  size_t consumed = 0;
  bool outOpen = true, errOpen = true;
  char chunk[1 << 16];
  while (outOpen || errOpen) {
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    int ready = poll(fds, 2, 50);
    if (ready < 0 && errno != EINTR)
      break;
    if (cancel && cancel->load()) {
      kill(pid, SIGKILL);
      run.cancelled = true;
      break;
    }
    if (Clock::now() > deadline) {
      kill(pid, SIGKILL);
      run.timedOut = true;
      break;
    }
    if (ready <= 0)
      continue;
    if (outOpen && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
      ssize_t n = read(outPipe[0], chunk, sizeof(chunk));
      if (n <= 0 && !(n < 0 && errno == EINTR)) {
        outOpen = false;
      } else if (n > 0) {
        buffer.append(chunk, n);
        // Deliver every complete frame.
        while (buffer.size() - consumed >= 8) {
          uint32_t header[2];
          memcpy(header, buffer.data() + consumed, 8);
          if (buffer.size() - consumed - 8 < header[1])
            break;
          ChunkAnalysis analysis;
          if (deserialize(StringRef(buffer.data() + consumed + 8, header[1]),
                          analysis))
            onChunk(header[0], std::move(analysis));
          consumed += 8 + header[1];
          deadline = Clock::now() + std::chrono::milliseconds(options.timeoutMs);
        }
        if (consumed == buffer.size()) {
          buffer.clear();
          consumed = 0;
        }
      }
    }
    if (errOpen && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      ssize_t n = read(errPipe[0], chunk, sizeof(chunk));
      if (n <= 0 && !(n < 0 && errno == EINTR))
        errOpen = false;
      else if (n > 0) {
        run.stderrTail.append(chunk, n);
        if (run.stderrTail.size() > 8192)
          run.stderrTail.erase(0, run.stderrTail.size() - 8192);
      }
    }
  }
  close(outPipe[0]);
  close(errPipe[0]);
  while (waitpid(pid, &run.status, 0) < 0 && errno == EINTR) {
  }
  memcpy(static_cast<void *>(&run.crumbs), crumbs, sizeof(Breadcrumbs));
  munmap(mem, sizeof(Breadcrumbs));
  return run;
}

namespace {
struct CrashSite {
  std::string opName; ///< "omp.wsloop", or "" if the frames do not say
  std::string method; ///< "parse", "verify", ...
};
} // namespace

/// Finds the innermost `<ns>::<Name>Op::<method>` frame of the crash.
static CrashSite crashSiteFromFrames(AnalysisEngine &engine,
                                     const Breadcrumbs &crumbs) {
  static const llvm::Regex opFrame(
      "([A-Za-z0-9_]+)::([A-Za-z0-9_]+Op)::([A-Za-z0-9_]+)\\(");
  for (unsigned i = 0; i < crumbs.numFrames; ++i) {
    std::string demangled = llvm::demangle(crumbs.frames[i]);
    llvm::SmallVector<StringRef> m;
    if (!opFrame.match(demangled, &m))
      continue;
    std::string name = engine.opNameForClass((llvm::Twine(m[1]) + "::" + m[2]).str());
    if (!name.empty())
      return {name, m[3].str()};
  }
  return {};
}

static const char *signalName(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGABRT: return "SIGABRT";
  case SIGBUS: return "SIGBUS";
  case SIGILL: return "SIGILL";
  case SIGFPE: return "SIGFPE";
  case SIGTRAP: return "SIGTRAP";
  default: return "a signal";
  }
}

/// The first meaningful line MLIR/LLVM printed before dying, if any.
static std::string firstErrorLine(StringRef tail) {
  llvm::SmallVector<StringRef> lines;
  tail.split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    if (line.empty() || line.starts_with("PLEASE ") ||
        line.starts_with("Stack dump") || line.starts_with("#") ||
        line.starts_with("0."))
      continue;
    return line.take_front(300).str();
  }
  return "";
}

void ompx::analyzeChunks(
    AnalysisEngine &engine, StringRef doc, llvm::ArrayRef<ChunkSpan> chunks,
    llvm::ArrayRef<unsigned> which, const WorkerOptions &options,
    llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
    const std::atomic<bool> *cancel) {
  if (!options.isolate) {
    for (unsigned idx : which) {
      if (cancel && cancel->load())
        return;
      ChunkAnalysis analysis;
      runOnBigStack(options.stackBytes, [&] {
        analysis =
            analyzeChunk(engine.context(), doc, chunks[idx], options.analyzer);
      });
      onChunk(idx, std::move(analysis));
    }
    return;
  }

  std::map<unsigned, AnalyzerOptions> perChunk;
  std::map<unsigned, std::vector<Diagnostic>> crashDiags;
  std::deque<unsigned> pending(which.begin(), which.end());
  auto deliver = [&](unsigned idx, ChunkAnalysis &&analysis) {
    auto it = crashDiags.find(idx);
    if (it != crashDiags.end()) {
      analysis.crashed = true;
      analysis.diagnostics.insert(analysis.diagnostics.begin(),
                                  it->second.begin(), it->second.end());
      std::stable_sort(analysis.diagnostics.begin(),
                       analysis.diagnostics.end(),
                       [](const Diagnostic &a, const Diagnostic &b) {
                         return a.range.begin < b.range.begin;
                       });
    }
    onChunk(idx, std::move(analysis));
  };

  while (!pending.empty()) {
    if (cancel && cancel->load())
      return;
    std::set<unsigned> done;
    std::vector<unsigned> batch(pending.begin(), pending.end());
    WorkerRun run = runWorker(
        engine, doc, chunks, batch, perChunk, options,
        [&](unsigned idx, ChunkAnalysis &&analysis) {
          done.insert(idx);
          deliver(idx, std::move(analysis));
        },
        cancel);
    std::deque<unsigned> rest;
    for (unsigned idx : pending)
      if (!done.count(idx))
        rest.push_back(idx);
    pending.swap(rest);
    if (pending.empty() || run.cancelled)
      return;

    unsigned idx = pending.front();
    if (std::find(pending.begin(), pending.end(), run.crumbs.chunkIndex) !=
        pending.end())
      idx = run.crumbs.chunkIndex;
    const ChunkSpan span = chunks[idx];
    StringRef chunkText = doc.slice(span.begin, span.end);

    if (!run.started || run.timedOut) {
      Diagnostic d;
      d.kind = DiagKind::Internal;
      d.range = {span.begin, span.begin};
      d.message = !run.started
                      ? "could not start an analysis worker process"
                      : "analysis of this chunk took longer than " +
                            std::to_string(options.timeoutMs / 1000) +
                            " s and was stopped";
      ChunkAnalysis analysis;
      analysis.chunkBegin = span.begin;
      analysis.chunkEnd = span.end;
      analysis.diagnostics.push_back(std::move(d));
      pending.erase(std::find(pending.begin(), pending.end(), idx));
      deliver(idx, std::move(analysis));
      continue;
    }

    // The worker died on chunk `idx`: say where and why, then try again
    // without the op that crashed.
    int sig = WIFSIGNALED(run.status) ? WTERMSIG(run.status) : 0;
    CrashSite site = crashSiteFromFrames(engine, run.crumbs);
    Phase phase = run.crumbs.phase;
    std::optional<uint32_t> at; // chunk-relative
    if (phase == Phase::Verify) {
      // Verify op by op in a second worker to find the instance.
      std::map<unsigned, AnalyzerOptions> locate = perChunk;
      AnalyzerOptions &opts = locate.try_emplace(idx, options.analyzer)
                                  .first->second;
      opts.locateVerifierCrash = true;
      unsigned one[] = {idx};
      WorkerRun again = runWorker(engine, doc, chunks, one, locate, options,
                                  [](unsigned, ChunkAnalysis &&) {}, cancel);
      if (again.crashed() && again.crumbs.currentOp != ~0u)
        at = again.crumbs.currentOp;
      if (site.opName.empty())
        site = crashSiteFromFrames(engine, again.crumbs);
    }
    if (at && site.opName.empty()) {
      // The frames did not name the op (inlined or stripped), but the
      // breadcrumb points at its name.
      TextRange name = tokenRangeAt(chunkText, *at);
      site.opName = chunkText.slice(name.begin, name.end).trim('"').str();
    }
    if (!at && !site.opName.empty()) {
      std::vector<uint32_t> tokens = findOpNameTokens(chunkText, site.opName);
      uint32_t progress =
          run.crumbs.parseProgress == ~0u ? 0 : run.crumbs.parseProgress;
      for (uint32_t t : tokens)
        if (t >= progress) {
          at = t;
          break;
        }
      if (!at && !tokens.empty())
        at = tokens.back();
    }
    if (!at && run.crumbs.parseProgress != ~0u) {
      uint32_t p = run.crumbs.parseProgress;
      while (p < chunkText.size() && isspace(static_cast<unsigned char>(chunkText[p])))
        ++p;
      at = p;
    }

    Diagnostic d;
    d.kind = DiagKind::Crash;
    std::string what = phase == Phase::Parse    ? "parser"
                       : phase == Phase::Verify ? "verifier"
                                                : "analysis";
    d.message = "MLIR crashed (" +
                std::string(sig ? signalName(sig) : "abnormal exit") +
                ") in the " + what +
                (site.opName.empty() ? " of this chunk"
                                     : " of '" + site.opName + "'") +
                "; this is a bug in LLVM/MLIR 22, contained by ompx: the "
                "enclosing op is skipped and the rest of the chunk is "
                "analyzed without it";
    TextRange rel = at ? tokenRangeAt(chunkText, *at) : TextRange{0, 0};
    d.range = {rel.begin + span.begin, rel.end + span.begin};
    d.anchor = d.range.begin;
    std::string detail = firstErrorLine(run.stderrTail);
    if (!detail.empty())
      d.notes.push_back({{}, false, "MLIR printed: " + detail});
    crashDiags[idx].push_back(d);

    AnalyzerOptions &opts =
        perChunk.try_emplace(idx, options.analyzer).first->second;
    std::optional<TextRange> unit =
        at ? findRecoveryUnit(chunkText, *at) : std::nullopt;
    bool retry = unit && crashDiags[idx].size() <= options.maxCrashRetries;
    if (retry)
      for (const TextRange &b : opts.preBlanked)
        if (b.begin == unit->begin + span.begin)
          retry = false;
    if (retry) {
      opts.preBlanked.push_back(
          {unit->begin + span.begin, unit->end + span.begin});
      continue; // idx stays pending
    }
    ChunkAnalysis analysis;
    analysis.chunkBegin = span.begin;
    analysis.chunkEnd = span.end;
    pending.erase(std::find(pending.begin(), pending.end(), idx));
    deliver(idx, std::move(analysis));
  }
}
