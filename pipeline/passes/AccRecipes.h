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
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {

/// Clones `block`'s ops but its terminator at `b`, its arguments standing
/// for `args` (in order; fewer args leave the rest unmapped). Returns the
/// values the terminator yields, as cloned.
llvm::SmallVector<mlir::Value>
cloneRecipeBlock(mlir::OpBuilder &b, mlir::Block &block, mlir::ValueRange args);

/// A new, uninitialized copy of `orig` made at `b` by `recipe`'s init.
mlir::Value initWithRecipe(mlir::OpBuilder &b,
                           mlir::acc::FirstprivateRecipeOp recipe,
                           mlir::Value orig);

/// Whether `recipe` can copy a variable without bounds: a single-block init
/// and copy, and a single-block destroy if any.
bool isSimpleFirstprivateRecipe(mlir::acc::FirstprivateRecipeOp recipe);

/// A firstprivate copy of `orig` made at `b`: `recipe`'s init, then its
/// copy from `orig`. Returns the copy.
mlir::Value copyWithRecipe(mlir::OpBuilder &b,
                           mlir::acc::FirstprivateRecipeOp recipe,
                           mlir::Value orig);

/// `recipe`'s destroy region for the copy of `orig` made by copyWithRecipe
/// (nothing when it has none).
void destroyWithRecipe(mlir::OpBuilder &b,
                       mlir::acc::FirstprivateRecipeOp recipe, mlir::Value orig,
                       mlir::Value copy);

/// Gives each acc.firstprivate under `root` its copy on the host, made
/// before the construct or loop that lists it and destroyed after it (the
/// construct runs inline there), or around its other uses (a body that
/// acc-if-clause-lowering kept for the host): acc-specialize-for-host
/// would let the region write the original. An array section or a recipe
/// with bounds is left as it is, with a warning.
void copyFirstprivatesForHost(mlir::Operation *root);

/// Gives each acc.private under `root` its copy on the host from its
/// recipe, as copyFirstprivatesForHost does: around the construct or loop
/// that lists it, or around the body acc-if-clause-lowering kept for the
/// host. acc-specialize-for-host would let the region write the original
/// (`do i = 1, 5` left the host's i at 5; `serial private(t)` or
/// `parallel loop if(.false.) private(t)` wrote the host's t). A private
/// with bounds or a recipe of several blocks or a run-time shape is left as
/// it is, with a warning.
void copyPrivatesForHost(mlir::Operation *root);

/// flang-22's private recipe for a fixed-size array of derived type (and a
/// scalar of one) yields its argument: no copy, so every device and the
/// host wrote the original. Such an init makes storage of its own now (a
/// fir.alloca of the type, as its recipes for intrinsic types do); one of a
/// type with allocatable components is left to the refusals.
void ownPrivateCopies(mlir::ModuleOp module);

/// flang-22's private (and firstprivate) recipe for a fixed-size array
/// with lower bounds other than 1 (`real(8) :: fl(0:8)`, a box-typed
/// recipe) yields the address of its heap copy, not a box: the region's
/// uses, which take the box's address, did not verify. The init yields a
/// box of its copy now.
void boxPrivateInits(mlir::ModuleOp module);

/// acc-if-clause-lowering's host branch of a compute construct with `if`
/// (or `self`) uses the variables themselves where the construct used their
/// private copies (a private made inside it, as a combined construct's loop
/// private is, is gone there): a write reached the host's variable. Before
/// it runs, tagPrivateUses marks each use of a private copy inside such a
/// construct; after, copyTaggedPrivatesForHost gives the marked uses in the
/// host branch one copy from the private's recipe (outside the loops among
/// them) and drops the marks.
void tagPrivateUses(mlir::ModuleOp module);
void copyTaggedPrivatesForHost(mlir::ModuleOp module);

/// Firstprivate of an array section (of a constant-shape array of intrinsic
/// elements) becomes firstprivate of the whole array, with a recipe of
/// ours, and the construct's region uses the copy: flang-22's section
/// recipe indexes past its storage and its region uses the variable itself.
void wholeArrayFirstprivates(mlir::ModuleOp module);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_ACCRECIPES_H
