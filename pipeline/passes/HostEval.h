//===- HostEval.h - Recomputing host_eval values in a target ----*- C++ -*-===//
//
// Shared by ompx-map-host-eval (which asks whether a value can be
// recomputed) and ompx-host-eval-remat (which recomputes it).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_HOSTEVAL_H
#define OMPX_PIPELINE_PASSES_HOSTEVAL_H

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace ompx::passes {

/// Clones the computation of the host value `value` to the builder's
/// insertion point (the start of the target region), reading variables
/// through the target's map entries. Only constants, pure ops and reads of
/// mapped variables qualify; anything else returns null. Without a builder
/// it only answers whether that is possible.
mlir::Value rematerializeInTarget(mlir::Value value, mlir::omp::TargetOp target,
                                  mlir::OpBuilder *builder,
                                  mlir::IRMapping &mapping, unsigned depth = 0);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_HOSTEVAL_H
