//===- PipelineCommand.h - `ompx-lsp pipeline`: every pass ------*- C++ -*-===//

#ifndef OMPX_TOOL_PIPELINECOMMAND_H
#define OMPX_TOOL_PIPELINECOMMAND_H

namespace ompx {

/// Registers `ompx-lsp pipeline FILE [options]` (the launch's compile with a
/// snapshot after every pass; exit status 0, 2 usage, 3 the build failed)
/// and `ompx-lsp pipeline show DIR [N]` with llvm::cl, a verb of
/// server/tool/Verb.h.
void registerPipelineCommand();

} // namespace ompx

#endif // OMPX_TOOL_PIPELINECOMMAND_H
