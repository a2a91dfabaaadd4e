//===- HostEval.cpp - Recomputing host_eval values in a target ------------===//

#include "pipeline/passes/HostEval.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

/// Do `a` and `b` name the same storage? They do when they are one value,
/// or two results of one Fortran declaration (hlfir.declare returns the
/// variable twice, and flang loads through one and maps the other).
static bool sameStorage(Value a, Value b) {
  if (a == b)
    return true;
  Operation *op = a.getDefiningOp();
  return op && op == b.getDefiningOp() &&
         isa<hlfir::DeclareOp, fir::DeclareOp>(op);
}

/// Does `user` store `value` (or its storage) to `addr`?
static bool storesTo(Operation *user, Value addr, Value value) {
  if (auto store = dyn_cast<fir::StoreOp>(user))
    return store.getMemref() == addr && sameStorage(store.getValue(), value);
  if (auto store = dyn_cast<LLVM::StoreOp>(user))
    return store.getAddr() == addr && sameStorage(store.getValue(), value);
  return false;
}

Value ompx::passes::rematerializeInTarget(Value value, omp::TargetOp target,
                                          OpBuilder *builder,
                                          IRMapping &mapping, unsigned depth) {
  if (Value known = mapping.lookupOrNull(value))
    return known;
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
  for (auto [var, arg] :
       llvm::zip_equal(target.getMapVars(), iface.getMapBlockArgs())) {
    auto info = var.getDefiningOp<omp::MapInfoOp>();
    if (!info)
      continue;
    Value varPtr = info.getVarPtr();
    bool stored = llvm::any_of(varPtr.getUsers(), [&](Operation *user) {
      return storesTo(user, varPtr, value);
    });
    Value local;
    if (arg.getType() == value.getType() &&
        (sameStorage(value, varPtr) || stored)) {
      // The variable itself, or a descriptor passed by value (an
      // assumed-shape dummy) that flang stored to a mapped temporary: the
      // region gets it as the entry block argument.
      local = arg;
    } else if (stored && isa<LLVM::LLVMPointerType>(arg.getType())) {
      // A value stored to a mapped temporary: read it back.
      local = !builder ? arg
                       : LLVM::LoadOp::create(*builder, value.getLoc(),
                                              value.getType(), arg)
                             .getResult();
    } else if (stored && arg.getType() != value.getType()) {
      local = !builder ? arg
                       : fir::LoadOp::create(*builder, value.getLoc(),
                                             value.getType(), arg)
                             .getResult();
    }
    if (local) {
      mapping.map(value, local);
      return local;
    }
  }
  Operation *op = value.getDefiningOp();
  if (!op || depth > 32 || op->getNumRegions() || target->isAncestor(op))
    return nullptr;
  bool readsOnly = isPure(op) || matchPattern(op, m_Constant());
  if (!readsOnly)
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      readsOnly = llvm::all_of(list, [](const auto &e) {
        return isa<MemoryEffects::Read>(e.getEffect());
      });
    }
  if (!readsOnly)
    return nullptr;
  for (Value operand : op->getOperands())
    if (!rematerializeInTarget(operand, target, builder, mapping, depth + 1))
      return nullptr;
  if (!builder) {
    mapping.map(value, value);
    return value;
  }
  Operation *copy = builder->clone(*op, mapping);
  return copy->getResult(cast<OpResult>(value).getResultNumber());
}
