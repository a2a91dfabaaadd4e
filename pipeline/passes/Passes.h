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

/// The attribute a module variable's declaration gets in a unit using the
/// module when a device procedure of the module uses it and no declare
/// target names it (DeclareRecords): that procedure's symbol.
/// ompx-unpaired-globals refuses a map of it.
inline constexpr llvm::StringLiteral kDeviceUsesAttr = "ompx.device_uses";

/// The call ompx-loop-chunk-marks puts at the start of a device loop body:
/// `void @__ompx_loop_chunk(i32 kind, i64 chunk, i32 site)`, kind 0 for a
/// distribute's dist_schedule chunk and 1 for a worksharing loop's schedule
/// chunk; 2 and 3 (chunk 0) for `dist_schedule(static)` and
/// `schedule(static)` written without one, which ask for one contiguous
/// block a team or thread. site numbers the marks of a module from 0.
inline constexpr llvm::StringLiteral kLoopChunkMark = "__ompx_loop_chunk";
enum LoopChunkKind : unsigned {
  DistributeChunk = 0,
  ScheduleChunk = 1,
  DistributeBlocked = 2,
  ScheduleBlocked = 3,
};

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_PASSES_H
