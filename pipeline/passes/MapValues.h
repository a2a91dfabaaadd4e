//===- MapValues.h - Comparing the values map entries name -------*- C++
//-*-===//
//
// Whether two map entries name the same storage or the same section: the
// passes that merge, split or check a construct's entries of one variable
// compare them through these.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_MAPVALUES_H
#define OMPX_PIPELINE_PASSES_MAPVALUES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompx::passes {

/// Whether `a` and `b` compute the same value: one value, equal constants,
/// or the same op of the same values. With `addressOnly`, only ops that
/// compute an address (a global's, a declaration, a conversion, a
/// component's) are followed: the same address, not the same contents.
bool sameValue(mlir::Value a, mlir::Value b, bool addressOnly,
               unsigned depth = 0);

/// Whether two map entries (omp.map.info results) take the same part of
/// their variable: the same bounds, or both none.
bool sameSection(mlir::Value a, mlir::Value b);

/// Whether a map clause item's name (flang's `name` of the entry) is a
/// whole variable: `v`, `v(:)`, `v(:, :)`, not `v(1:4)`.
bool namesWholeVariable(llvm::StringRef name);

/// Whether record type `type` (a fir::RecordType) has an allocatable or
/// pointer component at any depth: what a mapper's deep copy is for.
bool hasDescriptorComponents(mlir::Type type);

/// The storage `v` (a variable's address) is part of, as far as the IR
/// says: through declarations (an EQUIVALENCE's storage, an ASSOCIATE
/// name's selector), designators (an ASSOCIATE name's section), conversions
/// and coordinates.
mlir::Value storageRoot(mlir::Value v);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_MAPVALUES_H
