//===- ClauseModel.h - Clause facts of omp/acc op instances -----*- C++ -*-===//
//
// Plain data about one op instance of the omp or acc dialect: which ODS
// operand group (and so which clause) each operand belongs to, which entry
// block argument each clause entry binds to which outer value, what an
// `omp.map.info` maps, what a host-evaluated value feeds. Built next to the
// IR (ClauseModelBuilder.h) and read by the server and the CLI without MLIR.
// Values and ops are indices into the caller's tables.
//
// Facts are typed: groups are ClauseGroup enumerators, symbol lists are
// lists, flags are booleans, host_eval roles are structs. Text appears only
// where nothing structured exists (a type, an attribute of unknown kind) and
// is made into words by whoever renders.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_DIALECTS_CLAUSEMODEL_H
#define OMPX_DIALECTS_CLAUSEMODEL_H

#include "dialects/ClauseGroup.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ompx {

/// One non-empty ODS operand group of an op instance.
struct OperandGroup {
  uint16_t odsArg = 0; ///< index into ods::Op::argList()
  ClauseGroup group = ClauseGroup::None;
  uint32_t first = 0; ///< first operand number
  uint32_t count = 0;
};

/// What a host-evaluated value feeds.
enum class HostEvalKind : uint8_t {
  LowerBound,    ///< loop_lower_bounds of omp.loop_nest
  UpperBound,    ///< loop_upper_bounds
  Step,          ///< loop_steps
  NumTeamsLower, ///< num_teams_lower of omp.teams
  NumTeamsUpper, ///< num_teams_upper
  ThreadLimit,   ///< thread_limit of omp.teams
  NumThreads,    ///< num_threads of omp.parallel
  OtherClause,   ///< another operand group (`group` says which)
  NotAClause,    ///< an operand of an op without clause facts: invalid
};

struct HostEvalRole {
  HostEvalKind kind = HostEvalKind::NotAClause;
  ClauseGroup group = ClauseGroup::None; ///< the user's operand group
  int32_t user = -1;                     ///< op index of the op using the value
  uint32_t dimension = 0; ///< position in the group (the loop dimension)
  uint32_t groupSize = 0; ///< entries in that group (loop nest depth)
  bool operator==(const HostEvalRole &o) const {
    return kind == o.kind && group == o.group && user == o.user &&
           dimension == o.dimension && groupSize == o.groupSize;
  }
};

/// `%outer -> %blockArg` in a clause list of a BlockArgOpenMPOpInterface op.
struct EntryBinding {
  int32_t blockArg = -1; ///< value index of the entry block argument
  uint16_t odsArg = 0;   ///< operand group of the clause (e.g. map_vars)
  ClauseGroup group = ClauseGroup::None;
  uint32_t entry = 0;   ///< position within the clause
  uint32_t operand = 0; ///< operand number in the op
  int32_t outer = -1;   ///< value index of the bound operand (-1: unknown)
  /// private/reduction clauses: the recipe symbol of this entry (no `@`).
  std::string symbol;
  /// private/reduction/use_device_*: the Fortran variable the bound value is
  /// (`bindc_name`/`uniq_name` of its declare), "" if unknown.
  std::string variable;
  /// host_eval only: what the value feeds, each once.
  std::vector<HostEvalRole> roles;
};

enum class AttrKind : uint8_t {
  Flag,       ///< UnitAttr or BoolAttr: `flag`
  Integer,    ///< IntegerAttr: `integer`, its type in `text`
  Enum,       ///< a dialect enum: the case in `text`, `enumIndex`
  Symbol,     ///< SymbolRefAttr: `text` without `@`
  SymbolList, ///< ArrayAttr of SymbolRefAttr: `list` without `@`
  String,     ///< StringAttr: `text` unquoted
  Type,       ///< TypeAttr: the printed type in `text`
  IntArray,   ///< DenseI32/I64ArrayAttr: `integers`
  Other,      ///< anything else: printed in `text` (a bool array's
              ///< values also in `integers`, 0 or 1)
};

/// An inherent attribute present on the op.
struct AttrFact {
  std::string name; ///< ODS name
  AttrKind kind = AttrKind::Other;
  bool flag = false;
  int64_t integer = 0;
  int32_t enumIndex = -1; ///< ods::enumAt() of an Enum
  std::string text;
  std::vector<std::string> list;
  std::vector<int64_t> integers;
};

/// What an `omp.map.info` maps.
struct MapFacts {
  std::string varName;
  std::vector<std::string> flags; ///< ClauseMapFlags cases: to, from, ...
  std::string capture;            ///< ByRef, ByCopy, This, VLAType
  std::string varType;
  std::string mapper;
  int32_t varPtr = -1, varPtrPtr = -1; ///< value indices
  std::vector<int32_t> members;        ///< value indices of member maps
  std::vector<int32_t> bounds;         ///< value indices
  int32_t parent = -1; ///< op index of the map.info this one is a member of
  bool partial = false;
  /// An implicit by-copy capture OpenMP maps tofrom (a TARGET scalar, a
  /// character variable): ompx builds it so (implicitCaptureMapsTofrom).
  bool openmpTofrom = false;
  /// A member map: its path in the parent's `members_index` (`[1, 0]`) and
  /// what each step names in the parent's var type: a component name, or
  /// "" for a descriptor's base address. memberPath is empty when the type
  /// does not explain the whole path (not a FIR record/descriptor).
  std::vector<int64_t> memberIndex;
  std::vector<std::string> memberPath;
};

/// An operand that is a constant integer (omp.map.bounds), with its value.
struct OperandConstant {
  uint32_t operand = 0;
  int64_t value = 0;
};

struct OpFacts {
  int32_t op = -1;    ///< op index
  int32_t odsOp = -1; ///< index into ods::allOps()
  /// False when the operand segments do not add up (the verifier will say
  /// why); such an op has no groups and no bindings.
  bool segmentsValid = true;
  std::vector<OperandGroup> groups;
  std::vector<AttrFact> attrs;
  std::vector<EntryBinding> bindings;
  std::vector<OperandConstant> constants;
  bool hasMap = false;
  MapFacts map;
  /// Ops using this op's first result (acc entry ops, omp.map.info,
  /// omp.map.bounds), as op indices.
  std::vector<int32_t> users;
  /// omp: a leaf of a composite construct (ComposableOpInterface).
  bool composite = false;

  /// The attribute named `name`, or null.
  const AttrFact *attr(llvm::StringRef name) const {
    for (const AttrFact &a : attrs)
      if (a.name == name)
        return &a;
    return nullptr;
  }
};

} // namespace ompx

#endif // OMPX_DIALECTS_CLAUSEMODEL_H
