//===- LaunchCommand.h - `launch` and `devices` commands --------*- C++ -*-===//

#ifndef OMPX_TOOL_LAUNCHCOMMAND_H
#define OMPX_TOOL_LAUNCHCOMMAND_H

#include <string>
#include <vector>

namespace ompx {

/// `ompx-lsp launch FILE.mlir [options] [-- PROGRAM_ARGS...]`; argv[0] is
/// "launch". Returns the program's exit status, or 2 (usage), 3 (pipeline
/// failure), 124 (timeout), 130 (cancelled). `buildChild` starts the build
/// child (LaunchRequest::buildChildCommand).
int runLaunchCommand(int argc, char **argv,
                     const std::vector<std::string> &buildChild);

/// `ompx-lsp devices [--format=text|json]`; argv[0] is "devices".
int runDevicesCommand(int argc, char **argv);

} // namespace ompx

#endif // OMPX_TOOL_LAUNCHCOMMAND_H
