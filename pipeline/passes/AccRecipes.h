//===- AccRecipes.h - Copies made from OpenACC recipes ----------*- C++ -*-===//
//
// Shared by ompx-acc-to-omp (a firstprivate copy per team) and
// ompx-acc-host-fallback (the copy upstream's host specialization omits).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_ACCRECIPES_H
#define OMPX_PIPELINE_PASSES_ACCRECIPES_H

#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/IR/Builders.h"

namespace ompx::passes {

/// Whether `recipe` can copy a variable without bounds: a single-block init
/// and copy, no destroy region.
bool isSimpleFirstprivateRecipe(mlir::acc::FirstprivateRecipeOp recipe);

/// A firstprivate copy of `orig` made at `b`: `recipe`'s init, then its
/// copy from `orig`. Returns the copy.
mlir::Value copyWithRecipe(mlir::OpBuilder &b,
                           mlir::acc::FirstprivateRecipeOp recipe,
                           mlir::Value orig);

/// Gives each firstprivate of the acc.parallel, acc.serial and acc.loop ops
/// under `root` its copy, made before the op (the construct runs inline on
/// the host): acc-specialize-for-host would let the region write the
/// original. Firstprivates with bounds or a destroy region are left as
/// they are.
void copyFirstprivatesForHost(mlir::Operation *root);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_ACCRECIPES_H
