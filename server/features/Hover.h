//===- Hover.h - Hover that explains omp/acc --------------------*- C++ -*-===//
//
// hover() says what is at a position as a HoverInfo struct (what the thing
// is, its clause, binding, map facts, ...); renderHover() makes the markdown
// the LSP layer sends. Tests check the struct field by field.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_HOVER_H
#define OMPX_FEATURES_HOVER_H

#include "server/features/Describe.h"
#include "server/model/Snapshot.h"

#include <optional>

namespace ompx {

/// An omp.map.info as seen from its result.
struct MapInfo {
  std::string variable; ///< mappedName()
  std::string mapType;  ///< `tofrom`, `to, always`, `none (alloc)`
  std::string capture;  ///< ByRef, ByCopy, ...
  std::string varType;
  std::vector<std::string> bounds; ///< boundsText() of each bounds value
  struct Member {
    std::string value;    ///< `%3`
    std::string variable; ///< what that member maps ("" if unknown)
  };
  std::vector<Member> members;
  std::string varPtr, varPtrPtr; ///< value names ("" if none)
  uint32_t parentLine = 0;       ///< line of the parent map (0: none)
};

/// Where a value comes from.
struct ValueInfo {
  enum class Origin { Unknown, Result, BlockArgument };
  Origin origin = Origin::Unknown;
  std::string type;
  std::string op;     ///< defining op, or the op owning the block
  uint32_t line = 0;  ///< line of `op` (0: no op)
  uint32_t index = 0; ///< result / argument number
  bool resultGroup = false;
  std::optional<MapInfo> map;        ///< a result of omp.map.info
  std::optional<std::string> bounds; ///< a result of omp.map.bounds
  /// A result of an acc data entry op.
  struct AccCopy {
    std::string variable; ///< its `name` ("" if none)
    std::string dataClause;
  };
  std::optional<AccCopy> accCopy;
};

/// `map_entries` #0 of `omp.target` (line 53).
struct ClauseUse {
  std::string clause;
  uint32_t position = 0;
  std::string op;
  uint32_t line = 0;
  bool operator==(const ClauseUse &o) const {
    return clause == o.clause && position == o.position && op == o.op &&
           line == o.line;
  }
};

struct OpHoverInfo {
  std::string symbol; ///< the symbol it defines ("" if none)
  std::string summary;
  std::string description; ///< first paragraph of the ODS description
  bool composite = false;
  std::optional<MapInfo> map; ///< an omp.map.info
  /// An acc data entry/exit op: its clause and the ops it connects to.
  struct AccChain {
    std::string variable;       ///< `name` attribute
    std::string decomposedFrom; ///< `copy` when a copyin came from copy
    std::string dataClause;
    struct Link {
      std::string op;
      std::string clause; ///< the user's clause keyword ("" if none)
      uint32_t line = 0;
    };
    std::vector<Link> users;
    std::optional<Link> entry; ///< an exit op's entry op
  };
  std::optional<AccChain> acc;
  bool partial = false; ///< only the name is known (parse failed)
  /// For a partial op: the error that cost its unit (a top-level op, lines
  /// unitFirst..unitLast) the IR, and whether the parser had reached the op.
  struct PartialCause {
    uint32_t errorLine = 0;
    std::string message;
    bool reached = false; ///< the op's name precedes the error
    uint32_t unitFirst = 0, unitLast = 0;
  };
  std::optional<PartialCause> partialCause;
  struct Clause {
    std::string label;   ///< keyword or ODS name
    std::string odsName; ///< e.g. map_vars
    struct Entry {
      std::string operand;
      std::string blockArg; ///< "" if not bound to a block argument
      std::string mapped;   ///< mapped variable of a map entry
    };
    std::vector<Entry> entries; ///< the first 8
    uint32_t more = 0;          ///< entries beyond those
  };
  std::vector<Clause> clauses;
  std::vector<AttrFact> attrs;
};

struct ValueHoverInfo {
  /// An entry block argument bound by a clause.
  std::optional<BindingInfo> binding;
  uint32_t outerLine = 0;         ///< where the bound value is defined
  std::optional<ValueInfo> outer; ///< the bound value
  bool showBlockArgType = false;  ///< its type differs from the outer one
  /// A use in an op's clause list.
  struct OperandOf {
    std::string op, clause;
    uint32_t position = 0;
    std::vector<std::string> blockArgs; ///< what it binds to in the region
  };
  std::optional<OperandOf> operandOf;
  ValueInfo value;
  std::vector<ClauseUse> inClauses; ///< the first 6
};

struct SymbolHoverInfo {
  bool defined = false; ///< defined in this chunk
  std::string op;
  uint32_t line = 0;
  std::string privatizerKind, type;
  bool hasSummary = false;
  std::string summary;
  std::vector<std::string> regions;
};

struct KeywordHoverInfo {
  std::string op;
  std::string clause;  ///< the OpenMP clause ("" if none)
  std::string odsName; ///< the argument it sets
  bool hasClauseDoc = false;
  std::string clauseDoc;
};

struct EnumHoverInfo {
  std::string enumName, arg, op;
  std::vector<std::string> cases;
};

struct HoverInfo {
  enum class Kind { Op, Value, Symbol, Keyword, EnumCase, MapTypeWord };
  Kind kind = Kind::Op;
  TextRange range;
  std::string name; ///< "omp.target", "%arg5", "@sym", "map_entries"
  std::optional<OpHoverInfo> op;
  std::optional<ValueHoverInfo> value;
  std::optional<SymbolHoverInfo> symbol;
  std::optional<KeywordHoverInfo> keyword;
  std::optional<EnumHoverInfo> enumCase;
  /// From the last version of its unit that parsed (it does not now).
  bool stale = false;
};

/// What is at `offset`: an op name, a value (its clause entry and bound
/// outer value, what it maps), a symbol, a clause keyword or an enum value.
/// Uses whatever the chunk's analysis reached, so it also works in chunks
/// with errors.
std::optional<HoverInfo> hover(const Snapshot &snapshot, uint32_t offset);

/// The markdown shown for `info`.
std::string renderHover(const HoverInfo &info);

} // namespace ompx

#endif // OMPX_FEATURES_HOVER_H
