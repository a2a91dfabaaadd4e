//===- Passes.h - The ompx IR rewrites as MLIR passes -----------*- C++ -*-===//
//
// The rewrites the launch pipeline applies between parsing and Flang's
// lowering. Each is a module pass with a command-line argument, so
// `ompx-lsp opt --ompx-host-eval-remat in.mlir` runs it alone (lit tests in
// test/passes/), and the pipeline runs the same passes through a
// PassManager. A construct a pass cannot handle gets an error at its op and
// the pass fails. docs/launch.md ("Pipeline passes") says why each exists.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_PASSES_H
#define OMPX_PIPELINE_PASSES_PASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace ompx::passes {

/// `ompx-mark-host-functions`: marks every llvm.func definition that is not
/// declare target as declare_target(host), the LLVM-dialect equivalent of
/// flang's omp-function-filtering (device copies only).
std::unique_ptr<mlir::Pass> createMarkHostFunctionsPass();

/// `ompx-function-filtering`: flang's omp-function-filtering for a device
/// module (host-only func.func deleted, those holding target regions kept as
/// declare_target(host)), with one scan of the symbol uses instead of one per
/// function; flang's filter still marks what is kept.
std::unique_ptr<mlir::Pass> createFunctionFilteringPass();

/// `ompx-externalize-flang-names`: gives llvm.func/llvm.mlir.global with a
/// flang internal name (`_QPsaxpy`) its linker name (`saxpy_`).
std::unique_ptr<mlir::Pass> createExternalizeFlangNamesPass();

struct MapHostEvalOptions {
  /// Only targets in llvm.func (flang's FIR maps what host_eval reads).
  bool llvmOnly = true;
};
/// `ompx-map-host-eval`: passes a host_eval value the device cannot
/// recompute through an implicit by-copy map entry (before the host/device
/// split, so both copies agree on the kernel arguments).
std::unique_ptr<mlir::Pass>
createMapHostEvalPass(const MapHostEvalOptions &options = {});

/// `ompx-host-eval-remat`: recomputes every host_eval value inside its
/// omp.target region (device copies: no host_eval is left).
std::unique_ptr<mlir::Pass> createHostEvalRematPass();

struct AccHostFallbackOptions {
  /// Fail at the first acc op the program still needs; otherwise warn at
  /// each and succeed.
  bool failOnLeftover = true;
};
/// `ompx-acc-host-fallback`: runs OpenACC on the host
/// (acc-specialize-for-host with host fallback) and erases the acc ops that
/// are left unused.
std::unique_ptr<mlir::Pass>
createAccHostFallbackPass(const AccHostFallbackOptions &options = {});

/// `ompx-acc-to-omp`: lowers OpenACC compute, data, enter/exit/update data
/// and routine ops to the omp dialect (omp.target with map entries), after
/// LLVM 22's own OpenACC preparation, so acc programs offload; what it
/// cannot express is an error at the op.
std::unique_ptr<mlir::Pass> createAccToOmpPass();

/// The attribute acc-to-omp puts on a `routine bind(name)` procedure:
/// the symbol its device calls go to.
inline constexpr llvm::StringLiteral kAccBindAttrName = "ompx.acc_bind";

/// `ompx-acc-bind-device`: in a device copy, calls to a procedure with
/// `ompx.acc_bind` call the bound name instead (OpenACC `routine bind`
/// names the device version only).
std::unique_ptr<mlir::Pass> createAccBindDevicePass();

/// `ompx-device-target-attrs`: gives every llvm.func definition the
/// module's fir.target_cpu and fir.target_features (device copies: the
/// kernels inherit them, and OpenMPIRBuilder sizes warps from them).
std::unique_ptr<mlir::Pass> createDeviceTargetAttrsPass();

/// `ompx-amdgpu-private-allocas`: puts every llvm.alloca in amdgcn's private
/// address space (5), cast back to the pointer its users had (device copies
/// of LLVM-dialect input for amdgcn).
std::unique_ptr<mlir::Pass> createAmdgpuPrivateAllocasPass();

/// Registers every pass above (for `ompx-lsp opt` and pass pipelines).
void registerOmpxPasses();

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_PASSES_H
