//===- BuildChild.cpp - The build child: compile, then link ---------------===//
//
// `ompx-lsp --build-child` (runBuildChild): reads a BuildPlan, compiles in
// this process (compileInProcess), compiles the drivers and links with the
// flang-22 driver, reporting frames of BuildProtocol.h to the launcher. Its
// own process group: a cancel kills flang, ld and ptxas with it.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Types.h"
#include "pipeline/compile/Compile.h"
#include "pipeline/compile/DeclareRecords.h"
#include "pipeline/compile/DeviceFixes.h"
#include "pipeline/compile/DeviceLink.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/DirectiveScan.h"
#include "pipeline/compile/Includes.h"
#include "pipeline/compile/ModuleCache.h"
#include "pipeline/compile/Preprocessed.h"
#include "pipeline/driver/FlangDriver.h"
#include "pipeline/driver/ProgramLink.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/Launch.h"
#include "support/FileRead.h"
#include "support/Subprocess.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

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
      if (*symName == name && !(*flags & llvm::object::SymbolRef::SF_Undefined))
        return true;
    }
  }
  return false;
}

/// Turns a linker's complaint into the missing piece it names.
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

namespace {
/// The child's side of the protocol: frames on `fd`; `done` is the last and
/// ends the process.
class BuildChild {
public:
  BuildChild(const BuildPlan &plan, int eventFd)
      : plan(plan), eventFd(eventFd) {}
  [[noreturn]] void run();

private:
  void send(const BuildEvent &e) {
    ompx::writeAll(eventFd, encodeBuildEvent(e));
  }
  void stage(Stage s, const std::string &msg) {
    send({BuildEvent::Kind::Stage, s, msg});
  }
  void log(const std::string &msg) {
    send({BuildEvent::Kind::Log, Stage::Setup, msg});
  }
  [[noreturn]] void done(bool ok, Stage stage, const std::string &msg,
                         const std::optional<SourceLocation> &loc) {
    send({BuildEvent::Kind::Done, stage, msg, ok, loc});
    ::close(eventFd);
    _exit(0);
  }
  [[noreturn]] void failLink(const std::string &msg) {
    done(false, Stage::Link, msg, std::nullopt);
  }
  void compileDrivers(std::vector<std::string> &args, bool offload);
  std::vector<size_t> driverOrder() const;
  bool compileOffloadDriver(const std::string &driver,
                            llvm::ArrayRef<std::string> projectFlags,
                            const std::string &object,
                            const std::string &modDir);
  /// Where flang looks for driver `i`'s include lines: the project's -I
  /// folders, else the input's and the driver's own.
  std::vector<std::string> driverSearchDirs(size_t i) const {
    std::vector<std::string> dirs = includeSearchDirs(projectFlags(i), "");
    if (projectFlags(i).empty())
      dirs.insert(dirs.end(), {path::parent_path(plan.job.inputPath).str(),
                               path::parent_path(plan.drivers[i]).str()});
    // The scans read these folders' files before refusedInclude judges
    // the driver's include lines: only folders inside the project.
    if (!plan.projectRoots.empty())
      llvm::erase_if(dirs, [&](const std::string &dir) {
        llvm::SmallString<256> real;
        return fs::real_path(dir, real) ||
               !includable(plan.projectRoots, real);
      });
    return dirs;
  }
  /// The project's flags of driver `i` (BuildPlan::driverFlags), or none.
  llvm::ArrayRef<std::string> projectFlags(size_t i) const {
    return i < plan.driverFlags.size() ? llvm::ArrayRef(plan.driverFlags[i])
                                       : llvm::ArrayRef<std::string>();
  }
  void addOffloadArguments(const CompileOutcome &out,
                           std::vector<std::string> &args);
  void linkUnits(const CompileJob &job, std::vector<std::string> &args);
  /// What gives a module without `main` something to launch.
  std::string noMainAdvice() const {
    return "give it a main program that calls it: --driver=FILE (.f90, .c "
           "or .o), or a file " +
           sidecarStem(plan.job.inputPath) + ".driver.f90 (or .c) next to it";
  }

  const BuildPlan &plan;
  int eventFd;
};
} // namespace

/// Why Fortran driver `path` needs ompx-flang, as a unit of the program
/// needs it in a build (empty: it does not): target regions (or OpenACC),
/// in it or in a file it includes through `includeDirs` (built for the host
/// only, they would run there without a word); a preprocessed unit whose
/// macros may spell them (ompx-flang reads flang's -E output); named data
/// only a device image can initialize (a BLOCK DATA of a declare target
/// common: zero on the device otherwise). A composite loop flang-22 would
/// run once per team is built by ompx as well.
static std::string driverOffloads(const std::string &path,
                                  llvm::ArrayRef<std::string> includeDirs,
                                  llvm::ArrayRef<std::string> flags) {
  if (driverKind(path) != DriverKind::Fortran)
    return "";
  llvm::Expected<std::string> text = ompx::readRegularFile(path);
  if (!text) {
    llvm::consumeError(text.takeError());
    return ""; // flang says why it cannot read it
  }
  if (fileNeedsOmpx(path, *text, /*openacc=*/true, includeDirs).any())
    return "target regions";
  if (preprocessingMayMatter(path, *text, flags))
    return "preprocessed: macros may spell its directives";
  std::string all = *text;
  for (const std::string &file : includedFiles(path, *text, includeDirs)) {
    llvm::Expected<std::string> included = ompx::readRegularFile(file);
    if (included)
      all += "\n" + *included;
    else
      llvm::consumeError(included.takeError());
  }
  StringRef ext = path::extension(path);
  bool fixedForm = llvm::is_contained(
      {".f", ".F", ".for", ".FOR", ".f77", ".F77", ".ftn", ".FTN"}, ext);
  return mayDefineNamedData(all, fixedForm)
             ? "data a device image initializes (BLOCK DATA, BIND(C))"
             : "";
}

/// Whether driver `path` is an object ompx-flang compiled with device code
/// (its device bitcode must join the input's: flang's link cannot read it).
static bool objectCarriesDeviceCode(const std::string &path) {
  if (driverKind(path) != DriverKind::Object ||
      !StringRef(path).ends_with(".o"))
    return false;
  std::string why;
  auto found = deviceTargetsIn({path}, why);
  return found && !found->empty();
}

/// Compiles a driver with target regions as ompx-flang compiles a unit of
/// a program for the launch's device (its device code joins the input's at
/// the link), with the project's flags when it has them (else -I of the
/// input's and its folder); flang's and ompx's messages go to the build log.
bool BuildChild::compileOffloadDriver(const std::string &driver,
                                      llvm::ArrayRef<std::string> projectFlags,
                                      const std::string &object,
                                      const std::string &modDir) {
  const CompileJob &job = plan.job;
  OffloadTarget target{job.device, job.deviceTriple, job.deviceArch};
  std::vector<std::string> argv{"-fopenmp"};
  llvm::Expected<std::string> text = ompx::readRegularFile(driver);
  if (text && StringRef(*text).contains_insensitive("$acc"))
    argv.push_back("-fopenacc");
  if (!text)
    llvm::consumeError(text.takeError());
  llvm::append_range(argv, offloadFlags(target));
  // After the project's flags: the launch's level, as the input's.
  llvm::append_range(argv, projectFlags);
  argv.push_back(std::string("-O") + optLevelName(job.optLevel));
  if (projectFlags.empty())
    for (const std::string &dir : {path::parent_path(job.inputPath).str(),
                                   path::parent_path(driver).str()})
      argv.push_back("-I" + dir);
  argv.insert(argv.end(), {"-J" + modDir, "-c", driver, "-o", object});
  log("driver: ompx-flang " + llvm::join(argv, " "));
  return runFlangDriver(argv) == 0;
}

/// The drivers in the order they compile: each Fortran driver after those
/// defining the modules it uses (their .mod files are written as they
/// compile), else as given. A project's drivers listed in another order
/// failed ("cannot read module file").
std::vector<size_t> BuildChild::driverOrder() const {
  size_t n = plan.drivers.size();
  std::vector<std::vector<std::string>> defines(n), uses(n);
  for (size_t i = 0; i < n; ++i) {
    if (driverKind(plan.drivers[i]) != DriverKind::Fortran)
      continue;
    llvm::Expected<std::string> text = ompx::readRegularFile(plan.drivers[i]);
    if (!text) {
      llvm::consumeError(text.takeError()); // its compile says why
      continue;
    }
    defines[i] = definedModules(*text);
    uses[i] = usedModules(*text);
    // Its include files' modules too, found as flang finds them, where the
    // include lines are ones it may read (a refused one stops its compile).
    std::vector<std::string> searched = driverSearchDirs(i);
    if (!refusedInclude(plan.drivers[i], searched, !plan.projectRoots.empty(),
                        [&](StringRef real) {
                          return includable(plan.projectRoots, real);
                        })) {
      for (const std::string &file :
           includedFiles(plan.drivers[i], *text, searched))
        if (llvm::Expected<std::string> inc = ompx::readRegularFile(file))
          llvm::append_range(defines[i], definedModules(*inc));
        else
          llvm::consumeError(inc.takeError());
      uses[i] = unitUsedModules(plan.drivers[i], *text, searched);
    }
    // A submodule needs its ancestor module's (`submodule (m) s`).
    static const llvm::Regex submodule(
        "^[ \t]*submodule[ \t]*\\([ \t]*([a-z0-9_]+)",
        llvm::Regex::IgnoreCase | llvm::Regex::Newline);
    llvm::SmallVector<StringRef> match;
    StringRef rest = *text;
    while (submodule.match(rest, &match)) {
      uses[i].push_back(match[1].lower());
      rest = rest.drop_front(match[0].data() + match[0].size() - rest.data());
    }
  }
  std::vector<size_t> order;
  std::vector<bool> placed(n, false);
  // A driver waits while one not yet placed defines a module it uses.
  auto waits = [&](size_t i) {
    return llvm::any_of(llvm::seq(n), [&](size_t j) {
      return j != i && !placed[j] &&
             llvm::any_of(uses[i], [&](const std::string &m) {
               return llvm::is_contained(defines[j], m);
             });
    });
  };
  while (order.size() < n) {
    size_t before = order.size();
    for (size_t i = 0; i < n; ++i)
      if (!placed[i] && !waits(i)) {
        order.push_back(i);
        placed[i] = true;
        break; // the first ready one, so that the given order breaks ties
      }
    if (order.size() == before) // a cycle: flang says which module
      for (size_t i = 0; i < n; ++i)
        if (!placed[i]) {
          order.push_back(i);
          placed[i] = true;
        }
  }
  return order;
}

/// Compiles the drivers (objects as they are) and adds them to `args`;
/// with `offload`, those with target regions for the launch's device.
void BuildChild::compileDrivers(std::vector<std::string> &args, bool offload) {
  std::string inputDir = path::parent_path(plan.job.inputPath).str();
  std::string modDir = plan.job.workDir + "/driver-modules";
  fs::create_directories(modDir);
  for (size_t i : driverOrder()) {
    const std::string &driver = plan.drivers[i];
    DriverKind kind = driverKind(driver);
    if (kind == DriverKind::Object) {
      args.push_back(driver);
      continue;
    }
    std::string object =
        plan.job.workDir + "/driver" + std::to_string(i) + ".o";
    // A path inside a driver is untrusted too: flang and clang quote the
    // lines of what they include.
    std::vector<std::string> searched = driverSearchDirs(i);
    if (std::optional<IncludeRefusal> refused = refusedInclude(
            driver, searched, !plan.projectRoots.empty(), [&](StringRef real) {
              return includable(plan.projectRoots, real);
            }))
      failLink("the driver " + driver + " is not compiled:\n" +
               refused->flangStyle());
    // On the host too: ompx-flang builds the constructs flang-22 alone
    // gets wrong (a teams reduction, a chunked composite loop) through ompx.
    bool host = plan.job.device == DeviceKind::Host;
    std::string why = driverOffloads(driver, searched, projectFlags(i));
    if ((offload || host) && !why.empty()) {
      std::string device = deviceKindName(plan.job.device);
      stage(Stage::Link,
            "driver " + path::filename(driver).str() +
                (host ? std::string(" (ompx-flang)")
                 : why == "target regions"
                     ? " (ompx-flang, target regions for " + device + ")"
                     : " (ompx-flang for " + device + ", " + why + ")"));
      if (!compileOffloadDriver(driver, projectFlags(i), object, modDir))
        failLink("the driver " + driver +
                 " does not compile (its errors are in the build log)");
      args.push_back(object);
      continue;
    }
    std::vector<std::string> cc{"-c", "-fopenmp", "-g"};
    // The project's flags (Fortran), else the modules of the input (its
    // .mod files) and of the driver's folder.
    llvm::append_range(cc, projectFlags(i));
    if (projectFlags(i).empty())
      for (const std::string &dir : {inputDir, path::parent_path(driver).str()})
        cc.push_back("-I" + dir);
    if (kind == DriverKind::Fortran) {
      cc.push_back("-J" + modDir);
      if (std::string acc = openaccModuleDir(); !acc.empty())
        cc.push_back("-I" + acc);
    } else if (!plan.includeDir.empty()) {
      cc.push_back("-I" + plan.includeDir);
    }
    cc.insert(cc.end(), {driver, "-o", object});
    const std::string &compiler =
        kind == DriverKind::Fortran ? plan.flang : plan.clang;
    stage(Stage::Link, "driver " + path::filename(driver).str() + " (" +
                           path::filename(compiler).str() + ")");
    log("driver: " + compiler + " " + llvm::join(cc, " "));
    ToolRun run = runTool(compiler, cc, 300);
    if (run.exitCode != 0)
      failLink("the driver " + driver + " does not compile:\n" +
               StringRef(run.output + run.error).trim().str());
    if (kind == DriverKind::Fortran)
      if (std::string refusal = accDataApiRefusal(object, driver);
          !refusal.empty())
        failLink(refusal);
    args.push_back(object);
  }
}

/// The link arguments the device kind adds (after `-o` and the libraries).
void BuildChild::addOffloadArguments(const CompileOutcome &out,
                                     std::vector<std::string> &args) {
  switch (out.offloaded ? plan.job.device : DeviceKind::Host) {
  case DeviceKind::HostOffload:
    // A procedure the device image leaves to the program must be in a
    // driver: say which, rather than let the image fail to load.
    for (const std::string &fn : out.fortranRuntime)
      if (!StringRef(fn).starts_with("_Fortran") &&
          !definedInObjects(fn, llvm::ArrayRef(args).drop_front(2)))
        failLink("the device code calls " + fn +
                 ", which neither this module nor a driver defines (an "
                 "OpenACC `routine bind` name or an external declare target "
                 "routine): give a driver that defines it (--driver=FILE; on "
                 "host-offload its host code serves the device), or run it "
                 "with --device=host");
    args.push_back("-fopenmp-targets=" + plan.job.deviceTriple);
    args.push_back("-Xoffload-linker");
    args.push_back(plan.job.hostDevRuntime);
    // The image reads a launch's team count there (HostTeams.cpp).
    args.push_back(std::string("-Wl,--export-dynamic-symbol=") +
                   kHostTeamsRequest);
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
      args.insert(args.end(), {plan.job.cudaSetup, kCudaSetupLinkFlag});
    args.push_back("-lomptarget");
    break;
  default:
    // Device memory routines (omp_target_alloc, ...) live in libomptarget,
    // which the driver adds only with offload targets; linked only if used.
    args.insert(args.end(),
                {"-Wl,--as-needed", "-lomptarget", "-Wl,--no-as-needed"});
    break;
  }
}

/// The program's device link (ProgramLink.h) over the input's and the
/// drivers' objects, for a launch whose drivers hold target regions.
void BuildChild::linkUnits(const CompileJob &job,
                           std::vector<std::string> &args) {
  std::vector<std::string> objects;
  for (const std::string &arg : args)
    if (StringRef(arg).ends_with(".o") && fs::is_regular_file(arg))
      objects.push_back(arg);
  std::string why;
  LinkedInputs linkedInputs(objects, /*wholeArchives=*/false);
  auto found = deviceTargetsIn(linkedInputs, why);
  if (!found)
    failLink(why);
  if (!found->empty()) {
    stage(Stage::Link,
          "device link of the input and its drivers (" + job.deviceArch + ")");
    Toolchain tools(path::parent_path(plan.llvmLibDir).str());
    OffloadTarget target{job.device, job.deviceTriple, job.deviceArch};
    ProgramLinkOutcome linked = linkProgramDevice(
        target, linkedInputs, tools, job.optLevel, job.workDir + "/device-link",
        [&](const std::string &msg) { log(msg); });
    if (!linked.ok)
      done(false, Stage::Link, linked.message, linked.location);
    llvm::append_range(args, linked.linkArgs);
  }
  args.insert(args.end(),
              {"-Wl,--as-needed", "-lomptarget", "-Wl,--no-as-needed"});
}

void BuildChild::run() {
  // Drivers with target regions make the input one unit of a program: its
  // device code and theirs are linked together (as ompx-flang links).
  CompileJob job = plan.job;
  bool compileOnly = job.snapshots.compileOnly;
  if (!plan.driversGiven && plan.drivers.empty() && !compileOnly)
    job.noMainAdvice = noMainAdvice();
  job.relocatable =
      job.device != DeviceKind::Host && !compileOnly &&
      llvm::any_of(llvm::seq(plan.drivers.size()), [&](size_t i) {
        const std::string &driver = plan.drivers[i];
        return !driverOffloads(driver, driverSearchDirs(i), projectFlags(i))
                    .empty() ||
               objectCarriesDeviceCode(driver);
      });
  if (job.relocatable)
    log("drivers with target regions: the input and they are compiled as "
        "units of one program, their device code linked together");
  CompileOutcome out = compileInProcess(
      job, [&](Stage s, const std::string &msg) { stage(s, msg); },
      [&](const std::string &msg) { log(msg); });
  if (!out.ok)
    done(false, out.stage, out.message, out.location);
  if (!out.kernels.empty())
    log("offload kernels: " + out.kernels);
  if (!out.deviceImage.empty())
    log("device image: " + out.deviceImage);
  // `ompx-lsp pipeline`: the passes are what was asked for.
  if (compileOnly)
    done(true, Stage::Codegen, "", std::nullopt);

  stage(Stage::Link, "flang-22 driver -> " + plan.executable);
  bool useDrivers =
      plan.driversGiven || (!out.hasMain && !plan.drivers.empty());
  if (!out.hasMain && !useDrivers) // the parse stage refuses it first
    failLink("nothing to launch: " + path::filename(plan.job.inputPath).str() +
             " has no main program; " + noMainAdvice());

  std::vector<std::string> args{"-fopenmp", out.hostObject};
  if (useDrivers)
    compileDrivers(args, job.relocatable);
  // The openacc module's code, for the units that use it (an archive:
  // after them, before the OpenMP libraries it calls).
  if (std::string acc = openaccLibrary(); !acc.empty())
    args.push_back(acc);
  args.insert(args.end(), {"-o", plan.executable});
  if (!plan.libompDir.empty())
    args.push_back("-L" + plan.libompDir);
  // libomptarget for every device kind, before the driver's own -L
  // (host-offload's -lomptarget comes from the driver).
  if (!plan.offloadLibDir.empty())
    args.push_back("-L" + plan.offloadLibDir);
  llvm::append_range(args, plan.runPaths);
  if (plan.useLld)
    args.push_back("-fuse-ld=lld");
  if (job.relocatable)
    linkUnits(job, args);
  else
    addOffloadArguments(out, args);
  log("link: " + plan.flang + " " + llvm::join(args, " "));
  ToolRun link = runTool(plan.flang, args, 600);
  if (link.exitCode != 0)
    failLink(explainLinkFailure(link.output +
                                (link.error.empty() ? "" : "\n" + link.error)));
  done(true, Stage::Link, "", std::nullopt);
}

int ompx::pipeline::runBuildChild(
    const std::function<void(const BuildPlan &)> &prepare) {
  auto stdinBuffer = llvm::MemoryBuffer::getSTDIN();
  if (!stdinBuffer) {
    fprintf(stderr, "ompx build child: cannot read the build plan: %s\n",
            stdinBuffer.getError().message().c_str());
    return 2;
  }
  // Events go to a private copy of stdout; what MLIR, LLVM or a tool prints
  // on stdout must not reach it.
  int eventFd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 10);
  int devNull = open("/dev/null", O_RDWR);
  if (eventFd < 0 || devNull < 0)
    return 2;
  dup2(devNull, STDIN_FILENO);
  dup2(devNull, STDOUT_FILENO);
  ::close(devNull);
  BuildPlan plan;
  if (!decodeBuildInput((*stdinBuffer)->getBuffer(), plan)) {
    fprintf(stderr, "ompx build child: bad build plan on stdin\n");
    return 2;
  }
  if (prepare)
    prepare(plan);
  BuildChild(plan, eventFd).run();
}
