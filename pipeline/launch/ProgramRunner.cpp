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
  if (!errText.contains("offloading is mandatory") &&
      !errText.contains("omptarget fatal error"))
    return "";
  return ": a target region could not run on " + device +
         " and OMP_TARGET_OFFLOAD=MANDATORY forbids the silent host fallback "
         "(see the program's stderr)";
}
