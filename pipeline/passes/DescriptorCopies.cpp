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
// descriptor (or of a record whose mapped members are only allocatable
// components, which share the record's one device copy) made when the
// construct is met (`__ompx_descriptor_copy`,
// which the host module's LLVM IR fix places: on the stack of a region the
// thread waits for, in the target task of a deferred one). The data is
// mapped and attached as before; only the descriptor is the region's own.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
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

/// Whether `v` is `root` or an address a chain of constant-index
/// getelementptr ops computes from it.
bool isRootedAt(Value v, Value root) {
  while (v != root) {
    auto gep = v.getDefiningOp<LLVM::GEPOp>();
    if (!gep || !gep.getDynamicIndices().empty())
      return false;
    v = gep.getBase();
  }
  return true;
}

/// Whether `v` is `getelementptr base[0, 0]`: a descriptor's base address.
bool isBaseAddress(Value v, Value base) {
  auto gep = v.getDefiningOp<LLVM::GEPOp>();
  if (!gep || gep.getBase() != base || !gep.getDynamicIndices().empty())
    return false;
  ArrayRef<int32_t> idx = gep.getRawConstantIndices();
  return idx.size() == 2 && idx[0] == 0 && idx[1] == 0;
}

/// Whether `t` is laid out as a descriptor: the data's address first.
bool isDescriptorType(Type t) {
  auto type = dyn_cast<LLVM::LLVMStructType>(t);
  return type && !type.getBody().empty() &&
         isa<LLVM::LLVMPointerType>(type.getBody().front());
}

/// A record copied at each launch stays small (its size in bytes).
constexpr uint64_t kMaxRecordCopy = 64 * 1024;

/// Whether `map` maps, by reference, a descriptor whose members each attach
/// its data, or a record (a partial map) whose members are only such
/// descriptor components and their data: nothing a region copies back
/// lands in the mapped structure but base addresses, which the runtime
/// restores anyway, so a copy of it serves the region alike.
bool isCopyable(omp::MapInfoOp map, const DataLayout &layout) {
  if (map.getVarPtrPtr() || map.getMembers().empty() ||
      map.getMapCaptureType() != omp::VariableCaptureKind::ByRef)
    return false;
  Value root = map.getVarPtr();
  bool descriptor = isDescriptorType(map.getVarType());
  if (!descriptor &&
      (!map.getPartialMap() || !isa<LLVM::LLVMStructType>(map.getVarType()) ||
       layout.getTypeSize(map.getVarType()) > kMaxRecordCopy))
    return false;
  return llvm::all_of(map.getMembers(), [&](Value m) {
    auto member = m.getDefiningOp<omp::MapInfoOp>();
    if (!member || !member.getMembers().empty() ||
        !isRootedAt(member.getVarPtr(), root) ||
        (descriptor && member.getVarPtr() != root))
      return false;
    if (member.getVarPtrPtr())
      return isBaseAddress(member.getVarPtrPtr(), member.getVarPtr());
    // A component's descriptor, copied in only.
    return !descriptor && isDescriptorType(member.getVarType()) &&
           !omp::bitEnumContainsAny(member.getMapType(),
                                    omp::ClauseMapFlags::from);
  });
}

/// The clone of `v`, an address rooted at a mapped value of `mapping`,
/// computed from the clone of its root.
Value cloneRooted(Value v, IRMapping &mapping, OpBuilder &b) {
  if (Value done = mapping.lookupOrNull(v))
    return done;
  auto gep = v.getDefiningOp<LLVM::GEPOp>();
  cloneRooted(gep.getBase(), mapping, b);
  return b.clone(*gep, mapping)->getResult(0);
}

LLVM::LLVMFuncOp copyFunction(ModuleOp module) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(kCopyFn))
    return f;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto ptr = LLVM::LLVMPointerType::get(module.getContext());
  auto type = LLVM::LLVMFunctionType::get(ptr, {ptr, b.getI64Type()});
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), kCopyFn, type);
}

/// Maps `parent`'s descriptor or record for `target` from a copy: the
/// parent, its members and the addresses they take in it are cloned onto
/// the copy just before the construct.
void mapCopy(omp::TargetOp target, omp::MapInfoOp parent,
             LLVM::LLVMFuncOp copyFn, const DataLayout &layout) {
  Value root = parent.getVarPtr();
  OpBuilder b(target);
  Location loc = parent.getLoc();
  Value size = LLVM::ConstantOp::create(
      b, loc, b.getI64Type(),
      static_cast<int64_t>(layout.getTypeSize(parent.getVarType())));
  Value copy =
      LLVM::CallOp::create(b, loc, copyFn, ValueRange{root, size}).getResult();
  IRMapping mapping;
  mapping.map(root, copy);
  llvm::SetVector<Operation *> unique;
  unique.insert(parent);
  for (Value m : parent.getMembers()) {
    auto member = m.getDefiningOp<omp::MapInfoOp>();
    for (Value address : {member.getVarPtr(), member.getVarPtrPtr()})
      if (address)
        cloneRooted(address, mapping, b);
    Operation *clone = b.clone(*member, mapping);
    target->replaceUsesOfWith(m, clone->getResult(0));
    unique.insert(member);
    for (Value address : {member.getVarPtrPtr(), member.getVarPtr()})
      for (; address && address != root;
           address = address.getDefiningOp<LLVM::GEPOp>().getBase())
        unique.insert(address.getDefiningOp());
  }
  Operation *clone = b.clone(*parent, mapping);
  target->replaceUsesOfWith(parent, clone->getResult(0));
  // Members of a record may share addresses: erase until none is unused.
  SmallVector<Operation *> old(unique.begin(), unique.end());
  for (bool erased = true; erased;) {
    erased = false;
    for (Operation *&op : old)
      if (op && op->use_empty()) {
        op->erase();
        op = nullptr;
        erased = true;
      }
  }
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
      // A map listed twice is copied once.
      llvm::SetVector<omp::MapInfoOp> parents;
      for (Value var : target.getMapVars())
        if (auto map = var.getDefiningOp<omp::MapInfoOp>();
            map && isCopyable(map, layout) &&
            !ompx::passes::isDeclareTargetAddress(map.getVarPtr()) &&
            !llvm::is_contained(target.getPrivateVars(), map.getVarPtr()))
          parents.insert(map);
      for (omp::MapInfoOp parent : parents) {
        if (!copyFn)
          copyFn = copyFunction(module);
        mapCopy(target, parent, copyFn, layout);
      }
    }
  }
};
} // namespace
