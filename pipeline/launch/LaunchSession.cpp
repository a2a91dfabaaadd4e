//===- LaunchSession.cpp - One launch's state in the parent ---------------===//

#include "pipeline/launch/LaunchSession.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

LaunchSession::LaunchSession(const LaunchRequest &request,
                             const LaunchCallbacks &callbacks,
                             const std::atomic<bool> *cancel)
    : request(request), callbacks(callbacks), cancel(cancel),
      tools(request.toolchainPrefix) {
  if (request.timeoutSeconds)
    deadline = Clock::now() + std::chrono::seconds(request.timeoutSeconds);
}

LaunchSession::~LaunchSession() {
  if (!workDir.empty() && request.keepDir.empty())
    fs::remove_directories(workDir);
}

void LaunchSession::stage(Stage s, const std::string &msg) {
  result.stage = s;
  if (callbacks.onStage)
    callbacks.onStage(s, msg);
}

void LaunchSession::log(const std::string &msg) {
  if (callbacks.onOutput)
    callbacks.onOutput(OutputStream::Log, msg + "\n");
}

void LaunchSession::output(OutputStream stream, StringRef data) {
  if (callbacks.onOutput)
    callbacks.onOutput(stream, data.str());
}

LaunchResult &LaunchSession::fail(Stage s, std::string message,
                                  std::optional<SourceLocation> loc) {
  result.status = LaunchStatus::Failed;
  result.stage = s;
  result.message = std::move(message);
  result.location = std::move(loc);
  return result;
}

LaunchResult &LaunchSession::stopped(LaunchStatus status) {
  result.status = status;
  result.message =
      status == LaunchStatus::Cancelled
          ? std::string("cancelled during ") + stageName(result.stage)
          : "timed out after " + std::to_string(request.timeoutSeconds) +
                " s during " + stageName(result.stage);
  return result;
}

BundleOptions LaunchSession::bundleOptions(const BuildPlan &plan) {
  DeviceKind kind = plan.job.device;
  BundleOptions o;
  o.executable = plan.executable;
  o.programName = path::filename(request.inputPath).split('.').first.str();
  if (o.programName.empty() || o.programName == "lib" ||
      o.programName == "run.sh")
    o.programName = "program";
  o.offload = kind != DeviceKind::Host;
  o.deviceIndex = plan.deviceIndex;
  o.deviceName = result.deviceId;
  std::vector<std::string> libraryPath = {tools.prefix() + "/lib"};
  if (const char *old = getenv("LD_LIBRARY_PATH"))
    llvm::append_range(libraryPath, llvm::split(StringRef(old), ':'));
  llvm::erase_if(libraryPath, [](const std::string &d) { return d.empty(); });
  o.search = LibrarySearch::forThisMachine(std::move(libraryPath));
  o.cancel = cancel;
  o.log = [this](const std::string &line) { log(line); };
  return o;
}
