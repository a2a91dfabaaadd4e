//===- AccPlanFacts.h - The acc-to-omp plan of a chunk's acc ops -*- C++
//-*-===//
//
// The worker records what acc-to-omp makes of each acc op (the pass's own
// plan, pipeline/passes/AccPlan.h) beside the clause facts, so that hover
// words the pass's decisions instead of re-deciding them.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_ACCPLANFACTS_H
#define OMPX_ANALYSIS_ACCPLANFACTS_H

#include "dialects/AccPlan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace ompx {

/// The plans of the acc ops among `ops` that have something to say, ordered
/// by `opIndex` (the records' op index, set as AccPlan::op).
std::vector<AccPlan>
recordAccPlans(llvm::ArrayRef<mlir::Operation *> ops,
               llvm::function_ref<int32_t(mlir::Operation *)> opIndex);

} // namespace ompx

#endif // OMPX_ANALYSIS_ACCPLANFACTS_H
