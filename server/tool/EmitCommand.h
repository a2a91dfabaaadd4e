//===- EmitCommand.h - `ompx-lsp emit`: Fortran -> MLIR ---------*- C++ -*-===//

#ifndef OMPX_TOOL_EMITCOMMAND_H
#define OMPX_TOOL_EMITCOMMAND_H

namespace ompx {

/// `ompx-lsp emit FILE.f90 [--hlfir|--fir|--llvm] [--device=ARCH]
/// [--openmp|--openacc] [-o FILE]`: 0 ok, 1 flang failed, 2 usage.
int runEmitCommand(int argc, char **argv);

} // namespace ompx

#endif // OMPX_TOOL_EMITCOMMAND_H
