//===- CodeActions.h - Quick fixes of diagnostics ---------------*- C++ -*-===//

#ifndef OMPX_FEATURES_CODEACTIONS_H
#define OMPX_FEATURES_CODEACTIONS_H

#include "server/model/Snapshot.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace ompx {

struct QuickFix {
  Diagnostic diagnostic; ///< the diagnostic it fixes, as published
  DiagnosticFix fix;
  /// The fix to apply without asking (LSP `isPreferred`).
  bool preferred = true;
};

/// The fixes of the analyzed diagnostics whose range touches `range`, in
/// text order. Edits outside the text are dropped with their fix.
std::vector<QuickFix> quickFixes(const Snapshot &snapshot, TextRange range);

/// "Add expected-* diagnostic checks", as mlir-lsp-server offers it: for each
/// parse or verify error/warning whose range touches `range` and whose MLIR
/// location is known, a `// expected-<severity> @below {{message}}` line
/// (indented like the anchor's line) above the anchor's line, and an
/// `expected-note` line above each of its MLIR notes in this document.
std::vector<QuickFix> expectedChecks(const Snapshot &snapshot, TextRange range);

/// "Did you mean `omp.X`?" for a parse error about an unknown omp/acc op
/// name, and for a word of an omp/acc op's custom assembly that is none of
/// its keywords; the nearest names by edit distance (ties all offered).
std::vector<QuickFix> spellingFixes(const Snapshot &snapshot, TextRange range);

/// The candidates nearest `word` by edit distance, at most `maxDistance`
/// away (ties all kept, in `candidates` order); exact matches excluded.
std::vector<std::string>
nearestWords(llvm::StringRef word, llvm::ArrayRef<llvm::StringRef> candidates,
             unsigned maxDistance);

} // namespace ompx

#endif // OMPX_FEATURES_CODEACTIONS_H
