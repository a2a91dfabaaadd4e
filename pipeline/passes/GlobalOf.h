//===- GlobalOf.h - The global a FIR address comes from ---------*- C++ -*-===//
//
// Map clauses and variable uses name a global through its declarations
// (`hlfir.declare`, `fir.declare`, `fir.convert` of a `fir.address_of`);
// passes that ask which global a map or a use is of walk back the same way.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_GLOBALOF_H
#define OMPX_PIPELINE_PASSES_GLOBALOF_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/StringRef.h"

namespace ompx::passes {

/// The symbol of the global `v` is the address of, through its
/// declarations and conversions; empty when it is not one.
llvm::StringRef globalSymbolOf(mlir::Value v);

/// The same, also through element and member addresses (`fir.coordinate_of`
/// of it): the global whose storage `v` lies in (a common block's, for one
/// of its members).
llvm::StringRef storageGlobalOf(mlir::Value v);

/// Whether `v` (LLVM dialect) is the address of a declare target global,
/// which a host copy's target region uses as the device's variable.
bool isDeclareTargetAddress(mlir::Value v);

/// ompx-flang's mark on a global another unit declares target, from that
/// unit's record (`= "link"` for a link one). ompx-declared-elsewhere reads
/// it; the unit's link record (HostCopies.h) lists the marked globals its
/// device code uses, then the compiler drops it.
inline constexpr llvm::StringLiteral kDeclaredElsewhereAttr =
    "ompx.declare_target_elsewhere";

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_GLOBALOF_H
