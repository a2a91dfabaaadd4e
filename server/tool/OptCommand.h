//===- OptCommand.h - `ompx-lsp opt`: mlir-opt with ompx passes -*- C++ -*-===//

#ifndef OMPX_TOOL_OPTCOMMAND_H
#define OMPX_TOOL_OPTCOMMAND_H

namespace ompx {

/// `ompx-lsp opt [mlir-opt options] [FILE]`; argv[0] is "opt". Runs the
/// ompx pipeline passes (pipeline/passes) on MLIR as mlir-opt does, with
/// every dialect ompx knows. Returns 0 on success, 1 on failure.
int runOptCommand(int argc, char **argv);

} // namespace ompx

#endif // OMPX_TOOL_OPTCOMMAND_H
