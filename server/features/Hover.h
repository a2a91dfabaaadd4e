//===- Hover.h - Hover that explains omp/acc --------------------*- C++ -*-===//
//
// hover() says what is at a position as a HoverInfo struct (what the thing
// is, its clause, binding, map facts, ...); renderHover() makes the markdown
// the LSP layer sends. Tests check the struct field by field.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_HOVER_H
#define OMPX_FEATURES_HOVER_H

#include "server/features/AccLowering.h"
#include "server/features/Describe.h"
#include "server/model/Snapshot.h"

#include <optional>

namespace ompx {

/// An omp.map.info as seen from its result.
struct MapInfo {
  std::string variable; ///< mappedName()
  std::string mapType;  ///< `tofrom`, `to, always`, `none (alloc)`
  /// A descriptor's map (an allocatable, a pointer, an assumed-shape
  /// dummy): the map type of its data, the member at its base address,
  /// which is what the clause said ("" otherwise).
  std::string dataMapType;
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
  bool openmpTofrom = false;     ///< MapFacts::openmpTofrom
};

/// Where a value comes from.
struct ValueInfo {
  enum class Origin { Unknown, Result, BlockArgument };
  Origin origin = Origin::Unknown;
  std::string type;
  std::string op;           ///< defining op, or the op owning the block
  uint32_t line = 0;        ///< line of `op` (0: no op)
  uint32_t index = 0;       ///< result / argument number
  bool resultGroup = false; ///< the whole group `%3:2` (a definition)
  /// One result of a group of several (`%3#1`): its number in the group and
  /// what it is where ompx knows (hlfir.declare: "the raw address").
  std::optional<uint32_t> groupResult;
  std::string role;
  /// The whole group: per result, its type and role ("" if unknown).
  std::vector<std::pair<std::string, std::string>> groupTypes;
  std::optional<MapInfo> map;        ///< a result of omp.map.info
  std::optional<std::string> bounds; ///< a result of omp.map.bounds
  /// A result of an acc data entry op.
  struct AccCopy {
    std::string variable; ///< its `name` ("" if none)
    std::string dataClause;
  };
  std::optional<AccCopy> accCopy;
  /// An induction variable of omp.loop_nest / acc.loop.
  struct LoopIV {
    uint32_t loop = 0, loops = 1; ///< which of how many loops
    std::string lb, ub, step;     ///< a constant or a value name
    bool inclusive = false;
    /// Bounds that are host_eval block arguments: `%arg5` and the value
    /// the host computes it from, `%21`.
    struct HostEval {
      std::string arg, outer, owner;
      uint32_t line = 0; ///< of `owner`
    };
    std::vector<HostEval> hostEval;
  };
  std::optional<LoopIV> iv;
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

/// An `#omp.declaretarget<...>` attribute: a function or global that is
/// also (or only) compiled for the device.
struct DeclareTargetInfo {
  std::string deviceType;    ///< any, host, nohost
  std::string captureClause; ///< to, enter, link, none
  bool automap = false;
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
  /// An OpenACC op: what acc-to-omp lowers it to (or that it refuses it).
  std::optional<AccLoweringNote> accToOmp;
  bool partial = false; ///< only the name is known (parse failed)
  /// The op carries `omp.declare_target` (func.func, fir.global, ...).
  std::optional<DeclareTargetInfo> declareTarget;
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
      std::string mapped;   ///< mapped / Fortran variable of the entry
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
  /// A use naming one result of a group (`%3#1`): which.
  std::optional<uint32_t> result;
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
  std::optional<DeclareTargetInfo> declareTarget;
};

struct KeywordHoverInfo {
  std::string op;
  std::string clause;  ///< the OpenMP clause ("" if none)
  std::string odsName; ///< the argument it sets ("" if none)
  bool region = false; ///< it introduces a region (`init`, `combiner`)
  std::string doc;     ///< what it means (ods::KeywordInfo::doc)
};

struct EnumHoverInfo {
  std::string enumName, arg, op;
  std::string meaning; ///< what the hovered case means ("" if unknown)
  std::vector<std::string> cases;
};

struct HoverInfo {
  enum class Kind {
    Op,
    Value,
    Symbol,
    Keyword,
    EnumCase,
    MapTypeWord,
    DeclareTarget
  };
  Kind kind = Kind::Op;
  TextRange range;
  std::string name; ///< "omp.target", "%arg5", "@sym", "map_entries"
  std::optional<OpHoverInfo> op;
  std::optional<ValueHoverInfo> value;
  std::optional<SymbolHoverInfo> symbol;
  std::optional<KeywordHoverInfo> keyword;
  std::optional<EnumHoverInfo> enumCase;
  std::optional<DeclareTargetInfo> declareTarget;
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
