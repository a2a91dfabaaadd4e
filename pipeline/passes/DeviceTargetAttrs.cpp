//===- DeviceTargetAttrs.cpp - The GPU's cpu/features on every llvm.func --===//
//
// The OpenMP translation sizes GPU warps from the kernel's "target-features"
// (OpenMPIRBuilder: `+wavefrontsize64` means 64 lanes, otherwise 32), and a
// kernel inherits them from the llvm.func it is outlined from. Flang's
// TargetRewrite gives func.func the module's fir.target_cpu/_features; an
// LLVM-dialect input has llvm.func already, with none (or the host's). This
// copies the module's pair onto every llvm.func definition, so an amdgcn
// reduction is built for 64-lane wavefronts (`& 63`), not 32 (`& 31`).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/Support/FIRContext.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_DEVICETARGETATTRSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
struct DeviceTargetAttrsPass
    : ompx::passes::impl::DeviceTargetAttrsPassBase<DeviceTargetAttrsPass> {

  void runOnOperation() final {
    mlir::ModuleOp module = getOperation();
    llvm::StringRef cpu = fir::getTargetCPU(module);
    mlir::LLVM::TargetFeaturesAttr features = fir::getTargetFeatures(module);
    if (features && features.getFeatures().empty())
      features = {};
    if (cpu.empty() && !features)
      return;
    auto cpuAttr = mlir::StringAttr::get(module.getContext(), cpu);
    module->walk([&](mlir::LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      if (!cpu.empty())
        func.setTargetCpuAttr(cpuAttr);
      if (features)
        func.setTargetFeaturesAttr(features);
    });
  }
};
} // namespace
