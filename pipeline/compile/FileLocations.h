//===- FileLocations.h - File locations inside an MLIR location -*- C++ -*-===//
//
// flang fuses several locations into one (the statement's, the variable's,
// an inlined call's); the passes and the build pick one file location out.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_FILELOCATIONS_H
#define OMPX_PIPELINE_FILELOCATIONS_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace ompx::pipeline {

/// The first file location inside `loc` that `accept` takes (any, without
/// one).
inline std::optional<mlir::FileLineColLoc>
firstFileLoc(mlir::Location loc,
             llvm::function_ref<bool(mlir::FileLineColLoc)> accept = nullptr) {
  std::optional<mlir::FileLineColLoc> found;
  loc->walk([&](mlir::Location sub) {
    auto f = mlir::dyn_cast<mlir::FileLineColLoc>(sub);
    if (!f || (accept && !accept(f)))
      return mlir::WalkResult::advance();
    found = f;
    return mlir::WalkResult::interrupt();
  });
  return found;
}

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_FILELOCATIONS_H
