//===- LoopBind.h - `loop bind(thread)` flang-22 shares out -----*- C++ -*-===//
//
// A `loop` construct with `bind(thread)` binds to the encountering thread:
// every thread of a team that meets it runs all its iterations. flang-22
// lowers one nested in a parallel construct as a worksharing loop
// (omp.wsloop), which deals the iterations out among the team: 4 threads
// counting 10 iterations counted 10, not 40. (An orphaned one becomes
// omp.simd, which is right.) Such a loop is refused at its directive.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_LOOPBIND_H
#define OMPX_PIPELINE_COMPILE_LOOPBIND_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompx::pipeline {

/// An error line (`FILE:LINE:COL: error: ompx: ...`, flang's form) for each
/// `loop bind(thread)` of `source` (its text, `sourceText`) that `mlir`,
/// flang's output for it, lowers as a worksharing loop. Parses `mlir` only
/// when the source has such a directive.
std::vector<std::string> threadBoundLoopRefusals(llvm::StringRef source,
                                                 llvm::StringRef sourceText,
                                                 llvm::StringRef mlir);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_LOOPBIND_H
