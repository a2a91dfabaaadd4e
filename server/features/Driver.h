//===- Driver.h - A driver for a library module ----------------*- C++ -*-===//
//
// A module flang made from Fortran subroutines has no main program, so a
// launch stops with "nothing to launch". This writes a minimal Fortran main
// program that calls each of its external procedures once with placeholder
// arguments, for the user to edit; `ompx-lsp launch` uses it as it is.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_DRIVER_H
#define OMPX_FEATURES_DRIVER_H

#include "server/model/Snapshot.h"

#include <optional>
#include <string>

namespace ompx {

/// The Fortran source of a driver for the analyzed module of `snapshot`
/// (`inputName`: the file name the comments mention), or nullopt when the
/// module has a main program (`_QQmain`, `main`) or no procedure
/// (`func.func @_QP...`) to call.
std::optional<std::string> libraryDriver(const Snapshot &snapshot,
                                         llvm::StringRef inputName);

/// Whether `range` touches the line of a `module` op's name or of a
/// `func.func @_QP...`, where the editor offers to create the driver (not
/// everywhere: the action would crowd every other one).
bool offersDriverAt(const Snapshot &snapshot, TextRange range);

/// The file name `ompx-lsp launch` looks for next to `inputName`:
/// `STEM.driver.f90`, STEM being the name up to its first dot.
std::string sidecarDriverName(llvm::StringRef inputName);

} // namespace ompx

#endif // OMPX_FEATURES_DRIVER_H
