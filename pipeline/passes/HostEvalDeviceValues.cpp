//===- HostEvalDeviceValues.cpp - Loop bounds from the device's copy ------===//
//
// flang-22 and acc-to-omp compute a target's loop bounds, num_teams and
// thread_limit on the host (host_eval), loading the host's copy of a
// variable the region reads. The region would read the device's copy:
// where the variable is present before the construct (a data region maps
// it, `!$acc parallel loop present(nact)`, `map(tofrom: m)` inside
// `target data`), the two differ once a kernel set it, and the loop ran
// the host's count (0 iterations for the device's 40), silently.
//
// A host_eval value computed from such a load is computed again just
// before the construct from the device's copy: libomptarget is asked where
// the variable is (omp_get_mapped_ptr), and a present one is copied from
// the device (omp_target_memcpy); one not present is copied in by the
// construct's own map, so the host's copy is what the region reads. Only
// scalars the construct maps by reference, and only when the construct
// offloads (its `if` true, its device not the initial one).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"
#include "pipeline/passes/RuntimeCalls.h"
#include "pipeline/passes/TargetEntries.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_HOSTEVALDEVICEVALUESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// The storage `v` addresses: through declarations and conversions.
Value rootOf(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto d = dyn_cast<hlfir::DeclareOp>(def))
      v = d.getMemref();
    else if (auto d = dyn_cast<fir::DeclareOp>(def))
      v = d.getMemref();
    else if (auto c = dyn_cast<fir::ConvertOp>(def))
      v = c.getValue();
    else
      break;
  }
  return v;
}

/// Bytes of a scalar the pass reads from the device, or 0.
unsigned scalarBytes(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth() % 8 ? 0 : i.getWidth() / 8;
  if (auto f = dyn_cast<FloatType>(t))
    return f.getWidth() % 8 ? 0 : f.getWidth() / 8;
  return 0;
}

struct HostEvalDeviceValuesPass
    : ompx::passes::impl::HostEvalDeviceValuesPassBase<
          HostEvalDeviceValuesPass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    SmallVector<omp::TargetOp> targets;
    module.walk([&](omp::TargetOp t) {
      if (!t.getHostEvalVars().empty())
        targets.push_back(t);
    });
    fir::KindMapping kinds = fir::getKindMapping(module);
    for (omp::TargetOp target : targets)
      rewrite(target, kinds);
  }

  /// The roots of the scalars `target` maps by reference.
  static SmallVector<Value> byReference(omp::TargetOp target) {
    SmallVector<Value> roots;
    for (Value v : target.getMapVars())
      if (auto m = v.getDefiningOp<omp::MapInfoOp>())
        if (m.getMapCaptureType() == omp::VariableCaptureKind::ByRef &&
            m.getMembers().empty() && !m.getVarPtrPtr() &&
            scalarBytes(m.getVarType()) &&
            // `always, to` copies the host's value in: the one read.
            !omp::bitEnumContainsAll(m.getMapType(),
                                     omp::ClauseMapFlags::always |
                                         omp::ClauseMapFlags::to))
          roots.push_back(rootOf(m.getVarPtr()));
    return roots;
  }

  void rewrite(omp::TargetOp target, const fir::KindMapping &kinds) {
    SmallVector<Value> mapped = byReference(target);
    if (mapped.empty())
      return;
    // Per host_eval operand: its computation, if it loads a mapped scalar
    // and is otherwise pure and outside the target.
    SmallVector<std::pair<unsigned, SetVector<Operation *>>> rewrites;
    for (auto [i, v] : llvm::enumerate(target.getHostEvalVars())) {
      SetVector<Operation *> slice;
      BackwardSliceOptions options;
      options.omitBlockArguments = true;
      options.filter = [&](Operation *op) {
        return op->getBlock() == target->getBlock();
      };
      (void)getBackwardSlice(v, &slice, options);
      if (Operation *def = v.getDefiningOp();
          def && def->getBlock() == target->getBlock())
        slice.insert(def);
      bool reads = false, pure = true;
      for (Operation *op : slice) {
        if (auto load = dyn_cast<fir::LoadOp>(op)) {
          reads |= llvm::is_contained(mapped, rootOf(load.getMemref()));
          continue;
        }
        if (op->getNumRegions() || !isMemoryEffectFree(op))
          pure = isa<hlfir::DeclareOp, fir::DeclareOp>(op);
        if (!pure)
          break;
      }
      if (reads && pure)
        rewrites.push_back({unsigned(i), std::move(slice)});
    }
    if (rewrites.empty())
      return;
    fir::FirOpBuilder b(target, kinds);
    Location loc = target.getLoc();
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Type ptr = fir::ReferenceType::get(b.getI8Type());
    Block *allocas = ompx::passes::allocaBlockFor(target);
    if (!allocas)
      return;
    ompx::passes::TargetDevice where =
        ompx::passes::targetDevice(b, loc, target);
    Value dev = where.device, initial = where.initial, offload = where.offloads;
    // The device's value of the scalar at `addr`, or the host's where the
    // construct copies it in.
    auto deviceValue = [&](fir::LoadOp load) -> Value {
      Type type = load.getType();
      OpBuilder ab(target.getContext());
      ab.setInsertionPointToStart(allocas);
      Value slot = fir::AllocaOp::create(ab, loc, type);
      Value host = b.createConvert(loc, ptr, load.getMemref());
      Value at = ompx::passes::callRuntime(b, loc, "omp_get_mapped_ptr",
                                           b.getFunctionType({ptr, i32}, {ptr}),
                                           ValueRange{host, dev})[0];
      Value present = arith::AndIOp::create(
          b, loc, offload,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                b.createConvert(loc, i64, at),
                                b.createIntegerConstant(loc, i64, 0)));
      return b.genIfOp(loc, {type}, present, /*withElseRegion=*/true)
          .genThen([&] {
            Value bytes = b.createIntegerConstant(loc, i64, scalarBytes(type));
            Value zero = b.createIntegerConstant(loc, i64, 0);
            ompx::passes::callRuntime(
                b, loc, "omp_target_memcpy",
                b.getFunctionType({ptr, ptr, i64, i64, i64, i32, i32}, {i32}),
                ValueRange{b.createConvert(loc, ptr, slot), at, bytes, zero,
                           zero, initial, dev});
            fir::ResultOp::create(
                b, loc, ValueRange{fir::LoadOp::create(b, loc, slot)});
          })
          .genElse([&] {
            fir::ResultOp::create(
                b, loc,
                ValueRange{fir::LoadOp::create(b, loc, load.getMemref())});
          })
          .getResults()[0];
    };
    for (auto &[index, slice] : rewrites) {
      // Only what depends on a device value is computed again.
      IRMapping map;
      for (Operation *op : slice) {
        auto load = dyn_cast<fir::LoadOp>(op);
        if (load && llvm::is_contained(mapped, rootOf(load.getMemref())) &&
            scalarBytes(load.getType()))
          map.map(load.getResult(), deviceValue(load));
        else if (llvm::any_of(op->getOperands(),
                              [&](Value x) { return map.contains(x); }))
          b.clone(*op, map);
      }
      Value v = target.getHostEvalVars()[index];
      target.getHostEvalVarsMutable()[index].set(map.lookupOrDefault(v));
    }
  }
};
} // namespace
