//===- AliasCover.h - Run-time clusters of items sharing storage -*- C++
//-*-===//
//
// ompx-section-cover's items of different variables that may share storage
// (an ASSOCIATE name and its array, a pointer and its target, dummies,
// EQUIVALENCE) are compared at run time by one function a module,
// `_QQompx.alias_cover`, so that a construct's code grows with its items,
// not their pairs (40 dummy arrays made 39,000 lines of tests in line).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_ALIASCOVER_H
#define OMPX_PIPELINE_PASSES_ALIASCOVER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <cstdint>

namespace fir {
class KindMapping;
} // namespace fir

namespace ompx::passes {

/// The i64 fields of an item in the function's buffer, in order.
enum AliasField : int64_t {
  kAliasLo,       ///< in: its first host byte's address (0: absent)
  kAliasHi,       ///< in: one past its last
  kAliasFlags,    ///< in: kAliasTo | kAliasFrom | kAliasImplicit
  kAliasLead,     ///< out: its cluster's first item, -1 when it overlaps none
  kAliasCoverLo,  ///< out, on a cluster's first item: the bytes [lo, hi) of
  kAliasCoverHi,  ///<   the one copy its items get; 0 when it gets none
  kAliasMoveTo,   ///< out: 1 where the item's bytes are copied in
  kAliasMoveFrom, ///< out: 1 where they are copied out
  kAliasFields
};
enum : int64_t { kAliasTo = 1, kAliasFrom = 2, kAliasImplicit = 4 };

/// `_QQompx.alias_cover(buf, n, device, nowait) -> i1`, defined once in
/// `module`: the `n` items in `buf` (!fir.ref<!fir.array<?xi64>>,
/// kAliasFields each) form clusters of overlapping byte ranges. A cluster
/// none of whose bytes is present on `device` (i32) gets one copy of the
/// bytes it spans, and each byte of its items moves once; one present in
/// one copy runs as written (an absent byte only of an implicit item,
/// which OpenMP maps as far as present). For a `nowait` (i1) construct,
/// which gets no copy made around it, an absent cluster runs as written
/// where LLVM 22 maps it right: each item inside an earlier one that moves
/// what it moves. True where a cluster is neither: the program must stop.
mlir::func::FuncOp aliasCoverFunction(mlir::ModuleOp module,
                                      const fir::KindMapping &kinds);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_ALIASCOVER_H
