//===- EmitCommand.h - `ompx-lsp emit`: Fortran -> MLIR ---------*- C++ -*-===//

#ifndef OMPX_TOOL_EMITCOMMAND_H
#define OMPX_TOOL_EMITCOMMAND_H

namespace ompx {

/// Registers `ompx-lsp emit FILE.f90 [--hlfir|--fir|--llvm] [--device=ARCH]
/// [--openmp|--openacc] [-o FILE]` (exit status 0 ok, 1 flang failed, 2
/// usage) with llvm::cl, a verb of server/tool/Verb.h.
void registerEmitCommand();

} // namespace ompx

#endif // OMPX_TOOL_EMITCOMMAND_H
