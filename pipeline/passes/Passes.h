//===- Passes.h - The ompx IR rewrites as MLIR passes -----------*- C++ -*-===//
//
// The rewrites the launch pipeline applies between parsing and Flang's
// lowering. Each is a module pass with a command-line argument, so
// `ompx-lsp opt --ompx-host-eval-remat in.mlir` runs it alone (lit tests in
// test/passes/), and the pipeline runs the same passes through a
// PassManager. A construct a pass cannot handle gets an error at its op and
// the pass fails. Passes.td defines them; docs/launch.md ("Pipeline passes")
// says why each exists.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_PASSES_H
#define OMPX_PIPELINE_PASSES_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace ompx::passes {

// create<Name>() and <Name>Options for each pass of Passes.td (which says
// what each does), and registerOmpxPasses() for `ompx-lsp opt` and pass
// pipelines.
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "pipeline/passes/Passes.h.inc"

/// The attribute acc-to-omp puts on a `routine bind(name)` procedure:
/// the symbol its device calls go to.
inline constexpr llvm::StringLiteral kAccBindAttrName = "ompx.acc_bind";

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_PASSES_H
