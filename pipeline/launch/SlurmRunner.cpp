//===- SlurmRunner.cpp - Run the program on a node through Slurm ----------===//
//
// `--launcher=slurm`: before the build, the controller answers and the
// partition (or --gres/--gpus, or --offload-arch) names the node's GPU, which
// this machine cannot see; after it, the program goes to the node as a
// bundle (a shared folder, or sbcast of a self-extracting file) and runs
// with one srun (Slurm.h), as a job, a step of a reused allocation, or a
// step of the job ompx itself runs in.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/Devices.h"
#include "pipeline/launch/Bundle.h"
#include "pipeline/launch/LaunchSession.h"
#include "pipeline/launch/ProfileReport.h"
#include "pipeline/launch/ProgramRunner.h"
#include "pipeline/launch/Slurm.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <linux/magic.h>
#include <sys/vfs.h>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {
class SlurmRunner : public ProgramRunner {
public:
  explicit SlurmRunner(LaunchSession &session)
      : s(session), o(session.request.slurm) {}
  bool prepare(DeviceSpec &device) override;
  std::optional<std::string> remoteArch() const override { return arch; }
  void run(const BuildPlan &plan) override;

private:
  bool checkGpuRequest(const DeviceSpec &device, const std::string &where);
  std::optional<BundleOptions> bundleFor(const BuildPlan &plan);
  bool writeNodeBundle(const BuildPlan &plan, const BundleOptions &b);
  void cancelOnDeath(std::vector<std::string> argv);
  SlurmRunCallbacks runCallbacks();
  bool joinOrAllocate(const SlurmRunCallbacks &cb);
  void report(const SlurmRunResult &r);

  LaunchSession &s;
  const SlurmOptions &o;
  /// The GPU architecture the partition's gres names (or --offload-arch),
  /// and its time limit in minutes (0: none).
  std::string arch;
  unsigned maxMinutes = 0;
  // One run's state.
  std::string name; ///< the job's unique name
  bool shared = true;
  SlurmRunRequest request;
  std::string scancel;
  /// scancel commands the guard runs if this process dies mid-run.
  std::vector<std::vector<std::string>> onDeath;
  std::string cancelName; ///< the job's, or salloc's while it runs
  std::string errText;    ///< kept (64 KiB) to explain a failure
};
} // namespace

std::unique_ptr<ProgramRunner>
ompx::pipeline::makeSlurmRunner(LaunchSession &session) {
  return std::make_unique<SlurmRunner>(session);
}

/// Before building: the controller answers (a refused port takes
/// milliseconds to say so, srun would wait MessageTimeout), and the device
/// and GPU architecture come from the request or the partition's gres,
/// never from this machine, which has no say in the node's GPUs.
bool SlurmRunner::prepare(DeviceSpec &device) {
  std::string problem;
  if (findSlurmTool(o, "srun", problem).empty()) {
    s.fail(Stage::Setup, "--launcher=slurm: " + problem);
    return false;
  }
  SlurmInfo info = querySlurm(o);
  if (!info.reachable) {
    s.fail(Stage::Setup, "--launcher=slurm: " + info.message);
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
    s.fail(Stage::Setup, "Slurm has no partition '" + o.partition +
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
  arch = s.request.offloadArch.empty() ? gresArch : s.request.offloadArch;
  if (partition)
    maxMinutes = partition->maxMinutes;
  std::string where =
      partition
          ? "partition " + partition->name +
                (partition->gres.empty()
                     ? std::string(" (no GPU gres)")
                     : " (gres " + llvm::join(partition->gres, ", ") + ")")
          : std::string("the default partition");
  s.log("slurm: " + where +
        (info.cluster.empty() ? "" : " of " + info.cluster));
  if (device.kind == DeviceKind::Auto) {
    StringRef a = arch;
    device = {a.starts_with("sm_")   ? DeviceKind::NVPTX
              : a.starts_with("gfx") ? DeviceKind::AMDGPU
                                     : DeviceKind::Host,
              0};
    s.log("auto: using " + device.str() + " on the node" +
          (a.empty() ? "" : " (" + a.str() + ")"));
  }
  return checkGpuRequest(device, where);
}

/// A GPU device: the job asks for enough GPUs, and the node's are its kind.
bool SlurmRunner::checkGpuRequest(const DeviceSpec &device,
                                  const std::string &where) {
  bool nv = device.kind == DeviceKind::NVPTX;
  if (!nv && device.kind != DeviceKind::AMDGPU)
    return true;
  // GPU numbers index the job's GPUs (CUDA_VISIBLE_DEVICES/ROCR_VISIBLE_
  // DEVICES start at 0 inside it): nvptx:1 needs two.
  unsigned asked = 0;
  StringRef count = !o.gres.empty() ? StringRef(o.gres).rsplit(':').second
                                    : StringRef(o.gpus).rsplit(':').second;
  if (count.empty())
    count = o.gres.empty() ? StringRef(o.gpus) : StringRef();
  if (!count.getAsInteger(10, asked) && asked <= unsigned(device.index)) {
    s.fail(Stage::Setup,
           device.str() + " is GPU " + std::to_string(device.index) +
               " of the job, which asks for " + std::to_string(asked) + " (" +
               (o.gres.empty() ? "--gpus=" + o.gpus : "--gres=" + o.gres) +
               "); GPU numbers count the job's GPUs from 0");
    return false;
  }
  if (arch.empty()) {
    s.fail(Stage::Setup,
           "--launcher=slurm builds here for the node's GPU, which this "
           "machine cannot see: give --offload-arch (" +
               std::string(nv ? "sm_80, sm_90" : "gfx90a, gfx942") +
               ", ...); " + where + " names no GPU model");
    return false;
  }
  if (!StringRef(arch).starts_with(nv ? "sm_" : "gfx")) {
    s.fail(Stage::Setup,
           device.str() + " cannot run on " + arch + " GPUs (" + where + ")");
    return false;
  }
  return true;
}

/// Where the bundle for the node goes: the shared staging folder, next to
/// the workspace (not in the private temporary directory), or the work
/// directory for sbcast. Nullopt (the result failed) if it cannot be made.
std::optional<BundleOptions> SlurmRunner::bundleFor(const BuildPlan &plan) {
  BundleOptions b = s.bundleOptions(plan);
  b.tarball = false;
  // A recorded launch: the recorder goes with the program.
  if (s.request.profile)
    b.observer = observerTool();
  if (!shared) {
    b.dir = s.workDir + "/" + name;
    return b;
  }
  llvm::SmallString<256> root(o.stageDir);
  if (root.empty()) {
    root = path::parent_path(plan.job.inputPath);
    path::append(root, ".ompx", "slurm");
  }
  fs::make_absolute(root);
  if (std::error_code ec = fs::create_directories(root)) {
    s.fail(Stage::Link, "cannot create the Slurm staging folder " +
                            root.str().str() + ": " + ec.message() +
                            " (--slurm-stage-dir names another)");
    return std::nullopt;
  }
  struct statfs sfs;
  bool tmpfs = statfs(root.c_str(), &sfs) == 0 && sfs.f_type == TMPFS_MAGIC;
  if (tmpfs || root.starts_with("/tmp/") || root.starts_with("/dev/shm/"))
    s.stage(Stage::Link, "warning: " + root.str().str() +
                             (tmpfs ? " is on tmpfs" : " is under /tmp") +
                             ": compute nodes usually cannot read it; use "
                             "--slurm-stage-dir on a shared file system or "
                             "--slurm-stage=sbcast");
  b.dir = (root + "/" + name).str();
  b.libraryStore = (root + "/lib-store").str();
  if (s.guard && s.request.keepDir.empty())
    s.guard->removeDirectory(b.dir);
  return b;
}

/// Writes the bundle and fills in what srun runs of it.
bool SlurmRunner::writeNodeBundle(const BuildPlan &plan,
                                  const BundleOptions &b) {
  auto bundle = writeBundle(b);
  if (s.cancelled()) {
    s.stopped(LaunchStatus::Cancelled);
    return false;
  }
  if (!bundle) {
    s.fail(Stage::Link, llvm::toString(bundle.takeError()));
    return false;
  }
  request.options = o;
  request.jobName = name;
  request.timeoutSeconds = s.request.timeoutSeconds;
  request.maxMinutes = maxMinutes;
  DeviceKind kind = plan.job.device;
  if (kind == DeviceKind::NVPTX || kind == DeviceKind::AMDGPU)
    request.gpusNeeded = plan.deviceIndex + 1;
  if (shared) {
    request.command = {b.dir + "/run.sh"};
  } else {
    std::string file = s.workDir + "/" + name + ".run";
    if (llvm::Error e = writeSelfExtractingBundle(b.dir, file, s.cancel)) {
      s.fail(Stage::Link, llvm::toString(std::move(e)));
      return false;
    }
    request.bcastFile = file;
    request.bcastTo = "/tmp/" + name + ".run";
  }
  llvm::append_range(request.command, s.request.programArgs);
  // srun passes its environment on (--export=ALL), LD_LIBRARY_PATH
  // included; run.sh picks the device.
  request.env = programEnvironment(kind, /*keepLibraryPath=*/true);
  // The record lands in the bundle folder, which this machine shares with
  // the node (a recorded launch needs the shared staging).
  if (s.request.profile)
    request.env->push_back("OMPX_PROFILE_LOG=" + b.dir + "/" + kProfileLogFile);
  return true;
}

/// What a dying launch must cancel before its guard kills srun's group
/// (killing srun alone leaves the job running on the node): the job by its
/// unique name, salloc's allocation by its, a step by its id.
void SlurmRunner::cancelOnDeath(std::vector<std::string> argv) {
  if (!s.guard || scancel.empty())
    return;
  argv.insert(argv.begin(), scancel);
  if (!s.guard->runOnDeath(argv)) {
    s.log("no scancel on death for " + llvm::join(argv, " ") +
          " (a tab or newline in it)");
    return;
  }
  onDeath.push_back(std::move(argv));
}

SlurmRunCallbacks SlurmRunner::runCallbacks() {
  SlurmRunCallbacks cb;
  cb.onStdout = [this](StringRef data) {
    s.output(OutputStream::Stdout, data);
  };
  cb.onStderr = [this](StringRef data) {
    s.output(OutputStream::Stderr, data);
    if (errText.size() < 65536)
      errText.append(data.data(), data.size());
  };
  // Not also logged: an editor shows the status stream beside the log.
  cb.onStatus = [this](const std::string &status) {
    if (s.callbacks.onStatus)
      s.callbacks.onStatus(status);
  };
  // srun's own words: errors and the queue as stage messages, its -v
  // chatter in the log.
  cb.onLog = [this](const SlurmLine &l, StringRef line) {
    // srun -v's option table (the stage line shows them) and its plugins'
    // internals would be 25 lines of noise in an editor's channel.
    if (l.noise)
      return;
    if (l.kind == SlurmLine::StepLaunched && !request.allocation.empty())
      cancelOnDeath({l.jobId});
    if (l.kind == SlurmLine::Other || l.kind == SlurmLine::JobId ||
        l.kind == SlurmLine::StepLaunched || l.kind == SlurmLine::Queued ||
        l.kind == SlurmLine::Allocated)
      s.log(line.str());
    else
      s.stage(Stage::Run, line.str());
  };
  cb.onStarted = [this](pid_t pid) {
    if (!s.guard)
      return;
    if (request.allocation.empty())
      cancelOnDeath({"--name=" + cancelName});
    s.guard->watchGroup(pid);
  };
  cb.onEnded = [this](pid_t pid) {
    if (!s.guard)
      return;
    s.guard->forgetGroup(pid);
    for (const std::vector<std::string> &argv : onDeath)
      s.guard->forgetCommand(argv);
    onDeath.clear();
  };
  return cb;
}

/// The allocation the program runs in as a step, if any: the job ompx runs
/// inside (salloc, srun --pty; never scancel'ed whole), or a reused one.
bool SlurmRunner::joinOrAllocate(const SlurmRunCallbacks &cb) {
  const char *enclosing = getenv("SLURM_JOB_ID");
  if (enclosing && *enclosing) {
    request.allocation = enclosing;
    s.result.slurmJobId = enclosing;
    s.log(std::string("slurm: inside job ") + enclosing +
          " (SLURM_JOB_ID): the program runs as a step of it");
    return true;
  }
  if (o.allocation != SlurmOptions::Allocation::Reuse)
    return true;
  cancelName = name + "-alloc";
  s.stage(Stage::Run, "allocation for reuse (salloc --no-shell)");
  auto id = reuseOrAllocate(request, cb, s.deadline, s.cancel);
  if (!id) {
    std::string why = llvm::toString(id.takeError());
    if (s.cancelled())
      s.stopped(LaunchStatus::Cancelled);
    else if (s.expired())
      s.stopped(LaunchStatus::Timeout);
    else
      s.fail(Stage::Run, why);
    return false;
  }
  request.allocation = *id;
  s.result.slurmJobId = *id;
  s.log("slurm: allocation " + *id + " (release: ompx-lsp slurm release)");
  return true;
}

void SlurmRunner::report(const SlurmRunResult &r) {
  LaunchResult &result = s.result;
  if (!r.jobId.empty())
    result.slurmJobId = r.jobId;
  std::string job =
      result.slurmJobId.empty() ? "" : " (job " + result.slurmJobId + ")";
  switch (r.kind) {
  case SlurmRunResult::Ok:
    result.status = LaunchStatus::Ok;
    result.exitCode = 0;
    return;
  case SlurmRunResult::Cancelled:
  case SlurmRunResult::Timeout:
    s.stopped(r.kind == SlurmRunResult::Cancelled ? LaunchStatus::Cancelled
                                                  : LaunchStatus::Timeout);
    result.message += job;
    return;
  case SlurmRunResult::SlurmFailed:
    s.fail(Stage::Run, r.message + (StringRef(r.message).contains(
                                        "job " + result.slurmJobId + " ")
                                        ? ""
                                        : job));
    return;
  case SlurmRunResult::ProgramFailed: {
    result.exitCode = r.exitCode;
    std::string message = *r.exitCode == -2
                              ? "the program crashed on the node (" + r.signal +
                                    (job.empty() ? ")" : "; " + job.substr(2))
                              : "the program exited with status " +
                                    std::to_string(*r.exitCode) + job;
    s.fail(Stage::Run,
           message + mandatoryOffloadFailure(errText,
                                             result.deviceId + " of the node"));
    return;
  }
  }
}

void SlurmRunner::run(const BuildPlan &plan) {
  name = slurmJobName(s.request.inputPath);
  cancelName = name;
  shared = o.staging == SlurmOptions::Staging::Shared;
  std::optional<BundleOptions> b = bundleFor(plan);
  if (!b)
    return;
  s.stage(Stage::Link, "bundle for the node -> " + b->dir);
  llvm::scope_exit removeBundle([&] {
    if (shared && s.request.keepDir.empty())
      fs::remove_directories(b->dir);
  });
  if (!writeNodeBundle(plan, *b))
    return;
  std::string problem;
  scancel = findSlurmTool(o, "scancel", problem);
  SlurmRunCallbacks cb = runCallbacks();
  if (!joinOrAllocate(cb))
    return;
  // As a shell would take it: an argument with a space stays one.
  std::string shown = "srun";
  for (const std::string &a : srunArguments(request))
    shown +=
        " " +
        (a.find_first_of(" \t'\"\\$") == std::string::npos ? a : shellQuote(a));
  s.stage(Stage::Run, shown);
  SlurmRunResult outcome = runOnSlurm(request, cb, s.deadline, s.cancel);
  // Whatever the end: what the recorder saw up to it, before the bundle
  // folder goes.
  if (s.request.profile)
    collectProfile(s, b->dir + "/" + kProfileLogFile);
  report(outcome);
}
