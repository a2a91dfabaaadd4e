//===- MapHostEval.cpp - Map host_eval values the device cannot recompute -===//
//
// The device copy recomputes host_eval values inside the target region
// (ompx-host-eval-remat). Where it cannot (tco output reads an extent from
// a descriptor copy that is not mapped), the value is passed in the way
// flang passes scalars: stored to a temporary that an implicit by-copy map
// entry maps. This runs on the module before the host and device copies are
// made, so both agree on the kernel arguments.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/HostEval.h"
#include "pipeline/passes/Passes.h"
#include "pipeline/passes/TargetEntries.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace ompx::passes {
#define GEN_PASS_DEF_MAPHOSTEVALPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
struct MapHostEvalPass
    : ompx::passes::impl::MapHostEvalPassBase<MapHostEvalPass> {
  using Base::Base;

  void runOnOperation() final {
    getOperation()->walk([&](omp::TargetOp target) {
      if (target.getHostEvalVars().empty())
        return;
      Block *entry = nullptr;
      if (auto func = target->getParentOfType<LLVM::LLVMFuncOp>())
        entry = func.isExternal() ? nullptr : &func.getBody().front();
      else if (auto func = target->getParentOfType<func::FuncOp>(); !llvmOnly)
        entry = func && !func.isExternal() ? &func.getBody().front() : nullptr;
      if (entry)
        mapMissing(target, *entry);
    });
  }

  /// Maps each host_eval value of `target` that cannot be recomputed,
  /// through a temporary allocated at the start of `entry`.
  void mapMissing(omp::TargetOp target, Block &entry) {
    MLIRContext *ctx = &getContext();
    SmallVector<Value> missing;
    for (Value v : target.getHostEvalVars()) {
      IRMapping dryRun;
      if (!ompx::passes::rematerializeInTarget(v, target, nullptr, dryRun) &&
          !llvm::is_contained(missing, v))
        missing.push_back(v);
    }
    bool llvmFunc = isa<LLVM::LLVMFuncOp>(entry.getParentOp());
    for (Value v : missing) {
      Location loc = target.getLoc();
      OpBuilder b(&entry, entry.begin());
      Value tmp;
      if (llvmFunc) {
        Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                             b.getI64IntegerAttr(1));
        tmp = LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                     v.getType(), one);
        b.setInsertionPoint(target);
        LLVM::StoreOp::create(b, loc, v, tmp);
      } else {
        tmp = fir::AllocaOp::create(b, loc, v.getType());
        b.setInsertionPoint(target);
        fir::StoreOp::create(b, loc, v, tmp);
      }
      auto info = omp::MapInfoOp::create(
          b, loc, tmp.getType(), tmp, TypeAttr::get(v.getType()),
          omp::ClauseMapFlagsAttr::get(ctx, omp::ClauseMapFlags::implicit),
          omp::VariableCaptureKindAttr::get(ctx,
                                            omp::VariableCaptureKind::ByCopy),
          Value(), ValueRange(), ArrayAttr(), ValueRange(), FlatSymbolRefAttr(),
          b.getStringAttr("host_eval"));
      ompx::passes::appendMapEntry(target, info.getResult());
    }
  }
};
} // namespace
