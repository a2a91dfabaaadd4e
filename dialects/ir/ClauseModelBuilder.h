//===- ClauseModelBuilder.h - Clause facts from MLIR IR ---------*- C++ -*-===//
//
// Computes the plain-data OpFacts of omp/acc ops from parsed IR, using the
// static ODS tables for operand groups and the dialects' own interfaces
// (BlockArgOpenMPOpInterface, ComposableOpInterface) and op classes
// (omp.map.info) for bindings and decoded attributes.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_DIALECTS_IR_CLAUSEMODELBUILDER_H
#define OMPX_DIALECTS_IR_CLAUSEMODELBUILDER_H

#include "dialects/ClauseModel.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Operation;
class Value;
} // namespace mlir

namespace ompx {
namespace ods {
struct Op;
} // namespace ods

/// The words of `flags` as MLIR prints them in `map_clauses(...)`, in the
/// enum's order: `delete` and `private`, where the enum's own names (what
/// stringifyClauseMapFlags gives) are `del` and `priv`.
std::vector<std::string> mapClauseWords(mlir::omp::ClauseMapFlags flags);

/// Whether `map` is one of flang-22's implicit firstprivate captures (by
/// copy; over 64 bits, an `implicit, to` map by reference) that OpenMP's
/// implicit data-mapping rules map `tofrom` instead: a scalar with the
/// TARGET attribute, or a character variable (OpenMP's "scalar variable"
/// excludes character type). flang-22 copied both in, so a target region's
/// write to them was lost.
bool implicitCaptureMapsTofrom(mlir::omp::MapInfoOp map);

/// Operand groups of `op` per its ODS description `info`, or nothing when
/// the segments do not add up (an op the verifier will reject).
std::optional<std::vector<OperandGroup>> operandGroups(mlir::Operation *op,
                                                       const ods::Op &info);

/// Facts of every omp/acc op in `ops`; `opIndex` gives the index the
/// caller's tables use for an op. Ops of other
/// dialects get none. Tolerates IR that has not been verified: an op whose
/// operand segments do not add up gets no groups and no bindings.
std::vector<OpFacts>
buildClauseFacts(llvm::ArrayRef<mlir::Operation *> ops,
                 llvm::function_ref<int32_t(mlir::Value)> valueIndex,
                 llvm::function_ref<int32_t(mlir::Operation *)> opIndex);

} // namespace ompx

#endif // OMPX_DIALECTS_IR_CLAUSEMODELBUILDER_H
