//===- CompileDiagnostics.h - In-process compile failures -------*- C++ -*-===//
//
// How the compile reports: every stage returns a Failure (stage, message,
// location in the input); MLIR diagnostics are collected so that the first
// error, at its op, becomes the failure and the rest go to the build log.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILEDIAGNOSTICS_H
#define OMPX_PIPELINE_COMPILEDIAGNOSTICS_H

#include "pipeline/compile/Compile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <optional>
#include <string>

namespace ompx::pipeline {

/// Thrown-free early exit: a failure with its stage, message and location.
struct Failure {
  Stage stage;
  std::string message;
  std::optional<SourceLocation> location;
};

/// Collects MLIR diagnostics; the first error (with its location in the
/// input) becomes the failure, warnings are shown, the rest go to the log.
class DiagnosticCollector {
public:
  /// `warn` gets each warning with its position (`file:line:col: text`);
  /// errors and notes go to the failure and `log`.
  DiagnosticCollector(mlir::MLIRContext &ctx, std::string inputPath,
                      const LogFn &log, LogFn warn);

  /// The first error since the last call, or `fallback` without location.
  Failure failure(Stage stage, llvm::StringRef fallback);
  /// The position in the input file that `loc` names (else any position).
  std::optional<SourceLocation> locate(mlir::Location loc) const;

private:
  llvm::LogicalResult handle(mlir::Diagnostic &d);

  std::string inputPath;
  const LogFn &log;
  LogFn warn;
  std::string firstError;
  std::optional<SourceLocation> firstLocation;
  mlir::ScopedDiagnosticHandler handler;
};

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILEDIAGNOSTICS_H
