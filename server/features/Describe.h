//===- Describe.h - Clause facts as feature structs and words ---*- C++ -*-===//
//
// What a clause binding, a host_eval role or an attribute is, first as
// structs the features return (and unit tests check field by field), then
// the short texts hover and inlay hints render from them.
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

/// Value `value` as op `op` spells it among its operands (`%3#1`), else
/// its name at the definition.
std::string valueRefName(const Snapshot &s, const ChunkAnalysis &a, int32_t op,
                         int32_t value);

/// The omp.map.info facts behind value `value` (its defining op), or null.
const OpFacts *mapFactsOf(const ChunkIndex &index, int32_t value);

/// "x" or, for a member map with no name, its place in the parent: "p%a",
/// "base address of p%a" (from the members_index path and the parent's
/// record type), else "p member [1, 0]"; for other unnamed maps the mapped
/// value ("`%0#1`").
std::string mappedName(const Snapshot &s, const ChunkIndex &index,
                       const OpFacts &map);

/// `tofrom` for to+from, else the flags joined with ", ".
std::string mapFlagsText(const MapFacts &map);

/// "lower 0, upper 999999, extent 1000000, stride 1, start_idx 1".
std::string boundsText(const Snapshot &s, const ChunkIndex &index,
                       int32_t boundsValue);

/// An attribute as MLIR would print it, without the dialect wrapper.
std::string attrText(const AttrFact &attr);
/// The case of an enum attribute or the string of a string attribute
/// `name`, or "" when the op has no such attribute.
std::string attrWord(const OpFacts &facts, llvm::StringRef name);

/// A host_eval role with the user op named.
struct RoleInfo {
  HostEvalKind kind = HostEvalKind::NotAClause;
  ClauseGroup group = ClauseGroup::None;
  uint32_t dimension = 0;
  bool showDimension = false; ///< a loop nest or a group of several
  std::string user;           ///< e.g. "omp.loop_nest"
};

/// What a clause binding makes its entry block argument.
struct BindingInfo {
  ClauseGroup group = ClauseGroup::None;
  std::string clause; ///< as written: `map_entries`, `host_eval`, `private`
  uint32_t entry = 0;
  std::string owner; ///< the op of the clause, e.g. "omp.target"
  std::string outer; ///< the bound value ("" when unknown)
  /// map_vars, use_device_*, has_device_addr: the omp.map.info behind it.
  bool mapped = false;
  /// mappedName(); private/reduction: the Fortran variable (or "")
  std::string variable;
  std::string mapType; ///< mapFlagsText()
  std::string capture;
  /// private/reduction: the recipe and, for a privatizer, its kind.
  std::string symbol;
  std::string privatizerKind;
  /// host_eval: what the value feeds.
  std::vector<RoleInfo> roles;
};

BindingInfo describeBinding(const Snapshot &s, const ChunkIndex &index,
                            BindingRef ref);

/// "upper bound of loop dimension 0 of omp.loop_nest".
std::string roleText(const RoleInfo &role);
/// "ub", "num_teams", ...
std::string roleShort(const RoleInfo &role);

/// What a clause binding makes its block argument, e.g. "device copy of
/// **x**, mapped `tofrom`, captured `ByRef`" or "upper bound of loop
/// dimension 0 of omp.loop_nest, evaluated on the host".
std::string bindingMeaning(const BindingInfo &b);

/// A compact label for inlay hints: "y tofrom", "ub(host)", "private %5".
std::string bindingHint(const BindingInfo &b);

/// 1-based line of `offset`.
uint32_t lineOf(const Snapshot &s, uint32_t offset);

} // namespace ompx

#endif // OMPX_FEATURES_DESCRIBE_H
