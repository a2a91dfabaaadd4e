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

namespace ompx {

/// Registers the three verbs (server/tool/Verb.h) with llvm::cl, before
/// ParseCommandLineOptions.
void registerLaunchCommands();

} // namespace ompx

#endif // OMPX_TOOL_LAUNCHCOMMAND_H
