//===- WorkerMain.cpp - The worker process (`ompx-lsp --worker`) ----------===//
//
// Serves analysis requests on stdin (WorkerProtocol.h) until it closes, with
// a warm MLIRContext, leaving breadcrumbs for the server to attribute a
// crash with (CrashSite.h).
//
//===----------------------------------------------------------------------===//

#include "server/analysis/Breadcrumbs.h"
#include "server/model/Serialize.h"
#include "server/worker/BigStack.h"
#include "server/worker/Worker.h"
#include "server/worker/WorkerProtocol.h"
#include "support/Pages.h"
#include "support/Subprocess.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Memory.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace ompx;
using llvm::StringRef;

static void crashHandler(int sig) {
  if (Breadcrumbs *c = currentBreadcrumbs()) {
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

namespace {

/// The document of one request: the server's memfd mapped privately, or
/// fresh pages the chunks' bytes are read into.
struct RequestDocument {
  llvm::sys::OwningMemoryBlock block;
  char *bytes = nullptr;
  /// The memfd behind `bytes`, open until the request is answered.
  int file = -1;
  RequestDocument() = default;
  RequestDocument(const RequestDocument &) = delete;
  RequestDocument &operator=(const RequestDocument &) = delete;
  ~RequestDocument() {
    if (file >= 0)
      close(file);
  }
};

/// One chunk to analyze, with its options.
struct Item {
  unsigned idx;
  ChunkSpan span;
  AnalyzerOptions opts;
};

/// The worker process: its context, kept warm across requests.
class WorkerProcess {
public:
  explicit WorkerProcess(int outFd);
  /// Serves requests until stdin closes: 0 then, else the exit status.
  int serve();

private:
  int serveRequest(const WorkerRequest &req);
  AnalyzeHooks hooksFor(const Item &item, const WorkerRequest &req,
                        RequestDocument &doc, bool &ok);
  bool analyzeItems(const std::vector<Item> &items, const WorkerRequest &req,
                    RequestDocument &doc);

  int outFd;
  AnalysisEngine engine;
  unsigned lowerDelayMs = 0, factsDelayMs = 0;
  bool parallelParse = true;
};

} // namespace

/// Before any thread starts: lowers the priority of a background worker,
/// keeps stdout for frames only and maps the breadcrumbs. The frames'
/// descriptor, or -1 (said on stderr).
static int setUpProcess(llvm::ArrayRef<const char *> args) {
  if (!args.empty() && llvm::StringRef(args[0]) == kBackgroundWorkerArg) {
    // Background work (the lowering request) yields the cores to the
    // analyses whose diagnostics the user waits for. Before any thread
    // starts: threads inherit their creator's nice value. Relative to the
    // server's own, so a server started under `nice` still ranks them.
    errno = 0;
    int own = getpriority(PRIO_PROCESS, 0);
    if (errno == 0)
      setpriority(PRIO_PROCESS, 0, std::min(own + 10, 19));
    args = args.drop_front();
  }
  if (!args.empty()) {
    fprintf(stderr, "ompx-lsp --worker: unexpected argument '%s'\n", args[0]);
    return -1;
  }
  // Frames go to a private copy of stdout; nothing MLIR prints may reach it.
  int outFd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 10);
  int devNull = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (outFd < 0 || devNull < 0)
    return -1;
  dup2(devNull, STDOUT_FILENO);
  close(devNull);
  void *mem = mmap(nullptr, sizeof(Breadcrumbs), PROT_READ | PROT_WRITE,
                   MAP_SHARED, kBreadcrumbsFd, 0);
  if (mem == MAP_FAILED) {
    fprintf(stderr,
            "ompx-lsp --worker: no breadcrumbs on descriptor %d "
            "(started by hand?): %s\n",
            kBreadcrumbsFd, strerror(errno));
    return -1;
  }
  close(kBreadcrumbsFd);
  setCurrentBreadcrumbs(static_cast<Breadcrumbs *>(mem));
  installCrashHandlers();
  return outFd;
}

int ompx::runWorkerProcess(llvm::ArrayRef<const char *> args) {
  int outFd = setUpProcess(args);
  if (outFd < 0)
    return 2;
  return WorkerProcess(outFd).serve();
}

WorkerProcess::WorkerProcess(int outFd) : outFd(outFd) {
  // Only this process uses the context: it may verify in parallel.
  engine.context().enableMultithreading(true);
  // Test hook: a translation this much slower (milliseconds per chunk
  // lowered), so that tests can watch the editor analyze other documents
  // meanwhile (test/lsp/lowering-concurrent.test). Read only here.
  if (const char *delay = getenv("OMPX_TEST_LOWERING_DELAY_MS"))
    lowerDelayMs = unsigned(atoi(delay));
  const char *parallelEnv = getenv("OMPX_PARALLEL_PARSE");
  parallelParse = !parallelEnv || llvm::StringRef(parallelEnv) != "0";
  // Test hook: the facts of a chunk this much slower to record (sleeps
  // after its early frame), so that tests can tell the early publication
  // of its diagnostics from the late one (test/lsp/early-diagnostics.test).
  if (const char *delay = getenv("OMPX_TEST_FACTS_DELAY_MS"))
    factsDelayMs = unsigned(atoi(delay));
}

int WorkerProcess::serve() {
  std::string names;
  for (const std::string &name : engine.registeredOps())
    names += name + "\n";
  if (!writeFrame(outFd, kHelloFrame, names))
    return 3;
  for (;;) {
    uint32_t headerSize;
    if (!readExactly(STDIN_FILENO, reinterpret_cast<char *>(&headerSize), 4))
      return 0; // the server closed our stdin: done
    std::string header(headerSize, '\0');
    if (!readExactly(STDIN_FILENO, header.data(), headerSize))
      return 3;
    WorkerRequest req;
    std::string error;
    if (!WorkerRequest::decode(header, req, error)) {
      fprintf(stderr, "ompx-lsp --worker: bad request: %s\n", error.c_str());
      return 3;
    }
    if (int status = serveRequest(req))
      return status;
    // Idle until the next request: give the analysis' freed heap back.
    malloc_trim(0);
  }
}

/// The request's document. Only the requested chunks' bytes arrive, each at
/// its offset: an edit of a 20 MB document then sends one chunk, not the
/// document, and analyzeChunk reads only its span. So the buffer (the
/// document's size and a byte the analysis may use as a parse's terminator)
/// is never initialized: pages no chunk arrives in are never touched, and
/// it is freed after the request rather than kept resident between edits.
/// With `docFd`, the document is the server's own memfd (SharedText),
/// mapped privately: the pages this process reads are the server's, and
/// only those it writes (terminators, a blanked half) are copied.
static bool mapDocument(const WorkerRequest &req, RequestDocument &doc) {
  size_t docSize = req.docSize;
  if (!req.docFd) {
    std::error_code mapError;
    doc.block =
        llvm::sys::OwningMemoryBlock(llvm::sys::Memory::allocateMappedMemory(
            docSize + 1, nullptr,
            llvm::sys::Memory::MF_READ | llvm::sys::Memory::MF_WRITE,
            mapError));
    if (mapError) {
      fprintf(stderr, "ompx-lsp --worker: no memory for %zu bytes: %s\n",
              docSize, mapError.message().c_str());
      return false;
    }
    doc.bytes = static_cast<char *>(doc.block.base());
    return true;
  }
  int fd = receiveFd(kTextSocketFd);
  struct stat st;
  void *m = MAP_FAILED;
  std::string why = "none received";
  if (fd >= 0 && fstat(fd, &st) != 0)
    why = std::string("fstat: ") + strerror(errno);
  else if (fd >= 0 && size_t(st.st_size) <= docSize)
    why = "it holds " + std::to_string(st.st_size) + " bytes, not " +
          std::to_string(docSize + 1);
  else if (fd >= 0 && (m = mmap(nullptr, docSize + 1, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE, fd, 0)) == MAP_FAILED)
    why = std::string("mmap: ") + strerror(errno);
  if (fd >= 0 && m == MAP_FAILED)
    close(fd);
  if (m == MAP_FAILED) {
    fprintf(stderr, "ompx-lsp --worker: no document memfd (%s)\n", why.c_str());
    return false;
  }
  doc.block =
      llvm::sys::OwningMemoryBlock(llvm::sys::MemoryBlock(m, docSize + 1));
  doc.bytes = static_cast<char *>(m);
  doc.file = fd;
  return true;
}

int WorkerProcess::serveRequest(const WorkerRequest &req) {
  RequestDocument doc;
  if (!mapDocument(req, doc))
    return 3;
  std::vector<Item> items;
  for (const WorkerRequest::Chunk &c : req.chunks) {
    Item item{c.idx, c.span, c.options ? *c.options : req.defaults};
    if (item.span.begin > item.span.end || item.span.end > req.docSize) {
      fprintf(stderr, "ompx-lsp --worker: chunk %u out of bounds\n", item.idx);
      return 3;
    }
    // Else the chunks' bytes follow on stdin, in the header's order.
    if (!req.docFd && !readExactly(STDIN_FILENO, doc.bytes + item.span.begin,
                                   item.span.end - item.span.begin))
      return 3;
    items.push_back(std::move(item));
  }
  // Smallest first: the editor publishes once every chunk's diagnostics
  // are in, so the largest chunk's facts should be the only work left
  // after its verification (frames name their chunk).
  std::stable_sort(
      items.begin(), items.end(), [](const Item &a, const Item &b) {
        return a.span.end - a.span.begin < b.span.end - b.span.begin;
      });
  if (!analyzeItems(items, req, doc) || !writeFrame(outFd, kDoneFrame, ""))
    return 3;
  return 0;
}

/// How `item` is analyzed: in the document's own bytes, its halves on two
/// threads, its diagnostics sent early when the request asks.
AnalyzeHooks WorkerProcess::hooksFor(const Item &item, const WorkerRequest &req,
                                     RequestDocument &doc, bool &ok) {
  AnalyzeHooks hooks;
  hooks.mutableDoc = doc.bytes;
  hooks.mutableDocMapsFile = req.docFd;
  hooks.mutableDocFd = doc.file;
  // A large chunk's halves are parsed on this thread and one more
  // (OMPX_PARALLEL_PARSE=0 turns that off, for comparisons).
  unsigned stackBytes = req.stackBytes;
  if (parallelParse)
    hooks.runBeside = [stackBytes](llvm::function_ref<void()> here,
                                   llvm::function_ref<void()> beside) {
      llvm::thread other = startOnBigStack(stackBytes, beside);
      here();
      other.join();
    };
  if (req.early)
    hooks.diagnosticsReady = [this, &item,
                              &ok](llvm::ArrayRef<Diagnostic> diags) {
      ChunkAnalysis only;
      only.chunkBegin = item.span.begin;
      only.chunkEnd = item.span.end;
      only.diagnostics.assign(diags.begin(), diags.end());
      std::string bytes;
      serialize(only, bytes);
      ok = writeFrame(outFd, item.idx | kEarlyFrameBit, bytes);
      if (factsDelayMs)
        std::this_thread::sleep_for(std::chrono::milliseconds(factsDelayMs));
    };
  return hooks;
}

/// Analyzes `items` in order on a thread with the request's stack, sending
/// each one's frame; false when a frame could not be sent.
bool WorkerProcess::analyzeItems(const std::vector<Item> &items,
                                 const WorkerRequest &req,
                                 RequestDocument &doc) {
  StringRef text(doc.bytes, req.docSize);
  bool ok = true;
  runOnBigStack(req.stackBytes, [&] {
    std::string frame;
    for (const Item &item : items) {
      currentBreadcrumbs()->chunkIndex = item.idx;
      if (item.opts.lowering && lowerDelayMs)
        std::this_thread::sleep_for(std::chrono::milliseconds(lowerDelayMs));
      AnalyzeHooks hooks = hooksFor(item, req, doc, ok);
      ChunkAnalysis analysis =
          analyzeChunk(engine.context(), text, item.span, item.opts, hooks);
      if (!ok)
        return;
      // The chunk's bytes are read no more: give back the pages only it
      // has before its records are serialized (the pages at its ends may
      // hold another chunk's bytes).
      givePagesBack(doc.bytes + item.span.begin, doc.bytes + item.span.end);
      // So are its IR and parser states, freed by now: give their pages
      // back before the frame is allocated. Kept resident, they and the
      // frame (with the server's copy of it arriving) made the open's
      // joint peak: 524 against 446 MiB on omp_hlfir_200k.
      bool large =
          item.span.end - item.span.begin >= item.opts.parallelParseMinBytes;
      if (large)
        malloc_trim(0);
      frame.clear();
      serialize(analysis, frame);
      if (!(ok = writeFrame(outFd, item.idx, frame)))
        return;
      // And the records' and the frame's, while the server reads the
      // frame and builds its records, rather than after the request.
      if (large) {
        analysis = ChunkAnalysis();
        std::string().swap(frame);
        malloc_trim(0);
      }
    }
  });
  return ok;
}
