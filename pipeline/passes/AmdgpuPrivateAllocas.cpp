//===- AmdgpuPrivateAllocas.cpp - llvm.alloca in addrspace(5) for amdgcn --===//
//
// amdgcn keeps stack objects in the private address space 5; LLVM's verifier
// rejects any other alloca ("alloca on amdgpu must be in addrspace(5)").
// Flang's FIR-to-LLVM conversion knows this when it lowers for the device,
// but an input that is already in the LLVM dialect was lowered for the host,
// so its device copy's allocas are in address space 0. Each becomes an
// addrspace(5) alloca cast back to the generic pointer its users expect, as
// clang emits them. Host code around an omp.target stays as it is: the
// device translation does not emit it, and it reads the host values that
// map clauses name through their original ops (an addrspacecast there left
// the translation a value it never converted, and it crashed).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_AMDGPUPRIVATEALLOCASPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
constexpr unsigned kPrivateAddressSpace = 5;

struct AmdgpuPrivateAllocasPass
    : ompx::passes::impl::AmdgpuPrivateAllocasPassBase<
          AmdgpuPrivateAllocasPass> {

  void runOnOperation() final {
    llvm::SmallVector<mlir::LLVM::AllocaOp> allocas;
    getOperation()->walk([&](mlir::LLVM::AllocaOp op) {
      if (op.getType().getAddressSpace() == kPrivateAddressSpace)
        return;
      if (!op->getParentOfType<mlir::omp::TargetOp>()) {
        auto fn = op->getParentOfType<mlir::LLVM::LLVMFuncOp>();
        bool hostCode = fn && fn.walk([](mlir::omp::TargetOp) {
                                  return mlir::WalkResult::interrupt();
                                }).wasInterrupted();
        if (hostCode)
          return;
      }
      allocas.push_back(op);
    });
    for (mlir::LLVM::AllocaOp op : allocas) {
      mlir::OpBuilder b(op);
      auto privatePtr =
          mlir::LLVM::LLVMPointerType::get(&getContext(), kPrivateAddressSpace);
      auto replacement = mlir::LLVM::AllocaOp::create(
          b, op.getLoc(), privatePtr, op.getElemType(), op.getArraySize(),
          op.getAlignment().value_or(0));
      auto cast = mlir::LLVM::AddrSpaceCastOp::create(
          b, op.getLoc(), op.getType(), replacement.getResult());
      op.getResult().replaceAllUsesWith(cast.getResult());
      op.erase();
    }
  }
};
} // namespace
