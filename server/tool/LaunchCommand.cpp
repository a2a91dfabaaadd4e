//===- LaunchCommand.cpp - `ompx-lsp launch` and `ompx-lsp devices` -------===//
//
// Thin command-line layers over pipeline::launch and pipeline::listDevices.
// Options are parsed by hand: they are a separate grammar from the server's
// cl::opt flags, and everything after `--` belongs to the program.
//
//===----------------------------------------------------------------------===//

#include "server/tool/LaunchCommand.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/launch/Launch.h"
#include "pipeline/launch/Slurm.h"
#include "server/model/FortranInput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>
#include <optional>

using namespace ompx::pipeline;
using llvm::StringRef;

static std::atomic<bool> interrupted{false};
static void onInterrupt(int) { interrupted = true; }

static const char *kLaunchUsage =
    "usage: ompx-lsp launch FILE.mlir [--device=auto|host|host-offload[:N]|"
    "nvptx[:N]|amdgpu[:N]]\n"
    "                       [--toolchain=PREFIX] [--device-runtime=DIR] "
    "[--keep=DIR]\n"
    "                       [--timeout=SEC] [--offload-arch=ARCH] [-O0..-O3] "
    "[--no-run] [-v]\n"
    "                       [--driver=MAIN.f90|MAIN.c|MAIN.o]... "
    "[--bundle=DIR [--bundle-store=DIR]]\n"
    "                       [--launcher=local|slurm] [--partition=P] "
    "[--account=A]\n"
    "                       [--gres=G] [--gpus=N] [--time=T] "
    "[--slurm-arg=ARG]...\n"
    "                       [--slurm-stage=shared|sbcast] "
    "[--slurm-stage-dir=DIR]\n"
    "                       [--slurm-allocation=new|reuse] "
    "[--slurm-bin=DIR]\n"
    "                       [-- PROGRAM_ARGS...]\n";

// `launch --help`: the usage, then what each option does (docs/launch.md has
// the long form).
static const char *kLaunchHelp =
    "\n"
    "Compiles an omp/acc MLIR file (flang-22 HLFIR/FIR output, or the LLVM "
    "dialect)\n"
    "for a device, links it and runs it; stages are printed on stderr.\n"
    "\n"
    "Options:\n"
    "  --device=DEV         auto (default: the first available GPU, else "
    "host),\n"
    "                       host (target regions run inline), host-offload[:N] "
    "(libomptarget's\n"
    "                       x86_64 plugin: real data mapping), nvptx[:N], "
    "amdgpu[:N];\n"
    "                       `ompx-lsp devices` lists what can run here and "
    "why not\n"
    "  --driver=FILE        host code with a main program (.f90/.F90, .c, .o, "
    ".a) linked\n"
    "                       with the module; repeatable. Default: "
    "STEM.driver.f90/.F90/.c\n"
    "                       next to FILE when the module has no main program\n"
    "  --timeout=SEC        stop build and run after SEC seconds (default 0: "
    "no limit)\n"
    "  --offload-arch=ARCH  GPU architecture (sm_80, gfx942, ...; default: "
    "the GPU's, else\n"
    "                       sm_90 / gfx90a)\n"
    "  -O0..-O3             LLVM IR optimization level\n"
    "  --no-run             build only\n"
    "  --bundle=DIR         build for a GPU node: write DIR with the program "
    "and a run\n"
    "                       script (and DIR.tar.xz) instead of running\n"
    "  --bundle-store=DIR   with --bundle: copy each library once into DIR "
    "and\n"
    "                       hard-link it into the bundle (many bundles packed\n"
    "                       together); no DIR.tar.xz\n"
    "  --keep=DIR           keep the intermediates (IR, objects, build.log) "
    "in DIR\n"
    "  --toolchain=PREFIX   LLVM 22 tools under PREFIX/bin (default: "
    "/usr/lib/llvm-22)\n"
    "  --device-runtime=DIR GPU targets: LLVM 22's device runtime, "
    "DIR/libompdevice.a\n"
    "                       (default: LLVM 19's from libomp-19-dev through "
    "the ompx shim)\n"
    "  --launcher=L         where the program runs: local (default) or "
    "slurm (built here,\n"
    "                       run on a cluster node by srun; --device says "
    "what runs there,\n"
    "                       nvptx:N counts the job's GPUs)\n"
    "  --partition=P, --account=A, --gres=G, --gpus=N, --time=T\n"
    "                       srun's options of the same names (--time: "
    "Slurm's syntax;\n"
    "                       default: --timeout in minutes plus one). A GPU "
    "device without\n"
    "                       --gres/--gpus asks for --gres=gpu:N+1\n"
    "  --slurm-arg=ARG      one more srun/salloc argument; repeatable\n"
    "  --slurm-stage=S      shared (default: the bundle is written under "
    "the staging\n"
    "                       folder, which the node must see) or sbcast "
    "(srun --bcast\n"
    "                       copies it to the node's /tmp)\n"
    "  --slurm-stage-dir=DIR staging folder (default: .ompx/slurm next to "
    "FILE)\n"
    "  --slurm-allocation=A new (default: a job per launch) or reuse (one "
    "salloc kept\n"
    "                       for later launches; `ompx-lsp slurm release` "
    "ends it)\n"
    "  --slurm-bin=DIR      srun, squeue, scancel, ... from DIR (a site's "
    "wrappers) instead\n"
    "                       of PATH\n"
    "  -v, --verbose        also print the pipeline log (input "
    "classification, kernels,\n"
    "                       the link command)\n"
    "  -- ARGS...           arguments of the program\n"
    "\n"
    "Exit status: the program's; 2 usage error, 3 the pipeline failed "
    "before the program\n"
    "ran, 124 --timeout, 130 interrupted. More: docs/launch.md.\n"
    "\n"
    "Examples:\n"
    "  ompx-lsp launch examples/launch/saxpy.hlfir.mlir --device=host\n"
    "  ompx-lsp launch examples/launch/map_bug.hlfir.mlir "
    "--device=host-offload\n"
    "  ompx-lsp launch lib.hlfir.mlir --device=host-offload "
    "--driver=main.f90\n"
    "  ompx-lsp launch examples/launch/saxpy.hlfir.mlir --device=nvptx "
    "--offload-arch=sm_90 --bundle=gpu\n"
    "  ompx-lsp launch examples/launch/saxpy.hlfir.mlir --device=nvptx "
    "--launcher=slurm --partition=gpu --gres=gpu:a100:1\n";

/// Slurm options that are one string each (they need --launcher=slurm).
static const std::pair<llvm::StringLiteral, std::string SlurmOptions::*>
    kSlurmStrings[] = {{"--partition=", &SlurmOptions::partition},
                       {"--account=", &SlurmOptions::account},
                       {"--gres=", &SlurmOptions::gres},
                       {"--gpus=", &SlurmOptions::gpus},
                       {"--time=", &SlurmOptions::time},
                       {"--slurm-stage-dir=", &SlurmOptions::stageDir},
                       {"--slurm-bin=", &SlurmOptions::binDir}};

static bool usageError(const llvm::Twine &message, const char *usage) {
  llvm::errs() << "ompx-lsp: error: " << message << "\n" << usage;
  return false;
}

int ompx::runLaunchCommand(int argc, char **argv,
                           const LaunchHelpers &helpers) {
  LaunchRequest request;
  request.buildChildCommand = helpers.buildChild;
  request.guardCommand = helpers.guard;
  bool verbose = false;
  std::vector<std::string> positional;
  std::vector<std::string> slurmFlags; // need --launcher=slurm
  for (int i = 1; i < argc; ++i) {
    StringRef arg(argv[i]);
    auto value = [&](StringRef flag, std::string &out) {
      if (!arg.consume_front(flag))
        return false;
      out = arg.str();
      return true;
    };
    std::string v;
    if (arg == "--") {
      for (++i; i < argc; ++i)
        request.programArgs.push_back(argv[i]);
      break;
    }
    if (value("--device=", v)) {
      std::string error;
      auto spec = DeviceSpec::parse(v, error);
      if (!spec) {
        usageError(error, kLaunchUsage);
        return 2;
      }
      request.device = *spec;
    } else if (value("--toolchain=", v)) {
      request.toolchainPrefix = v;
    } else if (value("--device-runtime=", v)) {
      request.deviceRuntimeDir = v;
    } else if (value("--driver=", v)) {
      if (v.empty()) {
        usageError("--driver needs a file", kLaunchUsage);
        return 2;
      }
      request.drivers.push_back(v);
    } else if (value("--keep=", v)) {
      request.keepDir = v;
    } else if (value("--offload-arch=", v)) {
      request.offloadArch = v;
    } else if (value("--timeout=", v)) {
      if (StringRef(v).getAsInteger(10, request.timeoutSeconds)) {
        usageError("--timeout takes a number of seconds, not '" + v + "'",
                   kLaunchUsage);
        return 2;
      }
    } else if (arg.size() == 3 && arg.starts_with("-O") && arg[2] >= '0' &&
               arg[2] <= '3') {
      request.optLevel = arg[2] - '0';
    } else if (value("--bundle=", v)) {
      // A folder to carry to a GPU node: built here, never run here.
      if (v.empty()) {
        usageError("--bundle needs a folder", kLaunchUsage);
        return 2;
      }
      request.bundleDir = v;
      request.noRun = true;
    } else if (value("--bundle-store=", v)) {
      if (v.empty()) {
        usageError("--bundle-store needs a folder", kLaunchUsage);
        return 2;
      }
      request.bundleStore = v;
    } else if (value("--launcher=", v)) {
      auto launcher = parseLauncher(v);
      if (!launcher) {
        usageError("--launcher is local or slurm, not '" + v + "'",
                   kLaunchUsage);
        return 2;
      }
      request.launcher = *launcher;
    } else if (const auto *flag = llvm::find_if(
                   kSlurmStrings,
                   [&](const auto &f) { return arg.starts_with(f.first); });
               flag != std::end(kSlurmStrings)) {
      request.slurm.*flag->second = arg.drop_front(flag->first.size()).str();
      slurmFlags.push_back(flag->first.drop_back().str());
    } else if (value("--slurm-arg=", v)) {
      request.slurm.extraArgs.push_back(v);
      slurmFlags.push_back("--slurm-arg");
    } else if (value("--slurm-stage=", v)) {
      auto staging = parseStaging(v);
      if (!staging) {
        usageError("--slurm-stage is shared or sbcast, not '" + v + "'",
                   kLaunchUsage);
        return 2;
      }
      request.slurm.staging = *staging;
      slurmFlags.push_back("--slurm-stage");
    } else if (value("--slurm-allocation=", v)) {
      auto allocation = parseAllocation(v);
      if (!allocation) {
        usageError("--slurm-allocation is new or reuse, not '" + v + "'",
                   kLaunchUsage);
        return 2;
      }
      request.slurm.allocation = *allocation;
      slurmFlags.push_back("--slurm-allocation");
    } else if (arg == "--no-run") {
      request.noRun = true;
    } else if (arg == "-v" || arg == "--verbose") {
      verbose = true;
    } else if (arg == "-h" || arg == "--help") {
      llvm::outs() << kLaunchUsage << kLaunchHelp;
      return 0;
    } else if (arg.starts_with("-") && arg != "-") {
      usageError("unknown option '" + arg + "'", kLaunchUsage);
      return 2;
    } else {
      positional.push_back(arg.str());
    }
  }
  if (positional.size() != 1) {
    usageError(positional.empty()
                   ? "launch needs FILE.mlir"
                   : "launch takes one FILE.mlir; put program arguments "
                     "after --",
               kLaunchUsage);
    return 2;
  }
  if (!slurmFlags.empty() && request.launcher != LauncherKind::Slurm) {
    usageError(slurmFlags.front() + " needs --launcher=slurm", kLaunchUsage);
    return 2;
  }
  if (!request.bundleStore.empty() && request.bundleDir.empty()) {
    usageError("--bundle-store needs --bundle=DIR", kLaunchUsage);
    return 2;
  }
  request.inputPath = positional.front();
  // Fortran given by mistake: say what to run instead of the MLIR parser's
  // "invalid type identifier".
  if (ompx::hasFortranExtension(request.inputPath)) {
    StringRef name = llvm::sys::path::filename(request.inputPath);
    StringRef stem = name.take_until([](char c) { return c == '.'; });
    usageError(name + " is Fortran source: launch takes the MLIR flang-22 "
                      "makes of it; run `ompx-lsp emit " +
                   name + " -o " + stem + ".hlfir.mlir` first",
               kLaunchUsage);
    return 2;
  }

  // Each stops the launch the same way: the build's or the program's process
  // group is killed and the temporary directory removed before we exit. A
  // SIGKILL cannot be caught: the launch's guard then does the same.
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    signal(sig, onInterrupt);
  LaunchCallbacks callbacks;
  callbacks.onStage = [](Stage stage, const std::string &message) {
    llvm::errs() << "ompx-lsp: [" << stageName(stage) << "] " << message
                 << "\n";
  };
  callbacks.onStatus = [](const std::string &status) {
    llvm::errs() << "ompx-lsp: [run] " << status << "\n";
  };
  callbacks.onOutput = [verbose](OutputStream stream, const std::string &text) {
    if (stream == OutputStream::Stdout) {
      llvm::outs() << text;
      llvm::outs().flush();
    } else if (stream == OutputStream::Stderr) {
      llvm::errs() << text;
    } else if (verbose) {
      llvm::errs() << "ompx-lsp: " << text;
    }
  };
  LaunchResult result = launch(request, callbacks, &interrupted);
  llvm::outs().flush();
  if (result.status == LaunchStatus::Ok) {
    if (!result.bundleDir.empty()) {
      llvm::errs() << "ompx-lsp: bundle " << result.bundleDir << " ("
                   << result.bundleBytes << " bytes)";
      if (!result.bundleTarball.empty())
        llvm::errs() << ", " << result.bundleTarball << " ("
                     << result.bundleTarballBytes << " bytes)";
      llvm::errs() << "; on the GPU node run "
                   << llvm::sys::path::filename(result.bundleDir)
                   << "/run.sh\n";
    } else if (request.noRun)
      llvm::errs() << "ompx-lsp: built " << result.executable << "\n";
    return 0;
  }
  if (result.location)
    llvm::errs() << result.location->file << ":" << result.location->line << ":"
                 << result.location->column << ": ";
  else
    llvm::errs() << "ompx-lsp: ";
  llvm::errs() << (result.status == LaunchStatus::Failed
                       ? "error"
                       : statusName(result.status))
               << ": [" << stageName(result.stage) << "] " << result.message
               << "\n";
  switch (result.status) {
  case LaunchStatus::Timeout:
    return 124;
  case LaunchStatus::Cancelled:
    return 130;
  default:
    if (result.exitCode)
      return *result.exitCode > 0 ? *result.exitCode : 1;
    return 3;
  }
}

static const char *kDevicesUsage =
    "usage: ompx-lsp devices [--format=text|json] [--toolchain=PREFIX] "
    "[--device-runtime=DIR]\n";

// `devices --help`: what the table says and what each option changes.
static const char *kDevicesHelp =
    "\n"
    "Lists the devices `ompx-lsp launch --device=` accepts on this machine: "
    "host,\n"
    "host-offload, then each NVIDIA and AMD GPU found, each available or with "
    "the\n"
    "reason it is not (no GPU visible, no device runtime, a missing tool).\n"
    "\n"
    "Options:\n"
    "  --format=text|json   a table (default), or the JSON array the editors "
    "read\n"
    "  --toolchain=PREFIX   LLVM 22 tools under PREFIX/bin (default: "
    "/usr/lib/llvm-22)\n"
    "  --device-runtime=DIR GPU targets: LLVM 22's device runtime, "
    "DIR/libompdevice.a;\n"
    "                       the folders searched are listed when it is not "
    "usable\n"
    "\n"
    "With Slurm's client tools installed, the partitions of the cluster "
    "(and their GPU\n"
    "gres) follow: where `launch --launcher=slurm` can run.\n"
    "\n"
    "Exit status: 0 (also when no GPU is available), 2 usage error.\n";

int ompx::runDevicesCommand(int argc, char **argv) {
  bool json = false;
  std::string prefix, runtimeDir;
  for (int i = 1; i < argc; ++i) {
    StringRef arg(argv[i]);
    if (arg == "--format=json")
      json = true;
    else if (arg == "--format=text")
      json = false;
    else if (arg.consume_front("--toolchain="))
      prefix = arg.str();
    else if (arg.consume_front("--device-runtime="))
      runtimeDir = arg.str();
    else if (arg == "-h" || arg == "--help") {
      llvm::outs() << kDevicesUsage << kDevicesHelp;
      return 0;
    } else {
      usageError("unknown argument '" + arg + "'", kDevicesUsage);
      return 2;
    }
  }
  Toolchain tools(prefix);
  std::vector<DeviceInfo> devices = listDevices(tools, runtimeDir);
  // Slurm's partitions where its tools are installed (a login node): what
  // --launcher=slurm can reach.
  std::optional<SlurmInfo> slurm;
  std::string problem;
  if (!findSlurmTool(SlurmOptions(), "sinfo", problem).empty())
    slurm = querySlurm(SlurmOptions());
  if (json) {
    llvm::json::Array list;
    for (const DeviceInfo &d : devices)
      list.push_back(toJSON(d));
    llvm::json::Object answer{{"devices", std::move(list)}};
    if (slurm)
      answer["slurm"] = toJSON(*slurm);
    llvm::outs() << llvm::formatv("{0:2}\n",
                                  llvm::json::Value(std::move(answer)));
    return 0;
  }
  for (const DeviceInfo &d : devices) {
    llvm::outs() << llvm::left_justify(d.id, 16)
                 << (d.available ? "available    " : "unavailable  ")
                 << d.description << "\n";
    if (!d.reason.empty())
      llvm::outs() << llvm::left_justify("", 16)
                   << (d.available ? "note: " : "why: ") << d.reason << "\n";
  }
  if (!slurm || (!slurm->reachable && !slurm->configured))
    return 0;
  if (!slurm->reachable) {
    llvm::outs() << "\nslurm: not reachable: " << slurm->message << "\n";
    return 0;
  }
  llvm::outs() << "\nslurm partitions"
               << (slurm->cluster.empty() ? "" : " of " + slurm->cluster)
               << " (--launcher=slurm --partition=P):\n";
  for (const SlurmPartition &p : slurm->partitions) {
    llvm::outs() << "  "
                 << llvm::left_justify(p.name + (p.isDefault ? "*" : ""), 14)
                 << llvm::left_justify(p.availability, 6) << p.nodes
                 << (p.nodes == 1 ? " node " : " nodes");
    if (p.gres.empty())
      llvm::outs() << "  no GPU gres";
    else
      llvm::outs() << "  gres " << llvm::join(p.gres, ", ");
    if (!p.offloadArch.empty())
      llvm::outs() << " (" << p.offloadArch << ")";
    llvm::outs() << "\n";
  }
  return 0;
}

static const char *kSlurmUsage =
    "usage: ompx-lsp slurm list|release [--format=text|json]\n";

static const char *kSlurmHelp =
    "\n"
    "The Slurm allocations `launch --launcher=slurm --slurm-allocation=reuse` "
    "keeps\n"
    "for later launches (on the cluster SLURM_CONF names):\n"
    "  list      the allocations still alive, with the options that made "
    "them\n"
    "  release   scancel them all (a language server releases its own when "
    "it exits)\n"
    "\n"
    "Exit status: 0, 1 when a release failed, 2 usage error.\n";

int ompx::runSlurmCommand(int argc, char **argv) {
  bool json = false;
  std::string verb;
  for (int i = 1; i < argc; ++i) {
    StringRef arg(argv[i]);
    if (arg == "--format=json")
      json = true;
    else if (arg == "--format=text")
      json = false;
    else if (arg == "-h" || arg == "--help") {
      llvm::outs() << kSlurmUsage << kSlurmHelp;
      return 0;
    } else if ((arg == "list" || arg == "release") && verb.empty())
      verb = arg.str();
    else {
      usageError("unknown argument '" + arg + "'", kSlurmUsage);
      return 2;
    }
  }
  if (verb.empty()) {
    usageError("slurm needs list or release", kSlurmUsage);
    return 2;
  }
  SlurmOptions options;
  if (verb == "list") {
    std::vector<SlurmAllocation> list = listSlurmAllocations(options);
    if (json) {
      llvm::json::Array a;
      for (const SlurmAllocation &al : list)
        a.push_back(llvm::json::Object{{"job", al.jobId}, {"options", al.key}});
      llvm::outs() << llvm::formatv(
          "{0:2}\n",
          llvm::json::Value(llvm::json::Object{{"allocations", std::move(a)}}));
      return 0;
    }
    if (list.empty())
      llvm::outs() << "no allocation kept\n";
    for (const SlurmAllocation &al : list)
      llvm::outs() << "job " << al.jobId << "  "
                   << (al.key.empty() ? "(default options)" : al.key) << "\n";
    return 0;
  }
  std::string error;
  std::vector<std::string> released =
      releaseSlurmAllocations(options, /*onlyThisProcess=*/false, error);
  if (json)
    llvm::outs() << llvm::formatv(
        "{0:2}\n", llvm::json::Value(llvm::json::Object{
                       {"released", llvm::json::Array(released)}}));
  else if (released.empty())
    llvm::outs() << "no allocation to release\n";
  else
    llvm::outs() << "released job" << (released.size() == 1 ? " " : "s ")
                 << llvm::join(released, ", ") << "\n";
  if (!error.empty()) {
    llvm::errs() << "ompx-lsp: error: " << error << "\n";
    return 1;
  }
  return 0;
}
