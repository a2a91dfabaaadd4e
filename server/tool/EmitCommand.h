//===- EmitCommand.h - `ompx-lsp emit`: Fortran -> MLIR ---------*- C++ -*-===//

#ifndef OMPX_TOOL_EMITCOMMAND_H
#define OMPX_TOOL_EMITCOMMAND_H

#include "support/Confine.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompx {

/// What a child working for a document may read: the project folders
/// `roots` and `input`'s folder, the system's programs and libraries,
/// flang's install (under `toolchainPrefix` or where it is found) and
/// ompx's own; it may write the module cache and /dev/null. The caller adds
/// its outputs.
Confinement documentConfinement(llvm::StringRef toolchainPrefix,
                                llvm::ArrayRef<std::string> roots,
                                llvm::StringRef input);

/// Registers `ompx-lsp emit FILE.f90 [--hlfir|--fir|--llvm] [--device=ARCH]
/// [--openmp|--openacc] [-o FILE]` (exit status 0 ok, 1 flang failed, 2
/// usage) with llvm::cl, a verb of server/tool/Verb.h.
void registerEmitCommand();

} // namespace ompx

#endif // OMPX_TOOL_EMITCOMMAND_H
