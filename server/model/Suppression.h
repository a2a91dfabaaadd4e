//===- Suppression.h - ompx-ignore comments and disabled checks -*- C++ -*-===//
//
// The checks' findings a user silenced: by name in the disabled-checks
// setting, or by an `ompx-ignore(NAME, ...)` comment on the finding's line
// or the line above (`ompx-ignore` alone: every check). MLIR comments start
// with `//`, Fortran ones with `!` (a directive's trailing comment too).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_MODEL_SUPPRESSION_H
#define OMPX_MODEL_SUPPRESSION_H

#include "server/model/Analysis.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompx {

/// Drops the diagnostics with a check name (Diagnostic::check) that
/// `disabled` names or a comment (from `comment` to the line's end) of
/// `doc` ignores; others stay.
void dropSuppressedChecks(std::vector<Diagnostic> &diags, llvm::StringRef doc,
                          llvm::ArrayRef<std::string> disabled,
                          llvm::StringRef comment);

} // namespace ompx

#endif // OMPX_MODEL_SUPPRESSION_H
