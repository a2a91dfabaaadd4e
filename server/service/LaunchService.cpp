//===- LaunchService.cpp - Launches and devices for the editor ------------===//

#include "server/service/LaunchService.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <future>

using namespace ompx;
namespace pl = ompx::pipeline;

LaunchService::LaunchService(TextFn text, RepublishFn republish,
                             bool synchronous, bool finishOnExit,
                             pl::LaunchHelpers helpers)
    : text(std::move(text)), republish(std::move(republish)),
      synchronous(synchronous), finishOnExit(finishOnExit),
      helpers(std::move(helpers)) {}

std::optional<LaunchService::SlurmRelease> LaunchService::shutdown() {
  // Join without the lock: a finishing launch takes it for its diagnostics.
  std::list<std::pair<Task, std::shared_ptr<std::atomic<bool>>>> all;
  {
    std::lock_guard<std::mutex> lock(mutex);
    all.splice(all.end(), running);
  }
  for (auto &[task, cancel] : all) {
    if (!finishOnExit && cancel)
      *cancel = true;
    if (task.thread.joinable())
      task.thread.join();
  }
  std::optional<pl::SlurmOptions> slurm;
  {
    std::lock_guard<std::mutex> lock(mutex);
    slurm.swap(slurmUsed);
  }
  if (!slurm)
    return std::nullopt;
  SlurmRelease release;
  release.released = pl::releaseSlurmAllocations(
      *slurm, /*onlyThisProcess=*/true, release.error);
  return release;
}

void LaunchService::spawn(std::function<void()> fn,
                          std::shared_ptr<std::atomic<bool>> cancel) {
  std::lock_guard<std::mutex> lock(mutex);
  // Threads of finished tasks are joined here, not by themselves.
  for (auto it = running.begin(); it != running.end();)
    if (it->first.done) {
      it->first.thread.join();
      it = running.erase(it);
    } else {
      ++it;
    }
  auto &entry = running.emplace_back();
  entry.second = std::move(cancel);
  Task &task = entry.first;
  task.thread = std::thread([&task, fn = std::move(fn)] {
    fn();
    task.done = true;
  });
}

void LaunchService::setWorkspaceFolders(std::vector<std::string> folders) {
  std::vector<std::string> real;
  for (const std::string &f : folders) {
    llvm::SmallString<256> r;
    if (!llvm::sys::fs::real_path(f, r) && llvm::sys::fs::is_directory(r))
      real.push_back(r.str().str());
  }
  std::lock_guard<std::mutex> lock(mutex);
  workspaceFolders = std::move(real);
}

/// `path` with its symbolic links resolved, if it exists.
static std::optional<std::string> realPath(llvm::StringRef path) {
  llvm::SmallString<256> r;
  if (llvm::sys::fs::real_path(path, r))
    return std::nullopt;
  return r.str().str();
}

static bool isUnder(llvm::StringRef path, llvm::StringRef folder) {
  return path.starts_with(folder) &&
         (path.size() == folder.size() || folder.ends_with("/") ||
          path[folder.size()] == '/');
}

bool LaunchService::inWorkspace(llvm::StringRef path,
                                llvm::StringRef folder) const {
  std::optional<std::string> real = realPath(path);
  if (!real)
    return false;
  if (!folder.empty())
    if (std::optional<std::string> f = realPath(folder); f && *f == *real)
      return true;
  std::lock_guard<std::mutex> lock(mutex);
  return llvm::any_of(workspaceFolders,
                      [&](const std::string &f) { return isUnder(*real, f); });
}

llvm::Expected<std::shared_ptr<std::atomic<bool>>>
LaunchService::launch(const std::string &uri, pl::LaunchRequest request,
                      pl::LaunchCallbacks callbacks,
                      std::function<void(const pl::LaunchResult &)> done) {
  request.inputText = text(uri);
  std::vector<std::string> allowed;
  {
    std::lock_guard<std::mutex> lock(mutex);
    allowed = workspaceFolders;
  }
  auto underWorkspace = [&](llvm::StringRef real) {
    return llvm::any_of(allowed,
                        [&](const std::string &f) { return isUnder(real, f); });
  };
  if (!request.inputText) {
    std::optional<std::string> real = realPath(request.inputPath);
    if (!real || !underWorkspace(*real))
      return llvm::createStringError(
          uri +
          " is neither an open document nor a file under a workspace "
          "folder (initialize's workspaceFolders or rootUri" +
          (allowed.empty() ? std::string(": none given") : std::string()) +
          "); open it in the editor to launch it");
  }
  // Drivers are compiled, and a compiler quotes what it cannot compile.
  if (auto docFolder =
          realPath(llvm::sys::path::parent_path(request.inputPath)))
    allowed.push_back(*docFolder);
  for (const std::string &driver : request.drivers) {
    std::optional<std::string> real = realPath(driver);
    if (real && !underWorkspace(*real))
      return llvm::createStringError(
          "the driver " + driver +
          " is neither under a workspace folder nor in the document's folder");
  }
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  request.buildChildCommand = helpers.buildChild;
  request.guardCommand = helpers.guard;
  bool hadDiagnostics;
  {
    std::lock_guard<std::mutex> lock(mutex);
    hadDiagnostics = diags.erase(uri) > 0;
    if (request.launcher == pl::LauncherKind::Slurm)
      slurmUsed = request.slurm;
  }
  spawn(
      [this, uri, hadDiagnostics, cancel, request = std::move(request),
       callbacks = std::move(callbacks), done = std::move(done)] {
        pl::LaunchResult result = pl::launch(request, callbacks, cancel.get());
        // A failure at an op of this document becomes a diagnostic on it.
        if (result.location && result.location->file == request.inputPath &&
            result.location->line > 0) {
          LaunchDiagnostic d;
          d.line = result.location->line - 1;
          d.column = result.location->column ? result.location->column - 1 : 0;
          d.message = std::string("[") + pl::stageName(result.stage) + "] " +
                      result.message;
          std::lock_guard<std::mutex> lock(mutex);
          diags[uri].push_back(std::move(d));
        }
        if (hadDiagnostics || result.location)
          republish(uri);
        done(result);
      },
      cancel);
  return cancel;
}

void LaunchService::listDevices(
    const pl::SlurmOptions &slurm,
    std::function<void(std::vector<pl::DeviceInfo>, pl::SlurmInfo)> done) {
  auto run = [slurm, done = std::move(done)] {
    // sinfo may wait for a controller that does not answer (up to ~2 s):
    // not after the GPU probes, beside them.
    std::future<pl::SlurmInfo> info = std::async(
        std::launch::async, [slurm] { return pl::querySlurm(slurm); });
    pl::Toolchain tools;
    std::vector<pl::DeviceInfo> devices = pl::listDevices(tools);
    done(std::move(devices), info.get());
  };
  if (synchronous)
    run();
  else
    spawn(std::move(run));
}

void LaunchService::releaseSlurmAllocations(
    const pl::SlurmOptions &slurm,
    std::function<void(std::vector<std::string>, std::string)> done) {
  auto run = [slurm, done = std::move(done)] {
    std::string error;
    std::vector<std::string> released =
        pl::releaseSlurmAllocations(slurm, /*onlyThisProcess=*/false, error);
    done(std::move(released), std::move(error));
  };
  if (synchronous)
    run();
  else
    spawn(std::move(run));
}

std::vector<LaunchDiagnostic>
LaunchService::diagnostics(const std::string &uri) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = diags.find(uri);
  return it == diags.end() ? std::vector<LaunchDiagnostic>{} : it->second;
}
