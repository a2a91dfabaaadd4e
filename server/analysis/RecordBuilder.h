//===- RecordBuilder.h - Records of a parsed chunk --------------*- C++ -*-===//
//
// Builds the plain-data records of ChunkAnalysis (ops, values, blocks,
// symbol uses, clause facts) from what the parser states recorded and the
// IR they describe, with document ranges through the WorkText. The parser
// states are first copied into a DefTable and freed (tabulate), so that
// they are not held beside the records.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_RECORDBUILDER_H
#define OMPX_ANALYSIS_RECORDBUILDER_H

#include "server/analysis/ParallelParse.h"
#include "server/analysis/WorkText.h"
#include "server/model/Analysis.h"

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <utility>
#include <vector>

namespace ompx {

/// What the records need of the parser states, in offsets into the
/// WorkText: ~40 bytes an op where the states hold ~250 (with their use
/// lists). Taken right after the parse, so that the states are freed before
/// any record is built: held beside the records, they made the worker's
/// peak (1M ops: 208 MB of op definitions beside 156 MB of records).
struct DefTable {
  /// A definition and its uses: a result group (with its first result's
  /// index) or a block argument.
  struct Def {
    unsigned startIndex = 0;
    TextRange loc;
    uint32_t uses = 0, usesEnd = 0; ///< into `uses`
  };
  struct Op {
    mlir::Operation *op;
    TextRange name, full;
    uint32_t groups, groupsEnd; ///< into `defs`
  };
  struct Block {
    mlir::Block *block;
    bool hasDef;
    TextRange def;
    uint32_t uses, usesEnd; ///< into `uses`
    uint32_t args, argsEnd; ///< into `defs`
  };
  /// In the order of ParsedDefs (a single parse's order).
  std::vector<Op> ops;
  std::vector<Block> blocks;
  std::vector<Def> defs;
  std::vector<TextRange> uses;
  /// Symbol uses by the index of their op in `ops`, in that order.
  std::vector<std::pair<uint32_t, TextRange>> symbolUses;

  llvm::ArrayRef<Def> groupsOf(const Op &o) const {
    return llvm::ArrayRef(defs).slice(o.groups, o.groupsEnd - o.groups);
  }
  llvm::ArrayRef<Def> argsOf(const Block &b) const {
    return llvm::ArrayRef(defs).slice(b.args, b.argsEnd - b.args);
  }
  llvm::ArrayRef<TextRange> usesOf(uint32_t begin, uint32_t end) const {
    return llvm::ArrayRef(uses).slice(begin, end - begin);
  }
};

/// Appends the records of a chunk's parses to `result`.
class RecordBuilder {
public:
  RecordBuilder(ChunkAnalysis &result, const WorkText &text)
      : result(result), text(text) {}

  /// Copies what the records need out of the parser states and frees them
  /// (ParsedDefs::release), before any record is made.
  DefTable tabulate(ParsedDefs &parsed);
  /// The ops' names and ranges: all that diagnostics need.
  void collectOps(const DefTable &defs);
  /// Everything else the features read: values, blocks, symbol uses, links
  /// and clause facts, for the ops collectOps recorded from `firstOp` on;
  /// acc-to-omp's plans only when the IR `verified` (the pass never runs on
  /// IR that does not, and planning assumes valid IR). Empties `defs` once
  /// it is no longer needed.
  void collectRest(DefTable &defs, size_t firstOp, bool verified = true);
  /// Records what a failed parse got inside `unit` (text offsets), about to
  /// be blanked: source ranges only, since the failed parse destroyed the
  /// IR.
  void collectPartial(const mlir::AsmParserState &state, TextRange unit);
  /// Block arguments whose type the WorkText repaired get their real one.
  void retypeRepairedArgs();

  /// The record of `op`, or null.
  const OpRecord *recordOf(mlir::Operation *op) const {
    auto it = opIndex.find(op);
    return it == opIndex.end() ? nullptr : &result.ops[it->second];
  }
  /// The index of the record of `v` (-1: none).
  int32_t valueIndexOf(mlir::Value v) const;

private:
  void computeParentsByContainment(size_t firstOp);
  using FileLocCache = llvm::DenseMap<const void *, mlir::FileLineColLoc>;
  void recordSourceLocation(OpRecord &rec, mlir::Location loc,
                            FileLocCache &firstFileLoc);
  IStr typeString(mlir::Type type);
  void reserveRest(const DefTable &defs);
  void collectResults(const DefTable &defs, size_t firstOp);
  void collectBlocks(const DefTable &defs);
  void collectLinks(const DefTable &defs);

  ChunkAnalysis &result;
  const WorkText &text;
  llvm::DenseMap<mlir::Operation *, int32_t> opIndex;
  llvm::DenseMap<mlir::Block *, int32_t> blockIndex;
  /// ChunkAnalysis::sourceFiles, by the uniqued name attribute (a pointer
  /// hash, not a path hash per op).
  llvm::DenseMap<mlir::StringAttr, int32_t> sourceFileIndex;
  llvm::DenseMap<mlir::Type, IStr> typeStrings;
  /// Op names interned once per name, not once per op.
  llvm::DenseMap<void *, IStr> opNames;
};

} // namespace ompx

#endif // OMPX_ANALYSIS_RECORDBUILDER_H
