//===- OdsTables.h - Static ODS facts of omp and acc ------------*- C++ -*-===//
//
// What the dialects' TableGen definitions say about each op: its arguments in
// ODS order (operand groups and attributes), the OpenMP clause and the
// assembly keyword of each, its summary, regions and interfaces. Generated at
// build time from the installed .td files (gen_ods_tables.py), so it always
// matches the dialects we link. No MLIR dependency: the server's features
// (hover text, completion) use it directly.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_DIALECTS_ODSTABLES_H
#define OMPX_DIALECTS_ODSTABLES_H

#include "dialects/ClauseGroup.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ompx::ods {

enum ArgKind : uint8_t {
  ArgOperand,
  ArgOptional,
  ArgVariadic,
  ArgVariadicOfVariadic,
  ArgAttribute,
};

enum OpFlag : uint32_t {
  OdsAttrSizedOperandSegments = 1u << 0,
  OdsBlockArgOpenMPOpInterface = 1u << 1,
  OdsLoopWrapperInterface = 1u << 2,
  OdsComposableOpInterface = 1u << 3,
  OdsDeclareTargetInterface = 1u << 4,
  OdsOutlineableOpenMPOpInterface = 1u << 5,
  OdsMapClauseOwningOpInterface = 1u << 6,
  OdsSymbol = 1u << 7,
  OdsRecipeInterface = 1u << 8,
  OdsComputeRegionOpInterface = 1u << 9,
  OdsCustomAssembly = 1u << 10,
};

struct Enum {
  const char *name;
  const char *const *cases;
  const char *const *caseDocs; ///< what each case means ("" if not known)
  unsigned numCases;
  llvm::ArrayRef<const char *> caseList() const { return {cases, numCases}; }
};

struct Arg {
  const char *name;    ///< ODS name, e.g. "map_vars"
  uint8_t kind;        ///< ArgKind
  const char *clause;  ///< OpenMP clause, e.g. "map" ("" if none)
  const char *keyword; ///< assembly keyword, e.g. "map_entries" ("" if none)
  int enumIndex;       ///< the enum an attribute takes, or -1
  ClauseGroup group;   ///< an operand group's enumerator; None: attribute
  bool isOperand() const { return kind != ArgAttribute; }
};

/// What a keyword of an op's assembly introduces and means.
struct KeywordInfo {
  int16_t arg;     ///< index into Op::args, or -1
  int16_t region;  ///< index into Op::regions, or -1
  const char *doc; ///< what it means (ODS text, else the generator's)
};

struct Op {
  const char *name; ///< e.g. "omp.target"
  const char *summary;
  const char *description; ///< first paragraph
  const Arg *args;
  unsigned numArgs;
  const char *const *keywords;    ///< every keyword of its assembly format
  const KeywordInfo *keywordInfo; ///< one per keyword
  unsigned numKeywords;
  const char *const *clauses; ///< OpenMP clauses it accepts
  unsigned numClauses;
  const char *const *regions;
  const char *const *regionKeywords; ///< printed keyword ("" if none)
  unsigned numRegions;
  unsigned numResults;
  uint32_t flags;

  llvm::ArrayRef<Arg> argList() const { return {args, numArgs}; }
  llvm::ArrayRef<const char *> keywordList() const {
    return {keywords, numKeywords};
  }
  llvm::ArrayRef<const char *> clauseList() const {
    return {clauses, numClauses};
  }
  bool has(OpFlag f) const { return flags & f; }
  /// The operand groups in ODS order (what operandSegmentSizes counts).
  unsigned numOperandGroups() const;
  /// Index into argList() of operand group `group`.
  unsigned operandGroupArg(unsigned group) const;
};

struct Clause {
  const char *name; ///< e.g. "map"
  const char *description;
};

llvm::ArrayRef<Op> allOps();
/// The op named `name` ("omp.target"), or null for ops of other dialects.
const Op *lookupOp(llvm::StringRef name);
const Clause *lookupClause(llvm::StringRef name);
const Enum *enumAt(int index);
/// The argument of `op` its assembly keyword `keyword` introduces.
const Arg *argForKeyword(const Op &op, llvm::StringRef keyword);
/// What keyword `keyword` of `op` introduces and means, or null if `op` has
/// no such keyword.
const KeywordInfo *keywordInfo(const Op &op, llvm::StringRef keyword);
/// How region `region` of `op` is printed: its keyword (`init`,
/// `combiner`), else its ODS name.
llvm::StringRef regionLabel(const Op &op, unsigned region);

} // namespace ompx::ods

#endif // OMPX_DIALECTS_ODSTABLES_H
