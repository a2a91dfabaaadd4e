//===- WorkerPool.cpp - Analyses in warm worker processes -----------------===//
//
// The server's side of the worker processes: spawning them, keeping one
// warm, replacing one that crashed, grew or was killed, and answering a
// crash (CrashSite.h) by analyzing the chunk again without what crashed.
//
//===----------------------------------------------------------------------===//

#include "server/analysis/Breadcrumbs.h"
#include "server/model/Serialize.h"
#include "server/worker/BigStack.h"
#include "server/worker/CrashSite.h"
#include "server/worker/Worker.h"
#include "server/worker/WorkerProtocol.h"
#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <set>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace ompx;
using llvm::StringRef;

struct WorkerPool::Process {
  std::unique_ptr<Subprocess> proc;
  Breadcrumbs *crumbs = nullptr;
  int memfd = -1;
  /// The server's end of the socket that carries a document's memfd.
  int textSocket = -1;

  ~Process() {
    proc.reset(); // kills and reaps a worker still running
    if (crumbs)
      munmap(crumbs, sizeof(Breadcrumbs));
    if (memfd >= 0)
      close(memfd);
    if (textSocket >= 0)
      close(textSocket);
  }
  /// Bytes of stdout not yet taken apart into frames.
  FrameReader frames;
};

/// Starts a worker process; null (with `error`) when it cannot.
static std::unique_ptr<WorkerPool::Process>
startWorker(const WorkerOptions &options, std::string &error) {
  if (options.command.empty()) {
    error = "no worker command configured";
    return nullptr;
  }
  auto worker = std::make_unique<WorkerPool::Process>();
  // Shared memory that outlives the worker (and its exec): the breadcrumbs.
  worker->memfd = memfd_create("ompx-breadcrumbs", MFD_CLOEXEC);
  if (worker->memfd < 0 || ftruncate(worker->memfd, sizeof(Breadcrumbs)) != 0) {
    error = std::string("memfd: ") + strerror(errno);
    return nullptr;
  }
  void *mem = mmap(nullptr, sizeof(Breadcrumbs), PROT_READ | PROT_WRITE,
                   MAP_SHARED, worker->memfd, 0);
  if (mem == MAP_FAILED) {
    error = std::string("mmap: ") + strerror(errno);
    return nullptr;
  }
  worker->crumbs = new (mem) Breadcrumbs();
  SpawnOptions spawn;
  spawn.argv = options.command;
  spawn.passFds.push_back({worker->memfd, kBreadcrumbsFd});
  // Without the socket (no descriptors left, say) documents go through
  // stdin, as small ones always do.
  int pair[2];
  bool socket = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) == 0;
  if (socket) {
    worker->textSocket = pair[0];
    spawn.passFds.push_back({pair[1], kTextSocketFd});
  }
  // Documents and analyses of megabytes cross these pipes.
  spawn.pipeBytes = 1 << 20;
  auto proc = Subprocess::spawn(spawn);
  if (socket)
    close(pair[1]);
  if (!proc) {
    error = llvm::toString(proc.takeError());
    return nullptr;
  }
  worker->proc = std::move(*proc);
  return worker;
}

WorkerPool::WorkerPool(WorkerOptions options) : opts(std::move(options)) {
  if (!opts.isolate)
    return;
  std::string error;
  if (auto worker = startWorker(opts, error))
    idle.push_back(std::move(worker));
}

WorkerPool::~WorkerPool() = default;

std::unique_ptr<WorkerPool::Process> WorkerPool::acquire() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    while (!idle.empty()) {
      std::unique_ptr<Process> worker = std::move(idle.back());
      idle.pop_back();
      // One that died while idle (killed from outside) is replaced.
      if (!worker->proc->tryWait())
        return worker;
    }
  }
  std::string error;
  return startWorker(opts, error);
}

void WorkerPool::release(std::unique_ptr<Process> worker, bool healthy) {
  if (healthy && worker->proc->residentBytes() > opts.recycleBytes)
    healthy = false;
  if (!healthy) {
    worker.reset();
    std::string error;
    worker = startWorker(opts, error); // the replacement warms up now
    if (!worker)
      return;
  }
  std::lock_guard<std::mutex> lock(mutex);
  idle.push_back(std::move(worker));
}

void WorkerPool::noteHello(StringRef payload) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!opNames.empty())
    return;
  llvm::SmallVector<StringRef> names;
  payload.split(names, '\n', -1, false);
  for (StringRef n : names)
    opNames.push_back(n.str());
}

void WorkerPool::reserve(unsigned n) {
  if (!opts.isolate)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  std::string error;
  while (idle.size() < n) {
    std::unique_ptr<Process> worker = startWorker(opts, error);
    if (!worker)
      return;
    idle.push_back(std::move(worker));
  }
}

bool WorkerPool::waitUntilReady(std::chrono::milliseconds limit) {
  std::unique_ptr<Process> worker;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (idle.empty())
      return !opts.isolate;
    worker = std::move(idle.back());
    idle.pop_back();
  }
  bool ready = false;
  auto end = Clock::now() + limit;
  while (!ready && Clock::now() < end &&
         worker->proc->pump(20, [&](StringRef data) {
           worker->frames.take(data, [&](uint32_t idx, StringRef payload) {
             if (idx == kHelloFrame) {
               noteHello(payload);
               ready = true;
             }
           });
         })) {
  }
  std::lock_guard<std::mutex> lock(mutex);
  idle.push_back(std::move(worker));
  return ready;
}

std::vector<int> WorkerPool::idleWorkerPids() {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<int> pids;
  for (const std::unique_ptr<Process> &worker : idle)
    pids.push_back(worker->proc->pid());
  return pids;
}

AnalysisEngine &WorkerPool::inProcessEngine() {
  std::lock_guard<std::mutex> lock(mutex);
  if (opts.engine)
    return *opts.engine;
  if (!engine)
    engine = std::make_unique<AnalysisEngine>();
  return *engine;
}

std::string WorkerPool::opNameForClass(StringRef cppClass) {
  std::lock_guard<std::mutex> lock(mutex);
  return ompx::opNameForClass(opNames, cppClass);
}

struct WorkerPool::Batch {
  bool started = false;
  bool finished = false; ///< the worker answered the whole request
  bool timedOut = false;
  bool cancelled = false;
  ExitStatus status;
  Breadcrumbs crumbs;
  std::string stderrTail;
  bool crashed() const {
    return started && !finished && !timedOut && !cancelled;
  }
};

WorkerPool::Batch WorkerPool::runBatch(
    StringRef doc, llvm::ArrayRef<ChunkSpan> chunks,
    llvm::ArrayRef<unsigned> indices, const AnalyzerOptions &defaults,
    const std::map<unsigned, AnalyzerOptions> &perChunk,
    llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
    const std::atomic<bool> *cancel, DiagnosticsFn onDiagnostics, int docFd) {
  Batch run;
  std::unique_ptr<Process> worker = acquire();
  if (!worker)
    return run;
  run.started = true;
  Subprocess &proc = *worker->proc;
  auto timeout = std::chrono::milliseconds(opts.timeoutMs);
  auto deadline = Clock::now() + timeout;
  auto onFrame = [&](uint32_t idx, StringRef payload) {
    if (idx == kDoneFrame) {
      run.finished = true;
    } else if (idx == kHelloFrame) {
      noteHello(payload);
    } else if (idx & kEarlyFrameBit) {
      // (The chunk's deadline stands: its analysis is not done.)
      ChunkAnalysis only;
      if (onDiagnostics && deserialize(payload, only))
        onDiagnostics(idx & ~kEarlyFrameBit, std::move(only.diagnostics));
    } else {
      // The deadline is per chunk, as a worker's silence.
      deadline = Clock::now() + timeout;
      ChunkAnalysis analysis;
      if (deserialize(payload, analysis))
        onChunk(idx, std::move(analysis));
    }
  };
  auto onStdout = [&](StringRef data) { worker->frames.take(data, onFrame); };
  // What an earlier request left on stderr is not this one's.
  for (bool more = true; more;) {
    bool got = false;
    more = proc.pump(
               0,
               [&](StringRef data) {
                 got = true;
                 onStdout(data);
               },
               [&](StringRef) { got = true; }) &&
           got;
  }
  proc.clearStderrTail();

  new (worker->crumbs) Breadcrumbs();
  WorkerRequest req;
  req.docSize = doc.size();
  // A document in a memfd is lent, not sent: the worker maps its pages.
  req.docFd = docFd >= 0 && worker->textSocket >= 0 &&
              sendFd(worker->textSocket, docFd);
  req.stackBytes = opts.stackBytes;
  req.early = bool(onDiagnostics);
  req.defaults = defaults;
  for (unsigned idx : indices) {
    auto it = perChunk.find(idx);
    req.chunks.push_back({idx, chunks[idx],
                          it == perChunk.end()
                              ? std::nullopt
                              : std::optional<AnalyzerOptions>(it->second)});
  }
  std::string request = req.encode();
  // Else straight from the document, no copy. A worker that died while
  // idle fails here, as a crash would.
  if (proc.writeStdin(request) && !req.docFd)
    for (unsigned idx : indices)
      if (!proc.writeStdin(doc.slice(chunks[idx].begin, chunks[idx].end)))
        break;

  deadline = Clock::now() + timeout;
  bool open = true;
  while (!run.finished && open) {
    if (cancel && cancel->load()) {
      run.cancelled = true;
      break;
    }
    if (Clock::now() > deadline) {
      run.timedOut = true;
      break;
    }
    open = proc.pump(50, onStdout);
  }
  if (!run.finished) {
    proc.kill();
    run.status = proc.wait();
  }
  run.stderrTail = proc.stderrTail();
  memcpy(static_cast<void *>(&run.crumbs), worker->crumbs, sizeof(Breadcrumbs));
  release(std::move(worker), run.finished);
  return run;
}

/// One analyzeChunks call in worker processes: batches of the chunks still
/// pending, and each failure attributed to a chunk and answered (its
/// diagnostic, and the chunk analyzed again without what crashed).
class WorkerPool::Request {
public:
  Request(WorkerPool &pool, StringRef doc, llvm::ArrayRef<ChunkSpan> chunks,
          llvm::ArrayRef<unsigned> which, const AnalyzerOptions &defaults,
          llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
          const std::atomic<bool> *cancel, DiagnosticsFn onDiagnostics,
          int docFd)
      : pool(pool), doc(doc), chunks(chunks), defaults(defaults),
        onChunk(onChunk), cancel(cancel), onDiagnostics(onDiagnostics),
        docFd(docFd), pending(which.begin(), which.end()) {}

  void run();

private:
  bool withCrashes(unsigned idx, std::vector<Diagnostic> &diags);
  void deliver(unsigned idx, ChunkAnalysis &&analysis);
  /// The chunk a failed batch failed on.
  unsigned failedChunk(const Batch &run) const;
  /// Delivers `idx` with only `message` (no worker, or too slow).
  void giveUp(unsigned idx, std::string message);
  void onLoweringCrash(unsigned idx, const Batch &run, const CrashSite &site);
  void onCrash(unsigned idx, const Batch &run, CrashSite site);

  WorkerPool &pool;
  StringRef doc;
  llvm::ArrayRef<ChunkSpan> chunks;
  const AnalyzerOptions &defaults;
  llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk;
  const std::atomic<bool> *cancel;
  DiagnosticsFn onDiagnostics;
  int docFd;
  std::map<unsigned, AnalyzerOptions> perChunk;
  std::map<unsigned, std::vector<Diagnostic>> crashDiags;
  std::deque<unsigned> pending;
};

/// A chunk analyzed again after a crash: the crash's diagnostics join the
/// analysis's, in document order.
bool WorkerPool::Request::withCrashes(unsigned idx,
                                      std::vector<Diagnostic> &diags) {
  auto it = crashDiags.find(idx);
  if (it == crashDiags.end())
    return false;
  diags.insert(diags.begin(), it->second.begin(), it->second.end());
  std::stable_sort(diags.begin(), diags.end(),
                   [](const Diagnostic &a, const Diagnostic &b) {
                     return a.range.begin < b.range.begin;
                   });
  return true;
}

void WorkerPool::Request::deliver(unsigned idx, ChunkAnalysis &&analysis) {
  if (withCrashes(idx, analysis.diagnostics))
    analysis.crashed = true;
  onChunk(idx, std::move(analysis));
}

void WorkerPool::Request::run() {
  auto deliverEarly = [&](unsigned idx, std::vector<Diagnostic> &&diags) {
    withCrashes(idx, diags);
    onDiagnostics(idx, std::move(diags));
  };
  while (!pending.empty()) {
    if (cancel && cancel->load())
      return;
    std::set<unsigned> done;
    std::vector<unsigned> batch(pending.begin(), pending.end());
    Batch run = pool.runBatch(
        doc, chunks, batch, defaults, perChunk,
        [&](unsigned idx, ChunkAnalysis &&analysis) {
          done.insert(idx);
          deliver(idx, std::move(analysis));
        },
        cancel, onDiagnostics ? DiagnosticsFn(deliverEarly) : nullptr, docFd);
    std::deque<unsigned> rest;
    for (unsigned idx : pending)
      if (!done.count(idx))
        rest.push_back(idx);
    pending.swap(rest);
    if (pending.empty() || run.cancelled)
      return;

    unsigned idx = failedChunk(run);
    if (run.timedOut && run.crumbs.phase == Phase::Lower) {
      // Parsed and verified; only the translation is slow: say so and keep
      // the rest of the analysis.
      Diagnostic d;
      d.kind = DiagKind::Lowering;
      d.severity = Severity::Warning;
      d.range = {chunks[idx].begin, chunks[idx].begin};
      d.message = "translating this chunk to LLVM IR took longer than " +
                  std::to_string(pool.opts.timeoutMs / 1000) +
                  " s and was stopped; it is not checked";
      crashDiags[idx].push_back(d);
      perChunk.try_emplace(idx, defaults).first->second.lowering = false;
      continue;
    }
    if (!run.started || run.timedOut) {
      giveUp(idx, !run.started
                      ? "could not start an analysis worker process"
                      : "analysis of this chunk took longer than " +
                            std::to_string(pool.opts.timeoutMs / 1000) +
                            " s and was stopped");
      continue;
    }
    auto nameOf = [this](StringRef cls) { return pool.opNameForClass(cls); };
    CrashSite site = crashSiteFromFrames(nameOf, run.crumbs);
    if (run.crumbs.phase == Phase::Lower)
      onLoweringCrash(idx, run, site);
    else
      onCrash(idx, run, std::move(site));
  }
}

unsigned WorkerPool::Request::failedChunk(const Batch &run) const {
  // Where the breadcrumbs name no pending chunk: the one the worker took
  // first (it takes the smallest first).
  unsigned idx = *llvm::min_element(pending, [&](unsigned a, unsigned b) {
    return chunks[a].end - chunks[a].begin < chunks[b].end - chunks[b].begin;
  });
  if (std::find(pending.begin(), pending.end(), run.crumbs.chunkIndex) !=
      pending.end())
    idx = run.crumbs.chunkIndex;
  return idx;
}

void WorkerPool::Request::giveUp(unsigned idx, std::string message) {
  const ChunkSpan span = chunks[idx];
  Diagnostic d;
  d.kind = DiagKind::Internal;
  d.range = {span.begin, span.begin};
  d.message = std::move(message);
  ChunkAnalysis analysis;
  analysis.chunkBegin = span.begin;
  analysis.chunkEnd = span.end;
  analysis.diagnostics.push_back(std::move(d));
  pending.erase(std::find(pending.begin(), pending.end(), idx));
  deliver(idx, std::move(analysis));
}

/// The chunk parsed and verified; only the translation of a clone died.
/// Reports it, and analyzes the chunk again without lowering: nothing is
/// blanked and the parse/verify results stand.
void WorkerPool::Request::onLoweringCrash(unsigned idx, const Batch &run,
                                          const CrashSite &site) {
  const ChunkSpan span = chunks[idx];
  int sig = run.status.signaled ? run.status.signal : 0;
  crashDiags[idx].push_back(loweringCrashDiagnostic(
      doc.slice(span.begin, span.end), span, site, sig, run.stderrTail));
  perChunk.try_emplace(idx, defaults).first->second.lowering = false;
  // idx stays pending
}

/// The worker died on chunk `idx`: says where and why, then tries again
/// without the op that crashed.
void WorkerPool::Request::onCrash(unsigned idx, const Batch &run,
                                  CrashSite site) {
  const ChunkSpan span = chunks[idx];
  StringRef chunkText = doc.slice(span.begin, span.end);
  std::optional<uint32_t> at; // chunk-relative
  if (run.crumbs.phase == Phase::Verify) {
    // Verify op by op in a second worker to find the instance.
    std::map<unsigned, AnalyzerOptions> locate = perChunk;
    AnalyzerOptions &opts = locate.try_emplace(idx, defaults).first->second;
    opts.locateVerifierCrash = true;
    unsigned one[] = {idx};
    Batch again = pool.runBatch(
        doc, chunks, one, defaults, locate, [](unsigned, ChunkAnalysis &&) {},
        cancel, nullptr, docFd);
    if (again.crashed() && again.crumbs.currentOp != ~0u)
      at = again.crumbs.currentOp;
    if (site.opName.empty())
      site = crashSiteFromFrames(
          [this](StringRef cls) { return pool.opNameForClass(cls); },
          again.crumbs);
  }
  at = crashOffset(chunkText, site, run.crumbs, at);
  int sig = run.status.signaled ? run.status.signal : 0;
  crashDiags[idx].push_back(crashDiagnostic(
      chunkText, span, site, run.crumbs.phase, sig, at, run.stderrTail));

  AnalyzerOptions &opts = perChunk.try_emplace(idx, defaults).first->second;
  std::optional<TextRange> unit =
      at ? findRecoveryUnit(chunkText, *at) : std::nullopt;
  bool retry = unit && crashDiags[idx].size() <= pool.opts.maxCrashRetries;
  if (retry)
    for (const TextRange &b : opts.preBlanked)
      if (b.begin == unit->begin + span.begin)
        retry = false;
  if (retry) {
    opts.preBlanked.push_back(
        {unit->begin + span.begin, unit->end + span.begin});
    return; // idx stays pending
  }
  ChunkAnalysis analysis;
  analysis.chunkBegin = span.begin;
  analysis.chunkEnd = span.end;
  pending.erase(std::find(pending.begin(), pending.end(), idx));
  deliver(idx, std::move(analysis));
}

void WorkerPool::analyzeChunks(
    StringRef doc, llvm::ArrayRef<ChunkSpan> chunks,
    llvm::ArrayRef<unsigned> which,
    llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
    const std::atomic<bool> *cancel, const AnalyzerOptions *analyzer,
    DiagnosticsFn onDiagnostics, int docFd) {
  const AnalyzerOptions &defaults = analyzer ? *analyzer : opts.analyzer;
  if (opts.isolate) {
    Request(*this, doc, chunks, which, defaults, onChunk, cancel, onDiagnostics,
            docFd)
        .run();
    return;
  }
  AnalysisEngine &engine = inProcessEngine();
  for (unsigned idx : which) {
    if (cancel && cancel->load())
      return;
    AnalyzeHooks hooks;
    if (onDiagnostics)
      hooks.diagnosticsReady = [&](llvm::ArrayRef<Diagnostic> diags) {
        onDiagnostics(idx, std::vector<Diagnostic>(diags.begin(), diags.end()));
      };
    ChunkAnalysis analysis;
    runOnBigStack(opts.stackBytes, [&] {
      analysis =
          analyzeChunk(engine.context(), doc, chunks[idx], defaults, hooks);
    });
    onChunk(idx, std::move(analysis));
  }
}
