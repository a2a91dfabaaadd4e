//===- FortranDirectives.h - MLIR findings on the Fortran source -*- C++
//-*-===//
//
// The MLIR flang-22 makes of a Fortran file (`ompx-lsp emit`), analyzed like
// any MLIR, says what ompx knows about the file's directives; these pure
// functions put it on the Fortran the user edits: each finding at the line
// and column of the op it is about (flang's locations), flang's own messages
// at theirs, and a hover on a `!$omp`/`!$acc` directive that is the MLIR
// hover of the map (or data clause) its word names.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_FORTRANDIRECTIVES_H
#define OMPX_FEATURES_FORTRANDIRECTIVES_H

#include "server/features/Hover.h"
#include "server/model/Analysis.h"
#include "server/model/Snapshot.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx {

/// flang's messages about `path` in `stderrText` (`FILE:L:C: error: ...`),
/// as diagnostics on `fortranText` (the word at each line and column).
std::vector<Diagnostic> flangDiagnostics(llvm::StringRef stderrText,
                                         llvm::StringRef fortranText,
                                         llvm::StringRef path);

/// The diagnostics of `a` (the analysis of the MLIR emitted from `path`),
/// each moved to the Fortran line and column of the innermost op of `path`
/// holding it; a map entry's finding goes to the directive whose clause
/// made it (flang locates the entry at the variable's declaration). One
/// with no Fortran location goes to the file's first character and says so.
std::vector<Diagnostic> fortranFindings(const ChunkAnalysis &a,
                                        llvm::StringRef fortranText,
                                        llvm::StringRef path);

/// A hover on a directive of the Fortran source.
struct DirectiveHover {
  TextRange range;       ///< the hovered word, in the Fortran text
  std::string directive; ///< the op the directive became: "omp.target"
  std::string variable;  ///< the clause's variable ("" for the directive)
  uint32_t mlirLine = 0; ///< 1-based line of the hovered op in the MLIR
  HoverInfo mlir;        ///< that op's MLIR hover
};

/// `offset` in `fortranText` (the text that was emitted) on a `!$omp` or
/// `!$acc` line, continuation lines included: when the word there is a
/// variable of one of the directive's clauses, the hover of its map
/// (`omp.map.info`, or the acc data-clause op); otherwise the hover of the
/// op the directive became. None off directives, or when the MLIR has no
/// op from that line of `path`.
std::optional<DirectiveHover> directiveHover(const Snapshot &mlir,
                                             llvm::StringRef fortranText,
                                             llvm::StringRef path,
                                             uint32_t offset);

/// The markdown shown for `h`.
std::string renderDirectiveHover(const DirectiveHover &h);

} // namespace ompx

#endif // OMPX_FEATURES_FORTRANDIRECTIVES_H
