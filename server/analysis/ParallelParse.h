//===- ParallelParse.h - Parse a chunk, in two halves at once ---*- C++ -*-===//
//
// One parse of a chunk's WorkText with MLIR's parser and AsmParserState, and
// the parallel parse of issue 16: where scanStructure found a cut, the two
// halves are parsed on two threads and merged into what a single parse
// gives (ops, definitions in a single parse's order, symbol uses across the
// cut).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_PARALLELPARSE_H
#define OMPX_ANALYSIS_PARALLELPARSE_H

#include "server/analysis/ChunkAnalyzer.h"
#include "server/analysis/DiagnosticMapper.h"
#include "server/analysis/WorkText.h"

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Memory.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ompx {

/// One parse of the chunk text and what must stay alive while its results
/// are read (the parser state points into the buffer).
struct Parse {
  llvm::SourceMgr sourceMgr;
  mlir::AsmParserState state;
  mlir::Block block;
  std::vector<RawDiagnostic> diags;
  const char *buffer = nullptr;
};

/// Parses `text` into `parse` (ops into its block); the caller collects the
/// diagnostics. While it runs, currentParseProgress() reports on it;
/// `floor` is where its text starts to count (a half's cut).
bool parseText(mlir::MLIRContext &ctx, llvm::StringRef text, Parse &parse,
               uint32_t floor = 0);

/// Uses of a symbol from the other half of a parallel parse, which neither
/// half's parser state could resolve, by the op they refer to.
using CrossSymbolUses =
    llvm::DenseMap<mlir::Operation *, llvm::SmallVector<llvm::SMRange, 2>>;

/// The definitions one parse recorded, or two half parses merged in the
/// order a single parse records them.
struct ParsedDefs {
  std::vector<const mlir::AsmParserState::OperationDefinition *> ops;
  std::vector<const mlir::AsmParserState::BlockDefinition *> blocks;
  /// The parser states the definitions are in.
  std::vector<mlir::AsmParserState *> states;
  /// Symbol uses no parser state has (a parallel parse's, across the cut).
  CrossSymbolUses crossSymbolUses;

  explicit ParsedDefs(mlir::AsmParserState &state) : states{&state} {
    for (const auto &def : state.getOpDefs())
      ops.push_back(&def);
    for (const auto &def : state.getBlockDefs())
      blocks.push_back(&def);
  }
  ParsedDefs() = default;

  /// Frees the parser states (and the cross uses; a third of the IR's memory on
  /// flang's output, ~250 bytes an op) once DefTable has what the records need
  /// of them.
  void release();
};

/// A chunk parsed as two halves on two threads. Lives as long as what it
/// parsed is read (the parser states point into its buffers).
class ParallelParse {
public:
  ParallelParse(mlir::MLIRContext &ctx, WorkText &text,
                const AnalyzeHooks &hooks)
      : ctx(ctx), text(text), hooks(hooks) {}

  /// Parses the chunk as two halves (scan.split) and merges them into
  /// block(), with `defs` in the order of a single parse, and sets the
  /// text's buffers. False, with nothing kept, when the chunk does not
  /// qualify (smaller than `minBytes`, no cut, no way to run two threads)
  /// or a half has any diagnostic: then the caller parses the whole chunk,
  /// which reports what a single parse says.
  bool run(const StructureScan &scan, uint32_t minBytes, ParsedDefs &defs);
  /// The merged ops.
  mlir::Block &block() { return first->block; }
  /// Where the second half began (a text offset).
  uint32_t cut() const { return secondBegin; }

private:
  bool prepareMutableTypes(const StructureScan &scan);
  bool parseHalves(const ParseSplit &split);
  bool merge(const ParseSplit &split, ParsedDefs &defs);
  bool addCrossHalfSymbolUses(mlir::Block &container, mlir::Operation *firstB,
                              const ParseSplit &split, CrossSymbolUses &out);
  bool giveUp();

  mlir::MLIRContext &ctx;
  WorkText &text;
  const AnalyzeHooks &hooks;
  std::unique_ptr<Parse> first, second;
  /// The other text and buffer: the first half's text when the WorkText is
  /// lent (zero pages where the second half is), else a copy for the
  /// second half.
  llvm::sys::OwningMemoryBlock firstHalfText;
  std::string textCopy;
  uint32_t secondBegin = 0;
};

} // namespace ompx

#endif // OMPX_ANALYSIS_PARALLELPARSE_H
