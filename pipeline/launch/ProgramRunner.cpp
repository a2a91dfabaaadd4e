//===- ProgramRunner.cpp - What every runner shares -----------------------===//

#include "pipeline/launch/ProgramRunner.h"
#include "pipeline/launch/LaunchSession.h"

extern char **environ;

using namespace ompx::pipeline;
using llvm::StringRef;

std::unique_ptr<ProgramRunner>
ompx::pipeline::makeProgramRunner(LaunchSession &session) {
  if (session.request.launcher == LauncherKind::Slurm)
    return makeSlurmRunner(session);
  return makeLocalRunner(session);
}

std::vector<std::string>
ompx::pipeline::programEnvironment(DeviceKind kind, bool keepLibraryPath) {
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

std::string ompx::pipeline::mandatoryOffloadFailure(StringRef errText,
                                                    const std::string &device) {
  // libomp's abort for a teams league run inside an active parallel region
  // on the host (docs/launch.md, "Not yet on host").
  if (errText.contains("Assertion failure at kmp_sched.cpp(547)"))
    return ": libomp aborted running a `teams` region inside an active "
           "parallel region on the host (a known defect of its host teams, "
           "flang-22's own -fopenmp build aborts too); run it with "
           "--device=host-offload, or outside the parallel region";
  if (!errText.contains("offloading is mandatory") &&
      !errText.contains("omptarget fatal error"))
    return "";
  return ": a target region could not run on " + device +
         " and OMP_TARGET_OFFLOAD=MANDATORY forbids the silent host fallback "
         "(see the program's stderr)";
}
