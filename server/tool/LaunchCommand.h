//===- LaunchCommand.h - `launch`, `devices` and `slurm` --------*- C++ -*-===//
//
// `ompx-lsp launch FILE.mlir [options] [-- PROGRAM_ARGS...]` exits with the
// program's status, or 2 (usage), 3 (pipeline failure), 124 (timeout), 130
// (cancelled: SIGINT, SIGTERM or SIGHUP, which kill the build or the program
// and remove the temporary directory). `ompx-lsp devices` lists what can run
// here; `ompx-lsp slurm list|release` the allocations kept for reuse.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_TOOL_LAUNCHCOMMAND_H
#define OMPX_TOOL_LAUNCHCOMMAND_H

#include <string>
#include <vector>

namespace ompx {

namespace pipeline {
struct LaunchRequest;
} // namespace pipeline

/// `launch FILE.f90`: flang-22's HLFIR of the file (`emit`'s, with the
/// flags and modules of its compile_commands.json entry) is written to
/// --keep's folder, else to a temporary folder (`emittedDir`, to be removed
/// after the launch), and `request` launches it from there. In a project,
/// the files defining the modules it uses and its main program join as
/// drivers (ProjectUnits.h), read only inside `projectRoots` when given (a
/// document's launch). Returns an exit status on failure (after saying
/// why), else 0.
int emitForLaunch(pipeline::LaunchRequest &request, std::string &emittedDir,
                  const std::vector<std::string> &projectRoots = {});

/// Registers the three verbs (server/tool/Verb.h) with llvm::cl, before
/// ParseCommandLineOptions.
void registerLaunchCommands();

} // namespace ompx

#endif // OMPX_TOOL_LAUNCHCOMMAND_H
