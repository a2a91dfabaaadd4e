//===- Readiness.h - Would this module translate to LLVM IR? ----*- C++ -*-===//
//
// The lowering-readiness check behind `--check --lowering` and the editor's
// lowering diagnostics: clones of a verified module go through what a launch
// does before code generation (ompx input passes, host and device copies,
// Flang's MLIR -> LLVM dialect pipeline, MLIR's translation to LLVM IR), and
// whatever that reports ("not yet implemented: Unhandled clause ...", "LLVM
// Translation failed for operation: ...", "hint clause discarded") reaches
// the context's diagnostic handlers at its op. No file is written, nothing
// is generated, and the module itself is left as it was.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_READINESS_H
#define OMPX_PIPELINE_READINESS_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace ompx::pipeline {

struct ReadinessOutcome {
  /// Not checked: ops that neither Flang's pipeline nor MLIR's translation
  /// handle (func.func without FIR, ...); `reason` says which.
  bool skipped = false;
  std::string reason;
  bool deviceView = false; ///< a device copy was translated too
  double ms = 0;
};

/// Translates clones of `module` (verified) to LLVM IR as a launch would:
/// the host view, and when the module has omp.target a device view for
/// nvptx64 (sm_90, a launch's default GPU). A module that is itself a device
/// half (omp.is_target_device) is translated as it is, as mlir-translate
/// does. Diagnostics go to the context's handlers; the caller scopes one.
/// May crash or call report_fatal_error inside LLVM 22: run it where that
/// is contained (a worker process).
ReadinessOutcome checkLoweringReadiness(mlir::ModuleOp module,
                                        llvm::StringRef fileName);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_READINESS_H
