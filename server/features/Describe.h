//===- Describe.h - Words for clause facts ----------------------*- C++ -*-===//
//
// Short texts that explain clause facts (what a block argument binds, what
// an omp.map.info maps, what bounds say), shared by hover and inlay hints.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_DESCRIBE_H
#define OMPX_FEATURES_DESCRIBE_H

#include "server/model/Index.h"

namespace ompx {

/// The name a user sees for ODS argument `arg`: its keyword (`map_entries`),
/// else its ODS name (`loop_lower_bounds`).
llvm::StringRef argLabel(const ods::Arg &arg);

/// The ODS group (argument) of operand `operand` of op `op` and the operand's
/// position within it, if the op has clause facts.
std::optional<std::pair<const ods::Arg *, uint32_t>>
operandClause(const ChunkIndex &index, int32_t op, uint32_t operand);

/// Entry `entry` of a symbol-list attribute such as `private_syms`
/// (`[@a, @b]`), without the `@`.
std::string symbolEntry(const OpFacts &facts, llvm::StringRef attr,
                        uint32_t entry);

/// The printed value of attribute `name`, or "".
llvm::StringRef attrValue(const OpFacts &facts, llvm::StringRef name);

/// The omp.map.info facts behind value `value` (its defining op), or null.
const OpFacts *mapFactsOf(const ChunkIndex &index, int32_t value);

/// "x" or, for a member map with no name, "base address of x"; for other
/// unnamed maps the mapped value ("`%0`").
std::string mappedName(const Snapshot &s, const ChunkIndex &index,
                       const OpFacts &map);

/// `tofrom` for to+from, else the flags joined with ", ".
std::string mapFlagsText(const MapFacts &map);

/// "lower 0, upper 999999, extent 1000000, stride 1, start_idx 1".
std::string boundsText(const Snapshot &s, const ChunkIndex &index,
                       int32_t boundsValue);

/// What a clause binding makes its block argument, e.g. "device copy of x,
/// mapped tofrom, captured ByRef" or "upper bound of loop dimension 0 of
/// omp.loop_nest, evaluated on the host".
std::string bindingMeaning(const Snapshot &s, const ChunkIndex &index,
                           BindingRef ref);

/// A compact label for inlay hints: "y tofrom", "ub(host)", "priv @sym".
std::string bindingHint(const Snapshot &s, const ChunkIndex &index,
                        BindingRef ref);

/// 1-based line of `offset`.
uint32_t lineOf(const Snapshot &s, uint32_t offset);

} // namespace ompx

#endif // OMPX_FEATURES_DESCRIBE_H
