//===- CompileDiagnostics.cpp - Failures of the in-process compile --------===//

#include "pipeline/compile/CompileDiagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace ompx::pipeline;

DiagnosticCollector::DiagnosticCollector(mlir::MLIRContext &ctx,
                                         std::string inputPath,
                                         const LogFn &log, LogFn warn)
    : inputPath(std::move(inputPath)), log(log), warn(std::move(warn)),
      handler(&ctx, [this](mlir::Diagnostic &d) { return handle(d); }) {}

Failure DiagnosticCollector::failure(Stage stage, llvm::StringRef fallback) {
  Failure f{stage, firstError.empty() ? fallback.str() : firstError,
            firstLocation};
  firstError.clear();
  firstLocation.reset();
  return f;
}

std::optional<SourceLocation>
DiagnosticCollector::locate(mlir::Location loc) const {
  std::optional<SourceLocation> any, mine;
  loc->walk([&](mlir::Location sub) {
    if (auto f = llvm::dyn_cast<mlir::FileLineColLoc>(sub)) {
      SourceLocation s{f.getFilename().str(), f.getLine(), f.getColumn()};
      if (!any)
        any = s;
      if (!mine && s.file == inputPath)
        mine = s;
    }
    return mlir::WalkResult::advance();
  });
  return mine ? mine : any;
}

llvm::LogicalResult DiagnosticCollector::handle(mlir::Diagnostic &d) {
  std::string text = d.str();
  for (mlir::Diagnostic &note : d.getNotes())
    text += "\n  note: " + note.str();
  // `FILE:LINE:COL: ` of the place the diagnostic is about, if known.
  auto where = [&]() -> std::string {
    std::optional<SourceLocation> at = locate(d.getLocation());
    return at ? at->file + ":" + std::to_string(at->line) + ":" +
                    std::to_string(at->column) + ": "
              : std::string();
  };
  if (d.getSeverity() == mlir::DiagnosticSeverity::Warning && warn) {
    warn("warning: " + where() + text);
    return llvm::success();
  }
  if (d.getSeverity() == mlir::DiagnosticSeverity::Error &&
      firstError.empty()) {
    firstError = text;
    firstLocation = locate(d.getLocation());
  } else if (d.getSeverity() == mlir::DiagnosticSeverity::Remark) {
    // What a pass did to the program at a place (ompx-workshare-single):
    // the place says which construct.
    log("note: " + where() + text);
  } else {
    log((d.getSeverity() == mlir::DiagnosticSeverity::Error ? "error: "
                                                            : "note: ") +
        text);
  }
  return llvm::success();
}
