//===- AccStructure.h - Shapes the acc passes rely on -----------*- C++ -*-===//
//
// Shared by ompx-acc-host-fallback and ompx-acc-to-omp: LLVM 22's
// acc-specialize-for-host assumes (by an assert that release builds drop)
// that every construct it inlines has a single block, and inlines only the
// first block of the others, silently dropping the rest; its lowering of
// acc.atomic.update keeps only the first op of the update's expression.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_ACCSTRUCTURE_H
#define OMPX_PIPELINE_PASSES_ACCSTRUCTURE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace ompx::passes {

/// Gives every compute, data, host_data and declare construct under `root`
/// whose region has several blocks (flang's unstructured code: a loop with
/// `exit`, `cycle` or `goto` directly in the construct) a single block that
/// holds its control flow in an scf.execute_region. Fails, with an error
/// at the construct, for a region this cannot move (block arguments, a
/// terminator with operands).
mlir::LogicalResult wrapMultiBlockAccRegions(mlir::Operation *root);

/// Refuses, with an error at each (`pass`: the message's prefix), the
/// compute constructs and loops under `root` whose shape no lowering takes
/// (AccPlan.h's accShapeProblem: an empty compute region, a loop with
/// bounds and several body blocks, an acc.loop without bounds around
/// other loops); acc-specialize-for-host crashes on some of them, so this
/// runs first. Fails when it refused one.
mlir::LogicalResult refuseAccShapes(mlir::Operation *root,
                                    llvm::StringRef pass);

/// What acc-to-omp and host fallback both do to OpenACC input first, in
/// order: private recipes that make no copy get one (ownPrivateCopies),
/// loop bounds of another kind than the DO variable and atomic reads
/// between types are converted, the shapes no lowering takes are refused
/// (naming `pass`), constructs of several blocks are wrapped into one,
/// sections of firstprivate arrays become whole arrays, and a loop
/// variable read after its loop gets a copy of its own. Fails after an
/// error at an op.
mlir::LogicalResult prepareAccInput(mlir::ModuleOp module,
                                    llvm::StringRef pass);

/// An acc.loop whose bounds or step have another integer type than its
/// induction variable (`integer(8) :: k` over `1, n` of default kind):
/// omp.loop_nest requires one type, and acc-to-omp's nest failed to
/// verify. The bounds are converted to the variable's type before the loop.
void convertAccLoopBounds(mlir::Operation *root);

/// An acc.atomic.read whose variable `v` has another type than `x`
/// (`vr = x4`, real from integer): flang-22 leaves the conversion to the
/// lowering, and acc-to-omp's read stored x's bits in v (1.E-44 for 7.0,
/// or 8 bytes into a 4-byte element) while host fallback dropped the read.
/// Each reads into a temporary of x's type now, converted into v after the
/// read (after its capture). Fails, with an error at the op, where no
/// conversion applies (a complex read into a real).
mlir::LogicalResult convertAccAtomicReads(mlir::Operation *root);

/// Lowers, as the host runs them, every acc.atomic.capture (its two atomic
/// ops in order) and acc.atomic.update under `root` (load, the whole
/// update expression, store). Fails, with an error at the op, for an update
/// whose expression has several blocks or whose variable cannot be loaded.
mlir::LogicalResult lowerAccAtomicsForHost(mlir::Operation *root);

/// Rewrites every acc.loop under `root` (and `root` itself, if a loop) whose
/// step is not a positive constant to count from 0 by 1 over its trip count,
/// the induction variable recomputed as lb + k * step in the body: LLVM 22's
/// acc.loop-to-scf.for conversion keeps the step, and scf.for runs no
/// iteration with a negative one. Fails, with an error at the loop, for
/// bounds of several types.
mlir::LogicalResult normalizeAccLoopSteps(mlir::Operation *root);

/// Gives the code after each acc.loop under `root` its loop variables'
/// final values (Fortran's lb + trips * step, 11 after `do i = 1, 10`).
/// flang-22 makes a loop's variable an acc.private copy, so the code after
/// the loop read the variable as it was before it (OpenACC 3.3 2.6.1: it is
/// private to the thread that runs the loop, which then reads its value):
/// such uses, in the loop's block after it, read a copy of their own
/// holding that value.
void keepLoopVariablesFinalValues(mlir::Operation *root);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_ACCSTRUCTURE_H
