//===- Launch.h - Compile and launch omp/acc MLIR ---------------*- C++ -*-===//
//
// The offload pipeline as plain data: a LaunchRequest in, stage and output
// callbacks while it runs, a LaunchResult out. Nothing here knows LSP or the
// command line; `ompx-lsp launch` and the server's `ompx.compileAndLaunch`
// are thin layers over `launch()`.
//
// MLIR/LLVM work runs in a build child process, spawned (never forked) from
// the command the caller names (`ompx-lsp --build-child`, which calls
// runBuildChild()): report_fatal_error and crashes in translation end that
// child, not the caller. External tools and the program are spawned too,
// never through a shell.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LAUNCH_H
#define OMPX_PIPELINE_LAUNCH_H

#include "pipeline/Types.h"
#include "pipeline/compile/PassTrace.h"
#include "pipeline/launch/ProfileReport.h"
#include "pipeline/launch/Slurm.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

struct BuildPlan;

/// What `--device=` names: a kind and an optional device index.
struct DeviceSpec {
  DeviceKind kind = DeviceKind::Auto;
  int index = 0;
  /// Parses `auto`, `host`, `host-offload[:N]`, `nvptx[:N]`, `amdgpu[:N]`.
  static std::optional<DeviceSpec> parse(const std::string &text,
                                         std::string &error);
  std::string str() const;
};

struct LaunchRequest {
  std::string inputPath; ///< the .mlir file (also names its locations)
  /// `launch FILE.f90`: the Fortran file `inputPath` was emitted from, and
  /// whether that .mlir is removed after the launch (its locations then name
  /// nothing a report may point to).
  std::string emittedFrom;
  bool emittedIsTemporary = false;
  /// The text to compile; empty means read `inputPath` (an editor passes
  /// its unsaved buffer here), which must be a regular file of at most
  /// 1 GiB (ompx::readRegularFile).
  std::optional<std::string> inputText;
  DeviceSpec device;
  /// GPU architecture for nvptx/amdgpu when no GPU is visible to detect it
  /// (sm_90 / gfx90a by default).
  std::string offloadArch;
  std::string toolchainPrefix;  ///< LLVM 22 prefix; default /usr/lib/llvm-22
  std::string deviceRuntimeDir; ///< holds libompdevice.a (GPU targets)
  std::string keepDir;          ///< keep intermediates here (else a temp dir)
  /// A Fortran input's compile database (`emit --compile-commands`); empty:
  /// the nearest compile_commands.json.
  std::string compileCommands;
  unsigned timeoutSeconds = 0;  ///< whole build + run; 0 = none
  OptLevel optLevel = OptLevel::O0; ///< LLVM IR optimization level
  std::vector<std::string> programArgs;
  /// Host code linked into the program, for a module without a main program
  /// (a subroutine library, as most flang output is): Fortran (.f90, .F90,
  /// .f, .F, ...) compiled by flang-22, C (.c) by clang-22, objects and
  /// archives (.o, .a) as they are. Relative paths are taken from the
  /// current directory. With none given, a module without a main program
  /// uses `STEM.driver.{f90,F90,c}` next to the input (STEM: the file name
  /// up to its first dot) when there is one.
  std::vector<std::string> drivers;
  /// `launch FILE.f90` of a project: the flang driver flags each of
  /// `drivers` is compiled with (projectDriverFlags, Emit.h), by position;
  /// an empty list, or none: the defaults (-I of the input's and the
  /// driver's folders).
  std::vector<std::vector<std::string>> driverFlags;
  /// Folders the files a Fortran driver includes must lie in (or the
  /// system's /usr and /opt; Includes.h): the editor's workspace folders and
  /// the document's folder. Empty: no bound (the command line).
  std::vector<std::string> projectRoots;
  /// Build only (stop after Link); the result names the executable.
  bool noRun = false;
  /// `ompx-lsp pipeline`: compile only (no link, no run, no main program
  /// needed), keeping the IR after every pass (PassTrace.h).
  PassSnapshots snapshots;
  /// A checked launch (host-offload only): device copies poisoned when
  /// made, transfers watched; the result lists the mapping bugs seen
  /// (LaunchResult::mapFindings, MapCheckReport.h).
  bool checkMaps = false;
  /// A recorded launch (not --device=host, not through Slurm): each kernel
  /// launch and data operation of the program recorded; the result carries
  /// the report (LaunchResult::profile), written as JSON to `profileReport`
  /// (empty: STEM.profile.json next to the input, STEM its name up to the
  /// first dot) and as an HTML timeline beside it (.html for .json).
  bool profile = false;
  std::string profileReport;
  /// After the link, write a self-contained folder here (the program, the
  /// shared libraries it loads, run.sh) and DIR.tar.xz, to run on another
  /// machine; implies noRun. Must be absent or empty. See Bundle.h.
  std::string bundleDir;
  /// With bundleDir: a folder of library copies shared by many bundles
  /// (BundleOptions::libraryStore: each library copied there once and
  /// hard-linked into the bundle's lib/); no DIR.tar.xz is written then, the
  /// bundles are packed together.
  std::string bundleStore;
  /// A program already built (by `ompx-flang`, or a kept launch): run,
  /// bundle or send it through Slurm as it is, instead of compiling
  /// `inputPath`. The device image it carries says its device; `device`,
  /// when not Auto, must agree.
  std::string program;
  /// Where the program runs: here, or on a cluster node through Slurm
  /// (which needs no GPU here: the architecture comes from `offloadArch` or
  /// the partition's gres, never from probing this machine).
  LauncherKind launcher = LauncherKind::Local;
  SlurmOptions slurm;
  /// How to start the build child: an executable and the arguments of its
  /// build-child mode (whose main calls runBuildChild()). The caller knows
  /// its command line; the pipeline does not.
  std::vector<std::string> buildChildCommand;
  /// How to start the launch's guard (a mode that calls
  /// ompx::runProcessGuard()): if the caller dies, even by SIGKILL, the
  /// guard kills the build child's and the program's process groups and
  /// removes the temporary directory. Empty: no guard.
  std::vector<std::string> guardCommand;
};

/// The caller's commands for a launch's helper processes (it knows its
/// own command line; the pipeline does not).
struct LaunchHelpers {
  std::vector<std::string> buildChild; ///< LaunchRequest::buildChildCommand
  std::vector<std::string> guard;      ///< LaunchRequest::guardCommand
};

enum class OutputStream { Stdout, Stderr, Log };

struct LaunchCallbacks {
  /// A stage starts; `message` says what it does ("sm_90 cubin", ...).
  std::function<void(Stage stage, const std::string &message)> onStage;
  /// Program output as it arrives, and pipeline log lines (OutputStream::Log).
  std::function<void(OutputStream stream, const std::string &text)> onOutput;
  /// The run's state while it waits or changes hands, within the current
  /// stage: "queued (Resources), job 12", "running, job 12".
  std::function<void(const std::string &status)> onStatus;
};

/// A mapping bug a checked launch saw, at the map clause it concerns.
struct MapFinding {
  /// uninitialized-read, not-copied-back, stale-device-copy,
  /// redundant-transfer (the last is information, the others warnings).
  std::string check;
  bool warning = true;
  /// Names the variable, its map, the bytes and how many times it happened.
  std::string message;
  /// The map clause: its Fortran line when the MLIR's locations hold one,
  /// else the op's line in the .mlir.
  SourceLocation location;
  /// The op in the .mlir the program was built from (omp.map.info, or the
  /// acc clause it was lowered from), when known and not `location`.
  std::optional<SourceLocation> mapOp;
  std::string mapOpName;
  std::string variable;
  unsigned long count = 1;
};

enum class LaunchStatus { Ok, Failed, Cancelled, Timeout };
inline constexpr EnumName<LaunchStatus> kLaunchStatusNames[] = {
    {LaunchStatus::Ok, "ok"},
    {LaunchStatus::Failed, "failed"},
    {LaunchStatus::Cancelled, "cancelled"},
    {LaunchStatus::Timeout, "timeout"}};
inline const char *statusName(LaunchStatus status) {
  return nameIn<LaunchStatus>(kLaunchStatusNames, status);
}

struct LaunchResult {
  LaunchStatus status = LaunchStatus::Failed;
  Stage stage = Stage::Setup; ///< the stage that failed (or the last one)
  std::string message;        ///< precise, user-facing; empty when Ok
  std::optional<SourceLocation> location; ///< the op that caused a failure
  std::optional<int> exitCode;            ///< the program's, when it ran
  std::string executable;                 ///< the built program
  std::string deviceId;                   ///< device actually used
  std::string slurmJobId; ///< --launcher=slurm: the job (or allocation)
  /// With LaunchRequest::bundleDir: the folder and its tarball (absolute)
  /// and their sizes in bytes.
  std::string bundleDir, bundleTarball;
  uint64_t bundleBytes = 0, bundleTarballBytes = 0;
  /// LaunchRequest::checkMaps: what the run showed, up to its end or
  /// crash.
  std::vector<MapFinding> mapFindings;
  /// LaunchRequest::profile: what the run showed, up to its end or crash,
  /// and the files it was written to (empty when writing failed).
  std::optional<ProfileReport> profile;
  std::string profileReport, profileHtml;
};

/// Compiles `request.inputPath` for the requested device, links and runs it.
/// Setting `*cancel` (from any thread) stops the build or kills the program;
/// the result is then Cancelled.
LaunchResult launch(const LaunchRequest &request,
                    const LaunchCallbacks &callbacks,
                    const std::atomic<bool> *cancel = nullptr);

/// The build child's main: reads the build plan (JSON) from stdin, reports
/// stage/log/done events as JSON lines on stdout, and exits. What MLIR,
/// LLVM and the tools print goes to stderr (the parent's build log).
/// `prepare`, when given, sees the plan before anything is compiled (the
/// tool layer confines a build started for a document there).
int runBuildChild(
    const std::function<void(const BuildPlan &)> &prepare = nullptr);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LAUNCH_H
