//===- EmitService.cpp - Fortran -> MLIR for the editor -------------------===//

#include "server/service/EmitService.h"

using namespace ompx;

void EmitService::shutdown() {
  std::list<Task> all;
  {
    std::lock_guard<std::mutex> lock(mutex);
    all.splice(all.end(), running);
  }
  // An emit still running is cancelled (flang killed): exit never waits for
  // a compile.
  for (Task &t : all)
    *t.cancel = true;
  for (Task &t : all)
    if (t.thread.joinable())
      t.thread.join();
}

std::shared_ptr<std::atomic<bool>>
EmitService::emit(pipeline::EmitRequest request, std::string outputPath,
                  std::function<void(const pipeline::EmitResult &)> done) {
  std::lock_guard<std::mutex> lock(mutex);
  // Reap the finished ones; cancel an older emit of the same file (a save
  // right after another makes the first one's output stale).
  for (auto it = running.begin(); it != running.end();) {
    if (it->finished) {
      it->thread.join();
      it = running.erase(it);
      continue;
    }
    if (it->output == outputPath)
      *it->cancel = true;
    ++it;
  }
  Task &task = running.emplace_back();
  task.cancel = std::make_shared<std::atomic<bool>>(false);
  task.output = outputPath;
  request.cancel = task.cancel.get();
  task.thread = std::thread([this, &task, request = std::move(request),
                             outputPath = std::move(outputPath),
                             done = std::move(done), keep = task.cancel] {
    pipeline::EmitResult result =
        pipeline::emitInChild(command, request, outputPath);
    done(result);
    task.finished = true;
  });
  return task.cancel;
}
