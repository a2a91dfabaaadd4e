//===- LaunchService.cpp - Launches and devices for the editor ------------===//

#include "server/service/LaunchService.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/MapCheckReport.h"
#include "pipeline/launch/ProfileReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <future>

using namespace ompx;
namespace pl = ompx::pipeline;

LaunchService::LaunchService(TextFn text, RepublishFn republish,
                             bool synchronous, bool finishOnExit,
                             pl::LaunchHelpers helpers, const FileAccess &files)
    : text(std::move(text)), republish(std::move(republish)),
      synchronous(synchronous), finishOnExit(finishOnExit),
      helpers(std::move(helpers)), files(files) {}

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

llvm::Expected<std::shared_ptr<std::atomic<bool>>>
LaunchService::launch(const std::string &uri, pl::LaunchRequest request,
                      pl::LaunchCallbacks callbacks,
                      std::function<void(const pl::LaunchResult &)> done) {
  request.inputText = text(uri);
  if (!request.inputText) {
    // Not open: only a file the editor could show, under a workspace
    // folder (the document's own folder would admit any path).
    auto real = files.confine(request.inputPath, "");
    if (!real) {
      llvm::consumeError(real.takeError());
      return llvm::createStringError(
          uri +
          " is neither an open document nor a file under a workspace "
          "folder (initialize's workspaceFolders or rootUri" +
          (files.folders().empty() ? std::string(": none given")
                                   : std::string()) +
          "); open it in the editor to launch it");
    }
  }
  std::string docFolder = llvm::sys::path::parent_path(request.inputPath).str();
  request.projectRoots = files.folders();
  request.projectRoots.push_back(docFolder);
  // Drivers are compiled, and a compiler quotes what it cannot compile.
  for (const std::string &driver : request.drivers)
    if (llvm::sys::fs::exists(driver))
      if (auto real = files.confine(driver, docFolder); !real) {
        llvm::consumeError(real.takeError());
        return llvm::createStringError(
            "the driver " + driver +
            " is neither under a workspace folder nor in the document's "
            "folder");
      }
  // What a launch writes for the editor: new files under the workspace.
  if (!request.bundleDir.empty()) {
    if (llvm::Error e =
            files.checkCreate(request.bundleDir, docFolder, "the bundle folder",
                              /*mayExist=*/true))
      return std::move(e);
    if (llvm::Error e = files.checkCreate(request.bundleDir + ".tar.xz",
                                          docFolder, "the bundle tarball"))
      return std::move(e);
  }
  if (request.profile) {
    // The report's default place: next to the document.
    std::string report =
        request.profileReport.empty()
            ? pl::sidecarStem(request.inputPath) + ".profile.json"
            : request.profileReport;
    for (const std::string &file :
         {report, llvm::sys::path::extension(report) == ".json"
                      ? report.substr(0, report.size() - 5) + ".html"
                      : report + ".html"})
      if (llvm::Error e =
              files.checkCreate(file, docFolder, "the profile report",
                                /*mayExist=*/true))
        return std::move(e);
    request.profileReport = report;
  }
  if (!request.slurm.stageDir.empty())
    if (llvm::Error e =
            files.checkCreate(request.slurm.stageDir, docFolder,
                              "the Slurm staging folder", /*mayExist=*/true))
      return std::move(e);
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
        bool found = addMapFindings(uri, request.inputPath, result);
        addProfile(uri, request, result);
        if (hadDiagnostics || result.location || found)
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

bool LaunchService::addMapFindings(const std::string &uri,
                                   const std::string &inputPath,
                                   const pl::LaunchResult &result) {
  std::vector<LaunchDiagnostic> found;
  for (const pl::MapFinding &f : result.mapFindings) {
    // On the map op of this document; the Fortran line in the message.
    const pl::SourceLocation &op = f.mapOp ? *f.mapOp : f.location;
    if (op.file != inputPath || op.line == 0)
      continue;
    LaunchDiagnostic d;
    d.line = op.line - 1;
    d.column = op.column ? op.column - 1 : 0;
    d.message = pl::mapFindingMessage(f);
    if (f.mapOp)
      d.message +=
          " [" + f.location.file + ":" + std::to_string(f.location.line) + "]";
    d.source = kMapCheckSource;
    d.severity = f.warning ? 2 : 3;
    d.code = "mapcheck-" + f.check;
    found.push_back(std::move(d));
  }
  if (found.empty())
    return false;
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<LaunchDiagnostic> &list = diags[uri];
  list.insert(list.end(), found.begin(), found.end());
  return true;
}

void LaunchService::forgetMapFindings(const std::string &uri) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = diags.find(uri);
  if (it == diags.end())
    return;
  llvm::erase_if(it->second, [](const LaunchDiagnostic &d) {
    return d.source == kMapCheckSource;
  });
  if (it->second.empty())
    diags.erase(it);
}

std::vector<LaunchDiagnostic>
LaunchService::diagnostics(const std::string &uri) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = diags.find(uri);
  return it == diags.end() ? std::vector<LaunchDiagnostic>{} : it->second;
}

/// How many launches of a kernel the hover's table lists.
static constexpr size_t kLaunchRows = 20;

/// A kernel's figures and its launches, one row each (launch #, device,
/// grid, mode, time) from the report's timeline.
static void kernelRows(const pl::ProfileReport &r, size_t index,
                       ProfileMark &m) {
  const pl::KernelTotals &k = r.kernels[index];
  m.header = {"launch", "device", "grid", "mode", "time"};
  uint64_t seen = 0;
  for (const pl::ProfileEvent &e : r.events) {
    if (e.kind != pl::ProfileEvent::Kernel || e.index != index)
      continue;
    if (++seen > kLaunchRows)
      continue;
    std::string grid = pl::launchGrid(e);
    m.rows.push_back({"#" + std::to_string(seen), std::to_string(e.device),
                      grid.empty() ? "runtime's" : grid,
                      pl::profileMode(e.ranMode.empty() ? k.mode : e.ranMode),
                      pl::profileDuration(e.end - e.start) +
                          (e.unfinished ? " (unfinished)" : "")});
  }
  if (seen > m.rows.size())
    m.note = std::to_string(seen - m.rows.size()) + " more launches";
  if (k.launches > seen)
    m.note += (m.note.empty() ? "" : "; ") + std::to_string(k.launches - seen) +
              " past the timeline's first " +
              std::to_string(pl::kMaxProfileEvents) +
              " events (in the totals only)";
}

/// A map entry's figures per direction: bytes, copies, time.
static void mapRows(const pl::MapTotals &t, ProfileMark &m) {
  m.header = {"direction", "bytes", "copies", "time"};
  for (const auto &[name, d] :
       {std::pair<const char *, const pl::TransferTotals *>{"alloc", &t.alloc},
        {"to", &t.to},
        {"from", &t.from},
        {"release", &t.release}})
    if (d->count)
      m.rows.push_back({name, pl::profileBytes(d->bytes),
                        std::to_string(d->count), pl::profileDuration(d->ns)});
}

bool LaunchService::addProfile(const std::string &uri,
                               const pl::LaunchRequest &request,
                               const pl::LaunchResult &result) {
  if (!result.profile || !request.inputText)
    return false;
  const pl::ProfileReport &r = *result.profile;
  auto record = std::make_shared<ProfileRecord>();
  record->text = *request.inputText;
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(record->text).split(lines, '\n');
  // The Fortran files the ops came from, as they read now (at the launch):
  // their lines carry the figures too. A location's path is the MLIR's
  // word: only a Fortran file under the workspace or the document's folder
  // is read.
  std::string docFolder = llvm::sys::path::parent_path(request.inputPath).str();
  std::map<std::string, int> sourceByName;
  auto sourceIndex = [&](const std::string &file) {
    auto [it, fresh] = sourceByName.try_emplace(file, -1);
    if (!fresh)
      return it->second;
    llvm::SmallString<256> path(file);
    if (!llvm::sys::path::is_absolute(path)) {
      path = docFolder;
      llvm::sys::path::append(path, file);
    }
    llvm::Expected<std::string> real = files.confine(path, docFolder);
    if (!real) {
      llvm::consumeError(real.takeError());
      return -1;
    }
    llvm::Expected<std::string> text =
        files.read(*real, docFolder, FileKind::Fortran, 64 << 20);
    if (!text) {
      llvm::consumeError(text.takeError());
      return -1;
    }
    it->second = int(record->sources.size());
    record->sources.push_back({*real, std::move(*text)});
    return it->second;
  };
  // A mark for a site of this document, at its op; null elsewhere.
  auto mark = [&](const pl::ProfileSite &site) -> ProfileMark * {
    if (!site.mlir || site.mlir->file != request.inputPath ||
        site.mlir->line == 0 || site.mlir->line > lines.size())
      return nullptr;
    ProfileMark &m = record->marks.emplace_back();
    m.line = site.mlir->line - 1;
    m.column = site.mlir->column ? site.mlir->column - 1 : 0;
    m.lineText = lines[m.line].rtrim('\r').str();
    m.op = site.op;
    m.name = site.name;
    if (site.source) {
      m.source = llvm::sys::path::filename(site.source->file).str() + ":" +
                 std::to_string(site.source->line);
      m.sourceLine = site.source->line;
      m.sourceIndex = sourceIndex(site.source->file);
    }
    return &m;
  };
  for (size_t i = 0; i < r.kernels.size(); ++i)
    if (ProfileMark *m = mark(r.kernels[i].site)) {
      m->kind = ProfileMark::Kind::Kernel;
      m->figures = pl::kernelFigures(r.kernels[i]);
      m->ns = r.kernels[i].ns;
      kernelRows(r, i, *m);
    }
  for (const pl::MapTotals &t : r.maps)
    if (ProfileMark *m = mark(t.site)) {
      m->kind = ProfileMark::Kind::Map;
      m->figures = pl::mapFigures(t);
      m->ns = t.ns();
      mapRows(t, *m);
    }
  std::lock_guard<std::mutex> lock(mutex);
  profiles[uri] = std::move(record);
  return true;
}

std::shared_ptr<const ProfileRecord>
LaunchService::profileRecord(const std::string &uri) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = profiles.find(uri);
  return it == profiles.end() ? nullptr : it->second;
}

std::map<std::string, std::shared_ptr<const ProfileRecord>>
LaunchService::profileRecords() const {
  std::lock_guard<std::mutex> lock(mutex);
  return profiles;
}
