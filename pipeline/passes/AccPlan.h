//===- AccPlan.h - The acc-to-omp decisions, from IR ------------*- C++ -*-===//
//
// planAccToOmp() decides, without changing the IR, what `ompx-acc-to-omp`
// makes of one OpenACC op (dialects/AccPlan.h): the level of each loop, the
// route of each firstprivate, each data op's map type, or the refusal and
// its reason. The pass reads its decisions from here; the worker records
// the plan of each acc op for hover.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PASSES_ACCPLAN_H
#define OMPX_PASSES_ACCPLAN_H

#include "dialects/AccPlan.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir {
class Block;
class Operation;
class Type;
class Value;
namespace acc {
class LoopOp;
} // namespace acc
} // namespace mlir

namespace ompx {

/// The plan for `op`; `becomes` is Nothing for ops that are not OpenACC or
/// that the pass only drops with their owner (terminators, recipes).
AccPlan planAccToOmp(mlir::Operation *op);

/// The plan for data entry op `entry` as a clause of the standalone data op
/// `user` (acc.enter_data, exit_data, update, declare_enter/exit): its map
/// type (`mapFlags`) or the refusal.
AccPlan planAccDataUse(mlir::Operation *entry, mlir::Operation *user);

/// Whether `op` can be cloned wherever its operands are available: no
/// regions, no memory effects, not OpenACC.
bool accIsCloneable(mlir::Operation *op);

/// Whether `op` only names storage (declares, designators, scopes) or is
/// cloneable: the device may repeat it.
bool accIsDeclarative(mlir::Operation *op);

/// The parts acc-to-omp splits kernels region `body` into: each top-level
/// op in order (`top`) with the part it goes to (`partOf`; -1: repeated in
/// every part, as declarations and loads are). A loop nest is a part, and
/// so is each stretch of code between them. Returns the number of parts;
/// with more than one, the pass runs each as its own kernel inside an
/// `omp.target_data` holding the kernels' clauses.
int accKernelsParts(mlir::Block &body,
                    llvm::SmallVectorImpl<mlir::Operation *> &top,
                    llvm::SmallVectorImpl<int> &partOf);

/// The init block of acc.private `priv`'s recipe when the pass can inline
/// it (one block, a destroy region of at most one block), else null.
mlir::Block *accPrivateInit(mlir::Operation *priv);

/// The destroy block of acc.private `priv`'s recipe (a heap copy's free,
/// for an automatic array), or null when it has none.
mlir::Block *accPrivateDestroy(mlir::Operation *priv);

/// The level `loop` runs at by its own clauses (in a kernels region or a
/// parallel construct), when it is not nested in another partitioned loop.
AccLevel accLoopLevel(mlir::acc::LoopOp loop, bool kernels);

/// How the pass passes a firstprivate of type `type` (the variable's type,
/// references unwrapped) into a kernel.
enum class AccFirstprivateRoute : uint8_t {
  ByCopy, ///< a scalar of 64 bits at most: captured by copy
  Copied, ///< mapped `to` from a host copy and copied in the region
  Refused,
};
AccFirstprivateRoute accFirstprivateRoute(mlir::Type type);

/// Why the pass cannot map a clause's variable `var` (its host value;
/// `hasBounds`: the clause gives bounds), or None.
AccRefusal accMapProblem(mlir::Value var, bool hasBounds);

/// Why the pass converts compute construct or acc.loop `op` nowhere, in any
/// context (EmptyRegion, LoopBlocks, ContainerLoop: shapes it refuses
/// before LLVM's acc preparation runs), or None.
AccRefusal accShapeProblem(mlir::Operation *op);

/// Whether data entry `entry` is create(zero:) or copyout(zero:): OpenMP
/// maps never zero memory (acc-to-omp zeroes a new copy itself where
/// accZeroable).
bool accZeroModifier(mlir::Operation *entry);

/// Whether acc-to-omp zeroes the device copy that data entry `entry`
/// (create(zero:) / copyout(zero:)) makes: a whole variable of intrinsic
/// numeric type, scalar or of constant shape.
bool accZeroable(mlir::Operation *entry);

/// Whether box value `box` is known to describe a contiguous array (a
/// declared explicit-shape or `contiguous` array, an allocatable's data).
bool accContiguousBox(mlir::Value box);

/// The map type of data entry op `entry` as a clause of a compute construct
/// or data region (ompx_hold: structured), with `from` when an acc.copyout
/// ends it; nullopt when no map type expresses it. The zero modifier is
/// the caller's to refuse.
std::optional<mlir::omp::ClauseMapFlags>
accStructuredMapFlags(mlir::Operation *entry);

} // namespace ompx

#endif // OMPX_PASSES_ACCPLAN_H
