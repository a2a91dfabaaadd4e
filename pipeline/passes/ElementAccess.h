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

#include "mlir/IR/Builders.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

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

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_ELEMENTACCESS_H
