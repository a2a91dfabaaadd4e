//===- EmitService.h - Fortran -> MLIR for the editor -----------*- C++ -*-===//
//
// Runs `ompx-lsp emit` (pipeline::emitInChild) for the editor, each on a
// thread of its own so the server keeps answering; the MLIR goes to a file
// next to the Fortran, which the editor opens (and the server analyzes like
// any MLIR document). A newer emit of the same output cancels the older one.
// No JSON, no LSP.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SERVICE_EMITSERVICE_H
#define OMPX_SERVICE_EMITSERVICE_H

#include "pipeline/compile/Emit.h"

#include <atomic>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ompx {

class EmitService {
public:
  /// `command`: program and subcommand to run (`ompx-lsp emit`).
  explicit EmitService(std::vector<std::string> command)
      : command(std::move(command)) {}
  ~EmitService() { shutdown(); }
  /// Cancels the emits still running and waits for them (their callbacks
  /// run, with "cancelled").
  void shutdown();

  /// Emits `request` into `outputPath`; `done` runs on the emit's thread.
  /// Setting the flag returned cancels it (its child and flang killed).
  std::shared_ptr<std::atomic<bool>>
  emit(pipeline::EmitRequest request, std::string outputPath,
       std::function<void(const pipeline::EmitResult &)> done);

private:
  struct Task {
    std::atomic<bool> finished{false};
    std::shared_ptr<std::atomic<bool>> cancel;
    std::string output;
    std::thread thread;
  };
  std::vector<std::string> command;
  std::mutex mutex;
  std::list<Task> running;
};

} // namespace ompx

#endif // OMPX_SERVICE_EMITSERVICE_H
