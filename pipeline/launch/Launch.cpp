//===- Launch.cpp - Compile and launch omp/acc MLIR -----------------------===//
//
// The parent side: checks the request, resolves the device and its missing
// pieces, spawns the build child (its own process group, so cancelling kills
// flang/ld/ptxas with it) with the build plan on its stdin, relays its stage
// events (BuildProtocol.h), then hands the program to a ProgramRunner (here,
// or through Slurm) or writes it as a bundle. The child side: BuildChild.cpp.
//
//===----------------------------------------------------------------------===//

#include "pipeline/launch/Launch.h"
#include "pipeline/Types.h"
#include "pipeline/compile/Compile.h"
#include "pipeline/compile/CompileDatabase.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/Emit.h"
#include "pipeline/compile/MapSites.h"
#include "pipeline/compile/ProjectUnits.h"
#include "pipeline/driver/DriverArgs.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/Bundle.h"
#include "pipeline/launch/BundleTarball.h"
#include "pipeline/launch/LaunchSession.h"
#include "pipeline/launch/ProfileReport.h"
#include "pipeline/launch/ProgramRunner.h"
#include "support/FileAccess.h"
#include "support/FileRead.h"
#include "support/ProcessGuard.h"
#include "support/Subprocess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>

using namespace ompx::pipeline;
using llvm::StringRef;
using ompx::ExitStatus;
using ompx::SpawnOptions;
using ompx::Subprocess;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::optional<DeviceSpec> DeviceSpec::parse(const std::string &text,
                                            std::string &error) {
  auto [name, index] = StringRef(text).split(':');
  DeviceSpec spec;
  if (std::optional<DeviceKind> kind = parseDeviceKind(name))
    spec.kind = *kind;
  else {
    error = "unknown device '" + text +
            "' (expected auto, host, host-offload[:N], nvptx[:N] or "
            "amdgpu[:N])";
    return std::nullopt;
  }
  if (StringRef(text).contains(':')) {
    unsigned n;
    if (spec.kind == DeviceKind::Auto || spec.kind == DeviceKind::Host ||
        index.getAsInteger(10, n)) {
      error = "bad device '" + text + "': " +
              (spec.kind == DeviceKind::Auto || spec.kind == DeviceKind::Host
                   ? std::string(name) + " takes no index"
                   : "the index must be a number");
      return std::nullopt;
    }
    spec.index = n;
  }
  return spec;
}

std::string DeviceSpec::str() const {
  if (kind == DeviceKind::Auto || kind == DeviceKind::Host)
    return deviceKindName(kind);
  return std::string(deviceKindName(kind)) + ":" + std::to_string(index);
}

namespace {
class Launcher {
public:
  Launcher(const LaunchRequest &request, const LaunchCallbacks &callbacks,
           const std::atomic<bool> *cancel)
      : s(request, callbacks, cancel), request(request),
        runner(makeProgramRunner(s)) {}
  LaunchResult run();

private:
  bool setup(BuildPlan &plan);
  bool readInput(CompileJob &job);
  bool makeWorkDir();
  bool findTools(BuildPlan &plan);
  bool resolveDrivers(BuildPlan &plan);
  void addProjectUnits(const BuildPlan &plan,
                       std::vector<std::string> &candidates);
  bool setupHostOffload(BuildPlan &plan, const DeviceSpec &device);
  bool setupProgram(BuildPlan &plan);
  bool setupGpu(BuildPlan &plan, const DeviceSpec &device);
  bool setupObserver(BuildPlan &plan, const DeviceSpec &device);
  bool setupProfile(BuildPlan &plan, const DeviceSpec &device);
  bool build(BuildPlan &plan);
  void failFromBuildLog(const std::string &logFile, const ExitStatus &status,
                        const std::optional<BuildEvent> &done);
  LaunchResult &writeBundleOf(const BuildPlan &plan);

  LaunchSession s;
  const LaunchRequest &request;
  std::unique_ptr<ProgramRunner> runner;
};
} // namespace

/// Whether the object file `buffer` defines `name` (in its symbol table).
static bool definesSymbol(const llvm::MemoryBuffer &buffer,
                          llvm::StringRef name) {
  auto object =
      llvm::object::ObjectFile::createObjectFile(buffer.getMemBufferRef());
  if (!object) {
    llvm::consumeError(object.takeError());
    return false;
  }
  for (const llvm::object::SymbolRef &symbol : (*object)->symbols()) {
    llvm::Expected<llvm::StringRef> n = symbol.getName();
    if (!n) {
      llvm::consumeError(n.takeError());
      continue;
    }
    llvm::Expected<uint32_t> flags = symbol.getFlags();
    if (*n == name && flags &&
        !(*flags & llvm::object::SymbolRef::SF_Undefined))
      return true;
    if (!flags)
      llvm::consumeError(flags.takeError());
  }
  return false;
}

/// `--program`: a built program, its device from the image it carries.
bool Launcher::setupProgram(BuildPlan &plan) {
  llvm::SmallString<256> exe(request.program);
  fs::make_absolute(exe);
  if (!fs::is_regular_file(exe) || !fs::can_execute(exe)) {
    s.fail(Stage::Setup, request.program + " is not an executable file");
    return false;
  }
  if (!makeWorkDir())
    return false;
  plan.job.inputPath = plan.executable = exe.str().str();
  plan.job.workDir = s.workDir;
  auto buffer = llvm::MemoryBuffer::getFile(exe);
  llvm::SmallVector<llvm::object::OffloadFile> images;
  if (!buffer || llvm::errorToBool(llvm::object::extractOffloadBinaries(
                     (*buffer)->getMemBufferRef(), images))) {
    s.fail(Stage::Setup,
           "cannot read the offload images of " + exe.str().str());
    return false;
  }
  llvm::erase_if(images, [](const llvm::object::OffloadFile &f) {
    return f.getBinary()->getImageKind() == llvm::object::IMG_Bitcode;
  });
  DeviceSpec device = request.device;
  DeviceKind built = DeviceKind::Host;
  // A program built for several targets carries one image each: the one
  // for the device asked for, else the first whose device is here.
  auto kindOf = [](const llvm::object::OffloadFile &f) {
    return kindOfTriple(f.getBinary()->getTriple())
        .value_or(DeviceKind::HostOffload);
  };
  std::map<DeviceKind, std::vector<std::string>> probed; // once per kind
  auto here = [&](const llvm::object::OffloadFile &f) {
    DeviceKind k = kindOf(f);
    if (k == DeviceKind::HostOffload || runner->remoteArch())
      return true;
    if (!probed.count(k))
      probed[k] = probeGpus(s.tools, k).archs;
    return llvm::is_contained(probed[k], f.getBinary()->getArch());
  };
  const llvm::object::OffloadFile *chosen = nullptr;
  for (const llvm::object::OffloadFile &f : images)
    if (device.kind == DeviceKind::Auto ? here(f) : kindOf(f) == device.kind) {
      chosen = &f;
      break;
    }
  if (!chosen && !images.empty() && device.kind == DeviceKind::Auto)
    chosen = &images.front(); // none here: said below, with --bundle
  if (chosen) {
    built = kindOf(*chosen);
    plan.job.deviceTriple = chosen->getBinary()->getTriple().str();
    plan.job.deviceArch = chosen->getBinary()->getArch().str();
  }
  if (device.kind == DeviceKind::Auto)
    device.kind = built;
  if (device.kind != built && device.kind != DeviceKind::Host) {
    std::vector<std::string> builtFor;
    for (const llvm::object::OffloadFile &f : images)
      builtFor.push_back(std::string(deviceKindName(kindOf(f))) + " (" +
                         f.getBinary()->getArch().str() + ")");
    s.fail(Stage::Setup,
           path::filename(exe).str() + " was built for " +
               (builtFor.empty() ? std::string(deviceKindName(built))
                                 : llvm::join(builtFor, ", ")) +
               ", not for " + deviceKindName(device.kind));
    return false;
  }
  if (!runner->prepare(device) || !setupObserver(plan, device))
    return false;
  plan.job.device = device.kind;
  plan.deviceIndex = device.index;
  s.result.deviceId = device.str();
  s.log("program: " + exe.str().str() + " (" + deviceKindName(built) +
        (plan.job.deviceArch.empty() ? "" : ", " + plan.job.deviceArch) + ")");
  if (request.checkMaps && !definesSymbol(**buffer, kMapWatchesSymbol))
    s.stage(Stage::Setup,
            "note: " + path::filename(exe).str() +
                " was built without -fompx-check-maps: accesses outside a "
                "map's section, writes to firstprivate scalars and which "
                "elements a kernel reads of a stale copy are not watched "
                "(build it with ompx-flang -fompx-check-maps for those)");
  if ((device.kind == DeviceKind::NVPTX || device.kind == DeviceKind::AMDGPU) &&
      !runner->remoteArch()) {
    GpuProbe probe = probeGpus(s.tools, device.kind);
    if (!llvm::is_contained(probe.archs, plan.job.deviceArch))
      plan.missing = probe.archs.empty()
                         ? probe.why
                         : "no " + plan.job.deviceArch + " GPU here (GPUs: " +
                               llvm::join(probe.archs, ", ") + ")";
  }
  return true;
}

bool Launcher::setup(BuildPlan &plan) {
  s.stage(Stage::Setup, "checking the input, device and tools");
  if (!request.program.empty())
    return setupProgram(plan);
  if (!readInput(plan.job) || !makeWorkDir())
    return false;
  plan.job.workDir = s.workDir;
  plan.job.optLevel = request.optLevel;
  plan.job.snapshots = request.snapshots;
  plan.executable = s.workDir + "/program";
  if (!findTools(plan))
    return false;

  DeviceSpec device = request.device;
  if (!runner->prepare(device) || !setupObserver(plan, device))
    return false;
  plan.job.device = device.kind;
  plan.deviceIndex = device.index;
  s.result.deviceId = device.str();
  if (device.kind == DeviceKind::HostOffload)
    return setupHostOffload(plan, device);
  if (device.kind == DeviceKind::NVPTX || device.kind == DeviceKind::AMDGPU)
    return setupGpu(plan, device);
  return true;
}

/// The input's absolute path and text, and the -O level.
bool Launcher::readInput(CompileJob &job) {
  job.inputPath = request.inputPath;
  if (request.inputPath.empty()) {
    s.fail(Stage::Setup, "no input file");
    return false;
  }
  llvm::SmallString<256> abs(request.inputPath);
  fs::make_absolute(abs);
  job.inputPath = abs.str().str();
  if (request.inputText) {
    job.inputText = *request.inputText;
  } else {
    auto text = ompx::readRegularFile(request.inputPath);
    if (!text) {
      s.fail(Stage::Setup, "cannot read " + request.inputPath + ": " +
                               llvm::toString(text.takeError()));
      return false;
    }
    job.inputText = std::move(*text);
  }
  return true;
}

/// The guard, then the work directory: from here on, dying leaves nothing
/// behind.
bool Launcher::makeWorkDir() {
  if (!request.guardCommand.empty()) {
    auto started = ompx::ProcessGuard::start(request.guardCommand);
    if (started)
      s.guard = std::move(*started);
    else
      s.log("no launch guard (a killed launch may leave its program "
            "running): " +
            llvm::toString(started.takeError()));
  }
  // A private work directory (0700), or the user's --keep directory.
  if (!request.keepDir.empty()) {
    if (std::error_code ec = fs::create_directories(request.keepDir)) {
      s.fail(Stage::Setup,
             "cannot create " + request.keepDir + ": " + ec.message());
      return false;
    }
    llvm::SmallString<256> k(request.keepDir);
    fs::make_absolute(k);
    s.workDir = k.str().str();
    return true;
  }
  // mkdtemp: created 0700 at once, never briefly wider.
  llvm::SmallString<256> dir;
  path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
  path::append(dir, "ompx-launch-XXXXXX");
  std::string templ = dir.str().str();
  if (!mkdtemp(templ.data())) {
    s.fail(Stage::Setup, "cannot create a temporary directory in " +
                             path::parent_path(dir).str() + ": " +
                             strerror(errno));
    return false;
  }
  s.workDir = templ;
  if (s.guard)
    s.guard->removeDirectory(s.workDir);
  return true;
}

/// The link driver, the drivers' compilers, the linker and libomp.
bool Launcher::findTools(BuildPlan &plan) {
  Toolchain &tools = s.tools;
  const Tool &flang = tools.flang();
  if (!flang) {
    s.fail(Stage::Setup, "the link driver is missing: " + flang.problem +
                             "; install the Debian package flang-22");
    return false;
  }
  s.log("flang: " + flang.path + " (" + flang.version + ")");
  plan.flang = flang.path;
  if (!resolveDrivers(plan))
    return false;
  // lld links the static flang runtime faster than GNU ld; the driver finds
  // it next to itself (the toolchain's bin/ld.lld).
  plan.useLld =
      bool(tools.ldLld()) && fs::exists(tools.prefix() + "/bin/ld.lld");
  std::string problem;
  plan.libompDir = tools.libompDir(s.workDir, problem);
  plan.llvmLibDir = tools.prefix() + "/lib";
  if (problem.empty())
    plan.offloadLibDir = tools.offloadLibDir(problem);
  plan.runPaths = tools.runtimeRunPaths();
  if (!problem.empty()) {
    s.fail(Stage::Setup, problem);
    return false;
  }
  return true;
}

/// The observer preloaded into the program (pipeline/runtime/Observe.h):
/// the checked launch, the recorded one.
bool Launcher::setupObserver(BuildPlan &plan, const DeviceSpec &device) {
  if (!request.checkMaps && !request.profile)
    return true;
  if (observerTool().empty()) {
    s.fail(Stage::Setup, "the launch's observer (libompx-observe.so) was not "
                         "found next to ompx-lsp (bin/../lib/ompx) or in the "
                         "build tree; rebuild or reinstall ompx");
    return false;
  }
  if (request.checkMaps && (device.kind != DeviceKind::HostOffload ||
                            request.launcher != LauncherKind::Local)) {
    s.fail(Stage::Setup,
           "a checked launch (--check-maps) runs on host-offload only, "
           "where the device copies are host memory the checker can poison "
           "and read; " +
               (request.launcher != LauncherKind::Local
                    ? std::string("not through --launcher=slurm")
                    : "not on " + device.str()) +
               " (use --device=host-offload)");
    return false;
  }
  plan.job.mapCheck = request.checkMaps;
  return setupProfile(plan, device);
}

/// `--profile`: a device that offloads, a run here, and where the report
/// goes.
bool Launcher::setupProfile(BuildPlan &plan, const DeviceSpec &device) {
  if (!request.profile)
    return true;
  std::string problem =
      device.kind == DeviceKind::Host
          ? "--device=host runs the target regions inline: nothing is "
            "offloaded to record (use --device=host-offload or a GPU)"
      : request.launcher != LauncherKind::Local &&
              request.slurm.staging != SlurmOptions::Staging::Shared
          ? "not with --slurm-stage=sbcast (the record would stay in the "
            "node's /tmp): use the shared staging folder "
            "(--slurm-stage-dir on a file system the nodes share)"
      : request.noRun && request.bundleDir.empty()
          ? "it records a run: not with --no-run"
          : "";
  if (!problem.empty()) {
    s.fail(Stage::Setup, "a recorded launch (--profile): " + problem);
    return false;
  }
  plan.job.profile = true;
  // A bundle carries the recorder: its run.sh preloads it where
  // OMPX_PROFILE_LOG names the record; no report is written here.
  if (!request.bundleDir.empty())
    return true;
  std::string report = request.profileReport;
  if (report.empty())
    report = sidecarStem(request.program.empty() ? request.inputPath
                                                 : request.program) +
             ".profile.json";
  llvm::SmallString<256> abs(report);
  fs::make_absolute(abs);
  s.result.profileReport = abs.str().str();
  llvm::SmallString<256> html(abs);
  if (path::extension(html) == ".json")
    path::replace_extension(html, ".html");
  else
    html += ".html";
  s.result.profileHtml = html.str().str();
  for (const std::string &file : {s.result.profileReport, s.result.profileHtml})
    if (!isReplaceableReport(file)) {
      s.fail(Stage::Setup, file +
                               " exists and is not a report ompx wrote; not "
                               "replaced (name another with --profile=FILE)");
      return false;
    }
  return true;
}

bool Launcher::setupHostOffload(BuildPlan &plan, const DeviceSpec &device) {
  CompileJob &job = plan.job;
  if (device.index >= kHostOffloadDevices) {
    s.fail(Stage::Setup, "host-offload has devices 0 to " +
                             std::to_string(kHostOffloadDevices - 1) +
                             " (libomptarget's x86_64 plugin); got " +
                             device.str());
    return false;
  }
  job.deviceTriple = "x86_64-pc-linux-gnu";
  job.deviceArch = "generic";
  job.hostDevRuntime = hostDeviceRuntimeObject();
  if (job.hostDevRuntime.empty()) {
    s.fail(Stage::Setup, "the ompx x86_64 device runtime "
                         "(ompx-host-devrt.o) was not found next to ompx-lsp "
                         "(bin/../lib/ompx) or in the build tree; rebuild or "
                         "reinstall ompx, or set OMPX_HOST_DEVICE_RUNTIME");
    return false;
  }
  if (!s.tools.linkerWrapper()) {
    s.fail(Stage::Setup, s.tools.linkerWrapper().problem);
    return false;
  }
  return true;
}

bool Launcher::setupGpu(BuildPlan &plan, const DeviceSpec &device) {
  CompileJob &job = plan.job;
  Toolchain &tools = s.tools;
  bool nv = device.kind == DeviceKind::NVPTX;
  job.deviceTriple = nv ? "nvptx64-nvidia-cuda" : "amdgcn-amd-amdhsa";
  // Tools without which not even the device code can be checked.
  if (nv && !tools.ptxas()) {
    s.fail(Stage::Setup, "cannot build for nvptx: " + tools.ptxas().problem);
    return false;
  }
  if (nv)
    job.ptxas = tools.ptxas().path;
  if (nv && (job.cudaSetup = cudaSetupObject()).empty()) {
    s.fail(Stage::Setup, "the ompx CUDA set-up object (ompx-cuda-setup.o) "
                         "was not found next to ompx-lsp (bin/../lib/ompx) "
                         "or in the build tree; rebuild or reinstall ompx");
    return false;
  }
  if (!nv && !tools.ldLld()) {
    s.fail(Stage::Setup, "cannot build for amdgpu: " + tools.ldLld().problem);
    return false;
  }
  if (!nv)
    job.ldLld = tools.ldLld().path;
  // Run elsewhere (Slurm), the GPU is on the node: this machine's probe
  // says nothing about it (the runner found the architecture).
  std::optional<std::string> remoteArch = runner->remoteArch();
  GpuProbe probe = remoteArch ? GpuProbe() : probeGpus(tools, device.kind);
  if (!request.offloadArch.empty())
    job.deviceArch = request.offloadArch;
  else if (remoteArch)
    job.deviceArch = *remoteArch;
  else if ((size_t)device.index < probe.archs.size())
    job.deviceArch = probe.archs[device.index];
  else
    job.deviceArch = nv ? "sm_90" : "gfx90a";
  // Only running needs the GPU: the build is complete without one.
  if (!remoteArch && (size_t)device.index >= probe.archs.size())
    plan.missing = probe.archs.empty()
                       ? probe.why
                       : "there is no " + device.str() +
                             " (GPUs: " + llvm::join(probe.archs, ", ") + ")";
  std::string rtProblem, llvm22Dir;
  if (!request.deviceRuntimeDir.empty()) {
    llvm22Dir = findDeviceRuntime(tools, job.deviceTriple,
                                  request.deviceRuntimeDir, rtProblem);
    if (llvm22Dir.empty()) {
      s.fail(Stage::Setup, rtProblem);
      return false;
    }
  } else {
    // An LLVM 22 runtime in the toolchain, if it ever ships one.
    llvm22Dir = findDeviceRuntime(tools, job.deviceTriple, "", rtProblem);
  }
  job.gpuRuntime =
      resolveGpuRuntime(job.deviceTriple, job.deviceArch, llvm22Dir, rtProblem);
  if (job.gpuRuntime.kind == GpuRuntime::Kind::None) {
    s.fail(Stage::Setup, rtProblem);
    return false;
  }
  s.log("device runtime for " + device.str() + " (" + job.deviceArch +
        "): " + job.gpuRuntime.label);
  if (!plan.missing.empty())
    s.log("cannot run here: " + plan.missing +
          (request.noRun ? "; building only (--no-run)"
                         : "; the build completes, the run is refused"));
  return true;
}

/// An MLIR input emitted from a Fortran file of a project (`STEM.hlfir.mlir`
/// beside `STEM.F90`, as emit and the editor's Show MLIR write it): the
/// project's files defining the modules it and its Fortran drivers use,
/// and the program that reaches its modules when it has no main and no
/// driver, join `candidates`, as `launch STEM.F90` takes them
/// (ProjectUnits.h). Each is compiled with its own entry's flags; the
/// modules they use are the build's (its -J folder). `launch FILE.f90`
/// did this already (its request carries the drivers).
void Launcher::addProjectUnits(const BuildPlan &plan,
                               std::vector<std::string> &candidates) {
  if (!request.emittedFrom.empty() || !request.driverFlags.empty() ||
      path::extension(plan.job.inputPath) != ".mlir")
    return;
  std::string stem = sidecarStem(plan.job.inputPath), source;
  for (const char *ext : {".F90", ".f90", ".F", ".f", ".F95", ".f95", ".F03",
                          ".f03", ".F08", ".f08"})
    if (fs::is_regular_file(stem + ext)) {
      source = stem + ext;
      break;
    }
  if (source.empty())
    return;
  auto db = listingDatabase(source, request.projectRoots);
  if (!db) {
    llvm::consumeError(db.takeError()); // the drivers' flags say why
    return;
  }
  if (!*db)
    return;
  llvm::SmallString<256> real;
  if (fs::real_path(source, real))
    return;
  bool wantMain =
      candidates.empty() && !StringRef(plan.job.inputText).contains("_QQmain");
  ProjectUnits units = launchProjectUnits(**db, real, candidates, wantMain,
                                          request.projectRoots);
  if (!units.mainProgram.empty()) {
    s.log("the main program is " + units.mainProgram + ", the one program of " +
          (*db)->path + " that uses " + path::filename(source).str() +
          "'s modules");
    candidates.push_back(units.mainProgram);
  }
  if (!units.moduleFiles.empty()) {
    s.log("linked with the files of " + (*db)->path +
          " that define the modules it uses: " +
          llvm::join(units.moduleFiles, ", "));
    llvm::append_range(candidates, units.moduleFiles);
  }
}

bool Launcher::resolveDrivers(BuildPlan &plan) {
  plan.driversGiven = !request.drivers.empty();
  plan.driverFlags = request.driverFlags;
  plan.projectRoots = request.projectRoots;
  std::vector<std::string> candidates = request.drivers;
  if (!plan.driversGiven) {
    // A sidecar next to the input; used only if the module has no main.
    std::string stem = sidecarStem(plan.job.inputPath);
    for (const char *ext : {".driver.f90", ".driver.F90", ".driver.c"})
      if (fs::exists(stem + ext)) {
        candidates.push_back(stem + ext);
        s.log("driver (used if the module has no main program): " + stem + ext);
        break;
      }
  }
  size_t before = candidates.size();
  bool sidecar = !plan.driversGiven && before == 1;
  addProjectUnits(plan, candidates);
  if (candidates.size() > before) {
    // The project's files are linked whatever the input holds; a sidecar
    // only where it has no main program.
    if (sidecar && StringRef(plan.job.inputText).contains("_QQmain"))
      candidates.erase(candidates.begin());
    plan.driversGiven = true;
  }
  bool needClang = false;
  for (const std::string &d : candidates) {
    llvm::SmallString<256> abs(d);
    fs::make_absolute(abs);
    // Compilers read drivers themselves: refuse a FIFO or a device here.
    if (!fs::exists(abs)) {
      s.fail(Stage::Setup, "the driver " + d + " does not exist");
      return false;
    }
    if (!fs::is_regular_file(abs)) {
      s.fail(Stage::Setup, "the driver " + d + " is not a regular file");
      return false;
    }
    DriverKind kind = driverKind(abs);
    if (kind == DriverKind::Unknown) {
      s.fail(Stage::Setup, "the driver " + d +
                               " is neither Fortran (.f90, .F90, .f, ...), C "
                               "(.c) nor an object (.o, .a, .so)");
      return false;
    }
    needClang |= kind == DriverKind::C;
    plan.drivers.push_back(abs.str().str());
    // An MLIR input's Fortran driver is built as its project builds it
    // (launch FILE.f90 gives the flags of the input's project instead): with
    // flang's defaults, a driver of a -DN=100 build would take its
    // default N, a silent mismatch with the input.
    if (!request.driverFlags.empty() || kind != DriverKind::Fortran)
      continue;
    ProjectDriverFlags own = ownDriverFlags(abs, request.projectRoots);
    if (!own.error.empty()) {
      s.fail(Stage::Setup, own.error);
      return false;
    }
    if (own.flags.empty())
      continue;
    s.log(own.note);
    plan.driverFlags.resize(plan.drivers.size());
    // The input's and the driver's folders stay on the module path.
    own.flags.insert(own.flags.end(),
                     {"-I", path::parent_path(plan.job.inputPath).str(), "-I",
                      path::parent_path(abs).str()});
    plan.driverFlags.back() = std::move(own.flags);
  }
  if (needClang) {
    const Tool &clang = s.tools.clang();
    if (!clang) {
      s.fail(Stage::Setup, "a C driver needs a C compiler: " + clang.problem);
      return false;
    }
    plan.clang = clang.path;
    std::string include = s.tools.prefix() + "/include/flang";
    if (fs::exists(include + "/ISO_Fortran_binding.h"))
      plan.includeDir = include;
  }
  return true;
}

/// The end of the build log (what LLVM printed), at most 1500 bytes.
/// The last 1500 bytes of `log`, whole lines only (a line cut in two reads
/// as noise).
static std::string logTail(StringRef log) {
  log = log.trim();
  if (log.size() <= 1500)
    return log.str();
  log = log.substr(log.size() - 1500);
  size_t nl = log.find('\n');
  return (nl == StringRef::npos ? log : log.drop_front(nl + 1)).str();
}

/// LLVM's own words before a crash ("LLVM ERROR: Cannot select: ..."), on
/// one line; "" when it printed none.
static std::string fatalMessage(StringRef log) {
  size_t at = log.rfind("LLVM ERROR: ");
  if (at == StringRef::npos)
    return "";
  StringRef line =
      log.drop_front(at).take_until([](char c) { return c == '\n'; });
  return line.rtrim().str();
}

/// A crashed build's log from LLVM's stack dump on: its first 16 frames,
/// where it crashed (the last ones are main's); else its tail.
static std::string crashLines(StringRef log) {
  size_t at = log.find("#0 ");
  if (at == StringRef::npos)
    return logTail(log);
  at = log.rfind('\n', at) + 1; // the line's start (npos + 1 = 0)
  StringRef rest = log.drop_front(at);
  size_t end = 0;
  for (int line = 0; line < 16 && end < rest.size(); ++line) {
    size_t nl = rest.find('\n', end);
    end = nl == StringRef::npos ? rest.size() : nl + 1;
  }
  return rest.take_front(end).rtrim().str();
}

/// Where a crashed build crashed, from LLVM's stack dump in its log: the
/// first frame with a name below the signal machinery (llvm::sys::, libc's
/// raise, abort and kill), without its parameters; "" when none has one.
static std::string crashFrame(StringRef log) {
  for (StringRef line : llvm::split(log, '\n')) {
    line = line.trim();
    if (!line.consume_front("#"))
      continue;
    // "#5 0x00007f... llvm::OpenMPIRBuilder::finalize(llvm::Function*)
    // (/usr/lib/...)", "#16 0x... (anonymous namespace)::Compiler::parse(...)
    // Compile.cpp:0:0", or "#8 0x... (/usr/lib/...+0x4e71918)": no name.
    StringRef rest = line.drop_until([](char c) { return c == ' '; }).trim();
    rest = rest.drop_until([](char c) { return c == ' '; }).trim();
    if (rest.empty() || rest.starts_with("(/") || rest.starts_with("(."))
      continue;
    // The name ends at its parameter list: the first '(' after the
    // (anonymous namespace) prefix, or the first space.
    size_t from = rest.starts_with("(anonymous namespace)::")
                      ? strlen("(anonymous namespace)::")
                      : 0;
    size_t end = rest.find_first_of("( ", from);
    StringRef name = rest.take_front(end);
    if (name.empty() || name.starts_with("llvm::sys::") ||
        name.starts_with("__") || name == "raise" || name == "abort" ||
        name.starts_with("SignalHandler") ||
        name == "llvm::report_fatal_error" ||
        name == "llvm::llvm_unreachable_internal")
      continue;
    return name.str();
  }
  return "";
}

bool Launcher::build(BuildPlan &plan) {
  std::string logFile = s.workDir + "/build.log";
  if (request.buildChildCommand.empty()) {
    s.fail(Stage::Setup, "no build child command (LaunchRequest::"
                         "buildChildCommand): cannot compile");
    return false;
  }
  SpawnOptions spawn;
  spawn.argv = request.buildChildCommand;
  spawn.err = SpawnOptions::Stream::File;
  spawn.errFile = logFile;
  // Own process group: cancelling kills ptxas, flang and ld with it.
  spawn.newProcessGroup = true;
  auto child = Subprocess::spawn(spawn);
  if (!child) {
    s.fail(Stage::Setup, llvm::toString(child.takeError()));
    return false;
  }
  if (s.guard)
    s.guard->watchGroup((*child)->pid());
  // A child that dies at once is reported below, from its exit status.
  if ((*child)->writeStdin(encodeBuildPlanLine(plan)))
    (*child)->writeStdin(plan.job.inputText);
  (*child)->closeStdin();

  BuildEventReader reader;
  std::optional<BuildEvent> done;
  auto onEvents = [&](StringRef data) {
    for (BuildEvent &e : reader.feed(data))
      if (e.kind == BuildEvent::Kind::Stage)
        s.stage(e.stage, e.message);
      else if (e.kind == BuildEvent::Kind::Log)
        s.log(e.message);
      else
        done = std::move(e);
  };
  Subprocess::Outcome outcome = (*child)->run(s.deadline, s.cancel, onEvents);
  if (s.guard)
    s.guard->forgetGroup((*child)->pid());
  if (outcome.cancelled || outcome.timedOut) {
    s.stopped(outcome.cancelled ? LaunchStatus::Cancelled
                                : LaunchStatus::Timeout);
    return false;
  }
  if (!done || !done->ok) {
    failFromBuildLog(logFile, outcome.status, done);
    return false;
  }
  s.result.executable = plan.executable;
  return true;
}

/// The build failed: as the child reported it (`done`), or it died without
/// reporting (a crash or report_fatal_error).
void Launcher::failFromBuildLog(const std::string &logFile,
                                const ExitStatus &status,
                                const std::optional<BuildEvent> &done) {
  auto buf = llvm::MemoryBuffer::getFile(logFile);
  StringRef log = buf ? (*buf)->getBuffer() : StringRef();
  if (!done) {
    std::string how =
        status.signaled
            ? std::string("crashed (") + strsignal(status.signal) + ")"
            : "stopped with exit status " + std::to_string(status.code);
    std::string frame = crashFrame(log), stack = crashLines(log),
                fatal = fatalMessage(log);
    // The summary on its own line; the stack's top, whole lines, after it.
    s.fail(s.result.stage, "the compiler " + how +
                               (frame.empty() ? "" : " in " + frame) +
                               " during " + stageName(s.result.stage) +
                               " (the crash was contained in the build "
                               "process)" +
                               (fatal.empty() ? "" : ": " + fatal) +
                               (stack.empty() ? "" : ":\n" + stack));
    return;
  }
  std::string tail = logTail(log);
  // What LLVM printed (its IR verifier, for one) belongs to the failure.
  s.fail(done->stage,
         done->message + (tail.empty() ? "" : "\nbuild log: " + tail),
         done->location);
}

LaunchResult &Launcher::writeBundleOf(const BuildPlan &plan) {
  BundleOptions o = s.bundleOptions(plan);
  o.dir = request.bundleDir;
  o.libraryStore = request.bundleStore;
  o.tarball = request.bundleStore.empty();
  o.cacheDir = bundleCacheDir();
  if (request.profile) {
    o.observer = observerTool();
    // What `ompx-lsp report RECORD --bundle=DIR` makes the record's report
    // with, here: the build's sidecars and where the program came from.
    std::string origin = s.workDir + "/" + kProfileOriginFile;
    if (llvm::Error e = ompx::writeTextFile(
            origin,
            llvm::formatv("{0:2}", toJSON(profileOrigin(s))).str() + "\n"))
      return s.fail(Stage::Link, llvm::toString(std::move(e)));
    for (const char *file : {kMapSitesFile, kKernelSitesFile})
      if (fs::exists(s.workDir + "/" + file))
        o.extraFiles.push_back({s.workDir + "/" + file,
                                std::string(kBundledProfileDir) + "/" + file});
    o.extraFiles.push_back(
        {origin, std::string(kBundledProfileDir) + "/" + kProfileOriginFile});
  }
  s.stage(Stage::Link, "bundle -> " + request.bundleDir);
  auto bundle = writeBundle(o);
  if (s.cancelled())
    return s.stopped(LaunchStatus::Cancelled);
  if (!bundle)
    return s.fail(Stage::Link, llvm::toString(bundle.takeError()));
  s.result.bundleDir = bundle->dir;
  s.result.bundleTarball = bundle->tarball;
  s.result.bundleBytes = bundle->bytes;
  s.result.bundleTarballBytes = bundle->tarballBytes;
  s.result.status = LaunchStatus::Ok;
  return s.result;
}

LaunchResult Launcher::run() {
  BuildPlan plan;
  if (!setup(plan))
    return s.result;
  if (s.cancelled())
    return s.stopped(LaunchStatus::Cancelled);
  if (!request.bundleDir.empty())
    if (llvm::Error e = checkBundleDir(request.bundleDir))
      return s.fail(Stage::Setup, llvm::toString(std::move(e)));
  if (request.program.empty() && !build(plan))
    return s.result;
  if (!request.program.empty())
    s.result.executable = plan.executable;
  if (!plan.missing.empty() && !request.noRun && !request.program.empty())
    return s.fail(Stage::Run, plan.executable + " is for " + s.result.deviceId +
                                  " (" + plan.job.deviceArch +
                                  "), but cannot run here: " + plan.missing +
                                  "; --bundle=DIR packs it with the libraries "
                                  "it loads for a GPU machine");
  // The program is in the work folder, which is removed before this is
  // read (unless --keep): name the input and what packs it for elsewhere.
  if (!plan.missing.empty() && !request.noRun)
    return s.fail(
        Stage::Run,
        "built " +
            (request.keepDir.empty() ? path::filename(request.inputPath).str()
                                     : plan.executable) +
            " for " + s.result.deviceId + " (" + plan.job.deviceArch + ", " +
            plan.job.gpuRuntime.label +
            "), but cannot run it here: " + plan.missing +
            "; --bundle=DIR packs it with the libraries it loads into DIR "
            "and DIR.tar.xz for a GPU machine, where DIR/run.sh runs it");
  if (!request.bundleDir.empty())
    return writeBundleOf(plan);
  if (request.noRun) {
    s.result.status = LaunchStatus::Ok;
    return s.result;
  }
  runner->run(plan);
  return s.result;
}

LaunchResult ompx::pipeline::launch(const LaunchRequest &request,
                                    const LaunchCallbacks &callbacks,
                                    const std::atomic<bool> *cancel) {
  Launcher launcher(request, callbacks, cancel);
  return launcher.run();
}
