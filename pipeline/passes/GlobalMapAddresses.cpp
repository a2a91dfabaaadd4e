//===- GlobalMapAddresses.cpp - Maps of global storage in device code -----===//
//
// A target region's map of a variable that lives in a global (a common
// block's member, an EQUIVALENCE member, a module or saved variable) has an
// address that is a constant: the global, or a constant offset into it.
// LLVM 22's translation emits the region with that constant for the block
// argument and replaces it by the kernel argument afterwards. The IR
// builder folds an element's address into a new constant on the way
// (`gep(gep(@blk_, 48), 8)` is `gep(@blk_, 56)`), which the replacement no
// longer finds: `v(2) = 12` of a common block's second member went to the
// device image's own copy of the block (the write was lost), and where the
// block's first member was mapped too, its replacement of `@blk_` inside
// the folded constant made the store land past that member's device buffer
// (heap corruption, a crash in 9-25% of runs).
//
// In the device copy, the region takes such an argument through an identity
// the builder does not fold (`llvm.ptrmask` with all bits set), so every
// address in the region derives from the argument; the optimizer removes
// the identity once the kernel argument has replaced the constant.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"

namespace ompx::passes {
#define GEN_PASS_DEF_GLOBALMAPADDRESSESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// Whether integer `v` is computed from constants alone (the IR builder
/// folds it into one): an ASSOCIATE name's section start is `(3 - 1) * 1`
/// in the device copy.
bool isConstantInteger(Value v, unsigned depth = 0) {
  if (matchPattern(v, m_Constant()))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 8 ||
      !isa<LLVM::AddOp, LLVM::SubOp, LLVM::MulOp, LLVM::SExtOp, LLVM::ZExtOp,
           LLVM::TruncOp>(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isConstantInteger(operand, depth + 1);
  });
}

/// Whether `v` is a constant address: a global's, or a constant offset
/// into one (what translation folds into constant expressions).
bool isConstantAddress(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (isa<LLVM::AddressOfOp>(def))
      return true;
    if (auto gep = dyn_cast<LLVM::GEPOp>(def)) {
      if (!llvm::all_of(gep.getDynamicIndices(),
                        [](Value i) { return isConstantInteger(i); }))
        return false;
      v = gep.getBase();
      continue;
    }
    if (isa<LLVM::AddrSpaceCastOp, LLVM::BitcastOp>(def)) {
      v = def->getOperand(0);
      continue;
    }
    return false;
  }
  return false;
}

void launderGlobalArguments(omp::TargetOp target) {
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
  Block &entry = target.getRegion().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  for (auto [var, arg] :
       llvm::zip_equal(target.getMapVars(), iface.getMapBlockArgs())) {
    auto map = var.getDefiningOp<omp::MapInfoOp>();
    if (!map || map.getMapCaptureType() != omp::VariableCaptureKind::ByRef ||
        !isa<LLVM::LLVMPointerType>(arg.getType()) || arg.use_empty() ||
        !isConstantAddress(map.getVarPtr()))
      continue;
    Location loc = map.getLoc();
    Value allOnes = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                             b.getI64IntegerAttr(-1));
    auto address = LLVM::PtrMaskOp::create(b, loc, arg.getType(), arg, allOnes);
    arg.replaceAllUsesExcept(address, address);
  }
}

struct GlobalMapAddressesPass
    : ompx::passes::impl::GlobalMapAddressesPassBase<GlobalMapAddressesPass> {
  void runOnOperation() final {
    getOperation().walk(
        [](omp::TargetOp target) { launderGlobalArguments(target); });
  }
};
} // namespace
