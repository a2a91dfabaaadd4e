//===- ElementAccess.h - Element offsets for the checked launch -*- C++ -*-===//
//
// The checked launch's watches (SectionWatch.cpp, StaleWatch.cpp) add code
// before a kernel's element accesses that needs each element's byte offset
// from the array's first element: these give it from the array's declare
// in the region.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_ELEMENTACCESS_H
#define OMPX_PIPELINE_PASSES_ELEMENTACCESS_H

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace hlfir {
class DesignateOp;
} // namespace hlfir

namespace ompx::passes {

/// The bytes of an element of intrinsic type `t` (real(10) aside: its
/// storage is padded).
std::optional<int64_t> elementBytes(mlir::Type t);

/// The lower bounds (null for 1) and extents a declare's shape gives, or
/// false for any shape but fir.shape and fir.shape_shift.
bool boundsOf(mlir::Value shape, llvm::SmallVectorImpl<mlir::Value> &lbs,
              llvm::SmallVectorImpl<mlir::Value> &extents);

/// The byte offset (i64) from the array's first element of the element
/// `des` designates (one index per dimension of `lbs`/`extents`, elements
/// of `bytes` each), computed at `b`'s insertion point.
mlir::Value byteOffsetOf(mlir::OpBuilder &b, hlfir::DesignateOp des,
                         llvm::ArrayRef<mlir::Value> lbs,
                         llvm::ArrayRef<mlir::Value> extents, int64_t bytes);

/// The byte offset (i64) from the array's first element of the element
/// `des` designates in a descriptor (one index per dimension), from the
/// descriptor's lower bounds and byte strides, at `b`'s insertion point.
mlir::Value byteOffsetInBox(mlir::OpBuilder &b, hlfir::DesignateOp des);

/// A target's map entry a watch follows: its map, the block argument the
/// region receives it through, its element size.
struct WatchedEntry {
  mlir::omp::MapInfoOp info;
  mlir::BlockArgument arg;
  int64_t bytes;
};

/// Calls `watch` for each map entry of each target in `module` that
/// `select` gives an element size, with whether the target's region is a
/// nest of constructs (host_eval). A target's entries are gathered before
/// any is watched (adding an entry changes the block arguments); none of a
/// target without a frame for a watch.
void forEachWatchedEntry(
    mlir::ModuleOp module,
    llvm::function_ref<std::optional<int64_t>(mlir::omp::MapInfoOp)> select,
    llvm::function_ref<void(mlir::omp::TargetOp, const WatchedEntry &, bool)>
        watch);

/// Maps, next to `info` on `target`, a watch `NAME` + `tag` of i64 slots
/// set to `initial` before the construct, tofrom. Its storage lives in the
/// frame of the innermost parallel region or task around the construct,
/// so threads running it at once each have their own. Slot `lbSlot` (when
/// not negative) takes the lower bound of a one-dimensional array (`rank`
/// 1) as the host declares it instead, if known. The block argument the
/// region receives it through.
mlir::BlockArgument mapWatch(mlir::omp::TargetOp target,
                             mlir::omp::MapInfoOp info, llvm::StringRef tag,
                             llvm::ArrayRef<int64_t> initial, int lbSlot,
                             size_t rank);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_ELEMENTACCESS_H
