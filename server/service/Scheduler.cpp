//===- Scheduler.cpp - Documents, their analysis, and who waits for it ----===//

#include "server/service/Scheduler.h"
#include "server/model/Index.h"
#include "server/worker/Worker.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <set>

using namespace ompx;

/// Whether `a` and `b` are the same version of a document: the copies made
/// to store lowering results share its text, a new version has its own.
static bool sameVersion(const Document &a, const Document &b) {
  return a.text().data() == b.text().data();
}

Scheduler::Scheduler(const WorkerOptions &worker, bool synchronous)
    : workers(std::make_unique<WorkerPool>(worker)), synchronous(synchronous) {
  // Serve once a worker has its context loaded, as the server did when it
  // loaded the context itself.
  workers->waitUntilReady(std::chrono::seconds(10));
  if (!synchronous) {
    thread = std::thread([this] { loop(); });
    lowerThread = std::thread([this] { lowerLoop(); });
  }
}

Scheduler::~Scheduler() { shutdown(); }

void Scheduler::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
    cancel = true;
    lowerCancel = true;
  }
  wake.notify_all();
  lowerWake.notify_all();
  if (thread.joinable())
    thread.join();
  if (lowerThread.joinable())
    lowerThread.join();
  std::map<std::string, std::vector<Waiting>> dropped;
  std::unique_ptr<WorkerPool> pool;
  {
    std::lock_guard<std::mutex> lock(mutex);
    dropped.swap(deferred);
    lowerQueue.clear();
    pool = std::move(lowerWorkers);
  }
}

void Scheduler::open(const std::string &uri, int64_t version,
                     std::string text) {
  // Made outside the lock: a large text is copied to its memfd here.
  auto doc = std::make_shared<Document>(uri, version, std::move(text));
  {
    std::lock_guard<std::mutex> lock(mutex);
    documents[uri] = std::move(doc);
  }
  // Lowered once its parse/verify diagnostics are out (publishEarly): the
  // parse of a large chunk takes both cores, the recording of its facts one.
  // Queued at the open instead (as before issue 16), its worker's parse made
  // the first diagnostics of omp_hlfir_50k 1.20x slower with lowering on,
  // for lowering diagnostics 0.07 s earlier (2.08 vs 2.15 s after didOpen).
  schedule(uri);
}

std::optional<std::string> Scheduler::text(const std::string &uri) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = documents.find(uri);
  if (it == documents.end())
    return std::nullopt;
  return it->second->text().str();
}

std::optional<TextEdit> Scheduler::resolve(const std::string &uri,
                                           const ContentChange &change,
                                           PositionEncoding enc) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = documents.find(uri);
  if (it == documents.end())
    return std::nullopt;
  return toTextEdit(it->second->lines(), change, enc);
}

bool Scheduler::update(const std::string &uri, int64_t version,
                       std::string text, llvm::ArrayRef<ByteEdit> edits) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end())
      return false;
    // A new document object: the analysis thread may hold the previous one.
    auto doc = std::make_shared<Document>(*it->second);
    doc->setText(version, std::move(text), edits);
    // Only an analysis of a chunk the edit changed is of no use: one whose
    // chunk text is still in the new version finishes and serves it (an
    // edit typed right after the early diagnostics would otherwise throw
    // away the large chunk's facts, nearly done, and parse it again).
    if (current == uri) {
      std::set<uint64_t> now;
      for (unsigned i = 0; i < doc->split().chunks.size(); ++i)
        now.insert(doc->chunkHash(i));
      cancel = cancel || llvm::any_of(inFlight, [&](uint64_t h) {
                 return !now.count(h);
               });
    }
    it->second = std::move(doc);
    // The lowering of an older version is of no use: the new version's
    // is queued once its parse/verify diagnostics are published.
    if (loweringUri == uri)
      lowerCancel = true;
    llvm::erase_if(lowerQueue, [&](const auto &q) { return q.first == uri; });
  }
  schedule(uri);
  return true;
}

void Scheduler::close(const std::string &uri) {
  std::vector<Waiting> waiting;
  {
    // After a publication in progress, so that none follows the caller's
    // clearing of the closed document's diagnostics.
    std::lock_guard<std::mutex> order(publishMutex);
    std::lock_guard<std::mutex> lock(mutex);
    documents.erase(uri);
    if (current == uri)
      cancel = true;
    if (loweringUri == uri)
      lowerCancel = true;
    llvm::erase_if(lowerQueue, [&](const auto &q) { return q.first == uri; });
    auto it = deferred.find(uri);
    if (it != deferred.end()) {
      waiting = std::move(it->second);
      deferred.erase(it);
    }
  }
  // Requests that waited for this document get an empty answer.
  for (Waiting &w : waiting)
    if (!w.cancelled || !w.cancelled())
      w.fn(Snapshot());
}

void Scheduler::stop() {
  std::lock_guard<std::mutex> lock(mutex);
  queue.clear();
  cancel = true;
  lowerQueue.clear();
  lowerCancel = true;
}

void Scheduler::schedule(const std::string &uri) {
  if (synchronous) {
    analyze(uri);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (std::find(queue.begin(), queue.end(), uri) == queue.end())
      queue.push_back(uri);
  }
  wake.notify_one();
}

void Scheduler::loop() {
  while (true) {
    std::string uri;
    {
      std::unique_lock<std::mutex> lock(mutex);
      wake.wait(lock, [&] { return stopping || !queue.empty(); });
      if (stopping)
        return;
      uri = queue.front();
      queue.pop_front();
    }
    analyze(uri);
  }
}

void Scheduler::analyzeChunks(
    const std::string &uri, const Document &doc,
    llvm::ArrayRef<unsigned> pending,
    std::vector<std::pair<uint64_t, std::shared_ptr<const ChunkAnalysis>>>
        &done) {
  // Each pending chunk's final diagnostics, early or from its analysis.
  std::map<unsigned, std::vector<Diagnostic>> final;
  bool published = false;
  workers->analyzeChunks(
      doc.text(), doc.split().chunks, pending,
      [&](unsigned idx, ChunkAnalysis &&a) {
        if (!published)
          final[idx] = a.diagnostics;
        done.emplace_back(doc.chunkHash(idx),
                          std::make_shared<const ChunkAnalysis>(std::move(a)));
        // No longer in flight: an edit of this chunk cancels nothing.
        std::lock_guard<std::mutex> lock(mutex);
        auto it = llvm::find(inFlight, doc.chunkHash(idx));
        if (it != inFlight.end())
          inFlight.erase(it);
      },
      &cancel, nullptr,
      [&](unsigned idx, std::vector<Diagnostic> &&diags) {
        if (published)
          return;
        final[idx] = std::move(diags);
        if (final.size() < pending.size())
          return;
        // Once: a chunk analyzed again (its worker died after its early
        // frame) is published when its analysis arrives, if it differs.
        published = true;
        publishEarly(uri, doc, final);
      },
      doc.textFd());
}

void Scheduler::publishEarly(
    const std::string &uri, const Document &analyzed,
    const std::map<unsigned, std::vector<Diagnostic>> &final) {
  if (!publish)
    return;
  std::lock_guard<std::mutex> order(publishMutex);
  std::shared_ptr<Document> copy;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    // Closed, edited (a newer version is analyzed next) or shutting down:
    // nothing to publish, and nothing older than what was published.
    if (cancel || stopping || it == documents.end() ||
        !sameVersion(*it->second, analyzed))
      return;
    // The newest copy of this version: with the lowering results so far.
    copy = std::make_shared<Document>(*it->second);
  }
  for (const auto &[idx, diags] : final)
    copy->setEarlyDiagnostics(idx, diags);
  if (!copy->diagnosticsFinal())
    return;
  publish(copy);
  // The lowering worker parses the text itself: it starts now, beside the
  // recording of the facts, rather than beside the parse (the lowering
  // thread lowers the newest document with this version, not the copy).
  if (!synchronous)
    scheduleLowering(uri, std::move(copy));
}

void Scheduler::analyze(const std::string &uri) {
  std::shared_ptr<Document> doc;
  std::vector<unsigned> pending;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end())
      return;
    doc = it->second;
    current = uri;
    cancel = false;
    pending = doc->pendingChunks();
    inFlight.clear();
    for (unsigned i : pending)
      inFlight.push_back(doc->chunkHash(i));
  }
  if (!pending.empty()) {
    std::vector<std::pair<uint64_t, std::shared_ptr<const ChunkAnalysis>>> done;
    analyzeChunks(uri, *doc, pending, done);
    std::lock_guard<std::mutex> lock(mutex);
    current.clear();
    auto it = documents.find(uri);
    if (it == documents.end())
      return;
    // Results serve the newest version too, wherever its chunks match.
    for (auto &[hash, analysis] : done)
      it->second->addAnalysis(hash, analysis);
    doc = it->second;
  } else {
    std::lock_guard<std::mutex> lock(mutex);
    current.clear();
  }
  // Index the new analyses now, on this thread, so that the first hover
  // after an edit is a lookup rather than an index build.
  {
    Snapshot snap;
    {
      std::lock_guard<std::mutex> lock(mutex);
      snap = doc->snapshot();
    }
    for (unsigned i : pending)
      chunkIndex(snap, int(i));
  }
  runDeferred(uri);
  if (!doc->complete()) {
    if (!synchronous)
      schedule(uri); // a newer version arrived meanwhile
    return;
  }
  publishLatest(uri);
  scheduleLowering(uri, doc);
}

void Scheduler::publishLatest(const std::string &uri) {
  if (!publish)
    return;
  std::lock_guard<std::mutex> order(publishMutex);
  std::shared_ptr<const Document> doc;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end() || !it->second->complete())
      return; // (a newer version is queued and publishes)
    doc = it->second;
  }
  publish(doc);
}

void Scheduler::setLowering(LoweringSettings settings) {
  std::vector<std::string> open;
  {
    std::lock_guard<std::mutex> lock(mutex);
    loweringSettings = settings;
    for (const auto &[uri, doc] : documents)
      open.push_back(uri);
    if (!settings.enabled) {
      lowerQueue.clear();
      lowerCancel = true;
    }
  }
  // Turned off: the lowering thread gives its worker back.
  lowerWake.notify_all();
  for (const std::string &uri : open)
    schedule(uri);
}

LoweringSettings Scheduler::lowering() const {
  std::lock_guard<std::mutex> lock(mutex);
  return loweringSettings;
}

void Scheduler::scheduleLowering(const std::string &uri,
                                 std::shared_ptr<const Document> doc) {
  if (synchronous) {
    lower(uri, std::move(doc));
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (stopping)
      return;
    auto it = llvm::find_if(lowerQueue,
                            [&](const auto &q) { return q.first == uri; });
    if (it != lowerQueue.end())
      it->second = std::move(doc); // a newer version replaces the older
    else
      lowerQueue.emplace_back(uri, std::move(doc));
  }
  lowerWake.notify_one();
}

void Scheduler::lowerLoop() {
  while (true) {
    std::string uri;
    std::shared_ptr<const Document> doc;
    std::unique_ptr<WorkerPool> drop;
    {
      std::unique_lock<std::mutex> lock(mutex);
      lowerWake.wait(lock, [&] {
        return stopping || !lowerQueue.empty() ||
               (!loweringSettings.enabled && lowerWorkers);
      });
      if (stopping)
        return;
      if (!loweringSettings.enabled)
        drop = std::move(lowerWorkers); // its memory back while it is off
      if (lowerQueue.empty())
        continue; // (`drop` kills the worker outside the lock)
      uri = std::move(lowerQueue.front().first);
      doc = std::move(lowerQueue.front().second);
      lowerQueue.pop_front();
    }
    lower(uri, std::move(doc));
  }
}

WorkerPool &Scheduler::loweringPool() {
  if (synchronous)
    return *workers;
  if (!lowerWorkers) {
    // Constructing spawns the worker; its context loads while the request
    // is written. Only this thread creates or uses it.
    WorkerOptions options = workers->options();
    if (!options.command.empty())
      options.command.push_back(kBackgroundWorkerArg);
    auto pool = std::make_unique<WorkerPool>(std::move(options));
    std::lock_guard<std::mutex> lock(mutex);
    lowerWorkers = std::move(pool);
  }
  return *lowerWorkers;
}

void Scheduler::lower(const std::string &uri,
                      std::shared_ptr<const Document> doc) {
  std::vector<unsigned> pending;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    // LLVM's translation aborts on some valid IR: only a worker process
    // contains that (the in-process analyses of the fuzz harness do not).
    // A newer version than `doc` is lowered after its own publication.
    if (it == documents.end() || !sameVersion(*it->second, *doc) || stopping ||
        !loweringSettings.enabled || !workers->options().isolate ||
        doc->text().size() > loweringSettings.maxFileSize)
      return;
    doc = it->second; // with what was lowered since it was queued
    pending = doc->pendingLowering();
    if (pending.empty())
      return;
    loweringUri = uri; // an edit or close cancels this request
    lowerCancel = false;
  }
  AnalyzerOptions options = workers->options().analyzer;
  options.lowering = true;
  options.mappingChecks = false; // the first request reported them
  options.facts = false;         // and recorded what features read
  std::vector<std::pair<uint64_t, std::vector<Diagnostic>>> done;
  loweringPool().analyzeChunks(
      doc->text(), doc->split().chunks, pending,
      [&](unsigned idx, ChunkAnalysis &&a) {
        std::vector<Diagnostic> relative;
        uint32_t begin = doc->split().chunks[idx].begin;
        for (Diagnostic &d : a.diagnostics) {
          if (d.kind != DiagKind::Lowering)
            continue;
          shiftDiagnostic(d, -int64_t(begin));
          relative.push_back(std::move(d));
        }
        done.emplace_back(doc->chunkHash(idx), std::move(relative));
      },
      &lowerCancel, &options, nullptr, doc->textFd());
  bool found = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    loweringUri.clear();
    auto it = documents.find(uri);
    if (it == documents.end() || done.empty())
      return;
    // By chunk text: they serve the newest version wherever chunks match.
    // Into a copy: the analysis thread reads and publishes the document it
    // holds without the lock.
    auto newest = std::make_shared<Document>(*it->second);
    for (auto &[hash, diags] : done) {
      found |= !diags.empty();
      newest->addLowering(hash, std::move(diags));
    }
    // What was published already holds no lowering diagnostic of these
    // chunks: publish again only if there are some, and only the version
    // lowered (a newer one publishes after its own analysis).
    found &= sameVersion(*it->second, *doc) && !lowerCancel;
    it->second = std::move(newest);
  }
  if (found)
    publishLatest(uri);
}

static bool analyzed(const Snapshot &snap, int chunk) {
  if (chunk < 0)
    return llvm::all_of(snap.analyses, [](const auto &a) { return bool(a); });
  return size_t(chunk) >= snap.analyses.size() || snap.analyses[chunk];
}

std::vector<Snapshot> Scheduler::snapshots() const {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<Snapshot> out;
  for (const auto &[uri, doc] : documents)
    out.push_back(doc->snapshot());
  return out;
}

void Scheduler::runWithSnapshot(const std::string &uri,
                                std::optional<LinePosition> pos,
                                PositionEncoding enc, SnapshotFn fn,
                                CancelledFn cancelled) {
  Snapshot snap;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it != documents.end()) {
      snap = it->second->snapshot();
      int chunk = pos ? snap.chunkAt(snap.lines->toOffset(*pos, enc)) : -1;
      if (!analyzed(snap, chunk)) {
        auto &list = deferred[uri];
        // Forget what was cancelled while it waited.
        llvm::erase_if(list, [](const Waiting &w) {
          return w.cancelled && w.cancelled();
        });
        list.push_back({chunk, std::move(fn), std::move(cancelled)});
        return;
      }
    }
  }
  fn(snap);
}

void Scheduler::runDeferred(const std::string &uri) {
  std::vector<SnapshotFn> ready;
  Snapshot snap;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = deferred.find(uri);
    auto d = documents.find(uri);
    if (it == deferred.end() || d == documents.end())
      return;
    snap = d->second->snapshot();
    auto &list = it->second;
    for (auto w = list.begin(); w != list.end();) {
      if (w->cancelled && w->cancelled()) {
        w = list.erase(w);
      } else if (analyzed(snap, w->chunk)) {
        ready.push_back(std::move(w->fn));
        w = list.erase(w);
      } else {
        ++w;
      }
    }
    if (list.empty())
      deferred.erase(it);
  }
  for (SnapshotFn &fn : ready)
    fn(snap);
}
