//===- Slurm.h - Run a launch's program on a cluster node -------*- C++ -*-===//
//
// The "where" axis of a launch: `--launcher=slurm` builds here (a login
// node, usually without a GPU), writes the program as a bundle where the
// compute node can read it, and runs it with one `srun` child. Slurm is
// driven through its command-line tools (srun, squeue, scancel, scontrol,
// salloc, sinfo, sbcast), never libslurm, whose ABI changes every release:
// sites wrap and filter the tools, and that is what users trust.
//
// What a user sees from srun is what a local run gives: output line by line
// (`srun -u`), the program's exit code, a crash as a crash; plus the queue
// state ("queued (Resources), job 12") while it waits. A cancel or timeout
// is SIGINT to srun (`--quit-on-interrupt`: the job is cancelled), then
// `scancel`, and SIGKILL only last: SIGKILL of srun's process group alone
// leaves the job running on the node (measured).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_SLURM_H
#define OMPX_PIPELINE_SLURM_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

enum class LauncherKind { Local, Slurm };
const char *launcherName(LauncherKind kind);
std::optional<LauncherKind> parseLauncher(llvm::StringRef text);

/// Where and how `--launcher=slurm` runs the program. Empty strings leave
/// Slurm's (and the site's) defaults in place.
struct SlurmOptions {
  std::string partition; ///< -p
  std::string account;   ///< -A
  std::string gres;      ///< --gres (gpu:1, gpu:a100:2)
  std::string gpus;      ///< --gpus
  /// --time as Slurm spells it (MM, HH:MM:SS, D-HH). Empty: the launch
  /// timeout rounded up to minutes plus one (a backstop: ompx's own timer
  /// cancels first), else the partition's default.
  std::string time;
  std::vector<std::string> extraArgs; ///< --slurm-arg: passed to srun/salloc
  /// Shared: the bundle is written under `stageDir` and run in place (login
  /// and compute nodes share the file system). Sbcast: its tarball is
  /// copied to node-local storage inside the job (no shared file system).
  enum class Staging { Shared, Sbcast };
  Staging staging = Staging::Shared;
  /// Shared staging: where bundles go. Empty: `.ompx/slurm` in the input's
  /// folder.
  std::string stageDir;
  /// New: each launch is its own job. Reuse: one `salloc --no-shell`
  /// allocation (per cluster and options) kept for later launches, each a
  /// job step (`srun --jobid`): tens of ms instead of a queue wait.
  enum class Allocation { New, Reuse };
  Allocation allocation = Allocation::New;
  /// Folder of srun, squeue, ...; empty: found on PATH.
  std::string binDir;
};

const char *stagingName(SlurmOptions::Staging staging);
const char *allocationName(SlurmOptions::Allocation allocation);
std::optional<SlurmOptions::Staging> parseStaging(llvm::StringRef text);
std::optional<SlurmOptions::Allocation> parseAllocation(llvm::StringRef text);

/// A partition as `sinfo` lists it.
struct SlurmPartition {
  std::string name;
  bool isDefault = false;
  std::string availability; ///< up, down, drain, inact
  unsigned nodes = 0;
  std::vector<std::string> gres; ///< "gpu:a100:4", ...
  /// The GPU architecture its gres type names (sm_80 for a100), or "".
  std::string offloadArch;
};

/// What the cluster says, within ~2 s even when its controller is down.
struct SlurmInfo {
  bool reachable = false;
  std::string message; ///< why not reachable (tool missing, controller down)
  std::string cluster; ///< ClusterName, when known
  std::vector<SlurmPartition> partitions;
};
SlurmInfo querySlurm(const SlurmOptions &options);
llvm::json::Value toJSON(const SlurmInfo &info);

/// The GPU architecture a gres type names ("a100" -> "sm_80", "h100" ->
/// "sm_90", "mi250x" -> "gfx90a", "mi300a" -> "gfx942"), or "".
std::string offloadArchForGresType(llvm::StringRef type);

/// An allocation kept for reuse.
struct SlurmAllocation {
  std::string jobId;
  std::string key; ///< the options that made it (partition, gres, ...)
  std::string cluster;
};

/// The allocations this user holds through ompx on this cluster (checked
/// against `squeue`: ended ones are forgotten).
std::vector<SlurmAllocation> listSlurmAllocations(const SlurmOptions &options);

/// Releases (`scancel`) the allocations kept for reuse: all of this
/// user's on the cluster, or only those this process created. Returns the
/// job ids released; `error` says what failed.
std::vector<std::string> releaseSlurmAllocations(const SlurmOptions &options,
                                                 bool onlyThisProcess,
                                                 std::string &error);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_SLURM_H
