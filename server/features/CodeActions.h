//===- CodeActions.h - Quick fixes of diagnostics ---------------*- C++ -*-===//

#ifndef OMPX_FEATURES_CODEACTIONS_H
#define OMPX_FEATURES_CODEACTIONS_H

#include "server/model/Snapshot.h"

namespace ompx {

struct QuickFix {
  Diagnostic diagnostic; ///< the diagnostic it fixes, as published
  DiagnosticFix fix;
};

/// The fixes of the analyzed diagnostics whose range touches `range`, in
/// text order. Edits outside the text are dropped with their fix.
std::vector<QuickFix> quickFixes(const Snapshot &snapshot, TextRange range);

} // namespace ompx

#endif // OMPX_FEATURES_CODEACTIONS_H
