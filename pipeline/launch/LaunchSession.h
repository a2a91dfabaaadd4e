//===- LaunchSession.h - One launch's state in the parent -------*- C++ -*-===//
//
// What the launcher (Launch.cpp) and the program runners (ProgramRunner.h)
// share while a launch runs: the request, the caller's callbacks, the
// deadline and cancel flag, the work directory, the guard and the result
// being filled in.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LAUNCH_LAUNCHSESSION_H
#define OMPX_PIPELINE_LAUNCH_LAUNCHSESSION_H

#include "pipeline/Types.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/Bundle.h"
#include "pipeline/launch/Launch.h"
#include "support/ProcessGuard.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace ompx::pipeline {

class LaunchSession {
public:
  using Clock = std::chrono::steady_clock;

  LaunchSession(const LaunchRequest &request, const LaunchCallbacks &callbacks,
                const std::atomic<bool> *cancel);
  /// Removes the work directory unless it is the user's --keep; then the
  /// guard ends without doing anything.
  ~LaunchSession();

  bool cancelled() const { return cancel && cancel->load(); }
  bool expired() const { return deadline && Clock::now() >= *deadline; }
  /// A stage starts (result.stage follows it).
  void stage(Stage s, const std::string &msg);
  /// A pipeline log line.
  void log(const std::string &msg);
  /// The program's output, as it arrives.
  void output(OutputStream stream, llvm::StringRef data);
  LaunchResult &fail(Stage s, std::string message,
                     std::optional<SourceLocation> loc = std::nullopt);
  /// Cancelled or Timeout, with the stage it happened in.
  LaunchResult &stopped(LaunchStatus status);
  /// A bundle of the built program (any device kind); its libraries resolve
  /// with the LD_LIBRARY_PATH a run here would get.
  BundleOptions bundleOptions(const BuildPlan &plan);

  const LaunchRequest &request;
  const LaunchCallbacks &callbacks;
  const std::atomic<bool> *cancel;
  Toolchain tools;
  std::optional<Clock::time_point> deadline;
  std::string workDir;
  LaunchResult result;
  /// Cleans up if this process dies mid-launch (see ProcessGuard.h).
  std::unique_ptr<ompx::ProcessGuard> guard;
};

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LAUNCH_LAUNCHSESSION_H
