//===- OptLevel.h - One meaning for -O0..-O3 --------------------*- C++ -*-===//
//
// A launch's OptLevel (pipeline/Types.h) drives LLVM's IR pipeline, Flang's
// MLIR pipeline and code generation; these helpers are its one mapping.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_OPTLEVEL_H
#define OMPX_PIPELINE_OPTLEVEL_H

#include "pipeline/Types.h"

#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Support/CodeGen.h"

namespace ompx::pipeline {

/// LLVM's (and Flang's MLIR pipeline's) level for -O`level`.
inline llvm::OptimizationLevel optimizationLevel(OptLevel level) {
  switch (level) {
  case OptLevel::O0:
    return llvm::OptimizationLevel::O0;
  case OptLevel::O1:
    return llvm::OptimizationLevel::O1;
  case OptLevel::O2:
    return llvm::OptimizationLevel::O2;
  case OptLevel::O3:
    break;
  }
  return llvm::OptimizationLevel::O3;
}

/// The code generator's level for -O`level`.
inline llvm::CodeGenOptLevel codeGenOptLevel(OptLevel level) {
  switch (level) {
  case OptLevel::O0:
    return llvm::CodeGenOptLevel::None;
  case OptLevel::O1:
    return llvm::CodeGenOptLevel::Less;
  case OptLevel::O2:
    return llvm::CodeGenOptLevel::Default;
  case OptLevel::O3:
    break;
  }
  return llvm::CodeGenOptLevel::Aggressive;
}

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_OPTLEVEL_H
