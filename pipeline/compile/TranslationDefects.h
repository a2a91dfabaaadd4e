//===- TranslationDefects.h - Ops LLVM 22 verifies but cannot build -*- C++ -*-===//
//
// Constructs that pass MLIR's verifier but that LLVM 22's translation to
// LLVM IR gets wrong loudly: invalid IR without a location, or a crash.
// A launch refuses them at the op before translating (Compile.cpp); the
// editor's lowering check reports the same error there (Readiness.cpp)
// instead of a translation failure at the module.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_TRANSLATIONDEFECTS_H
#define OMPX_PIPELINE_COMPILE_TRANSLATIONDEFECTS_H

#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace ompx::pipeline {

struct TranslationDefect {
  mlir::Operation *op;
  std::string message; ///< why, and what to write instead
};

/// A task with `depend` written in a target region: the host translation
/// makes invalid IR ("Referring to an instruction in another function!").
std::optional<TranslationDefect> findTargetTaskDepend(mlir::ModuleOp module);

/// `cancel` or `cancellation point` in device code (a target region or a
/// declare target procedure): OpenMPIRBuilder segfaults finalizing the
/// device module.
std::optional<TranslationDefect> findDeviceCancel(mlir::ModuleOp module);

/// `linear` on a worksharing loop in device code: OpenMPIRBuilder crashes
/// outlining the target region (CodeExtractorAnalysisCache).
std::optional<TranslationDefect> findDeviceLinear(mlir::ModuleOp module);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_TRANSLATIONDEFECTS_H
