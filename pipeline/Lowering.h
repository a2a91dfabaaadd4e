//===- Lowering.h - ompx passes and Flang's lowering ------------*- C++ -*-===//
//
// The MLIR side of the compile: the ompx rewrites (pipeline/passes) on the
// parsed module and on the device copy, then Flang's lowering of FIR/HLFIR
// to the LLVM dialect. Each runs through an mlir::PassManager; errors reach
// the context's diagnostic handler at their ops.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LOWERING_H
#define OMPX_PIPELINE_LOWERING_H

#include "pipeline/Classify.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

namespace ompx::pipeline {

/// Before the host/device split: flang names -> linker names (LLVM dialect
/// input), OpenACC host fallback (acc input), host_eval values the device
/// cannot recompute mapped (when offloading).
llvm::LogicalResult runInputPasses(mlir::ModuleOp module,
                                   const Classification &c, bool offload);

/// The device copy: host-only llvm.func marked, host_eval recomputed in the
/// target regions, the module's target cpu/features on every llvm.func.
/// `privateAllocas`: LLVM-dialect input for amdgcn (its allocas were lowered
/// for the host, in address space 0).
llvm::LogicalResult runDeviceCopyPasses(mlir::ModuleOp device,
                                        bool privateAllocas = false);

/// Flang's MLIR -> LLVM dialect pipeline (HLFIR -> FIR -> LLVM) for the host
/// or the device copy of a module with FIR.
llvm::LogicalResult runFlangPipeline(mlir::ModuleOp module,
                                     const Classification &c, bool isDevice,
                                     llvm::StringRef triple, unsigned optLevel,
                                     llvm::StringRef file);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LOWERING_H
