//===- ChunkAnalyzer.h - Parse and verify one chunk -------------*- C++ -*-===//
//
// Runs MLIR's parser (with AsmParserState) and verifiers over one chunk and
// returns plain data. This is the only code that touches MLIR IR; it runs in
// a worker process (see Worker.h) so that a crash in MLIR cannot take the
// server down.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_CHUNKANALYZER_H
#define OMPX_ANALYSIS_CHUNKANALYZER_H

#include "server/model/Analysis.h"
#include "server/syntax/Text.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
class DialectRegistry;
} // namespace mlir

namespace ompx {

struct AnalyzerOptions {
  /// Deepest bracket nesting the parser is given; deeper units are blanked
  /// and reported. The worker's stack is sized for this (see WorkerMain.cpp).
  uint32_t depthLimit = 4000;
  /// How many parse errors a chunk reports (each needs a re-parse).
  unsigned maxParseErrors = 25;
  bool verify = true;
  /// Verify what parsed after recovering from parse errors. mlir-opt stops
  /// at the first parse error, so `--verify-expected` turns this off.
  bool verifyAfterRecovery = true;
  /// Verify op by op, recording each op in the breadcrumbs (slow; used to
  /// locate an op whose verifier crashed).
  bool locateVerifierCrash = false;
  /// Run the data-mapping checks (MappingChecks.h) on a chunk that parsed
  /// and verified without errors; `--verify-expected` turns them off, as
  /// mlir-opt has none.
  bool mappingChecks = true;
  /// Mapping checks not to report (their names).
  std::vector<std::string> disabledChecks;
  /// Also say, per map entry and mapped variable without a finding, why
  /// (`--check --explain-maps`).
  bool explainMaps = false;
  /// After a clean parse and verification, translate a clone to LLVM IR as
  /// a launch would (pipeline/compile/Readiness.h) and report what that says as
  /// DiagKind::Lowering diagnostics (`--lowering`).
  bool lowering = false;
  /// Record what the editor features read (values, blocks, symbol uses,
  /// clause facts). Off, only the ops' names and ranges are recorded, which
  /// is all diagnostics need: the lowering request reports only those.
  bool facts = true;
  /// Ranges blanked before parsing (units that crashed MLIR earlier).
  std::vector<TextRange> preBlanked;
  /// A chunk at least this large is parsed in two halves at once when the
  /// caller can run them (AnalyzeHooks::runBeside) and the text allows it
  /// (ParseSplit, from scanStructure). Tests set 0 (always) or ~0u (never).
  uint32_t parallelParseMinBytes = 1u << 18;
};

/// The dialect registry and a warm context shared by all analyses.
class AnalysisEngine {
public:
  AnalysisEngine();
  ~AnalysisEngine();
  mlir::MLIRContext &context() { return *ctx; }
  /// Full op name (e.g. "omp.map.info") for a C++ op class such as
  /// "mlir::omp::MapInfoOp", or "" if unknown.
  std::string opNameForClass(llvm::StringRef cppClass) const;
  /// Names of the registered ops of `dialect` ("omp"), sorted.
  std::vector<std::string> registeredOps(llvm::StringRef dialect) const;
  /// Names of the ops of every loaded dialect.
  std::vector<std::string> registeredOps() const;

private:
  std::unique_ptr<mlir::DialectRegistry> registry;
  std::unique_ptr<mlir::MLIRContext> ctx;
};

/// opNameForClass over a list of op names (a worker sends its list to the
/// server, which names crash sites without an MLIRContext of its own).
std::string opNameForClass(llvm::ArrayRef<std::string> registeredOps,
                           llvm::StringRef cppClass);

/// What a caller of analyzeChunk may add to an analysis.
struct AnalyzeHooks {
  /// Called once, as soon as the chunk's diagnostics are final (after
  /// verification, the mapping checks and, with `lowering`, the
  /// translation), before values, blocks and clause facts are recorded: the
  /// editor publishes them without waiting for the rest. Document offsets,
  /// in the order of ChunkAnalysis::diagnostics.
  std::function<void(llvm::ArrayRef<Diagnostic>)> diagnosticsReady;
  /// Runs `beside` on another thread with as much stack as the calling
  /// thread has, and `here` on the calling thread; returns when both are
  /// done. Given one (and a context with threading on), a large chunk is
  /// parsed as two halves at once, with the result of a single parse.
  std::function<void(llvm::function_ref<void()> here,
                     llvm::function_ref<void()> beside)>
      runBeside;
  /// Called when the chunk was parsed in two halves, with the offset in the
  /// document where the second began (tests, logs).
  std::function<void(uint32_t)> parsedInHalves;
  /// The document's bytes (the `doc` given to analyzeChunk) and one more,
  /// lent for the analysis: the chunk is parsed there (terminated meanwhile;
  /// blanked for a half of a parallel parse and restored after) instead of
  /// in a copy, until units must be blanked for good. Null: a copy is made.
  char *mutableDoc = nullptr;
  /// `mutableDoc` is a private mapping of a file holding the document: a
  /// range written and then restored is given back (MADV_DONTNEED), so that
  /// its pages are the file's, shared again, rather than private copies.
  bool mutableDocMapsFile = false;
  /// The file `mutableDoc` maps (-1: none), open during the analysis: the
  /// first half of a parallel parse maps it again instead of copying it.
  int mutableDocFd = -1;
};

/// Parses and verifies `doc[span]`. Ranges in the result are document offsets.
ChunkAnalysis analyzeChunk(mlir::MLIRContext &ctx, llvm::StringRef doc,
                           ChunkSpan span, const AnalyzerOptions &options,
                           const AnalyzeHooks &hooks = {});

/// For a worker's crash handler: the offset in the chunk just past the last
/// op the parser in flight finished, or ~0u when no parse is in flight.
uint32_t currentParseProgress();

} // namespace ompx

#endif // OMPX_ANALYSIS_CHUNKANALYZER_H
