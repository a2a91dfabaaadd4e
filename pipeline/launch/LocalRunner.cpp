//===- LocalRunner.cpp - Run the program on this machine ------------------===//
//
// The program runs here in its own process group, its output streamed to
// the caller as it arrives; a device run forbids libomptarget's silent host
// fallback (OMP_TARGET_OFFLOAD=MANDATORY) and picks the device by index.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/Devices.h"
#include "pipeline/compile/MapSites.h"
#include "pipeline/launch/LaunchSession.h"
#include "pipeline/launch/MapCheckReport.h"
#include "pipeline/launch/ProfileReport.h"
#include "pipeline/launch/ProgramRunner.h"
#include "support/FileRead.h"
#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <tuple>

using namespace ompx::pipeline;
using llvm::StringRef;
using ompx::ExitStatus;
using ompx::SpawnOptions;
using ompx::Subprocess;

namespace {
class LocalRunner : public ProgramRunner {
public:
  explicit LocalRunner(LaunchSession &session) : s(session) {}
  bool prepare(DeviceSpec &device) override;
  void run(const BuildPlan &plan) override;

private:
  void addObserver(const BuildPlan &plan, std::vector<std::string> &env,
                   std::string &ldPath);
  void collectMapFindings();

  LaunchSession &s;
};
} // namespace

std::unique_ptr<ProgramRunner>
ompx::pipeline::makeLocalRunner(LaunchSession &session) {
  return std::make_unique<LocalRunner>(session);
}

bool LocalRunner::prepare(DeviceSpec &device) {
  if (device.kind != DeviceKind::Auto)
    return true;
  device = {DeviceKind::Host, 0};
  for (const DeviceInfo &d : listDevices(s.tools, s.request.deviceRuntimeDir))
    if (d.available &&
        (d.kind == DeviceKind::NVPTX || d.kind == DeviceKind::AMDGPU)) {
      device = {d.kind, 0};
      break;
    }
  s.log("auto: using " + device.str());
  return true;
}

void LocalRunner::run(const BuildPlan &plan) {
  DeviceKind kind = plan.job.device;
  std::vector<std::string> env =
      programEnvironment(kind, /*keepLibraryPath=*/false);
  // libomptarget 22 (and its plugins) from the toolchain, never LLVM 19's.
  std::string ldPath = s.tools.prefix() + "/lib";
  if (const char *old = getenv("LD_LIBRARY_PATH"))
    if (*old)
      ldPath += std::string(":") + old;
  if (s.request.checkMaps || s.request.profile)
    addObserver(plan, env, ldPath);
  env.push_back("LD_LIBRARY_PATH=" + ldPath);
  std::string deviceIndex = std::to_string(plan.deviceIndex);
  if (kind != DeviceKind::Host) {
    // A device was asked for: a silent host fallback becomes an error.
    env.push_back("OMP_DEFAULT_DEVICE=" + deviceIndex);
    env.push_back("OMP_TARGET_OFFLOAD=MANDATORY");
  }
  SpawnOptions spawn;
  spawn.argv.push_back(plan.executable);
  for (const std::string &a : s.request.programArgs)
    spawn.argv.push_back(a);
  spawn.env = std::move(env);
  spawn.in = SpawnOptions::Stream::Null;
  // Its own group: a cancel also ends what the program started.
  spawn.newProcessGroup = true;
  // Shown together (a terminal, the editor's output), its two streams must
  // not split each other's lines.
  spawn.wholeLines = std::chrono::milliseconds(100);
  s.stage(Stage::Run,
          plan.executable + (kind == DeviceKind::Host
                                 ? std::string(" on the host")
                                 : " with OMP_DEFAULT_DEVICE=" + deviceIndex +
                                       " OMP_TARGET_OFFLOAD=MANDATORY"));
  auto program = Subprocess::spawn(spawn);
  if (!program) {
    s.fail(Stage::Run, llvm::toString(program.takeError()));
    return;
  }
  if (s.guard)
    s.guard->watchGroup((*program)->pid());
  // Output streams to the caller as it arrives; stderr is also kept (64 KiB)
  // to explain a failure.
  std::string errText;
  Subprocess::Outcome outcome = (*program)->run(
      s.deadline, s.cancel,
      [&](StringRef data) { s.output(OutputStream::Stdout, data); },
      [&](StringRef data) {
        s.output(OutputStream::Stderr, data);
        if (errText.size() < 65536)
          errText.append(data.data(), data.size());
      },
      // A cancel (SIGINT/SIGTERM/SIGHUP of `launch`, an editor's cancel)
      // reaches the program as SIGTERM first: it may flush and clean up.
      std::chrono::milliseconds(500));
  if (s.guard)
    s.guard->forgetGroup((*program)->pid());
  // Whatever the end: what the checker found and the recorder saw up to it.
  if (s.request.checkMaps)
    collectMapFindings();
  if (s.request.profile)
    collectProfile(s, s.workDir + "/" + kProfileLogFile);
  if (outcome.cancelled || outcome.timedOut) {
    s.stopped(outcome.cancelled ? LaunchStatus::Cancelled
                                : LaunchStatus::Timeout);
    return;
  }
  const ExitStatus &status = outcome.status;
  if (status.success()) {
    s.result.status = LaunchStatus::Ok;
    s.result.exitCode = 0;
    return;
  }
  // -2 for a crash, as llvm::sys::Wait reports it.
  s.result.exitCode = status.signaled ? -2 : status.code;
  std::string message = status.signaled ? std::string("the program crashed (") +
                                              strsignal(status.signal) + ")"
                                        : "the program exited with status " +
                                              std::to_string(status.code);
  s.fail(Stage::Run,
         message + mandatoryOffloadFailure(errText, s.result.deviceId));
}

/// The observer preloaded, the checker's and the recorder's logs in the
/// work folder. libomptarget connects to the tool through the libomp it
/// dlopens by the name `libomp.so`: the folder that holds that name for the
/// program's libomp.so.5 goes on the library path.
void LocalRunner::addObserver(const BuildPlan &plan,
                              std::vector<std::string> &env,
                              std::string &ldPath) {
  std::string preload = "LD_PRELOAD=" + observerTool();
  for (auto it = env.begin(); it != env.end(); ++it)
    if (StringRef(*it).starts_with("LD_PRELOAD=")) {
      if (it->size() > strlen("LD_PRELOAD="))
        preload += ":" + it->substr(strlen("LD_PRELOAD="));
      env.erase(it);
      break;
    }
  env.push_back(preload);
  for (auto [on, file, var] :
       {std::tuple(s.request.checkMaps, kMapCheckLogFile, "OMPX_MAPCHECK_LOG"),
        std::tuple(s.request.profile, kProfileLogFile, "OMPX_PROFILE_LOG")}) {
    if (!on)
      continue;
    std::string log = s.workDir + "/" + file;
    llvm::sys::fs::remove(log);
    env.push_back(std::string(var) + "=" + log);
  }
  // A `nowait` region runs when it is encountered (a schedule OpenMP
  // allows), not on libomp's helper threads: the host's accesses to its data
  // before the taskwait then come after it, where the checker sees them.
  if (s.request.checkMaps)
    env.push_back("LIBOMP_USE_HIDDEN_HELPER_TASK=0");
  std::string problem;
  std::string libomp = plan.libompDir.empty()
                           ? s.tools.libompDir(s.workDir, problem)
                           : plan.libompDir;
  if (!libomp.empty())
    ldPath += ":" + libomp;
}

/// A file the program (or the build) wrote: a regular file of bounded size,
/// as any file ompx reads (a missing one is empty).
static std::string readRunFile(LaunchSession &s, const std::string &path,
                               llvm::StringRef what, uint64_t limit) {
  if (!llvm::sys::fs::exists(path))
    return std::string();
  auto text = ompx::readRegularFile(path, limit);
  if (!text) {
    s.stage(Stage::Run, what.str() + ": cannot read " +
                            llvm::sys::path::filename(path).str() + ": " +
                            llvm::toString(text.takeError()));
    return std::string();
  }
  return std::move(*text);
}

/// A file of the work folder.
static std::string readWorkFile(LaunchSession &s, const char *name,
                                llvm::StringRef what, uint64_t limit) {
  return readRunFile(s, s.workDir + "/" + name, what, limit);
}

void LocalRunner::collectMapFindings() {
  auto read = [&](const char *name) {
    return readWorkFile(s, name, "check-maps", uint64_t(64) << 20);
  };
  // The build names the input by its absolute path.
  llvm::SmallString<256> input(s.request.inputPath);
  llvm::sys::fs::make_absolute(input);
  MapCheckReport report = parseMapCheckLog(read(kMapCheckLogFile),
                                           read(kMapSitesFile), input.str());
  // A removed .mlir (launch FILE.f90) is no place to point to.
  if (s.request.emittedIsTemporary)
    for (MapFinding &f : report.findings)
      f.mapOp.reset();
  if (!report.started || !report.connected)
    s.stage(Stage::Run,
            report.started
                ? "check-maps: no device was initialized under the checker "
                  "(the program offloaded nothing, or libomptarget did not "
                  "connect to it through OMPT): no device copy was watched"
                : "check-maps: the checker did not start in the program (it "
                  "loads no OpenMP runtime, or libomp started no OMPT tool): "
                  "nothing was checked");
  s.result.mapFindings = std::move(report.findings);
}

/// Where the launch's program came from, for its report's places.
ProfileOrigin ompx::pipeline::profileOrigin(const LaunchSession &s) {
  ProfileOrigin o;
  llvm::SmallString<256> input(s.request.program.empty() ? s.request.inputPath
                                                         : s.request.program);
  llvm::sys::fs::make_absolute(input);
  o.input = input.str().str();
  if (!s.request.emittedFrom.empty()) {
    llvm::SmallString<256> source(s.request.emittedFrom);
    llvm::sys::fs::make_absolute(source);
    o.emittedFrom = source.str().str();
  }
  o.emittedIsTemporary = s.request.emittedIsTemporary;
  o.device = s.result.deviceId;
  return o;
}

/// The record made into the report (the program's end, whatever it was,
/// leaves the record up to it), written as JSON and HTML.
void ompx::pipeline::collectProfile(LaunchSession &s,
                                    const std::string &logPath) {
  auto read = [&](const char *name) {
    return readWorkFile(s, name, "profile", uint64_t(1) << 30);
  };
  ProfileReport report = reportFromRecord(
      readRunFile(s, logPath, "profile", uint64_t(1) << 30),
      read(kMapSitesFile), read(kKernelSitesFile), profileOrigin(s));
  if (!report.started || !report.connected)
    s.stage(Stage::Run,
            report.started
                ? "profile: no device was initialized under the recorder (the "
                  "program offloaded nothing, or libomptarget did not connect "
                  "to it through OMPT): nothing was recorded"
                : "profile: the recorder did not start in the program (it "
                  "loads no OpenMP runtime, or libomp started no OMPT tool): "
                  "nothing was recorded");
  auto write = [&](std::string &path, const std::string &text) {
    if (llvm::Error e = ompx::writeTextFile(path, text)) {
      s.stage(Stage::Run, "profile: cannot write " + path + ": " +
                              llvm::toString(std::move(e)));
      path.clear();
    }
  };
  write(s.result.profileReport, profileReportText(report));
  write(s.result.profileHtml, profileHtml(report));
  s.result.profile = std::move(report);
}
