//===- WorkspaceSymbols.h - Symbols of all open documents -------*- C++ -*-===//

#ifndef OMPX_FEATURES_WORKSPACESYMBOLS_H
#define OMPX_FEATURES_WORKSPACESYMBOLS_H

#include "server/features/DocumentSymbols.h"
#include "server/model/Snapshot.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompx {

struct WorkspaceSymbol {
  std::string name;      ///< the symbol, without `@`
  std::string container; ///< the op defining it (`func.func`, `omp.private`)
  OutlineKind kind = OutlineKind::Function;
  size_t document = 0; ///< index into the snapshots given
  TextRange range;     ///< its `@name` at the definition (else the op name)
};

/// The symbol-defining ops (functions, globals, recipes, mappers) of the
/// outlines of `documents` whose name matches `query`: case-insensitively,
/// as a substring or else as a subsequence (`tdpd` finds
/// `target_teams_distribute_parallel_do`); an empty query matches all.
/// Best matches first (exact, prefix, substring, subsequence; then
/// shorter names), at most `limit`.
std::vector<WorkspaceSymbol>
workspaceSymbols(llvm::ArrayRef<Snapshot> documents, llvm::StringRef query,
                 size_t limit = 256);

} // namespace ompx

#endif // OMPX_FEATURES_WORKSPACESYMBOLS_H
