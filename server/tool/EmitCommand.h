//===- EmitCommand.h - `ompx-lsp emit`: Fortran -> MLIR ---------*- C++ -*-===//

#ifndef OMPX_TOOL_EMITCOMMAND_H
#define OMPX_TOOL_EMITCOMMAND_H

#include "support/Confine.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompx {
namespace pipeline {
struct BuildPlan;
} // namespace pipeline

/// What a child working for a document may read: the project folders
/// `roots` and `input`'s folder, the system's programs and libraries,
/// flang's install (under `toolchainPrefix` or where it is found) and
/// ompx's own; it may write the module cache and /dev/null. The caller adds
/// its outputs.
Confinement documentConfinement(llvm::StringRef toolchainPrefix,
                                llvm::ArrayRef<std::string> roots,
                                llvm::StringRef input);

/// Confines a launch's build child (`ompx-lsp --build-child`) started for
/// a document (`plan.projectRoots` set: the editor's compileAndLaunch) to
/// the project, the toolchain the plan names and its work folder, where
/// its compilers' temporary files go too: a driver's `#import`, `#embed`,
/// `.incbin` or INCLUDE of a file outside then fails to open, whatever
/// the include scan missed. A build from the command line is the user's
/// own: left as it is.
void confineDocumentBuild(const pipeline::BuildPlan &plan);

/// Registers `ompx-lsp emit FILE.f90 [--hlfir|--fir|--llvm] [--device=ARCH]
/// [--openmp|--openacc] [-o FILE]` (exit status 0 ok, 1 flang failed, 2
/// usage) with llvm::cl, a verb of server/tool/Verb.h.
void registerEmitCommand();

} // namespace ompx

#endif // OMPX_TOOL_EMITCOMMAND_H
