//===- OptCommand.h - `ompx-lsp opt`: mlir-opt with ompx passes -*- C++ -*-===//

#ifndef OMPX_TOOL_OPTCOMMAND_H
#define OMPX_TOOL_OPTCOMMAND_H

#include <functional>

namespace ompx {

/// Registers the verb `ompx-lsp opt [mlir-opt options] [FILE]`: the ompx
/// pipeline passes (pipeline/passes) on MLIR as mlir-opt runs passes, with
/// every dialect ompx knows; it exits 0 on success, 1 on failure.
/// `stepAside` runs before MLIR's options are parsed: it takes the server's
/// options out of MLIR's grammar.
void registerOptCommand(std::function<void()> stepAside);

} // namespace ompx

#endif // OMPX_TOOL_OPTCOMMAND_H
