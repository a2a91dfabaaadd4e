//===- DescriptorCopies.cpp - Each target region maps its own descriptor --===//
//
// flang maps an allocatable, pointer or assumed-shape array as its
// descriptor (`always, to`) with the data attached to the descriptor's
// base address. Every target region that maps the array maps the same
// host descriptor, so LLVM 22's runtime gives them one device descriptor:
// regions that run at the same time (`target nowait`, or target regions of
// several host threads) rewrite it under each other (the always-to copy
// puts the host address back, each attach puts its own section's address)
// and a kernel indexed another region's section, or host memory; the copy
// back of the base address into the host descriptor raced with the host's
// own reads of it. A loop of `target nowait map(a(lo:hi))` lost elements
// and corrupted the heap, on every device.
//
// Each descriptor map of a host copy's omp.target now maps a copy of the
// descriptor made when the construct is met (`__ompx_descriptor_copy`,
// which the host module's LLVM IR fix places: on the stack of a region the
// thread waits for, in the target task of a deferred one). The data is
// mapped and attached as before; only the descriptor is the region's own.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_DESCRIPTORCOPIESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kCopyFn = "__ompx_descriptor_copy";

/// Whether `v` is the address of a declare target global: its device copy
/// is the device's own variable, which procedures use by name.
bool isDeclareTarget(Value v) {
  auto address = v.getDefiningOp<LLVM::AddressOfOp>();
  if (!address)
    return false;
  Operation *global = SymbolTable::lookupNearestSymbolFrom(
      address, address.getGlobalNameAttr());
  return global && global->hasAttr("omp.declare_target");
}

/// Whether `gep` is `getelementptr base[0, 0]`: a descriptor's base address.
bool isBaseAddress(Value v, Value base) {
  auto gep = v.getDefiningOp<LLVM::GEPOp>();
  if (!gep || gep.getBase() != base || !gep.getDynamicIndices().empty())
    return false;
  ArrayRef<int32_t> idx = gep.getRawConstantIndices();
  return idx.size() == 2 && idx[0] == 0 && idx[1] == 0;
}

/// `map`, if it maps a descriptor (a structure whose first field is the
/// data's address) by reference, with members that each attach the data at
/// that field and nothing else.
bool isDescriptorMap(omp::MapInfoOp map) {
  auto type = dyn_cast<LLVM::LLVMStructType>(map.getVarType());
  if (!type || type.getBody().empty() ||
      !isa<LLVM::LLVMPointerType>(type.getBody().front()) ||
      map.getVarPtrPtr() || map.getMembers().empty() ||
      map.getMapCaptureType() != omp::VariableCaptureKind::ByRef)
    return false;
  Value desc = map.getVarPtr();
  return llvm::all_of(map.getMembers(), [&](Value m) {
    auto member = m.getDefiningOp<omp::MapInfoOp>();
    return member && member.getVarPtr() == desc &&
           member.getMembers().empty() && member.getVarPtrPtr() &&
           isBaseAddress(member.getVarPtrPtr(), desc);
  });
}

LLVM::LLVMFuncOp copyFunction(ModuleOp module) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(kCopyFn))
    return f;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto ptr = LLVM::LLVMPointerType::get(module.getContext());
  auto type = LLVM::LLVMFunctionType::get(ptr, {ptr, b.getI64Type()});
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), kCopyFn, type);
}

/// Maps `parent`'s descriptor for `target` from a copy: the parent, its
/// members and their base address fields are cloned onto the copy just
/// before the construct. Returns whether it did.
bool mapCopy(omp::TargetOp target, omp::MapInfoOp parent,
             LLVM::LLVMFuncOp copyFn, const DataLayout &layout) {
  Value desc = parent.getVarPtr();
  if (isDeclareTarget(desc) ||
      llvm::is_contained(target.getPrivateVars(), desc))
    return false;
  OpBuilder b(target);
  Location loc = parent.getLoc();
  Value size = LLVM::ConstantOp::create(
      b, loc, b.getI64Type(),
      static_cast<int64_t>(layout.getTypeSize(parent.getVarType())));
  Value copy =
      LLVM::CallOp::create(b, loc, copyFn, ValueRange{desc, size}).getResult();
  IRMapping mapping;
  mapping.map(desc, copy);
  // The parent first: it uses the members, which use the fields.
  llvm::SetVector<Operation *> old;
  old.insert(parent);
  for (Value m : parent.getMembers()) {
    auto member = m.getDefiningOp<omp::MapInfoOp>();
    Operation *field = member.getVarPtrPtr().getDefiningOp();
    if (!mapping.contains(field->getResult(0)))
      b.clone(*field, mapping);
    Operation *clone = b.clone(*member, mapping);
    target->replaceUsesOfWith(m, clone->getResult(0));
    old.insert(member);
    old.insert(field);
  }
  Operation *clone = b.clone(*parent, mapping);
  target->replaceUsesOfWith(parent, clone->getResult(0));
  for (Operation *op : old)
    if (op->use_empty())
      op->erase();
  return true;
}

struct DescriptorCopiesPass
    : ompx::passes::impl::DescriptorCopiesPassBase<DescriptorCopiesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto offload = dyn_cast<omp::OffloadModuleInterface>(module.getOperation());
    // A host build calls its regions on the host's own variables.
    if (!offload || offload.getIsTargetDevice() ||
        offload.getTargetTriples().empty())
      return;
    SmallVector<omp::TargetOp> targets;
    module.walk([&](omp::TargetOp t) { targets.push_back(t); });
    if (targets.empty())
      return;
    DataLayout layout(module);
    LLVM::LLVMFuncOp copyFn;
    for (omp::TargetOp target : targets) {
      SmallVector<omp::MapInfoOp> parents;
      for (Value var : target.getMapVars())
        if (auto map = var.getDefiningOp<omp::MapInfoOp>();
            map && isDescriptorMap(map))
          parents.push_back(map);
      for (omp::MapInfoOp parent : parents) {
        if (!copyFn)
          copyFn = copyFunction(module);
        mapCopy(target, parent, copyFn, layout);
      }
    }
  }
};
} // namespace
