//===- OptLevel.h - One meaning for -O0..-O3 --------------------*- C++ -*-===//
//
// The launch's optimization level (0-3) drives LLVM's IR pipeline, Flang's
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
inline llvm::OptimizationLevel optimizationLevel(unsigned level) {
  switch (level) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

/// The code generator's level for -O`level`.
inline llvm::CodeGenOptLevel codeGenOptLevel(unsigned level) {
  switch (level) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_OPTLEVEL_H
