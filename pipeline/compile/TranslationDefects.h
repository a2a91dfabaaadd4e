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

/// A composite distribute parallel do with a chunk for both the teams
/// (dist_schedule) and the threads (schedule(static, c), once
/// ompx-host-composite-schedule has run): LLVM 22's host translation runs
/// iterations more than once, and no libomp entry gives both chunks
/// (HostCompositeChunks.cpp stops such a loop where a host fallback would
/// run it; a host build refuses it here).
std::optional<TranslationDefect> findHostDoubleChunks(mlir::ModuleOp module);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_TRANSLATIONDEFECTS_H
