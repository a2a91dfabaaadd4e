//===- AccLowering.h - What acc-to-omp makes of an acc op -------*- C++ -*-===//
//
// One sentence per OpenACC op saying what the `ompx-acc-to-omp` pass
// (pipeline/passes/AccToOmp.cpp, the source of truth) lowers it to when a
// launch offloads it, or that the pass refuses it and --device=host (host
// fallback) runs it (or refuses it too: a shape no lowering takes). Hover shows
// it; it words the plan the worker recorded for the op
// (ChunkAnalysis::accPlans, dialects/AccPlan.h), which the pass follows too.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_ACCLOWERING_H
#define OMPX_FEATURES_ACCLOWERING_H

#include "server/model/Index.h"

#include <optional>
#include <string>

namespace ompx {

struct AccLoweringNote {
  /// Markdown: what the op becomes ("Offloads as `omp.target` ..."), or for
  /// a refused op what the pass cannot map ("reductions on a compute
  /// construct").
  std::string text;
  /// acc-to-omp reports an error at this op: only --device=host runs it.
  bool refused = false;
  /// Refused by --device=host as well (a shape no lowering takes).
  bool hostToo = false;
  bool operator==(const AccLoweringNote &o) const {
    return text == o.text && refused == o.refused && hostToo == o.hostToo;
  }
};

/// The note for op `op` (an index into the chunk's ops), or nullopt for ops
/// that are not OpenACC or that the pass only drops along with their owner
/// (terminators, yields, recipes).
std::optional<AccLoweringNote> accLowering(const ChunkIndex &index, int32_t op);

/// The recorded plan of op `op`, or null.
const AccPlan *accPlanOf(const ChunkAnalysis &analysis, int32_t op);

/// The note that words `plan` (nullopt: the plan has nothing to say).
std::optional<AccLoweringNote> describeAccPlan(const AccPlan &plan);

/// The line hover shows for `note`.
std::string renderAccLowering(const AccLoweringNote &note);

} // namespace ompx

#endif // OMPX_FEATURES_ACCLOWERING_H
