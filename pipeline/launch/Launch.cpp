//===- Launch.cpp - Compile and launch omp/acc MLIR -----------------------===//
//
// The parent side: checks the request, resolves the device and its missing
// pieces, spawns the build child (its own process group, so cancelling kills
// flang/ld/ptxas with it) with the build plan on its stdin, relays its stage
// events, then runs the program with its output streamed as it arrives.
// The child side: runBuildChild().
//
//===----------------------------------------------------------------------===//

#include "pipeline/launch/Launch.h"
#include "pipeline/compile/Compile.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/OptLevel.h"
#include "pipeline/launch/Bundle.h"
#include "pipeline/launch/Slurm.h"
#include "support/FileRead.h"
#include "support/ProcessGuard.h"
#include "support/Subprocess.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <unistd.h>

extern char **environ;

using namespace ompx::pipeline;
using llvm::StringRef;
using ompx::ExitStatus;
using ompx::SpawnOptions;
using ompx::Subprocess;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using Clock = std::chrono::steady_clock;

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

//===----------------------------------------------------------------------===//
// The build child
//===----------------------------------------------------------------------===//

namespace {
struct BuildPlan {
  CompileJob job;
  std::string flang;      ///< link driver
  std::string libompDir;  ///< -L for libomp.so, may be empty
  std::string llvmLibDir; ///< the toolchain's lib/ (libomptarget 22)
  bool useLld = false;    ///< link with ld.lld (faster on the static flang_rt)
  std::string missing;    ///< why the GPU program cannot run here
  std::string executable;
  int deviceIndex = 0; ///< OMP_DEFAULT_DEVICE
  /// Host code linked in (absolute paths); `driversGiven` when the user
  /// named them, else a sidecar found next to the input (used only when
  /// the module has no main program).
  std::vector<std::string> drivers;
  bool driversGiven = false;
  std::string clang;      ///< for C drivers
  std::string includeDir; ///< ISO_Fortran_binding.h, for C drivers
};

/// The plan travels to the build child as JSON (all but the input text,
/// which follows it raw: it need not be UTF-8).
llvm::json::Value toJSON(const BuildPlan &p) {
  const CompileJob &j = p.job;
  return llvm::json::Object{
      {"inputPath", j.inputPath},
      {"device", int(j.device)},
      {"deviceTriple", j.deviceTriple},
      {"deviceArch", j.deviceArch},
      {"workDir", j.workDir},
      {"ptxas", j.ptxas},
      {"ldLld", j.ldLld},
      {"gpuRuntime",
       llvm::json::Object{{"kind", int(j.gpuRuntime.kind)},
                          {"label", j.gpuRuntime.label},
                          {"bitcode", j.gpuRuntime.bitcode},
                          {"archive", j.gpuRuntime.archive}}},
      {"hostDevRuntime", j.hostDevRuntime},
      {"cudaSetup", j.cudaSetup},
      {"optLevel", j.optLevel},
      {"flang", p.flang},
      {"libompDir", p.libompDir},
      {"llvmLibDir", p.llvmLibDir},
      {"useLld", p.useLld},
      {"missing", p.missing},
      {"executable", p.executable},
      {"deviceIndex", p.deviceIndex},
      {"drivers", p.drivers},
      {"driversGiven", p.driversGiven},
      {"clang", p.clang},
      {"includeDir", p.includeDir},
      {"inputSize", int64_t(j.inputText.size())}};
}

bool fromJSON(const llvm::json::Value &v, BuildPlan &p, llvm::json::Path path) {
  llvm::json::ObjectMapper o(v, path);
  CompileJob &j = p.job;
  int device = 0, runtimeKind = 0;
  const llvm::json::Object *obj = v.getAsObject();
  const llvm::json::Value *runtime = obj ? obj->get("gpuRuntime") : nullptr;
  if (!runtime) {
    path.field("gpuRuntime").report("missing");
    return false;
  }
  llvm::json::ObjectMapper rt(*runtime, path.field("gpuRuntime"));
  bool ok = o && o.map("inputPath", j.inputPath) && o.map("device", device) &&
            o.map("deviceTriple", j.deviceTriple) &&
            o.map("deviceArch", j.deviceArch) && o.map("workDir", j.workDir) &&
            o.map("ptxas", j.ptxas) && o.map("ldLld", j.ldLld) && rt &&
            rt.map("kind", runtimeKind) && rt.map("label", j.gpuRuntime.label) &&
            rt.map("bitcode", j.gpuRuntime.bitcode) &&
            rt.map("archive", j.gpuRuntime.archive) &&
            o.map("hostDevRuntime", j.hostDevRuntime) &&
            o.map("cudaSetup", j.cudaSetup) &&
            o.map("optLevel", j.optLevel) && o.map("flang", p.flang) &&
            o.map("libompDir", p.libompDir) &&
            o.map("llvmLibDir", p.llvmLibDir) && o.map("useLld", p.useLld) &&
            o.map("missing", p.missing) &&
            o.map("executable", p.executable) &&
            o.map("deviceIndex", p.deviceIndex) &&
            o.map("drivers", p.drivers) &&
            o.map("driversGiven", p.driversGiven) && o.map("clang", p.clang) &&
            o.map("includeDir", p.includeDir);
  j.device = DeviceKind(device);
  j.gpuRuntime.kind = GpuRuntime::Kind(runtimeKind);
  return ok;
}

enum class DriverKind { Fortran, C, Object, Unknown };

static DriverKind driverKind(StringRef file) {
  StringRef ext = path::extension(file);
  if (llvm::is_contained({".f90", ".F90", ".f", ".F", ".f95", ".F95", ".f03",
                          ".F03", ".f08", ".F08", ".for", ".ftn"},
                         ext))
    return DriverKind::Fortran;
  if (ext == ".c")
    return DriverKind::C;
  if (ext == ".o" || ext == ".a" || ext == ".so")
    return DriverKind::Object;
  return DriverKind::Unknown;
}

/// One JSON object per line from the child to the parent.
class EventWriter {
public:
  explicit EventWriter(int fd) : fd(fd) {}
  void send(llvm::json::Object o) {
    std::string line;
    llvm::raw_string_ostream os(line);
    os << llvm::json::Value(std::move(o)) << "\n";
    ompx::writeAll(fd, line);
  }

private:
  int fd;
};
} // namespace

/// `dir/omp_teams` for `dir/omp_teams.hlfir.mlir`: where a driver sidecar
/// (`omp_teams.driver.f90`) is looked for.
static std::string sidecarStem(StringRef input) {
  StringRef name = path::filename(input);
  llvm::SmallString<256> stem(path::parent_path(input));
  path::append(stem, name.split('.').first);
  return stem.str().str();
}

/// Turns a linker's complaint into the missing piece it names.
/// Whether one of the object files among `files` (link arguments) defines
/// the function `name`.
static bool definedInObjects(StringRef name,
                             llvm::ArrayRef<std::string> files) {
  for (const std::string &file : files) {
    if (!StringRef(file).ends_with(".o"))
      continue;
    auto object = llvm::object::ObjectFile::createObjectFile(file);
    if (!object) {
      llvm::consumeError(object.takeError());
      continue;
    }
    for (const llvm::object::SymbolRef &sym : object->getBinary()->symbols()) {
      auto symName = sym.getName();
      auto flags = sym.getFlags();
      if (!symName || !flags) {
        llvm::consumeError(symName.takeError());
        llvm::consumeError(flags.takeError());
        continue;
      }
      if (*symName == name &&
          !(*flags & llvm::object::SymbolRef::SF_Undefined))
        return true;
    }
  }
  return false;
}

static std::string explainLinkFailure(StringRef output) {
  llvm::Regex undefinedRef("undefined (reference to|symbol:) [`']?([^'` \n]+)");
  llvm::SmallVector<StringRef> m;
  std::vector<std::string> names;
  for (StringRef line : llvm::split(output, '\n'))
    if (undefinedRef.match(line, &m) &&
        llvm::find(names, m[2].str()) == names.end())
      names.push_back(m[2].str());
  std::string tail = output.trim().str();
  if (tail.size() > 2000)
    tail = "..." + tail.substr(tail.size() - 2000);
  if (names.empty())
    return "linking failed: " + tail;
  return "linking failed: undefined symbol" +
         std::string(names.size() > 1 ? "s " : " ") + llvm::join(names, ", ") +
         "\n" + tail;
}

/// Runs in the build child (own process group, stderr the build log; see
/// Launcher::build) and reports on `eventFd`.
[[noreturn]] static void buildChild(const BuildPlan &plan, int eventFd) {
  EventWriter events(eventFd);
  auto onStage = [&](Stage s, const std::string &msg) {
    events.send(
        llvm::json::Object{{"t", "stage"}, {"stage", (int)s}, {"msg", msg}});
  };
  auto log = [&](const std::string &msg) {
    events.send(llvm::json::Object{{"t", "log"}, {"msg", msg}});
  };
  auto done = [&](bool ok, Stage stage, const std::string &msg,
                  const std::optional<SourceLocation> &loc) {
    llvm::json::Object o{
        {"t", "done"}, {"ok", ok}, {"stage", (int)stage}, {"msg", msg}};
    if (loc) {
      o["file"] = loc->file;
      o["line"] = (int64_t)loc->line;
      o["col"] = (int64_t)loc->column;
    }
    events.send(std::move(o));
    ::close(eventFd);
    _exit(0);
  };

  CompileOutcome out = compileInProcess(plan.job, onStage, log);
  if (!out.ok)
    done(false, out.stage, out.message, out.location);
  if (!out.kernels.empty())
    log("offload kernels: " + out.kernels);
  if (!out.deviceImage.empty())
    log("device image: " + out.deviceImage);

  onStage(Stage::Link, "flang-22 driver -> " + plan.executable);
  bool useDrivers = plan.driversGiven || (!out.hasMain && !plan.drivers.empty());
  if (!out.hasMain && !useDrivers)
    done(false, Stage::Link,
         "nothing to launch: the module defines no program entry point "
         "(`_QQmain` from a Fortran main program, or `main`); it compiled "
         "for " +
             std::string(deviceKindName(plan.job.device)) +
             " up to the host object. Give it a main program that calls it: "
             "--driver=FILE (.f90, .c or .o), or a file " +
             sidecarStem(plan.job.inputPath) +
             ".driver.f90 (or .c) next to it",
         std::nullopt);

  std::vector<std::string> args{"-fopenmp", out.hostObject};
  if (useDrivers) {
    std::string inputDir = path::parent_path(plan.job.inputPath).str();
    std::string modDir = plan.job.workDir + "/driver-modules";
    fs::create_directories(modDir);
    for (size_t i = 0; i < plan.drivers.size(); ++i) {
      const std::string &driver = plan.drivers[i];
      DriverKind kind = driverKind(driver);
      if (kind == DriverKind::Object) {
        args.push_back(driver);
        continue;
      }
      std::string object =
          plan.job.workDir + "/driver" + std::to_string(i) + ".o";
      std::vector<std::string> cc{"-c", "-fopenmp", "-g"};
      // Modules of the input (its .mod files) and of the driver's folder.
      for (const std::string &dir :
           {inputDir, path::parent_path(driver).str()})
        cc.push_back("-I" + dir);
      if (kind == DriverKind::Fortran) {
        cc.push_back("-J" + modDir);
      } else if (!plan.includeDir.empty()) {
        cc.push_back("-I" + plan.includeDir);
      }
      cc.insert(cc.end(), {driver, "-o", object});
      const std::string &compiler =
          kind == DriverKind::Fortran ? plan.flang : plan.clang;
      onStage(Stage::Link, "driver " + path::filename(driver).str() + " (" +
                               path::filename(compiler).str() + ")");
      log("driver: " + compiler + " " + llvm::join(cc, " "));
      ToolRun run = runTool(compiler, cc, 300);
      if (run.exitCode != 0)
        done(false, Stage::Link,
             "the driver " + driver + " does not compile:\n" +
                 StringRef(run.output + run.error).trim().str(),
             std::nullopt);
      args.push_back(object);
    }
  }
  args.insert(args.end(), {"-o", plan.executable});
  if (!plan.libompDir.empty())
    args.push_back("-L" + plan.libompDir);
  if (plan.useLld)
    args.push_back("-fuse-ld=lld");
  switch (out.offloaded ? plan.job.device : DeviceKind::Host) {
  case DeviceKind::HostOffload:
    // A procedure the device image leaves to the program must be in a
    // driver: say which, rather than let the image fail to load.
    for (const std::string &fn : out.fortranRuntime)
      if (!StringRef(fn).starts_with("_Fortran") &&
          !definedInObjects(fn, llvm::ArrayRef(args).drop_front(2)))
        done(false, Stage::Link,
             "the device code calls " + fn +
                 ", which neither this module nor a driver defines (an "
                 "OpenACC `routine bind` name or an external declare target "
                 "routine): give a driver that defines it (--driver=FILE; on "
                 "host-offload its host code serves the device), or run it "
                 "with --device=host",
             std::nullopt);
    args.push_back("-fopenmp-targets=" + plan.job.deviceTriple);
    args.push_back("-Xoffload-linker");
    args.push_back(plan.job.hostDevRuntime);
    for (const std::string &fn : out.fortranRuntime) {
      args.push_back("-Wl,--undefined=" + fn);
      args.push_back("-Wl,--export-dynamic-symbol=" + fn);
    }
    // The device image leaves them to the executable that loads it (the
    // host link above fails, naming it, where nothing defines one);
    // checkHostOffloadSupport allowed no other undefined symbol.
    if (!out.fortranRuntime.empty()) {
      args.push_back("-Xoffload-linker");
      args.push_back("--unresolved-symbols=ignore-all");
    }
    break;
  case DeviceKind::NVPTX:
  case DeviceKind::AMDGPU:
    // The host object already carries the complete image and registers it
    // (registerOffloadImage): a plain host link against libomptarget 22,
    // with the CUDA set-up that registration calls first on nvptx.
    if (!plan.job.cudaSetup.empty())
      args.push_back(plan.job.cudaSetup);
    args.insert(args.end(), {"-L" + plan.llvmLibDir, "-lomptarget"});
    break;
  default:
    // Device memory routines (omp_target_alloc, ...) live in libomptarget,
    // which the driver adds only with offload targets; linked only if used.
    args.insert(args.end(), {"-L" + plan.llvmLibDir, "-Wl,--as-needed",
                             "-lomptarget", "-Wl,--no-as-needed"});
    break;
  }
  log("link: " + plan.flang + " " + llvm::join(args, " "));
  ToolRun link = runTool(plan.flang, args, 600);
  if (link.exitCode != 0)
    done(false, Stage::Link,
         explainLinkFailure(link.output +
                            (link.error.empty() ? "" : "\n" + link.error)),
         std::nullopt);
  done(true, Stage::Link, "", std::nullopt);
  _exit(0); // not reached: `done` exits
}

int ompx::pipeline::runBuildChild() {
  auto stdinBuffer = llvm::MemoryBuffer::getSTDIN();
  if (!stdinBuffer) {
    fprintf(stderr, "ompx build child: cannot read the build plan: %s\n",
            stdinBuffer.getError().message().c_str());
    return 2;
  }
  StringRef input = (*stdinBuffer)->getBuffer();
  // Events go to a private copy of stdout; what MLIR, LLVM or a tool prints
  // on stdout must not reach it.
  int eventFd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 10);
  int devNull = open("/dev/null", O_RDWR);
  if (eventFd < 0 || devNull < 0)
    return 2;
  dup2(devNull, STDIN_FILENO);
  dup2(devNull, STDOUT_FILENO);
  ::close(devNull);
  auto [header, text] = input.split('\n');
  BuildPlan plan;
  auto parsed = llvm::json::parse(header);
  llvm::json::Path::Root root("build plan");
  if (!parsed || !fromJSON(*parsed, plan, root)) {
    if (!parsed)
      llvm::consumeError(parsed.takeError());
    fprintf(stderr, "ompx build child: bad build plan on stdin\n");
    return 2;
  }
  plan.job.inputText = text.str();
  buildChild(plan, eventFd);
}

//===----------------------------------------------------------------------===//
// The parent
//===----------------------------------------------------------------------===//

namespace {
class Launcher {
public:
  Launcher(const LaunchRequest &request, const LaunchCallbacks &callbacks,
           const std::atomic<bool> *cancel)
      : request(request), callbacks(callbacks), cancel(cancel),
        tools(request.toolchainPrefix) {
    if (request.timeoutSeconds)
      deadline = Clock::now() + std::chrono::seconds(request.timeoutSeconds);
  }
  ~Launcher() {
    if (!workDir.empty() && request.keepDir.empty())
      fs::remove_directories(workDir);
    // Then `guard` ends without doing anything.
  }
  LaunchResult run();

private:
  bool cancelled() const { return cancel && cancel->load(); }
  bool expired() const { return deadline && Clock::now() >= *deadline; }
  void stage(Stage s, const std::string &msg) {
    result.stage = s;
    if (callbacks.onStage)
      callbacks.onStage(s, msg);
  }
  void log(const std::string &msg) {
    if (callbacks.onOutput)
      callbacks.onOutput(OutputStream::Log, msg + "\n");
  }
  LaunchResult &fail(Stage s, std::string message,
                     std::optional<SourceLocation> loc = std::nullopt) {
    result.status = LaunchStatus::Failed;
    result.stage = s;
    result.message = std::move(message);
    result.location = std::move(loc);
    return result;
  }
  LaunchResult &stopped(LaunchStatus status) {
    result.status = status;
    result.message =
        status == LaunchStatus::Cancelled
            ? std::string("cancelled during ") + stageName(result.stage)
            : "timed out after " + std::to_string(request.timeoutSeconds) +
                  " s during " + stageName(result.stage);
    return result;
  }
  bool setup(BuildPlan &plan);
  bool resolveDrivers(BuildPlan &plan);
  bool build(BuildPlan &plan);
  void runProgram(const BuildPlan &plan);
  LaunchResult &writeBundleOf(const BuildPlan &plan);
  bool setupSlurm(DeviceSpec &device);
  void runThroughSlurm(const BuildPlan &plan);
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
  /// --launcher=slurm: the GPU architecture the partition's gres names,
  /// and its time limit in minutes (0: none).
  std::string slurmArch;
  unsigned slurmMaxMinutes = 0;
};
} // namespace

bool Launcher::setup(BuildPlan &plan) {
  stage(Stage::Setup, "checking the input, device and tools");
  CompileJob &job = plan.job;
  job.inputPath = request.inputPath;
  if (request.inputPath.empty()) {
    fail(Stage::Setup, "no input file");
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
      fail(Stage::Setup, "cannot read " + request.inputPath + ": " +
                             llvm::toString(text.takeError()));
      return false;
    }
    job.inputText = std::move(*text);
  }
  if (request.optLevel > kMaxOptLevel) {
    fail(Stage::Setup, "optimization level must be 0 to 3");
    return false;
  }

  // The guard first: from here on, dying leaves nothing behind.
  if (!request.guardCommand.empty()) {
    auto started = ompx::ProcessGuard::start(request.guardCommand);
    if (started)
      guard = std::move(*started);
    else
      log("no launch guard (a killed launch may leave its program "
          "running): " +
          llvm::toString(started.takeError()));
  }
  // A private work directory (0700), or the user's --keep directory.
  if (!request.keepDir.empty()) {
    if (std::error_code ec = fs::create_directories(request.keepDir)) {
      fail(Stage::Setup,
           "cannot create " + request.keepDir + ": " + ec.message());
      return false;
    }
    llvm::SmallString<256> k(request.keepDir);
    fs::make_absolute(k);
    workDir = k.str().str();
  } else {
    // mkdtemp: created 0700 at once, never briefly wider.
    llvm::SmallString<256> dir;
    path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
    path::append(dir, "ompx-launch-XXXXXX");
    std::string templ = dir.str().str();
    if (!mkdtemp(templ.data())) {
      fail(Stage::Setup, "cannot create a temporary directory in " +
                             path::parent_path(dir).str() + ": " +
                             strerror(errno));
      return false;
    }
    workDir = templ;
    if (guard)
      guard->removeDirectory(workDir);
  }
  job.workDir = workDir;
  job.optLevel = request.optLevel;
  plan.executable = workDir + "/program";

  const Tool &flang = tools.flang();
  if (!flang) {
    fail(Stage::Setup, "the link driver is missing: " + flang.problem +
                           "; install the Debian package flang-22");
    return false;
  }
  log("flang: " + flang.path + " (" + flang.version + ")");
  plan.flang = flang.path;
  if (!resolveDrivers(plan))
    return false;
  // lld links the static flang runtime faster than GNU ld; the driver finds
  // it next to itself (the toolchain's bin/ld.lld).
  plan.useLld =
      bool(tools.ldLld()) && fs::exists(tools.prefix() + "/bin/ld.lld");
  std::string problem;
  plan.libompDir = tools.libompDir(workDir, problem);
  plan.llvmLibDir = tools.prefix() + "/lib";
  if (!problem.empty()) {
    fail(Stage::Setup, problem);
    return false;
  }

  DeviceSpec device = request.device;
  bool slurm = request.launcher == LauncherKind::Slurm;
  if (slurm) {
    if (!setupSlurm(device))
      return false;
  } else if (device.kind == DeviceKind::Auto) {
    device = {DeviceKind::Host, 0};
    for (const DeviceInfo &d : listDevices(tools, request.deviceRuntimeDir))
      if (d.available &&
          (d.kind == DeviceKind::NVPTX || d.kind == DeviceKind::AMDGPU)) {
        device = {d.kind, 0};
        break;
      }
    log("auto: using " + device.str());
  }
  job.device = device.kind;
  plan.deviceIndex = device.index;
  result.deviceId = device.str();

  if (device.kind == DeviceKind::HostOffload) {
    if (device.index >= kHostOffloadDevices) {
      fail(Stage::Setup, "host-offload has devices 0 to " +
                             std::to_string(kHostOffloadDevices - 1) +
                             " (libomptarget's x86_64 plugin); got " +
                             device.str());
      return false;
    }
    job.deviceTriple = "x86_64-pc-linux-gnu";
    job.deviceArch = "generic";
    job.hostDevRuntime = hostDeviceRuntimeObject();
    if (job.hostDevRuntime.empty()) {
      fail(Stage::Setup, "the ompx x86_64 device runtime "
                         "(ompx-host-devrt.o) was not found next to ompx-lsp "
                         "(bin/../lib/ompx) or in the build tree; rebuild or "
                         "reinstall ompx, or set OMPX_HOST_DEVICE_RUNTIME");
      return false;
    }
    if (!tools.linkerWrapper()) {
      fail(Stage::Setup, tools.linkerWrapper().problem);
      return false;
    }
  } else if (device.kind == DeviceKind::NVPTX ||
             device.kind == DeviceKind::AMDGPU) {
    bool nv = device.kind == DeviceKind::NVPTX;
    job.deviceTriple = nv ? "nvptx64-nvidia-cuda" : "amdgcn-amd-amdhsa";
    // Tools without which not even the device code can be checked.
    if (nv && !tools.ptxas()) {
      fail(Stage::Setup, "cannot build for nvptx: " + tools.ptxas().problem);
      return false;
    }
    if (nv)
      plan.job.ptxas = tools.ptxas().path;
    if (nv && (job.cudaSetup = cudaSetupObject()).empty()) {
      fail(Stage::Setup, "the ompx CUDA set-up object (ompx-cuda-setup.o) "
                         "was not found next to ompx-lsp (bin/../lib/ompx) "
                         "or in the build tree; rebuild or reinstall ompx");
      return false;
    }
    if (!nv && !tools.ldLld()) {
      fail(Stage::Setup, "cannot build for amdgpu: " + tools.ldLld().problem);
      return false;
    }
    if (!nv)
      plan.job.ldLld = tools.ldLld().path;
    // Through Slurm the GPU is on the node: this machine's probe says
    // nothing about it (setupSlurm found the architecture).
    GpuProbe probe = slurm ? GpuProbe() : probeGpus(tools, device.kind);
    if (!request.offloadArch.empty())
      job.deviceArch = request.offloadArch;
    else if (slurm)
      job.deviceArch = slurmArch;
    else if ((size_t)device.index < probe.archs.size())
      job.deviceArch = probe.archs[device.index];
    else
      job.deviceArch = nv ? "sm_90" : "gfx90a";
    // Only running needs the GPU: the build is complete without one.
    if (!slurm && (size_t)device.index >= probe.archs.size())
      plan.missing = probe.archs.empty()
                         ? probe.why
                         : "there is no " + device.str() + " (GPUs: " +
                               llvm::join(probe.archs, ", ") + ")";
    std::string rtProblem, llvm22Dir;
    if (!request.deviceRuntimeDir.empty()) {
      llvm22Dir = findDeviceRuntime(tools, job.deviceTriple,
                                    request.deviceRuntimeDir, rtProblem);
      if (llvm22Dir.empty()) {
        fail(Stage::Setup, rtProblem);
        return false;
      }
    } else {
      // An LLVM 22 runtime in the toolchain, if it ever ships one.
      llvm22Dir = findDeviceRuntime(tools, job.deviceTriple, "", rtProblem);
    }
    job.gpuRuntime =
        resolveGpuRuntime(job.deviceTriple, job.deviceArch, llvm22Dir,
                          rtProblem);
    if (job.gpuRuntime.kind == GpuRuntime::Kind::None) {
      fail(Stage::Setup, rtProblem);
      return false;
    }
    log("device runtime for " + device.str() + " (" + job.deviceArch +
        "): " + job.gpuRuntime.label);
    if (!plan.missing.empty())
      log("cannot run here: " + plan.missing +
          (request.noRun ? "; building only (--no-run)"
                         : "; the build completes, the run is refused"));
  }
  return true;
}

bool Launcher::resolveDrivers(BuildPlan &plan) {
  plan.driversGiven = !request.drivers.empty();
  std::vector<std::string> candidates = request.drivers;
  if (!plan.driversGiven) {
    // A sidecar next to the input; used only if the module has no main.
    std::string stem = sidecarStem(plan.job.inputPath);
    for (const char *ext : {".driver.f90", ".driver.F90", ".driver.c"})
      if (fs::exists(stem + ext)) {
        candidates.push_back(stem + ext);
        log("driver (used if the module has no main program): " + stem + ext);
        break;
      }
  }
  bool needClang = false;
  for (const std::string &d : candidates) {
    llvm::SmallString<256> abs(d);
    fs::make_absolute(abs);
    // Compilers read drivers themselves: refuse a FIFO or a device here.
    if (!fs::exists(abs)) {
      fail(Stage::Setup, "the driver " + d + " does not exist");
      return false;
    }
    if (!fs::is_regular_file(abs)) {
      fail(Stage::Setup, "the driver " + d + " is not a regular file");
      return false;
    }
    DriverKind kind = driverKind(abs);
    if (kind == DriverKind::Unknown) {
      fail(Stage::Setup, "the driver " + d +
                             " is neither Fortran (.f90, .F90, .f, ...), C "
                             "(.c) nor an object (.o, .a, .so)");
      return false;
    }
    needClang |= kind == DriverKind::C;
    plan.drivers.push_back(abs.str().str());
  }
  if (needClang) {
    const Tool &clang = tools.clang();
    if (!clang) {
      fail(Stage::Setup, "a C driver needs a C compiler: " + clang.problem);
      return false;
    }
    plan.clang = clang.path;
    std::string include = tools.prefix() + "/include/flang";
    if (fs::exists(include + "/ISO_Fortran_binding.h"))
      plan.includeDir = include;
  }
  return true;
}

bool Launcher::build(BuildPlan &plan) {
  std::string logFile = workDir + "/build.log";
  if (request.buildChildCommand.empty()) {
    fail(Stage::Setup, "no build child command (LaunchRequest::"
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
    fail(Stage::Setup, llvm::toString(child.takeError()));
    return false;
  }
  if (guard)
    guard->watchGroup((*child)->pid());
  std::string plainPlan;
  llvm::raw_string_ostream(plainPlan) << toJSON(plan) << "\n";
  // A child that dies at once is reported below, from its exit status.
  if ((*child)->writeStdin(plainPlan))
    (*child)->writeStdin(plan.job.inputText);
  (*child)->closeStdin();

  std::string pending;
  std::optional<llvm::json::Object> done;
  auto onEvents = [&](StringRef data) {
    pending.append(data.data(), data.size());
    size_t nl;
    while ((nl = pending.find('\n')) != std::string::npos) {
      std::string line = pending.substr(0, nl);
      pending.erase(0, nl + 1);
      auto v = llvm::json::parse(line);
      if (!v) {
        llvm::consumeError(v.takeError());
        continue;
      }
      llvm::json::Object *o = v->getAsObject();
      if (!o)
        continue;
      StringRef t = o->getString("t").value_or("");
      if (t == "stage")
        stage((Stage)o->getInteger("stage").value_or(0),
              o->getString("msg").value_or("").str());
      else if (t == "log")
        log(o->getString("msg").value_or("").str());
      else if (t == "done")
        done = std::move(*o);
    }
  };
  Subprocess::Outcome outcome = (*child)->run(deadline, cancel, onEvents);
  if (guard)
    guard->forgetGroup((*child)->pid());
  if (outcome.cancelled || outcome.timedOut) {
    stopped(outcome.cancelled ? LaunchStatus::Cancelled
                              : LaunchStatus::Timeout);
    return false;
  }
  const ExitStatus &status = outcome.status;
  if (!done) {
    // The child died without reporting: a crash or report_fatal_error.
    std::string why;
    if (auto buf = llvm::MemoryBuffer::getFile(logFile)) {
      StringRef text = (*buf)->getBuffer().trim();
      size_t cut = text.size() > 1500 ? text.size() - 1500 : 0;
      why = text.substr(cut).str();
    }
    std::string how =
        status.signaled
            ? std::string("crashed (") + strsignal(status.signal) + ")"
            : "stopped with exit status " + std::to_string(status.code);
    fail(result.stage, "the compiler " + how + " during " +
                           stageName(result.stage) +
                           " (the crash was contained in the build "
                           "process)" +
                           (why.empty() ? "" : ": " + why));
    return false;
  }
  if (!done->getBoolean("ok").value_or(false)) {
    // What LLVM printed (its IR verifier, for one) belongs to the failure.
    std::string message = done->getString("msg").value_or("").str();
    if (auto buf = llvm::MemoryBuffer::getFile(logFile)) {
      StringRef text = (*buf)->getBuffer().trim();
      if (!text.empty())
        message +=
            "\nbuild log: " +
            text.substr(text.size() > 1500 ? text.size() - 1500 : 0).str();
    }
    std::optional<SourceLocation> loc;
    if (auto file = done->getString("file"))
      loc = SourceLocation{file->str(),
                           (unsigned)done->getInteger("line").value_or(0),
                           (unsigned)done->getInteger("col").value_or(0)};
    fail((Stage)done->getInteger("stage").value_or(0), message, loc);
    return false;
  }
  result.executable = plan.executable;
  return true;
}

/// Why a program failed when its stderr (`errText`) says libomptarget
/// refused a target region: ": a target region could not run on DEVICE ...",
/// else "".
static std::string mandatoryOffloadFailure(StringRef errText,
                                           const std::string &device) {
  if (!errText.contains("offloading is mandatory") &&
      !errText.contains("omptarget fatal error"))
    return "";
  return ": a target region could not run on " + device +
         " and OMP_TARGET_OFFLOAD=MANDATORY forbids the silent host fallback "
         "(see the program's stderr)";
}

/// This process's environment for the program: without the device choice
/// the launch makes itself for a device run (OMP_DEFAULT_DEVICE,
/// OMP_TARGET_OFFLOAD), and without LD_LIBRARY_PATH unless kept.
static std::vector<std::string> programEnvironment(DeviceKind kind,
                                                   bool keepLibraryPath) {
  std::vector<std::string> env;
  for (char **e = environ; *e; ++e) {
    StringRef var(*e);
    if (kind != DeviceKind::Host && (var.starts_with("OMP_DEFAULT_DEVICE=") ||
                                     var.starts_with("OMP_TARGET_OFFLOAD=")))
      continue;
    if (!keepLibraryPath && var.starts_with("LD_LIBRARY_PATH="))
      continue;
    env.push_back(var.str());
  }
  return env;
}

void Launcher::runProgram(const BuildPlan &plan) {
  DeviceKind kind = plan.job.device;
  std::vector<std::string> env =
      programEnvironment(kind, /*keepLibraryPath=*/false);
  // libomptarget 22 (and its plugins) from the toolchain, never LLVM 19's.
  std::string ldPath = tools.prefix() + "/lib";
  if (const char *old = getenv("LD_LIBRARY_PATH"))
    if (*old)
      ldPath += std::string(":") + old;
  env.push_back("LD_LIBRARY_PATH=" + ldPath);
  std::string deviceIndex = std::to_string(plan.deviceIndex);
  if (kind != DeviceKind::Host) {
    // A device was asked for: a silent host fallback becomes an error.
    env.push_back("OMP_DEFAULT_DEVICE=" + deviceIndex);
    env.push_back("OMP_TARGET_OFFLOAD=MANDATORY");
  }
  SpawnOptions spawn;
  spawn.argv.push_back(plan.executable);
  for (const std::string &a : request.programArgs)
    spawn.argv.push_back(a);
  spawn.env = std::move(env);
  spawn.in = SpawnOptions::Stream::Null;
  // Its own group: a cancel also ends what the program started.
  spawn.newProcessGroup = true;
  stage(Stage::Run,
        plan.executable + (kind == DeviceKind::Host
                               ? std::string(" on the host")
                               : " with OMP_DEFAULT_DEVICE=" + deviceIndex +
                                     " OMP_TARGET_OFFLOAD=MANDATORY"));
  auto program = Subprocess::spawn(spawn);
  if (!program) {
    fail(Stage::Run, llvm::toString(program.takeError()));
    return;
  }
  if (guard)
    guard->watchGroup((*program)->pid());
  // Output streams to the caller as it arrives; stderr is also kept (64 KiB)
  // to explain a failure.
  std::string errText;
  Subprocess::Outcome outcome = (*program)->run(
      deadline, cancel,
      [&](StringRef data) {
        if (callbacks.onOutput)
          callbacks.onOutput(OutputStream::Stdout, data.str());
      },
      [&](StringRef data) {
        if (callbacks.onOutput)
          callbacks.onOutput(OutputStream::Stderr, data.str());
        if (errText.size() < 65536)
          errText.append(data.data(), data.size());
      },
      // A cancel (SIGINT/SIGTERM/SIGHUP of `launch`, an editor's cancel)
      // reaches the program as SIGTERM first: it may flush and clean up.
      std::chrono::milliseconds(500));
  if (guard)
    guard->forgetGroup((*program)->pid());
  if (outcome.cancelled || outcome.timedOut) {
    stopped(outcome.cancelled ? LaunchStatus::Cancelled
                              : LaunchStatus::Timeout);
    return;
  }
  const ExitStatus &status = outcome.status;
  if (status.success()) {
    result.status = LaunchStatus::Ok;
    result.exitCode = 0;
    return;
  }
  // -2 for a crash, as llvm::sys::Wait reports it.
  result.exitCode = status.signaled ? -2 : status.code;
  std::string message =
      status.signaled
          ? std::string("the program crashed (") + strsignal(status.signal) +
                ")"
          : "the program exited with status " + std::to_string(status.code);
  fail(Stage::Run, message + mandatoryOffloadFailure(errText, result.deviceId));
}

/// --launcher=slurm, before building: the controller answers (a refused
/// port takes milliseconds to say so, srun would wait MessageTimeout), and
/// the device and GPU architecture come from the request or the partition's
/// gres, never from this machine, which has no say in the node's GPUs.
bool Launcher::setupSlurm(DeviceSpec &device) {
  const SlurmOptions &o = request.slurm;
  std::string problem;
  if (findSlurmTool(o, "srun", problem).empty()) {
    fail(Stage::Setup, "--launcher=slurm: " + problem);
    return false;
  }
  SlurmInfo info = querySlurm(o);
  if (!info.reachable) {
    fail(Stage::Setup, "--launcher=slurm: " + info.message);
    return false;
  }
  const SlurmPartition *partition = nullptr;
  std::vector<std::string> names;
  for (const SlurmPartition &p : info.partitions) {
    names.push_back(p.name);
    if (o.partition.empty() ? p.isDefault : p.name == o.partition)
      partition = &p;
  }
  if (!o.partition.empty() && !partition) {
    fail(Stage::Setup, "Slurm has no partition '" + o.partition +
                           "' (partitions: " + llvm::join(names, ", ") + ")");
    return false;
  }
  // A type in --gres=gpu:TYPE:N or --gpus=TYPE:N names the GPU first.
  std::string gresArch;
  for (StringRef g : llvm::split(StringRef(o.gres), ',')) {
    llvm::SmallVector<StringRef, 3> parts;
    g.trim().split(parts, ':');
    if (parts.size() == 3 && parts[0] == "gpu" && gresArch.empty())
      gresArch = offloadArchForGresType(parts[1]);
  }
  if (gresArch.empty() && StringRef(o.gpus).contains(':'))
    gresArch = offloadArchForGresType(StringRef(o.gpus).split(':').first);
  if (gresArch.empty() && partition)
    gresArch = partition->offloadArch;
  slurmArch = request.offloadArch.empty() ? gresArch : request.offloadArch;
  if (partition)
    slurmMaxMinutes = partition->maxMinutes;
  std::string where =
      partition
          ? "partition " + partition->name +
                (partition->gres.empty()
                     ? std::string(" (no GPU gres)")
                     : " (gres " + llvm::join(partition->gres, ", ") + ")")
          : std::string("the default partition");
  log("slurm: " + where + (info.cluster.empty() ? "" : " of " + info.cluster));
  if (device.kind == DeviceKind::Auto) {
    StringRef a = slurmArch;
    device = {a.starts_with("sm_")   ? DeviceKind::NVPTX
              : a.starts_with("gfx") ? DeviceKind::AMDGPU
                                     : DeviceKind::Host,
              0};
    log("auto: using " + device.str() + " on the node" +
        (a.empty() ? "" : " (" + a.str() + ")"));
  }
  bool nv = device.kind == DeviceKind::NVPTX;
  if (nv || device.kind == DeviceKind::AMDGPU) {
    // GPU numbers index the job's GPUs (CUDA_VISIBLE_DEVICES/ROCR_VISIBLE_
    // DEVICES start at 0 inside it): nvptx:1 needs two.
    unsigned asked = 0;
    StringRef count = !o.gres.empty() ? StringRef(o.gres).rsplit(':').second
                                      : StringRef(o.gpus).rsplit(':').second;
    if (count.empty())
      count = o.gres.empty() ? StringRef(o.gpus) : StringRef();
    if (!count.getAsInteger(10, asked) && asked <= unsigned(device.index)) {
      fail(Stage::Setup,
           device.str() + " is GPU " + std::to_string(device.index) +
               " of the job, which asks for " + std::to_string(asked) + " (" +
               (o.gres.empty() ? "--gpus=" + o.gpus : "--gres=" + o.gres) +
               "); GPU numbers count the job's GPUs from 0");
      return false;
    }
    if (slurmArch.empty()) {
      fail(Stage::Setup,
           "--launcher=slurm builds here for the node's GPU, which this "
           "machine cannot see: give --offload-arch (" +
               std::string(nv ? "sm_80, sm_90" : "gfx90a, gfx942") +
               ", ...); " + where + " names no GPU model");
      return false;
    }
    if (!StringRef(slurmArch).starts_with(nv ? "sm_" : "gfx")) {
      fail(Stage::Setup, device.str() + " cannot run on " + slurmArch +
                             " GPUs (" + where + ")");
      return false;
    }
  }
  return true;
}

void Launcher::runThroughSlurm(const BuildPlan &plan) {
  const SlurmOptions &o = request.slurm;
  DeviceKind kind = plan.job.device;
  std::string name = slurmJobName(request.inputPath);
  BundleOptions b = bundleOptions(plan);
  b.tarball = false;
  bool shared = o.staging == SlurmOptions::Staging::Shared;
  if (shared) {
    // Where the node reads it: next to the workspace, not in the private
    // temporary directory.
    llvm::SmallString<256> root(o.stageDir);
    if (root.empty()) {
      root = path::parent_path(plan.job.inputPath);
      path::append(root, ".ompx", "slurm");
    }
    fs::make_absolute(root);
    if (std::error_code ec = fs::create_directories(root)) {
      fail(Stage::Link, "cannot create the Slurm staging folder " +
                            root.str().str() + ": " + ec.message() +
                            " (--slurm-stage-dir names another)");
      return;
    }
    struct statfs sfs;
    bool tmpfs = statfs(root.c_str(), &sfs) == 0 && sfs.f_type == TMPFS_MAGIC;
    if (tmpfs || root.starts_with("/tmp/") || root.starts_with("/dev/shm/"))
      stage(Stage::Link, "warning: " + root.str().str() +
                             (tmpfs ? " is on tmpfs" : " is under /tmp") +
                             ": compute nodes usually cannot read it; use "
                             "--slurm-stage-dir on a shared file system or "
                             "--slurm-stage=sbcast");
    b.dir = (root + "/" + name).str();
    b.libraryStore = (root + "/lib-store").str();
    if (guard && request.keepDir.empty())
      guard->removeDirectory(b.dir);
  } else {
    b.dir = workDir + "/" + name;
  }
  stage(Stage::Link, "bundle for the node -> " + b.dir);
  llvm::scope_exit removeBundle([&] {
    if (shared && request.keepDir.empty())
      fs::remove_directories(b.dir);
  });
  auto bundle = writeBundle(b);
  if (cancelled()) {
    stopped(LaunchStatus::Cancelled);
    return;
  }
  if (!bundle) {
    fail(Stage::Link, llvm::toString(bundle.takeError()));
    return;
  }
  SlurmRunRequest r;
  r.options = o;
  r.jobName = name;
  r.timeoutSeconds = request.timeoutSeconds;
  r.maxMinutes = slurmMaxMinutes;
  if (kind == DeviceKind::NVPTX || kind == DeviceKind::AMDGPU)
    r.gpusNeeded = plan.deviceIndex + 1;
  if (shared) {
    r.command = {b.dir + "/run.sh"};
  } else {
    std::string file = workDir + "/" + name + ".run";
    if (llvm::Error e = writeSelfExtractingBundle(b.dir, file, cancel)) {
      fail(Stage::Link, llvm::toString(std::move(e)));
      return;
    }
    r.bcastFile = file;
    r.bcastTo = "/tmp/" + name + ".run";
  }
  llvm::append_range(r.command, request.programArgs);
  // srun passes its environment on (--export=ALL), LD_LIBRARY_PATH
  // included; run.sh picks the device.
  r.env = programEnvironment(kind, /*keepLibraryPath=*/true);

  // What a dying launch must cancel before its guard kills srun's group
  // (killing srun alone leaves the job running on the node): the job by
  // its unique name, salloc's allocation by its, a step by its id.
  std::string problem;
  std::string scancel = findSlurmTool(o, "scancel", problem);
  std::vector<std::vector<std::string>> onDeath;
  auto cancelOnDeath = [&](std::vector<std::string> argv) {
    if (!guard || scancel.empty())
      return;
    argv.insert(argv.begin(), scancel);
    if (!guard->runOnDeath(argv)) {
      log("no scancel on death for " + llvm::join(argv, " ") +
          " (a tab or newline in it)");
      return;
    }
    onDeath.push_back(std::move(argv));
  };
  SlurmRunCallbacks cb;
  cb.onStdout = [this](StringRef data) {
    if (callbacks.onOutput)
      callbacks.onOutput(OutputStream::Stdout, data.str());
  };
  std::string errText; // kept (64 KiB) to explain a failure, as locally
  cb.onStderr = [&](StringRef data) {
    if (callbacks.onOutput)
      callbacks.onOutput(OutputStream::Stderr, data.str());
    if (errText.size() < 65536)
      errText.append(data.data(), data.size());
  };
  // Not also logged: an editor shows the status stream beside the log.
  cb.onStatus = [this](const std::string &status) {
    if (callbacks.onStatus)
      callbacks.onStatus(status);
  };
  // srun's own words: errors and the queue as stage messages, its -v
  // chatter in the log.
  cb.onLog = [&](const SlurmLine &l, StringRef line) {
    // srun -v's option table (the stage line shows them) and its plugins'
    // internals would be 25 lines of noise in an editor's channel.
    if (l.noise)
      return;
    if (l.kind == SlurmLine::StepLaunched && !r.allocation.empty())
      cancelOnDeath({l.jobId});
    if (l.kind == SlurmLine::Other || l.kind == SlurmLine::JobId ||
        l.kind == SlurmLine::StepLaunched || l.kind == SlurmLine::Queued ||
        l.kind == SlurmLine::Allocated)
      log(line.str());
    else
      stage(Stage::Run, line.str());
  };
  std::string cancelName = name; // the job's, or salloc's while it runs
  cb.onStarted = [&](pid_t pid) {
    if (!guard)
      return;
    if (r.allocation.empty())
      cancelOnDeath({"--name=" + cancelName});
    guard->watchGroup(pid);
  };
  cb.onEnded = [&](pid_t pid) {
    if (!guard)
      return;
    guard->forgetGroup(pid);
    for (const std::vector<std::string> &argv : onDeath)
      guard->forgetCommand(argv);
    onDeath.clear();
  };
  // ompx runs inside a job (salloc, srun --pty): the program becomes a step
  // of it, on its nodes, like a plain srun there; never scancel'ed whole.
  const char *enclosing = getenv("SLURM_JOB_ID");
  if (enclosing && *enclosing) {
    r.allocation = enclosing;
    result.slurmJobId = enclosing;
    log(std::string("slurm: inside job ") + enclosing +
        " (SLURM_JOB_ID): the program runs as a step of it");
  } else if (o.allocation == SlurmOptions::Allocation::Reuse) {
    cancelName = name + "-alloc";
    stage(Stage::Run, "allocation for reuse (salloc --no-shell)");
    auto id = reuseOrAllocate(r, cb, deadline, cancel);
    if (!id) {
      std::string why = llvm::toString(id.takeError());
      if (cancelled())
        stopped(LaunchStatus::Cancelled);
      else if (expired())
        stopped(LaunchStatus::Timeout);
      else
        fail(Stage::Run, why);
      return;
    }
    r.allocation = *id;
    result.slurmJobId = *id;
    log("slurm: allocation " + *id + " (release: ompx-lsp slurm release)");
  }
  // As a shell would take it: an argument with a space stays one.
  std::string shown = "srun";
  for (const std::string &a : srunArguments(r))
    shown += " " + (a.find_first_of(" \t'\"\\$") == std::string::npos
                        ? a
                        : shellQuote(a));
  stage(Stage::Run, shown);
  SlurmRunResult s = ompx::pipeline::runOnSlurm(r, cb, deadline, cancel);
  if (!s.jobId.empty())
    result.slurmJobId = s.jobId;
  std::string job =
      result.slurmJobId.empty() ? "" : " (job " + result.slurmJobId + ")";
  switch (s.kind) {
  case SlurmRunResult::Ok:
    result.status = LaunchStatus::Ok;
    result.exitCode = 0;
    return;
  case SlurmRunResult::Cancelled:
  case SlurmRunResult::Timeout:
    stopped(s.kind == SlurmRunResult::Cancelled ? LaunchStatus::Cancelled
                                                : LaunchStatus::Timeout);
    result.message += job;
    return;
  case SlurmRunResult::SlurmFailed:
    fail(Stage::Run, s.message + (StringRef(s.message).contains(
                                      "job " + result.slurmJobId + " ")
                                      ? ""
                                      : job));
    return;
  case SlurmRunResult::ProgramFailed: {
    result.exitCode = s.exitCode;
    std::string message = *s.exitCode == -2
                              ? "the program crashed on the node (" + s.signal +
                                    (job.empty() ? ")" : "; " + job.substr(2))
                              : "the program exited with status " +
                                    std::to_string(*s.exitCode) + job;
    fail(Stage::Run, message + mandatoryOffloadFailure(
                                   errText, result.deviceId + " of the node"));
    return;
  }
  }
}

/// The bundle needs only the linked executable (any device kind); its
/// libraries resolve with the LD_LIBRARY_PATH a run here would get.
BundleOptions Launcher::bundleOptions(const BuildPlan &plan) {
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

LaunchResult &Launcher::writeBundleOf(const BuildPlan &plan) {
  BundleOptions o = bundleOptions(plan);
  o.dir = request.bundleDir;
  o.libraryStore = request.bundleStore;
  o.tarball = request.bundleStore.empty();
  stage(Stage::Link, "bundle -> " + request.bundleDir);
  auto bundle = writeBundle(o);
  if (cancelled())
    return stopped(LaunchStatus::Cancelled);
  if (!bundle)
    return fail(Stage::Link, llvm::toString(bundle.takeError()));
  result.bundleDir = bundle->dir;
  result.bundleTarball = bundle->tarball;
  result.bundleBytes = bundle->bytes;
  result.bundleTarballBytes = bundle->tarballBytes;
  result.status = LaunchStatus::Ok;
  return result;
}

LaunchResult Launcher::run() {
  BuildPlan plan;
  if (!setup(plan))
    return result;
  if (cancelled())
    return stopped(LaunchStatus::Cancelled);
  if (!request.bundleDir.empty())
    if (llvm::Error e = checkBundleDir(request.bundleDir))
      return fail(Stage::Setup, llvm::toString(std::move(e)));
  if (!build(plan))
    return result;
  if (!plan.missing.empty() && !request.noRun)
    return fail(Stage::Run,
                "built " + plan.executable + " for " + result.deviceId + " (" +
                    plan.job.deviceArch + ", " + plan.job.gpuRuntime.label +
                    "), but cannot run it here: " + plan.missing +
                    "; build it with --no-run (and --keep=DIR) to run it on "
                    "a GPU machine");
  if (!request.bundleDir.empty())
    return writeBundleOf(plan);
  if (request.noRun) {
    result.status = LaunchStatus::Ok;
    return result;
  }
  if (request.launcher == LauncherKind::Slurm)
    runThroughSlurm(plan);
  else
    runProgram(plan);
  return result;
}

LaunchResult ompx::pipeline::launch(const LaunchRequest &request,
                                    const LaunchCallbacks &callbacks,
                                    const std::atomic<bool> *cancel) {
  Launcher launcher(request, callbacks, cancel);
  return launcher.run();
}
