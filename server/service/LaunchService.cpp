//===- LaunchService.cpp - Launches and devices for the editor ------------===//

#include "server/service/LaunchService.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/MapCheckReport.h"

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

/// The tooltip of a kernel's or a map entry's figures.
static std::string profileTooltip(const pl::ProfileSite &site,
                                  llvm::StringRef figures) {
  std::string out = "**" + site.name + "** (" +
                    (site.op.empty() ? std::string("op") : site.op) +
                    "): " + figures.str();
  if (site.source)
    out += "\n\nFortran: " + site.source->file + ":" +
           std::to_string(site.source->line);
  return out + "\n\nRecorded by the last launch with a profile "
               "(`ompx.launch.profile`).";
}

bool LaunchService::addProfile(const std::string &uri,
                               const pl::LaunchRequest &request,
                               const pl::LaunchResult &result) {
  if (!result.profile || !request.inputText)
    return false;
  RecordedProfile recorded{*request.inputText, {}};
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(recorded.text).split(lines, '\n');
  std::map<uint32_t, size_t> byLine;
  auto mark = [&](const pl::ProfileSite &site, const std::string &figures) {
    if (!site.mlir || site.mlir->file != request.inputPath ||
        site.mlir->line == 0 || site.mlir->line > lines.size())
      return;
    uint32_t line = site.mlir->line - 1;
    // Two ops at one line (an acc clause and its lowering): one hint.
    auto [it, fresh] = byLine.try_emplace(line, recorded.marks.size());
    if (!fresh) {
      ProfileMark &m = recorded.marks[it->second];
      m.label += " | " + figures;
      m.tooltip += "\n\n---\n\n" + profileTooltip(site, figures);
      return;
    }
    recorded.marks.push_back({line, lines[line].rtrim('\r').str(), figures,
                              profileTooltip(site, figures)});
  };
  for (const pl::KernelTotals &k : result.profile->kernels)
    mark(k.site, pl::kernelFigures(k));
  for (const pl::MapTotals &m : result.profile->maps)
    mark(m.site, pl::mapFigures(m));
  std::lock_guard<std::mutex> lock(mutex);
  profiles[uri] = std::move(recorded);
  return true;
}

std::vector<ProfileHint>
LaunchService::profileHints(const std::string &uri,
                            llvm::StringRef text) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = profiles.find(uri);
  if (it == profiles.end())
    return {};
  const RecordedProfile &recorded = it->second;
  bool stale = text != recorded.text;
  // Each line's start and text (without its line break).
  std::vector<std::pair<uint32_t, llvm::StringRef>> lines;
  for (size_t at = 0; at <= text.size();) {
    size_t end = text.find('\n', at);
    if (end == llvm::StringRef::npos)
      end = text.size();
    lines.push_back({uint32_t(at), text.slice(at, end).rtrim('\r')});
    at = end + 1;
  }
  std::vector<ProfileHint> hints;
  for (const ProfileMark &m : recorded.marks) {
    std::optional<uint32_t> line;
    if (m.line < lines.size() && lines[m.line].second == m.lineText)
      line = m.line;
    else if (stale)
      for (uint32_t i = 0; i < lines.size(); ++i)
        if (lines[i].second == m.lineText) {
          if (line) { // several: none is known to be the op
            line.reset();
            break;
          }
          line = i;
        }
    if (!line)
      continue;
    ProfileHint h;
    h.offset = lines[*line].first + uint32_t(lines[*line].second.size());
    h.stale = stale;
    h.label = (stale ? "(stale) " : "") + m.label;
    h.tooltip =
        m.tooltip + (stale ? "\n\n*Stale*: the document changed since this "
                             "launch; launch again for current figures."
                           : "");
    hints.push_back(std::move(h));
  }
  return hints;
}
