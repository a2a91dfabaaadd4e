//===- Worker.cpp - Chunk analysis in a crash-contained worker ------------===//

#include "server/worker/Worker.h"
#include "server/analysis/Breadcrumbs.h"
#include "server/model/Serialize.h"
#include "server/syntax/Lexer.h"
#include "support/Pages.h"
#include "support/Subprocess.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Memory.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <malloc.h>
#include <set>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <thread>
#include <unistd.h>

using namespace ompx;
using llvm::StringRef;

static Breadcrumbs *activeCrumbs = nullptr;
Breadcrumbs *ompx::currentBreadcrumbs() { return activeCrumbs; }
void ompx::setCurrentBreadcrumbs(Breadcrumbs *crumbs) { activeCrumbs = crumbs; }

/// The descriptor number of the breadcrumbs memfd in a worker.
static constexpr int kBreadcrumbsFd = 3;
/// A socket on which the server sends a document's memfd (SharedText) when
/// a request says `"docFd": true`, instead of the chunks' bytes.
static constexpr int kTextSocketFd = 4;
/// Frame indices that are not chunks.
static constexpr uint32_t kHelloFrame = 0xfffffffe, kDoneFrame = 0xffffffff;
/// Set in the index of a chunk's early frame (its diagnostics only).
static constexpr uint32_t kEarlyFrameBit = 0x80000000;

//===----------------------------------------------------------------------===//
// Requests (both sides)
//===----------------------------------------------------------------------===//

static llvm::json::Value toJSON(const AnalyzerOptions &o) {
  llvm::json::Array blanked;
  for (const TextRange &r : o.preBlanked)
    blanked.push_back(llvm::json::Array{r.begin, r.end});
  llvm::json::Array disabled;
  for (const std::string &name : o.disabledChecks)
    disabled.push_back(name);
  return llvm::json::Object{{"depthLimit", o.depthLimit},
                            {"mapping", o.mappingChecks},
                            {"disabled", std::move(disabled)},
                            {"maxParseErrors", o.maxParseErrors},
                            {"verify", o.verify},
                            {"verifyAfterRecovery", o.verifyAfterRecovery},
                            {"locate", o.locateVerifierCrash},
                            {"lowering", o.lowering},
                            {"facts", o.facts},
                            {"parallelParseMinBytes", o.parallelParseMinBytes},
                            {"blanked", std::move(blanked)}};
}

static bool fromJSON(const llvm::json::Value &v, AnalyzerOptions &o) {
  const llvm::json::Object *obj = v.getAsObject();
  if (!obj)
    return false;
  o.depthLimit = obj->getInteger("depthLimit").value_or(o.depthLimit);
  o.maxParseErrors =
      obj->getInteger("maxParseErrors").value_or(o.maxParseErrors);
  o.verify = obj->getBoolean("verify").value_or(o.verify);
  o.verifyAfterRecovery =
      obj->getBoolean("verifyAfterRecovery").value_or(o.verifyAfterRecovery);
  o.locateVerifierCrash = obj->getBoolean("locate").value_or(false);
  o.mappingChecks = obj->getBoolean("mapping").value_or(o.mappingChecks);
  o.parallelParseMinBytes = uint32_t(obj->getInteger("parallelParseMinBytes")
                                         .value_or(o.parallelParseMinBytes));
  if (const llvm::json::Array *disabled = obj->getArray("disabled"))
    for (const llvm::json::Value &name : *disabled)
      if (std::optional<llvm::StringRef> s = name.getAsString())
        o.disabledChecks.push_back(s->str());
  o.lowering = obj->getBoolean("lowering").value_or(false);
  o.facts = obj->getBoolean("facts").value_or(true);
  if (const llvm::json::Array *blanked = obj->getArray("blanked"))
    for (const llvm::json::Value &r : *blanked)
      if (const llvm::json::Array *pair = r.getAsArray();
          pair && pair->size() == 2)
        o.preBlanked.push_back(
            {uint32_t((*pair)[0].getAsInteger().value_or(0)),
             uint32_t((*pair)[1].getAsInteger().value_or(0))});
  return true;
}

static void appendU32(std::string &out, uint32_t v) {
  out.append(reinterpret_cast<const char *>(&v), 4);
}

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

static bool writeFrame(int fd, uint32_t idx, StringRef payload) {
  // The header apart: a large chunk's frame is tens of megabytes, and a
  // copy of it would be the worker's peak.
  std::string header;
  appendU32(header, idx);
  appendU32(header, uint32_t(payload.size()));
  return writeAll(fd, header) && writeAll(fd, payload);
}

/// One byte of data and room for one descriptor: what sendFd and receiveFd
/// exchange.
struct FdMessage {
  char byte = 'T';
  iovec iov{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr msg{};
  FdMessage() {
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof(control);
  }
  FdMessage(const FdMessage &) = delete;
  FdMessage &operator=(const FdMessage &) = delete;
};

/// Sends descriptor `fd` over the unix socket `sock`.
static bool sendFd(int sock, int fd) {
  FdMessage m;
  cmsghdr *c = CMSG_FIRSTHDR(&m.msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(c), &fd, sizeof(int));
  ssize_t n;
  do
    n = sendmsg(sock, &m.msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n == 1;
}

/// The descriptor sent by sendFd on `sock`, or -1.
static int receiveFd(int sock) {
  FdMessage m;
  ssize_t n;
  do
    n = recvmsg(sock, &m.msg, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  cmsghdr *c = n == 1 ? CMSG_FIRSTHDR(&m.msg) : nullptr;
  if (!c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS ||
      c->cmsg_len != CMSG_LEN(sizeof(int)))
    return -1;
  int fd;
  memcpy(&fd, CMSG_DATA(c), sizeof(int));
  return fd;
}

/// Starts `fn` on a thread with `stackBytes` of stack and an alternate
/// signal stack, so deep recursion in the parser has room and a stack
/// overflow can still be reported.
static llvm::thread startOnBigStack(unsigned stackBytes,
                                    llvm::function_ref<void()> fn) {
  return llvm::thread(std::optional<unsigned>(stackBytes), [fn] {
    static constexpr size_t kAltStack = 1 << 18;
    stack_t ss;
    ss.ss_sp = malloc(kAltStack);
    ss.ss_size = kAltStack;
    ss.ss_flags = 0;
    sigaltstack(&ss, nullptr);
    fn();
    stack_t off;
    memset(&off, 0, sizeof(off));
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    free(ss.ss_sp);
  });
}

static void runOnBigStack(unsigned stackBytes, llvm::function_ref<void()> fn) {
  startOnBigStack(stackBytes, fn).join();
}

int ompx::runWorkerProcess(llvm::ArrayRef<const char *> args) {
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
    return 2;
  }
  // Frames go to a private copy of stdout; nothing MLIR prints may reach it.
  int outFd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 10);
  int devNull = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (outFd < 0 || devNull < 0)
    return 2;
  dup2(devNull, STDOUT_FILENO);
  close(devNull);
  void *mem = mmap(nullptr, sizeof(Breadcrumbs), PROT_READ | PROT_WRITE,
                   MAP_SHARED, kBreadcrumbsFd, 0);
  if (mem == MAP_FAILED) {
    fprintf(stderr,
            "ompx-lsp --worker: no breadcrumbs on descriptor %d "
            "(started by hand?): %s\n",
            kBreadcrumbsFd, strerror(errno));
    return 2;
  }
  close(kBreadcrumbsFd);
  setCurrentBreadcrumbs(static_cast<Breadcrumbs *>(mem));
  installCrashHandlers();

  AnalysisEngine engine;
  // Only this process uses the context: it may verify in parallel.
  engine.context().enableMultithreading(true);
  std::string names;
  for (const std::string &name : engine.registeredOps())
    names += name + "\n";
  if (!writeFrame(outFd, kHelloFrame, names))
    return 3;

  // Test hook: a translation this much slower (milliseconds per chunk
  // lowered), so that tests can watch the editor analyze other documents
  // meanwhile (test/lsp/lowering-concurrent.test). Read only here.
  unsigned lowerDelayMs = 0;
  if (const char *delay = getenv("OMPX_TEST_LOWERING_DELAY_MS"))
    lowerDelayMs = unsigned(atoi(delay));
  const char *parallelEnv = getenv("OMPX_PARALLEL_PARSE");
  bool parallelParse = !parallelEnv || llvm::StringRef(parallelEnv) != "0";
  // Test hook: the facts of a chunk this much slower to record (sleeps
  // after its early frame), so that tests can tell the early publication
  // of its diagnostics from the late one (test/lsp/early-diagnostics.test).
  unsigned factsDelayMs = 0;
  if (const char *delay = getenv("OMPX_TEST_FACTS_DELAY_MS"))
    factsDelayMs = unsigned(atoi(delay));

  for (;;) {
    uint32_t headerSize;
    if (!readExactly(STDIN_FILENO, reinterpret_cast<char *>(&headerSize), 4))
      return 0; // the server closed our stdin: done
    std::string header(headerSize, '\0');
    if (!readExactly(STDIN_FILENO, header.data(), headerSize))
      return 3;
    auto parsed = llvm::json::parse(header);
    if (!parsed) {
      fprintf(stderr, "ompx-lsp --worker: bad request: %s\n",
              llvm::toString(parsed.takeError()).c_str());
      return 3;
    }
    const llvm::json::Object &req = *parsed->getAsObject();
    // Only the requested chunks' bytes arrive, each at its offset: an edit
    // of a 20 MB document then sends one chunk, not the document, and
    // analyzeChunk reads only its span. So the buffer (the document's size
    // and a byte the analysis may use as a parse's terminator) is never
    // initialized: pages no chunk arrives in are never touched, and it is
    // freed after the request rather than kept resident between edits.
    size_t docSize = size_t(req.getInteger("docSize").value_or(0));
    // With `docFd`, the document is the server's own memfd (SharedText),
    // mapped privately: the pages this process reads are the server's, and
    // only those it writes (terminators, a blanked half) are copied. Else
    // the chunks' bytes follow on stdin.
    bool docFd = req.getBoolean("docFd").value_or(false);
    std::error_code mapError;
    llvm::sys::OwningMemoryBlock docBlock;
    char *docBytes = nullptr;
    // The memfd behind docBytes, open until the request is answered.
    int docFile = -1;
    llvm::scope_exit closeDocFile([&] {
      if (docFile >= 0)
        close(docFile);
    });
    if (docFd) {
      int fd = receiveFd(kTextSocketFd);
      struct stat st;
      void *m = MAP_FAILED;
      std::string why = "none received";
      if (fd >= 0 && fstat(fd, &st) != 0)
        why = std::string("fstat: ") + strerror(errno);
      else if (fd >= 0 && size_t(st.st_size) <= docSize)
        why = "it holds " + std::to_string(st.st_size) + " bytes, not " +
              std::to_string(docSize + 1);
      else if (fd >= 0 &&
               (m = mmap(nullptr, docSize + 1, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE, fd, 0)) == MAP_FAILED)
        why = std::string("mmap: ") + strerror(errno);
      if (fd >= 0 && m == MAP_FAILED)
        close(fd);
      if (m == MAP_FAILED) {
        fprintf(stderr, "ompx-lsp --worker: no document memfd (%s)\n",
                why.c_str());
        return 3;
      }
      docBlock =
          llvm::sys::OwningMemoryBlock(llvm::sys::MemoryBlock(m, docSize + 1));
      docBytes = static_cast<char *>(m);
      docFile = fd;
    } else {
      docBlock =
          llvm::sys::OwningMemoryBlock(llvm::sys::Memory::allocateMappedMemory(
              docSize + 1, nullptr,
              llvm::sys::Memory::MF_READ | llvm::sys::Memory::MF_WRITE,
              mapError));
      if (mapError) {
        fprintf(stderr, "ompx-lsp --worker: no memory for %zu bytes: %s\n",
                docSize, mapError.message().c_str());
        return 3;
      }
      docBytes = static_cast<char *>(docBlock.base());
    }
    StringRef doc(docBytes, docSize);
    unsigned stackBytes = req.getInteger("stackBytes").value_or(1u << 30);
    bool early = req.getBoolean("early").value_or(false);
    AnalyzerOptions defaults;
    if (const llvm::json::Value *o = req.get("options"))
      fromJSON(*o, defaults);
    // [index, begin, end, options?] for each chunk to analyze, in order.
    struct Item {
      unsigned idx;
      ChunkSpan span;
      AnalyzerOptions opts;
    };
    std::vector<Item> items;
    if (const llvm::json::Array *chunks = req.getArray("chunks"))
      for (const llvm::json::Value &c : *chunks) {
        const llvm::json::Array *a = c.getAsArray();
        if (!a || a->size() < 3)
          continue;
        Item item{unsigned((*a)[0].getAsInteger().value_or(0)),
                  {uint32_t((*a)[1].getAsInteger().value_or(0)),
                   uint32_t((*a)[2].getAsInteger().value_or(0))},
                  defaults};
        if (a->size() > 3) {
          item.opts = AnalyzerOptions();
          fromJSON((*a)[3], item.opts);
        }
        if (item.span.begin > item.span.end || item.span.end > doc.size()) {
          fprintf(stderr, "ompx-lsp --worker: chunk %u out of bounds\n",
                  item.idx);
          return 3;
        }
        if (!docFd && !readExactly(STDIN_FILENO, docBytes + item.span.begin,
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
    bool ok = true;
    runOnBigStack(stackBytes, [&] {
      std::string frame;
      for (const Item &item : items) {
        activeCrumbs->chunkIndex = item.idx;
        if (item.opts.lowering && lowerDelayMs)
          std::this_thread::sleep_for(std::chrono::milliseconds(lowerDelayMs));
        AnalyzeHooks hooks;
        hooks.mutableDoc = docBytes;
        hooks.mutableDocMapsFile = docFd;
        hooks.mutableDocFd = docFile;
        // A large chunk's halves are parsed on this thread and one more
        // (OMPX_PARALLEL_PARSE=0 turns that off, for comparisons).
        if (parallelParse)
          hooks.runBeside = [stackBytes](llvm::function_ref<void()> here,
                                         llvm::function_ref<void()> beside) {
            llvm::thread other = startOnBigStack(stackBytes, beside);
            here();
            other.join();
          };
        if (early)
          hooks.diagnosticsReady = [&](llvm::ArrayRef<Diagnostic> diags) {
            ChunkAnalysis only;
            only.chunkBegin = item.span.begin;
            only.chunkEnd = item.span.end;
            only.diagnostics.assign(diags.begin(), diags.end());
            std::string bytes;
            serialize(only, bytes);
            ok = writeFrame(outFd, item.idx | kEarlyFrameBit, bytes);
            if (factsDelayMs)
              std::this_thread::sleep_for(
                  std::chrono::milliseconds(factsDelayMs));
          };
        ChunkAnalysis analysis =
            analyzeChunk(engine.context(), doc, item.span, item.opts, hooks);
        if (!ok)
          return;
        // The chunk's bytes are read no more: give back the pages only it
        // has before its records are serialized (the pages at its ends may
        // hold another chunk's bytes).
        givePagesBack(docBytes + item.span.begin, docBytes + item.span.end);
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
    if (!ok || !writeFrame(outFd, kDoneFrame, ""))
      return 3;
    // Idle until the next request: give the analysis' freed heap back.
    malloc_trim(0);
  }
}

//===----------------------------------------------------------------------===//
// The server side
//===----------------------------------------------------------------------===//

struct WorkerPool::Process {
  std::unique_ptr<Subprocess> proc;
  Breadcrumbs *crumbs = nullptr;
  int memfd = -1;
  /// The server's end of the socket that carries a document's memfd.
  int textSocket = -1;
  /// Bytes of stdout not yet taken apart into frames.
  std::string buffer;

  ~Process() {
    proc.reset(); // kills and reaps a worker still running
    if (crumbs)
      munmap(crumbs, sizeof(Breadcrumbs));
    if (memfd >= 0)
      close(memfd);
    if (textSocket >= 0)
      close(textSocket);
  }

  /// Hands each complete frame to `onFrame`.
  void takeFrames(StringRef data,
                  llvm::function_ref<void(uint32_t, StringRef)> onFrame) {
    buffer.append(data.data(), data.size());
    size_t consumed = 0;
    while (buffer.size() - consumed >= 8) {
      uint32_t header[2];
      memcpy(header, buffer.data() + consumed, 8);
      if (buffer.size() - consumed - 8 < header[1])
        break;
      onFrame(header[0], StringRef(buffer.data() + consumed + 8, header[1]));
      consumed += 8 + header[1];
    }
    buffer.erase(0, consumed);
    if (buffer.empty()) {
      // The warm worker's process lives on: do not keep the largest
      // frame's bytes (a 1M-op chunk: over 100 MB) allocated with it.
      if (buffer.capacity() > (1u << 20))
        std::string().swap(buffer);
    } else if (buffer.size() >= 8) {
      // A large frame arrives in pipe-sized pieces: room for all of it
      // at once, rather than growing (and copying) it by doubling.
      uint32_t size;
      memcpy(&size, buffer.data() + 4, 4);
      buffer.reserve(8 + std::min<size_t>(size, 1u << 30));
    }
  }
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
           worker->takeFrames(data, [&](uint32_t idx, StringRef payload) {
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
  auto onStdout = [&](StringRef data) { worker->takeFrames(data, onFrame); };
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
  llvm::json::Array list;
  for (unsigned idx : indices) {
    llvm::json::Array item{idx, chunks[idx].begin, chunks[idx].end};
    auto it = perChunk.find(idx);
    if (it != perChunk.end())
      item.push_back(toJSON(it->second));
    list.push_back(std::move(item));
  }
  // A document in a memfd is lent, not sent: the worker maps its pages.
  bool lend = docFd >= 0 && worker->textSocket >= 0 &&
              sendFd(worker->textSocket, docFd);
  std::string header;
  llvm::raw_string_ostream(header) << llvm::json::Value(
      llvm::json::Object{{"docSize", int64_t(doc.size())},
                         {"docFd", lend},
                         {"stackBytes", int64_t(opts.stackBytes)},
                         {"early", bool(onDiagnostics)},
                         {"options", toJSON(defaults)},
                         {"chunks", std::move(list)}});
  std::string request;
  appendU32(request, uint32_t(header.size()));
  request += header;
  // Else straight from the document, no copy. A worker that died while
  // idle fails here, as a crash would.
  if (proc.writeStdin(request) && !lend)
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

namespace {
struct CrashSite {
  std::string opName; ///< "omp.wsloop", or "" if the frames do not say
  std::string method; ///< "parse", "verify", ...
};
} // namespace

/// Finds the innermost `<ns>::<Name>Op::<method>` frame of the crash.
static CrashSite
crashSiteFromFrames(llvm::function_ref<std::string(StringRef)> opNameForClass,
                    const Breadcrumbs &crumbs) {
  static const llvm::Regex opFrame(
      "([A-Za-z0-9_]+)::([A-Za-z0-9_]+Op)::([A-Za-z0-9_]+)\\(");
  for (unsigned i = 0; i < crumbs.numFrames; ++i) {
    std::string demangled = llvm::demangle(crumbs.frames[i]);
    llvm::SmallVector<StringRef> m;
    if (!opFrame.match(demangled, &m))
      continue;
    std::string name = opNameForClass((llvm::Twine(m[1]) + "::" + m[2]).str());
    if (!name.empty())
      return {name, m[3].str()};
  }
  return {};
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

void WorkerPool::analyzeChunks(
    StringRef doc, llvm::ArrayRef<ChunkSpan> chunks,
    llvm::ArrayRef<unsigned> which,
    llvm::function_ref<void(unsigned, ChunkAnalysis &&)> onChunk,
    const std::atomic<bool> *cancel, const AnalyzerOptions *analyzer,
    DiagnosticsFn onDiagnostics, int docFd) {
  const WorkerOptions &options = opts;
  const AnalyzerOptions &defaults = analyzer ? *analyzer : options.analyzer;
  if (!options.isolate) {
    AnalysisEngine &engine = inProcessEngine();
    for (unsigned idx : which) {
      if (cancel && cancel->load())
        return;
      AnalyzeHooks hooks;
      if (onDiagnostics)
        hooks.diagnosticsReady = [&](llvm::ArrayRef<Diagnostic> diags) {
          onDiagnostics(idx,
                        std::vector<Diagnostic>(diags.begin(), diags.end()));
        };
      ChunkAnalysis analysis;
      runOnBigStack(options.stackBytes, [&] {
        analysis =
            analyzeChunk(engine.context(), doc, chunks[idx], defaults, hooks);
      });
      onChunk(idx, std::move(analysis));
    }
    return;
  }

  std::map<unsigned, AnalyzerOptions> perChunk;
  std::map<unsigned, std::vector<Diagnostic>> crashDiags;
  std::deque<unsigned> pending(which.begin(), which.end());
  // A chunk analyzed again after a crash: the crash's diagnostics join
  // the analysis's, in document order.
  auto withCrashes = [&](unsigned idx, std::vector<Diagnostic> &diags) {
    auto it = crashDiags.find(idx);
    if (it == crashDiags.end())
      return false;
    diags.insert(diags.begin(), it->second.begin(), it->second.end());
    std::stable_sort(diags.begin(), diags.end(),
                     [](const Diagnostic &a, const Diagnostic &b) {
                       return a.range.begin < b.range.begin;
                     });
    return true;
  };
  auto deliver = [&](unsigned idx, ChunkAnalysis &&analysis) {
    if (withCrashes(idx, analysis.diagnostics))
      analysis.crashed = true;
    onChunk(idx, std::move(analysis));
  };
  auto deliverEarly = [&](unsigned idx, std::vector<Diagnostic> &&diags) {
    withCrashes(idx, diags);
    onDiagnostics(idx, std::move(diags));
  };

  while (!pending.empty()) {
    if (cancel && cancel->load())
      return;
    std::set<unsigned> done;
    std::vector<unsigned> batch(pending.begin(), pending.end());
    Batch run = runBatch(
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

    // Where the breadcrumbs name no pending chunk: the one the worker took
    // first (it takes the smallest first).
    unsigned idx = *llvm::min_element(pending, [&](unsigned a, unsigned b) {
      return chunks[a].end - chunks[a].begin < chunks[b].end - chunks[b].begin;
    });
    if (std::find(pending.begin(), pending.end(), run.crumbs.chunkIndex) !=
        pending.end())
      idx = run.crumbs.chunkIndex;
    const ChunkSpan span = chunks[idx];
    StringRef chunkText = doc.slice(span.begin, span.end);

    if (run.timedOut && run.crumbs.phase == Phase::Lower) {
      // Parsed and verified; only the translation is slow: say so and keep
      // the rest of the analysis.
      Diagnostic d;
      d.kind = DiagKind::Lowering;
      d.severity = Severity::Warning;
      d.range = {span.begin, span.begin};
      d.message = "translating this chunk to LLVM IR took longer than " +
                  std::to_string(options.timeoutMs / 1000) +
                  " s and was stopped; it is not checked";
      crashDiags[idx].push_back(d);
      perChunk.try_emplace(idx, defaults).first->second.lowering = false;
      continue;
    }
    if (!run.started || run.timedOut) {
      Diagnostic d;
      d.kind = DiagKind::Internal;
      d.range = {span.begin, span.begin};
      d.message = !run.started ? "could not start an analysis worker process"
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
    int sig = run.status.signaled ? run.status.signal : 0;
    auto nameOf = [this](StringRef cls) { return opNameForClass(cls); };
    CrashSite site = crashSiteFromFrames(nameOf, run.crumbs);
    Phase phase = run.crumbs.phase;
    if (phase == Phase::Lower) {
      // The chunk parsed and verified; only the translation of a clone
      // died. Report it, and analyze the chunk again without lowering:
      // nothing is blanked and the parse/verify results stand.
      std::optional<uint32_t> at;
      if (!site.opName.empty()) {
        std::vector<uint32_t> tokens = findOpNameTokens(chunkText, site.opName);
        if (!tokens.empty())
          at = tokens.front();
      }
      if (!at) {
        // No op in the frames (report_fatal_error deep in LLVM): the
        // chunk's first token, its module or first op.
        Token first = Lexer(chunkText).next();
        at = first.is(TokenKind::Eof) ? 0 : first.range.begin;
      }
      Diagnostic d;
      d.kind = DiagKind::Lowering;
      d.message =
          "LLVM crashed (" +
          (sig ? ExitStatus::signalName(sig) : "abnormal exit") +
          ") translating " +
          (site.opName.empty() ? "this chunk" : "'" + site.opName + "'") +
          " to LLVM IR, as a launch would; this is a bug in LLVM/MLIR 22, "
          "contained by ompx (the parse and verify results stand)";
      TextRange rel = tokenRangeAt(chunkText, *at);
      d.range = {rel.begin + span.begin, rel.end + span.begin};
      d.anchor = d.range.begin;
      std::string detail = firstErrorLine(run.stderrTail);
      if (!detail.empty())
        d.notes.push_back({{}, false, "LLVM printed: " + detail});
      crashDiags[idx].push_back(d);
      perChunk.try_emplace(idx, defaults).first->second.lowering = false;
      continue; // idx stays pending
    }
    std::optional<uint32_t> at; // chunk-relative
    if (phase == Phase::Verify) {
      // Verify op by op in a second worker to find the instance.
      std::map<unsigned, AnalyzerOptions> locate = perChunk;
      AnalyzerOptions &opts = locate.try_emplace(idx, defaults).first->second;
      opts.locateVerifierCrash = true;
      unsigned one[] = {idx};
      Batch again = runBatch(
          doc, chunks, one, defaults, locate, [](unsigned, ChunkAnalysis &&) {},
          cancel, nullptr, docFd);
      if (again.crashed() && again.crumbs.currentOp != ~0u)
        at = again.crumbs.currentOp;
      if (site.opName.empty())
        site = crashSiteFromFrames(nameOf, again.crumbs);
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
      while (p < chunkText.size() &&
             isspace(static_cast<unsigned char>(chunkText[p])))
        ++p;
      at = p;
    }

    Diagnostic d;
    d.kind = DiagKind::Crash;
    std::string what = phase == Phase::Parse    ? "parser"
                       : phase == Phase::Verify ? "verifier"
                                                : "analysis";
    d.message =
        "MLIR crashed (" +
        (sig ? ExitStatus::signalName(sig) : "abnormal exit") + ") in the " +
        what +
        (site.opName.empty() ? " of this chunk" : " of '" + site.opName + "'") +
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

    AnalyzerOptions &opts = perChunk.try_emplace(idx, defaults).first->second;
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
