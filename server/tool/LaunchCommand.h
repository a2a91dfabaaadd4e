//===- LaunchCommand.h - `launch` and `devices` commands --------*- C++ -*-===//

#ifndef OMPX_TOOL_LAUNCHCOMMAND_H
#define OMPX_TOOL_LAUNCHCOMMAND_H

#include "pipeline/launch/Launch.h"

namespace ompx {

/// `ompx-lsp launch FILE.mlir [options] [-- PROGRAM_ARGS...]`; argv[0] is
/// "launch". Returns the program's exit status, or 2 (usage), 3 (pipeline
/// failure), 124 (timeout), 130 (cancelled: SIGINT, SIGTERM or SIGHUP, which
/// kill the build or the program and remove the temporary directory).
/// `helpers` start the build child and the launch's guard.
int runLaunchCommand(int argc, char **argv,
                     const pipeline::LaunchHelpers &helpers);

/// `ompx-lsp devices [--format=text|json]`; argv[0] is "devices".
int runDevicesCommand(int argc, char **argv);
/// `ompx-lsp slurm list|release`: the allocations kept for reuse.
int runSlurmCommand(int argc, char **argv);

} // namespace ompx

#endif // OMPX_TOOL_LAUNCHCOMMAND_H
