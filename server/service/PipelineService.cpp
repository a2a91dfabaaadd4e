//===- PipelineService.cpp - Pipelines and reductions, editor's -----------===//

#include "server/service/PipelineService.h"
#include "pipeline/compile/Emit.h"
#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace ompx;
using llvm::StringRef;

void PipelineService::shutdown() {
  std::list<Task> all;
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopped = true;
    all.splice(all.end(), running);
  }
  // A compile still running is stopped: exit never waits for one.
  for (Task &t : all)
    *t.cancel = true;
  for (Task &t : all)
    if (t.thread.joinable())
      t.thread.join();
  std::lock_guard<std::mutex> lock(mutex);
  kept.clear();
  // Folders of runs that were still running.
  for (const std::string &dir : folders)
    llvm::sys::fs::remove_directories(dir);
  folders.clear();
}

void PipelineService::spawn(std::function<void()> fn,
                            std::shared_ptr<std::atomic<bool>> cancel) {
  std::lock_guard<std::mutex> lock(mutex);
  for (auto it = running.begin(); it != running.end();)
    if (it->done) {
      it->thread.join();
      it = running.erase(it);
    } else {
      ++it;
    }
  Task &task = running.emplace_back();
  task.cancel = std::move(cancel);
  // After shutdown (the server exiting) nothing starts: it ends cancelled.
  if (stopped)
    *task.cancel = true;
  task.thread = std::thread([&task, fn = std::move(fn)] {
    fn();
    task.done = true;
  });
}

ChildEnd
PipelineService::runChild(StringRef verb, const ChildJob &job,
                          const std::atomic<bool> &cancel,
                          const std::function<void(StringRef)> &onLine) {
  ChildEnd end;
  SpawnOptions spawn;
  spawn.argv = {command, verb.str()};
  spawn.argv.insert(spawn.argv.end(), job.args.begin(), job.args.end());
  spawn.in = SpawnOptions::Stream::Null;
  // Its own group: a cancel or the deadline reaches the build child and
  // the tools under it; and it ends with the server (support/ParentWatch.h).
  spawn.newProcessGroup = true;
  spawn.env =
      environmentWith({std::string(pipeline::kExitWithParentVariable) + "=1"});
  auto child = Subprocess::spawn(spawn);
  if (!child) {
    end.error = llvm::toString(child.takeError());
    return end;
  }
  std::string partial;
  auto onStderr = [&](StringRef data) {
    end.stderrText.append(data.begin(), data.end());
    partial.append(data.begin(), data.end());
    size_t nl;
    while ((nl = partial.find('\n')) != std::string::npos) {
      if (onLine)
        onLine(StringRef(partial).take_front(nl));
      partial.erase(0, nl + 1);
    }
  };
  // SIGTERM first: the pipeline then finishes its index with the
  // snapshots taken so far, the reducer keeps its best candidate.
  Subprocess::Outcome o = (*child)->run(
      Clock::now() + job.timeout, &cancel,
      [&](StringRef data) { end.stdoutText.append(data.begin(), data.end()); },
      onStderr, std::chrono::seconds(5));
  if (!partial.empty() && onLine)
    onLine(partial);
  end.timedOut = o.timedOut;
  end.cancelled = o.cancelled;
  if (!o.status.signaled)
    end.exitCode = o.status.code;
  return end;
}

std::shared_ptr<std::atomic<bool>>
PipelineService::runPipeline(ChildJob job,
                             std::function<void(StringRef)> onLine,
                             std::function<void(const PipelineRun &)> done) {
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  spawn(
      [this, cancel, job = std::move(job), onLine = std::move(onLine),
       done = std::move(done)]() mutable {
        PipelineRun run;
        llvm::SmallString<128> dir;
        if (std::error_code ec =
                llvm::sys::fs::createUniqueDirectory("ompx-pipeline", dir)) {
          run.end.error = "cannot make a snapshot folder: " + ec.message();
          return done(run);
        }
        {
          std::lock_guard<std::mutex> lock(mutex);
          run.id = std::to_string(++nextId);
          folders.push_back(dir.str().str());
        }
        job.args.insert(job.args.end(), {"-o", dir.str().str()});
        run.end = runChild("pipeline", job, *cancel, onLine);
        llvm::SmallString<128> index(dir);
        llvm::sys::path::append(index, snapshots::kIndexFile);
        if (!run.end.cancelled && llvm::sys::fs::exists(index)) {
          auto store = snapshots::Store::open(dir);
          if (!store)
            run.storeError = llvm::toString(store.takeError());
          else
            run.store =
                std::make_shared<const snapshots::Store>(std::move(*store));
        }
        keep(run, dir.str().str());
        done(run);
      },
      cancel);
  return cancel;
}

void PipelineService::keep(const PipelineRun &run, std::string dir) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    llvm::erase(folders, dir);
    if (run.store) {
      kept.push_back({run.id, run.store, nullptr, 0});
      while (kept.size() > keepRuns)
        kept.pop_front();
    }
  }
  // The store holds its pieces in memory: the folder is not needed to
  // answer.
  llvm::sys::fs::remove_directories(dir);
}

std::shared_ptr<std::atomic<bool>>
PipelineService::runReduce(ChildJob job, std::function<void(StringRef)> onLine,
                           std::function<void(const ChildEnd &)> done) {
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  spawn([this, cancel, job = std::move(job), onLine = std::move(onLine),
         done = std::move(
             done)] { done(runChild("reduce", job, *cancel, onLine)); },
        cancel);
  return cancel;
}

std::shared_ptr<const snapshots::Store>
PipelineService::store(const std::string &id, std::string *error) {
  std::shared_ptr<const snapshots::Store> compressed;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (Kept &k : kept)
      if (k.id == id) {
        k.lastUse = ++uses;
        if (k.loaded)
          return k.loaded;
        compressed = k.compressed;
      }
  }
  if (!compressed)
    return nullptr;
  // Decompressed outside the lock (a 50k-line file's: a fraction of a
  // second); two requests may both do it, and one copy is kept.
  auto loaded = std::make_shared<snapshots::Store>(*compressed);
  if (llvm::Error e = loaded->loadPieces()) {
    if (error)
      *error = llvm::toString(std::move(e));
    else
      llvm::consumeError(std::move(e));
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<Kept *> withPieces;
  for (Kept &k : kept) {
    if (k.id == id && !k.loaded)
      k.loaded = loaded;
    if (k.loaded)
      withPieces.push_back(&k);
  }
  // The least recently asked-for beyond loadedRuns drop their pieces (a
  // request holding one keeps it until it answers).
  llvm::sort(withPieces,
             [](Kept *a, Kept *b) { return a->lastUse > b->lastUse; });
  for (size_t i = loadedRuns; i < withPieces.size(); ++i)
    withPieces[i]->loaded.reset();
  return loaded;
}
