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
// is `scancel` of the job Slurm named (SIGINT to srun, with
// `--quit-on-interrupt`, before it has), `scancel` again by name after 3 s,
// and SIGKILL only last: SIGKILL of srun's process group alone leaves the
// job running on the node (measured).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_SLURM_H
#define OMPX_PIPELINE_SLURM_H

#include "pipeline/Types.h"
#include "support/Subprocess.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

enum class LauncherKind { Local, Slurm };
inline constexpr EnumName<LauncherKind> kLauncherNames[] = {
    {LauncherKind::Local, "local"}, {LauncherKind::Slurm, "slurm"}};
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

inline constexpr EnumName<SlurmOptions::Staging> kStagingNames[] = {
    {SlurmOptions::Staging::Shared, "shared"},
    {SlurmOptions::Staging::Sbcast, "sbcast"}};
inline constexpr EnumName<SlurmOptions::Allocation> kAllocationNames[] = {
    {SlurmOptions::Allocation::New, "new"},
    {SlurmOptions::Allocation::Reuse, "reuse"}};
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
  unsigned maxMinutes = 0; ///< its time limit (0: unlimited or unknown)
};

/// Minutes in a Slurm time limit ("1-00:00:00", "30:00", "90"), rounded
/// up; 0 for UNLIMITED and what does not parse.
unsigned slurmMinutes(llvm::StringRef limit);

/// A unique job name for a launch of `inputPath` (`scancel --name` works
/// before srun names the id): `ompx-STEM-RANDOM`, STEM the file name up to
/// its first dot reduced to letters, digits and `_` (a name from the file
/// system reaches squeue's and sacct's output and the guard's protocol).
std::string slurmJobName(llvm::StringRef inputPath);

/// What the cluster says: within 2 s when its controller is down
/// (`scontrol ping`); sinfo and scontrol then get 3 s each.
struct SlurmInfo {
  bool reachable = false;
  /// False when this machine has no Slurm (no tools, no configuration):
  /// nothing to show, as opposed to a cluster that does not answer.
  bool configured = true;
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

/// A Slurm tool (`srun`, `squeue`, ...) in `options.binDir` or on PATH, or
/// "" with `problem` saying where it was looked for.
std::string findSlurmTool(const SlurmOptions &options, llvm::StringRef name,
                          std::string &problem);

/// What one line srun (or salloc) writes to its stderr means.
struct SlurmLine {
  enum Kind {
    NotSlurm,         ///< the program's own stderr
    Queued,           ///< "job N queued and waiting for resources"
    Allocated,        ///< "job N has been allocated resources" / Granted
    JobId,            ///< -v: "jobid N: nodes(1):`node', ..."
    StepLaunched,     ///< -v: "launching StepId=N.M ..." (jobId: N.M)
    AllocationFailed, ///< "Unable to allocate resources: REASON"
    TaskSignaled,     ///< "NODE: task 0: Segmentation fault"
    TaskExited,       ///< "NODE: task 0: Exited with exit code N"
    Cancelled,        ///< slurmstepd's "*** STEP ... CANCELLED ... ***"
    Error,            ///< any other "srun: error: ..."
    Other,            ///< srun's other (-v) lines
  };
  Kind kind = NotSlurm;
  std::string jobId;
  std::string detail; ///< the reason, the signal text, the node
  int code = 0;       ///< TaskExited's exit code
  /// An Other line of srun -v's table of its options or of its plugins'
  /// internals: no news for a user.
  bool noise = false;
};
SlurmLine parseSlurmLine(llvm::StringRef line);

/// `--time` for a launch: the user's, else the timeout rounded up to whole
/// minutes plus one (Slurm enforces its limit late and by the minute; it is
/// only a backstop) but at most `maxMinutes` (the partition's, 0: none),
/// else "" (the partition's default).
std::string slurmTimeLimit(const SlurmOptions &options, unsigned timeoutSeconds,
                           unsigned maxMinutes = 0);

/// One program run through srun.
struct SlurmRunRequest {
  SlurmOptions options;
  std::string jobName; ///< unique: scancel --name works before the id
  /// Run as a step of this allocation (reuse); "": a job of its own.
  std::string allocation;
  /// Added as --gres=gpu:N when the options ask for no GPU (0: none).
  unsigned gpusNeeded = 0;
  unsigned timeoutSeconds = 0; ///< for the --time backstop
  unsigned maxMinutes = 0;     ///< the partition's time limit (0: none)
  /// Sbcast staging: this file goes to the node (srun --bcast=bcastTo) and
  /// runs there.
  std::string bcastFile, bcastTo;
  std::vector<std::string> command; ///< what runs on the node, with args
  std::optional<std::vector<std::string>> env; ///< srun's environment
};

/// srun's arguments for `request` (without srun itself).
std::vector<std::string> srunArguments(const SlurmRunRequest &request);

struct SlurmRunCallbacks {
  std::function<void(llvm::StringRef)> onStdout, onStderr; ///< the program's
  std::function<void(const std::string &)> onStatus;       ///< queue state
  /// srun's and salloc's own lines, parsed (ompx's remarks: NotSlurm).
  std::function<void(const SlurmLine &, llvm::StringRef line)> onLog;
  /// srun started (its pid heads a process group) / ended.
  std::function<void(pid_t)> onStarted, onEnded;
};

struct SlurmRunResult {
  enum Kind { Ok, ProgramFailed, SlurmFailed, Cancelled, Timeout };
  Kind kind = SlurmFailed;
  std::optional<int> exitCode; ///< the program's; -2 when it crashed
  std::string signal;          ///< "Segmentation fault", when it crashed
  std::string message;         ///< Slurm's own words for SlurmFailed
  std::string jobId;
};

/// Runs `request` through srun until it ends, `*cancel` is set or
/// `deadline` passes. Stopping is scancel of the named job or step (SIGINT
/// to srun before Slurm has named it), scancel again after 3 s, then
/// SIGKILL; a stopped job is waited for until squeue no longer lists it
/// (5 s at most).
SlurmRunResult runOnSlurm(const SlurmRunRequest &request,
                          const SlurmRunCallbacks &callbacks,
                          std::optional<Clock::time_point> deadline,
                          const std::atomic<bool> *cancel);

/// An allocation for `request` (same options, this user, this cluster)
/// that is still alive, else a new one from `salloc --no-shell` (waiting
/// in the queue, reporting through callbacks.onStatus; its time limit is
/// --time, else an hour or the partition's maximum if lower). Its id, or an
/// error with Slurm's message. The registry is locked only to read and
/// write it, never while salloc waits.
llvm::Expected<std::string> reuseOrAllocate(
    const SlurmRunRequest &request, const SlurmRunCallbacks &callbacks,
    std::optional<Clock::time_point> deadline, const std::atomic<bool> *cancel);

/// Writes `bundleDir` as one self-extracting shell script `out` (a gzip'ed
/// tar after a small header): srun --bcast copies it to node-local
/// storage, where it unpacks into a temporary folder, runs run.sh with its
/// arguments, removes what it unpacked and itself, and ends as the program
/// did (a crash by the same signal).
llvm::Error writeSelfExtractingBundle(llvm::StringRef bundleDir,
                                      llvm::StringRef out,
                                      const std::atomic<bool> *cancel);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_SLURM_H
