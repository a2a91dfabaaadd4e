//===- FortranDocuments.cpp - Fortran files checked in the background -----===//

#include "server/service/FortranDocuments.h"
#include "pipeline/compile/Emit.h"
#include "pipeline/compile/ModuleCache.h"
#include "server/model/FortranInput.h"
#include "server/model/Suppression.h"
#include "server/syntax/EditMap.h"
#include "server/worker/Worker.h"
#include "support/FileRead.h"
#include "support/FlangMessage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <chrono>

using namespace ompx;
using llvm::StringRef;

FortranCheckResult ompx::checkFortranFile(WorkerPool &workers, StringRef path,
                                          const FortranCheckOptions &options) {
  FortranCheckResult out;
  if (options.emitCommand.empty()) {
    out.error = "no `ompx-lsp emit` to run (Fortran checks are off)";
    return out;
  }
  auto source = readRegularFile(path);
  if (!source) {
    out.error = llvm::toString(source.takeError());
    return out;
  }
  out.text = std::move(*source);
  // The output in a folder of its own: a confined emit may write where its
  // output goes, and that must not be all of /tmp.
  llvm::SmallString<128> outDir, mlirPath;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("ompx-check", outDir)) {
    out.error = "cannot create a temporary folder: " + ec.message();
    return out;
  }
  mlirPath = outDir;
  llvm::sys::path::append(mlirPath, "check.hlfir.mlir");
  pipeline::EmitRequest request;
  request.inputPath = path.str();
  request.projectRoots = options.projectRoots;
  request.compileCommands = options.compileCommands;
  request.cancel = options.cancel;
  pipeline::EmitResult emitted =
      pipeline::emitInChild(options.emitCommand, request, mlirPath);
  auto mlir = readRegularFile(mlirPath);
  llvm::sys::fs::remove_directories(outDir);
  out.cancelled = options.cancel && *options.cancel;
  // flang's errors, or its warnings when it succeeded.
  out.diagnostics = flangDiagnostics(emitted.flangStderr, out.text, path);
  if (!emitted.ok || !mlir) {
    if (mlir)
      llvm::consumeError(mlir.takeError());
    if (out.diagnostics.empty() && !out.cancelled) {
      Diagnostic d;
      d.range = {0, std::min<uint32_t>(1, out.text.size())};
      d.message = "ompx-lsp emit failed: " + emitted.message;
      // flang's errors in another file (a module emit compiled first): the
      // reason, which the message above only names (a few: the first ones
      // cause the rest).
      for (StringRef line : llvm::split(emitted.flangStderr, '\n')) {
        if (d.notes.size() == 4)
          break;
        std::optional<FlangMessage> m = parseFlangMessage(line);
        if (!m || !m->line || m->severity != "error")
          continue;
        DiagnosticNote note;
        note.message = "flang-22: " + line.str();
        note.related = true;
        d.notes.push_back(std::move(note));
      }
      out.diagnostics.push_back(std::move(d));
    } else if (StringRef(emitted.message).starts_with("module '")) {
      // flang's "Cannot parse module file" says nothing of where ompx looked
      // for the module's source or how to give it the build's folders: on
      // flang's error about that module (else its first).
      std::string name =
          StringRef(emitted.message).split('\'').second.split('\'').first.str();
      auto about = llvm::find_if(out.diagnostics, [&](const Diagnostic &d) {
        return StringRef(d.message).contains("module '" + name + "'");
      });
      if (about == out.diagnostics.end())
        about = out.diagnostics.begin();
      DiagnosticNote note;
      note.message = "ompx-lsp emit: " + emitted.message;
      if (!StringRef(emitted.message).contains("lies outside the project"))
        note.message += " (a compile_commands.json of the build gives its "
                        "-I/-J folders and its files)";
      note.related = true;
      about->notes.push_back(std::move(note));
    }
    // Which build's flags were not taken, when several could be: the likely
    // cause of what failed (emit's note, otherwise only in its log).
    for (StringRef line : llvm::split(emitted.flangStderr, '\n'))
      if (line.consume_front("ompx-lsp emit: note: several build folders") &&
          !out.diagnostics.empty()) {
        DiagnosticNote note;
        note.message = ("ompx-lsp emit: several build folders" + line).str();
        note.related = true;
        out.diagnostics.front().notes.push_back(std::move(note));
      }
    return out;
  }
  auto snap = std::make_shared<Snapshot>();
  snap->text = SharedText::make(std::move(*mlir));
  snap->lines = std::make_shared<const LineTable>(snap->text->str());
  snap->chunks = {{0, uint32_t(snap->text->size())}};
  snap->analyses.resize(1);
  AnalyzerOptions analyzer = workers.options().analyzer;
  if (options.lowering)
    analyzer.lowering = *options.lowering;
  workers.analyzeChunks(
      snap->str(), snap->chunks, {0},
      [&](unsigned, ChunkAnalysis &&a) {
        snap->analyses[0] = std::make_shared<const ChunkAnalysis>(std::move(a));
      },
      options.cancel, &analyzer);
  if (!snap->analyses[0]) { // cancelled
    out.cancelled = true;
    return out;
  }
  // `! ompx-ignore(NAME)` on the Fortran line (the worker applied the
  // disabled checks and the MLIR's own comments).
  std::vector<Diagnostic> findings =
      fortranFindings(*snap->analyses[0], out.text, path);
  dropSuppressedChecks(findings, out.text, {}, "!");
  for (Diagnostic &d : findings)
    out.diagnostics.push_back(std::move(d));
  out.lowered = snap->analyses[0]->lowered;
  out.mlir = std::move(snap);
  return out;
}

struct FortranDocuments::Doc {
  std::string path;
  int64_t version = 0;
  std::shared_ptr<const std::string> text;
  /// Bumped by each check asked for; a finished check of an older one is
  /// dropped (a newer one is queued).
  uint64_t generation = 0;
  std::vector<std::string> roots;
  bool lowering = false;
  bool queued = false;
  /// A document whose check must finish before this one starts.
  std::string after;
  std::shared_ptr<std::atomic<bool>> cancel;
  std::shared_ptr<const FortranCheckResult> result;
};

struct FortranDocuments::Runner {
  std::string uri;
  std::chrono::steady_clock::time_point start;
  std::thread thread;
};

/// A check running longer than this lets the next one start beside it.
static constexpr std::chrono::seconds kStall(10);
/// Checks running at once, at most (stalled ones included; each ends at its
/// emit's deadline).
static constexpr size_t kMaxRunning = 8;

FortranDocuments::FortranDocuments(const WorkerOptions &worker,
                                   std::vector<std::string> emitCommand,
                                   bool synchronous)
    : workerOptions(std::make_unique<WorkerOptions>(worker)),
      emitCommand(std::move(emitCommand)), synchronous(synchronous) {
  // A check is background work: its workers run niced, like the editor's
  // lowering.
  if (!workerOptions->command.empty())
    workerOptions->command.push_back(kBackgroundWorkerArg);
  if (!synchronous)
    dispatcher = std::thread([this] { loop(); });
}

FortranDocuments::~FortranDocuments() { shutdown(); }

void FortranDocuments::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
    queue.clear();
    for (auto &[uri, doc] : docs)
      if (doc->cancel)
        *doc->cancel = true;
  }
  wake.notify_all();
  if (dispatcher.joinable())
    dispatcher.join();
  // The dispatcher starts no more; the running ones were cancelled.
  std::map<uint64_t, std::unique_ptr<Runner>> left;
  {
    std::lock_guard<std::mutex> lock(mutex);
    left.swap(running);
  }
  for (auto &[id, runner] : left)
    runner->thread.join();
}

bool FortranDocuments::handles(StringRef path) {
  return hasFortranExtension(path);
}

WorkerPool &FortranDocuments::pool() {
  // The pool serves concurrent callers; only its making is guarded here.
  std::lock_guard<std::mutex> lock(mutex);
  if (!workers)
    workers = std::make_unique<WorkerPool>(*workerOptions);
  return *workers;
}

void FortranDocuments::request(const std::string &uri, Doc &doc,
                               const std::string &after) {
  ++doc.generation;
  if (doc.cancel)
    *doc.cancel = true;
  doc.after = after;
  if (!synchronous && !doc.queued) {
    doc.queued = true;
    queue.push_back(uri);
    wake.notify_one();
  }
}

void FortranDocuments::open(const std::string &uri, std::string path,
                            int64_t version, std::string text,
                            std::vector<std::string> roots, bool lowering) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto doc = std::make_shared<Doc>();
    doc->path = std::move(path);
    doc->version = version;
    doc->text = std::make_shared<const std::string>(std::move(text));
    doc->roots = std::move(roots);
    doc->lowering = lowering;
    if (auto old = docs.find(uri); old != docs.end() && old->second->cancel)
      *old->second->cancel = true;
    docs[uri] = doc;
    request(uri, *doc);
  }
  if (synchronous)
    runCheck(uri);
}

bool FortranDocuments::change(const std::string &uri, int64_t version,
                              std::string text) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = docs.find(uri);
  if (it == docs.end())
    return false;
  it->second->version = version;
  it->second->text = std::make_shared<const std::string>(std::move(text));
  return true;
}

bool FortranDocuments::save(const std::string &uri,
                            std::vector<std::string> roots, bool lowering) {
  // The open files using a module this one defines are checked again after
  // it (its check puts the new .mod and declare records in the cache): a
  // hover or finding in them came from the module's old text.
  std::vector<std::string> dependents;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(uri);
    if (it == docs.end())
      return false;
    it->second->roots = std::move(roots);
    it->second->lowering = lowering;
    request(uri, *it->second);
    std::vector<std::string> defined =
        pipeline::definedModules(*it->second->text);
    if (!defined.empty())
      for (auto &[other, doc] : docs)
        if (other != uri && llvm::any_of(pipeline::usedModules(*doc->text),
                                         [&](const std::string &m) {
                                           return llvm::is_contained(defined,
                                                                     m);
                                         })) {
          request(other, *doc, uri);
          dependents.push_back(other);
        }
  }
  if (synchronous) {
    runCheck(uri);
    for (const std::string &other : dependents)
      runCheck(other);
  }
  return true;
}

bool FortranDocuments::isOpen(const std::string &uri) const {
  std::lock_guard<std::mutex> lock(mutex);
  return docs.count(uri);
}

void FortranDocuments::close(const std::string &uri) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = docs.find(uri);
  if (it == docs.end())
    return;
  if (it->second->cancel)
    *it->second->cancel = true;
  docs.erase(it);
}

std::deque<std::string>::iterator FortranDocuments::nextToStart() {
  auto now = std::chrono::steady_clock::now();
  size_t fresh = llvm::count_if(
      running, [&](const auto &r) { return now - r.second->start < kStall; });
  if (fresh || running.size() >= kMaxRunning)
    return queue.end();
  auto isRunning = [&](const std::string &uri) {
    return llvm::any_of(running,
                        [&](const auto &r) { return r.second->uri == uri; });
  };
  // Not a document already being checked (its cancelled check is ending),
  // nor one that waits for a module's check that is queued or running.
  return llvm::find_if(queue, [&](const std::string &uri) {
    auto doc = docs.find(uri);
    if (isRunning(uri) || doc == docs.end())
      return false;
    const std::string &after = doc->second->after;
    return after.empty() ||
           (!isRunning(after) && !llvm::is_contained(queue, after));
  });
}

void FortranDocuments::loop() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!stopping) {
    for (uint64_t id : finished) {
      std::unique_ptr<Runner> done = std::move(running[id]);
      running.erase(id);
      done->thread.join(); // it has returned; the join is immediate
    }
    finished.clear();
    // A closed document's queued check is dropped.
    llvm::erase_if(queue,
                   [&](const std::string &uri) { return !docs.count(uri); });
    auto next = nextToStart();
    if (next != queue.end()) {
      auto runner = std::make_unique<Runner>();
      runner->uri = std::move(*next);
      queue.erase(next);
      runner->start = std::chrono::steady_clock::now();
      uint64_t id = ++runnerCount;
      runner->thread = std::thread([this, id, uri = runner->uri] {
        runCheck(uri);
        std::lock_guard<std::mutex> lock(mutex);
        finished.push_back(id);
        wake.notify_all();
      });
      running[id] = std::move(runner);
      continue;
    }
    // Until a check ends or is asked for, or the youngest one stalls.
    auto now = std::chrono::steady_clock::now();
    auto stalls = now;
    for (auto &[id, runner] : running)
      stalls = std::max(stalls, runner->start + kStall);
    if (queue.empty() || stalls == now)
      wake.wait(lock);
    else
      wake.wait_until(lock, stalls);
  }
}

void FortranDocuments::runCheck(const std::string &uri) {
  std::shared_ptr<Doc> doc;
  uint64_t generation;
  FortranCheckOptions options;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(uri);
    if (it == docs.end() || stopping)
      return;
    doc = it->second;
    doc->queued = false;
    doc->after.clear();
    generation = doc->generation;
    doc->cancel = std::make_shared<std::atomic<bool>>(false);
    options.cancel = doc->cancel.get();
    options.projectRoots = doc->roots;
    options.emitCommand = emitCommand;
    options.lowering = doc->lowering;
  }
  // `doc` keeps the cancel flag alive while the check reads it.
  auto result = std::make_shared<const FortranCheckResult>(
      checkFortranFile(pool(), doc->path, options));
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(uri);
    // Closed, reopened, or saved again meanwhile: a newer check follows.
    if (it == docs.end() || it->second != doc ||
        doc->generation != generation || result->cancelled)
      return;
    doc->result = std::move(result);
  }
  if (publish)
    publish(uri);
}

std::optional<FortranDocumentView>
FortranDocuments::view(const std::string &uri) const {
  std::shared_ptr<const FortranCheckResult> result;
  FortranDocumentView out;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(uri);
    if (it == docs.end())
      return std::nullopt;
    out.version = it->second->version;
    out.text = it->second->text;
    result = it->second->result;
  }
  if (!result)
    return out;
  if (!result->error.empty()) {
    Diagnostic d;
    d.range = {0, std::min<uint32_t>(1, out.text->size())};
    d.message = "ompx could not check this file: " + result->error;
    out.diagnostics.push_back(std::move(d));
    return out;
  }
  // The check read the saved file; the buffer may differ since.
  EditMap edits;
  if (result->text != *out.text)
    addTextDiff(edits, result->text, *out.text);
  for (const Diagnostic &d : result->diagnostics)
    if (std::optional<TextRange> r = edits.mapSpan(d.range)) {
      Diagnostic moved = d;
      moved.range = *r;
      // Its notes' places too (a note whose text was edited loses it).
      for (DiagnosticNote &n : moved.notes)
        if (n.hasRange) {
          std::optional<TextRange> nr = edits.mapSpan(n.range);
          n.hasRange = nr.has_value();
          if (nr)
            n.range = *nr;
        }
      out.diagnostics.push_back(std::move(moved));
    }
  return out;
}

std::optional<DirectiveHover> FortranDocuments::hover(const std::string &uri,
                                                      uint32_t offset) const {
  std::shared_ptr<const FortranCheckResult> result;
  std::shared_ptr<const std::string> text;
  std::string path;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = docs.find(uri);
    if (it == docs.end() || !it->second->result || !it->second->result->mlir)
      return std::nullopt;
    result = it->second->result;
    text = it->second->text;
    path = it->second->path;
  }
  // From the buffer to the text that was emitted, and the word back.
  EditMap back, forth;
  if (result->text != *text) {
    addTextDiff(back, *text, result->text);
    addTextDiff(forth, result->text, *text);
  }
  std::optional<DirectiveHover> h =
      directiveHover(*result->mlir, result->text, path,
                     back.mapOffset(offset, /*after=*/false));
  if (!h)
    return std::nullopt;
  std::optional<TextRange> r = forth.mapToken(h->range);
  if (!r)
    return std::nullopt;
  h->range = *r;
  return h;
}
