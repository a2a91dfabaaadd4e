//===- TargetEntries.h - Adding entries to an omp.target ---------*- C++
//-*-===//
//
// An omp.target receives each map entry and host_eval value through an
// entry block argument at a fixed place: the passes that add an entry add
// both through these.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_TARGETENTRIES_H
#define OMPX_PIPELINE_PASSES_TARGETENTRIES_H

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/StringRef.h"

namespace ompx::passes {

/// Appends `map` (an omp.map.info result) to `target`'s map entries and the
/// entry block argument, of `map`'s type, the region receives it through.
mlir::BlockArgument appendMapEntry(mlir::omp::TargetOp target, mlir::Value map);

/// Appends `value` to `target`'s host_eval values and its block argument.
mlir::BlockArgument appendHostEval(mlir::omp::TargetOp target,
                                   mlir::Value value, mlir::Location loc);

/// Where storage a pass adds for construct `op` lives: the entry block of
/// the innermost enclosing parallel, task or other outlined construct (its
/// threads each get their own), else of the function. Null without either.
mlir::Block *allocaBlockFor(mlir::Operation *op);

/// The entry block argument of `target`'s map entry `map`, or null.
mlir::BlockArgument mapArgOf(mlir::omp::TargetOp target, mlir::Value map);

/// The location of a watch map a checked build adds beside the map at
/// `loc` (its name `NAME` + `tag`): flang names its maps by a NameLoc,
/// which the translation prefers to the op's name, so a NameLoc gets the
/// tag too (`s#reads`); the checker finds its watches by it.
mlir::Location taggedMapLoc(mlir::Location loc, llvm::StringRef tag);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_TARGETENTRIES_H
