//===- UseDevicePtr.cpp - use_device_ptr of a type(c_ptr) -----------------===//
//
// flang-22 maps `!$omp target data use_device_ptr(p)`, p a type(c_ptr), by
// the address of p (return_param). LLVM 22's translation passes that
// address to the runtime as the pointer to translate; nothing is mapped
// there, so the runtime returns it unchanged and the region's p holds its
// own host stack address: a kernel writing through it writes the host's
// stack. The runtime must translate the pointer p holds, read where the
// construct begins; the region's p (a slot the translation fills with the
// runtime's answer) then holds the device address.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_USEDEVICEPTRPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
/// The use_device_ptr entry `info` names the pointer its c_ptr variable
/// holds (the record's one field, __address) instead of the variable.
void mapHeldPointer(mlir::omp::MapInfoOp info) {
  mlir::Value ref = info.getVarPtr();
  mlir::OpBuilder b(info);
  mlir::Location loc = info.getLoc();
  mlir::Type i64 = b.getI64Type();
  mlir::Value field =
      fir::ConvertOp::create(b, loc, fir::ReferenceType::get(i64), ref);
  mlir::Value address = fir::LoadOp::create(b, loc, field);
  mlir::Value pointer = fir::ConvertOp::create(b, loc, ref.getType(), address);
  info.getVarPtrMutable().assign(pointer);
}

struct UseDevicePtrPass
    : ompx::passes::impl::UseDevicePtrPassBase<UseDevicePtrPass> {
  void runOnOperation() final {
    getOperation()->walk([](mlir::omp::TargetDataOp data) {
      for (mlir::Value v : data.getUseDevicePtrVars()) {
        auto info = v.getDefiningOp<mlir::omp::MapInfoOp>();
        if (!info || info.getVarPtrPtr() || !info->hasOneUse() ||
            !mlir::isa<fir::ReferenceType>(info.getVarPtr().getType()))
          continue;
        mlir::Type type = info.getVarType();
        if (fir::isa_builtin_cptr_type(type) ||
            fir::isa_builtin_c_devptr_type(type))
          mapHeldPointer(info);
      }
    });
  }
};
} // namespace
