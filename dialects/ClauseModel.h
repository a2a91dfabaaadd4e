//===- ClauseModel.h - Clause facts of omp/acc op instances -----*- C++ -*-===//
//
// Plain data about one op instance of the omp or acc dialect: which ODS
// operand group (and so which clause) each operand belongs to, which entry
// block argument each clause entry binds to which outer value, what an
// `omp.map.info` maps, what a host-evaluated value feeds. Built next to the
// IR (ClauseModelBuilder.h) and read by the server, the CLI and the pipeline
// without MLIR. Values and ops are indices into the caller's tables.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_DIALECTS_CLAUSEMODEL_H
#define OMPX_DIALECTS_CLAUSEMODEL_H

#include <cstdint>
#include <string>
#include <vector>

namespace ompx {

/// One non-empty ODS operand group of an op instance.
struct OperandGroup {
  uint16_t odsArg = 0; ///< index into ods::Op::argList()
  uint32_t first = 0;  ///< first operand number
  uint32_t count = 0;
};

/// `%outer -> %blockArg` in a clause list of a BlockArgOpenMPOpInterface op.
struct EntryBinding {
  int32_t blockArg = -1; ///< value index of the entry block argument
  uint16_t odsArg = 0;   ///< operand group of the clause (e.g. map_vars)
  uint32_t entry = 0;    ///< position within the clause
  uint32_t operand = 0;  ///< operand number in the op
  int32_t outer = -1;    ///< value index of the bound operand (-1: unknown)
  /// host_eval only: what the value feeds, e.g. "upper bound of loop
  /// dimension 0 of omp.loop_nest".
  std::vector<std::string> roles;
};

/// An inherent attribute present on the op, printed.
struct AttrFact {
  std::string name;
  std::string value;
};

/// What an `omp.map.info` maps.
struct MapFacts {
  std::string varName;
  std::vector<std::string> flags; ///< to, from, always, implicit, ...
  std::string capture;            ///< ByRef, ByCopy, This, VLAType
  std::string varType;
  std::string mapper;
  int32_t varPtr = -1, varPtrPtr = -1; ///< value indices
  std::vector<int32_t> members;        ///< value indices of member maps
  std::vector<int32_t> bounds;         ///< value indices
  int32_t parent = -1; ///< op index of the map.info this one is a member of
  bool partial = false;
};

/// An operand group's values as text: a constant's literal where the value
/// is a constant, else "" (the reader names the value itself).
struct OperandConstant {
  uint32_t operand = 0;
  std::string literal;
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
  /// omp: the construct this op is a leaf of in a composite/combined
  /// construct ("composite", "combined"), or "".
  std::string composite;
};

} // namespace ompx

#endif // OMPX_DIALECTS_CLAUSEMODEL_H
