//===- DiagnosticMapper.h - MLIR diagnostics as ompx Diagnostics -*- C++ -*-=//
//
// Collects what MLIR says while a chunk is parsed, verified and translated,
// and turns it into ompx Diagnostics: document ranges through the WorkText,
// refined to the operand, attribute, clause or symbol a message names, with
// related locations; and tells follow-on errors of blanked or repaired text
// apart. The only code that reads MLIR's message wording.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_DIAGNOSTICMAPPER_H
#define OMPX_ANALYSIS_DIAGNOSTICMAPPER_H

#include "server/analysis/WorkText.h"
#include "server/model/Analysis.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace ompx {

/// A diagnostic collected from MLIR, with locations still as MLIR locations.
struct RawDiagnostic {
  mlir::DiagnosticSeverity severity;
  mlir::Location loc;
  std::string message;
  std::vector<std::pair<mlir::Location, std::string>> notes;
};

RawDiagnostic toRaw(mlir::Diagnostic &diag);

/// While alive, every diagnostic of `ctx` (parse, verify, lowering) is kept
/// in `out` instead of being printed.
class DiagnosticCollector {
public:
  DiagnosticCollector(mlir::MLIRContext &ctx, std::vector<RawDiagnostic> &out)
      : handler(&ctx, [&out](mlir::Diagnostic &diag) {
          out.push_back(toRaw(diag));
          return mlir::success();
        }) {}

private:
  mlir::ScopedDiagnosticHandler handler;
};

/// The clause keyword a translation message names, as the custom assembly
/// spells it; "" when it names none.
std::string loweringClauseKeyword(llvm::StringRef message);

/// What flang-22's block-argument type defect makes the parser say
/// (WorkText::repairBlockArgType): offsets in the text.
struct FlangTypeMismatch {
  uint32_t useAt, priorAt;
  std::string arg, used, printed;
};

/// Converts diagnostics of one chunk; reads the op, value and fact records
/// made so far to refine ranges.
class DiagnosticMapper {
public:
  DiagnosticMapper(const WorkText &text, const ChunkAnalysis &records)
      : text(text), result(records) {}

  Diagnostic convert(const RawDiagnostic &raw, DiagKind kind) const;
  /// Adds the places a verifier message about a clause's symbol or a
  /// host_eval argument is about, as related notes.
  void addRelatedLocations(Diagnostic &d) const;
  /// A verifier error that follows from a blanked unit (a symbol only it
  /// defined) or from a repaired type, not from the text as written.
  bool isFollowOn(const RawDiagnostic &raw) const;

  /// The parse error of flang-22's block-argument type defect, if `raw` is
  /// one.
  std::optional<FlangTypeMismatch>
  flangTypeMismatch(const RawDiagnostic &raw) const;
  /// The note a repaired parse error gets.
  static DiagnosticNote flangRepairNote(const FlangTypeMismatch &m);

private:
  TextRange refineVerifierRange(uint32_t chunkOff,
                                llvm::StringRef message) const;
  TextRange refineLoweringRange(uint32_t chunkOff,
                                llvm::StringRef message) const;
  /// The op whose name or text starts at `chunkOff`.
  const OpRecord *opAt(uint32_t chunkOff) const;

  const WorkText &text;
  const ChunkAnalysis &result;
};

} // namespace ompx

#endif // OMPX_ANALYSIS_DIAGNOSTICMAPPER_H
