//===- FortranInput.h - Fortran given where MLIR is expected ----*- C++ -*-===//
//
// `ompx-lsp --check saxpy.f90` (or a Fortran buffer in the editor) would
// otherwise answer with MLIR parse errors ("invalid type identifier"); one
// diagnostic saying what to run instead helps more.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_MODEL_FORTRANINPUT_H
#define OMPX_MODEL_FORTRANINPUT_H

#include "server/model/Analysis.h"

#include <optional>

namespace ompx {

/// Whether `path` has a Fortran extension (.f90 .F90 .f .F .f95 .f03 .f08
/// .f18 .for .ftn .fpp, either case).
bool hasFortranExtension(llvm::StringRef path);

/// Whether `text` is clearly Fortran: its first statement (past blank lines
/// and `!` comments) starts a program unit or a declaration.
bool looksLikeFortran(llvm::StringRef text);

/// For Fortran input (by `path`'s extension or by `text`), the one
/// diagnostic to report instead of MLIR parse errors: it says to run
/// `ompx-lsp emit` on it. `path` may be empty or a URI.
std::optional<Diagnostic> fortranInputDiagnostic(llvm::StringRef path,
                                                 llvm::StringRef text);

} // namespace ompx

#endif // OMPX_MODEL_FORTRANINPUT_H
