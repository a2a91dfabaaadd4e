//===- ProgramRunner.h - Where a launch's program runs ----------*- C++ -*-===//
//
// The launcher builds; a runner runs what it built: here (LocalRunner.cpp)
// or on a cluster node through Slurm (SlurmRunner.cpp, over Slurm.h). A
// runner speaks before the build too, since where the program runs decides
// the device (`auto`) and the GPU architecture the build targets.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LAUNCH_PROGRAMRUNNER_H
#define OMPX_PIPELINE_LAUNCH_PROGRAMRUNNER_H

#include "pipeline/Types.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/Launch.h"
#include "pipeline/launch/ProfileReport.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

class LaunchSession;

class ProgramRunner {
public:
  virtual ~ProgramRunner() = default;
  /// Before the build: checks that it can run there and resolves
  /// DeviceKind::Auto in `device`. False when it cannot (the session's
  /// result says why).
  virtual bool prepare(DeviceSpec &device) = 0;
  /// The GPU architecture where the program runs, when this machine cannot
  /// probe it (Slurm: the node's, "" if unknown); nullopt: probe here.
  virtual std::optional<std::string> remoteArch() const { return std::nullopt; }
  /// Runs the built program; the session's result gets the outcome.
  virtual void run(const BuildPlan &plan) = 0;
};

/// The runner `session.request.launcher` names.
std::unique_ptr<ProgramRunner> makeProgramRunner(LaunchSession &session);
std::unique_ptr<ProgramRunner> makeLocalRunner(LaunchSession &session);
std::unique_ptr<ProgramRunner> makeSlurmRunner(LaunchSession &session);

/// This process's environment for the program: without the device choice
/// the launch makes itself for a device run (OMP_DEFAULT_DEVICE,
/// OMP_TARGET_OFFLOAD), and without LD_LIBRARY_PATH unless kept.
std::vector<std::string> programEnvironment(DeviceKind kind,
                                            bool keepLibraryPath);

/// The recorder's log at `logPath` (wherever the program ran) with the
/// build's sidecars of the work folder made into the session's report,
/// written as JSON and HTML: after the program's end, whatever it was.
void collectProfile(LaunchSession &s, const std::string &logPath);
/// Where the session's program came from (its input, the Fortran file it
/// was emitted from, its device), as a recorded launch's report says it.
ProfileOrigin profileOrigin(const LaunchSession &s);

/// Why a program failed when its stderr (`errText`) says libomptarget
/// refused a target region (": a target region could not run on DEVICE
/// ...") or libomp hit a known defect of the host's teams; else "".
std::string mandatoryOffloadFailure(llvm::StringRef errText,
                                    const std::string &device);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LAUNCH_PROGRAMRUNNER_H
