//===- Stale.h - Last good records for units that do not parse --*- C++ -*-===//
//
// While a function has a parse error the analyzer blanks it, so its ops,
// values and facts vanish from the analysis. As clangd serves a stale AST,
// the server fills such a unit with the records of the last analysis in
// which it parsed, moved through the edits made since, and marks them stale.
// Diagnostics never come from there: only the current ones are published.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_MODEL_STALE_H
#define OMPX_MODEL_STALE_H

#include "server/model/Analysis.h"
#include "server/syntax/EditMap.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>

namespace ompx {

/// `fresh` with each unit it blanked (the whole chunk if it did not parse)
/// filled from `previous`: analyses of an earlier text, whose offsets
/// `edits` maps to the text `fresh` analyzed. Only records that parsed there
/// are taken, and only those no edit touched. Each filled unit's partial
/// records are replaced and the unit is listed in `staleUnits`. Null when no
/// unit got anything.
std::shared_ptr<const ChunkAnalysis>
withStaleRecords(const ChunkAnalysis &fresh,
                 llvm::ArrayRef<std::shared_ptr<const ChunkAnalysis>> previous,
                 const EditMap &edits);

} // namespace ompx

#endif // OMPX_MODEL_STALE_H
