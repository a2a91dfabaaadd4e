//===- SectionWatch.cpp - a checked launch sees accesses outside a map ----===//
//
// A kernel that reads an element outside the section its map copies (a
// stencil's halo, `a(i-1)` with `map(to: a(1:n))`) reads device memory
// nothing was copied into, and a write there corrupts other data: the run
// is silently wrong, and no device copy holds the element for the checker
// to compare. Under `launch --check-maps` the construct carries back the
// lowest and highest element each sectioned array was accessed at, so that
// the checker can compare them with the section the map copied
// (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/ElementAccess.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <limits>
#include <optional>

namespace ompx::passes {
#define GEN_PASS_DEF_SECTIONWATCHPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
using namespace mlir;
using ompx::passes::boundsOf;
using ompx::passes::elementBytes;

/// An explicit-shape array a map entry copies a section of (bounds on a
/// plain reference): its element size, when its elements are intrinsic.
std::optional<int64_t> watchedEntry(omp::MapInfoOp info) {
  if (!info || info.getBounds().empty() || info.getVarPtrPtr() ||
      !info.getMembers().empty() ||
      info.getMapCaptureType() != omp::VariableCaptureKind::ByRef ||
      !info.getName() || info.getName()->empty() ||
      !isa<fir::ReferenceType>(info.getVarPtr().getType()))
    return std::nullopt;
  // The array's own type: flang gives a run-time-sized one's map the
  // element type (`var_ptr(%a : !fir.ref<!fir.array<?xf32>>, f32)`).
  auto seq = dyn_cast<fir::SequenceType>(
      fir::unwrapRefType(info.getVarPtr().getType()));
  if (!seq)
    return std::nullopt;
  return elementBytes(seq.getElementType());
}

/// The element accesses of the array the region receives as `arg`: the
/// designates of its declare with one index per dimension, where code may
/// be added (in a nest of constructs, only inside a loop's body).
SmallVector<hlfir::DesignateOp> accessesOf(BlockArgument arg, bool nest,
                                           hlfir::DeclareOp &declare) {
  SmallVector<hlfir::DesignateOp> out;
  for (Operation *user : arg.getUsers()) {
    auto d = dyn_cast<hlfir::DeclareOp>(user);
    if (!d)
      continue;
    declare = d;
    for (Value v : d->getResults())
      for (Operation *use : v.getUsers()) {
        auto des = dyn_cast<hlfir::DesignateOp>(use);
        if (!des || des.getMemref() != v || des.getComponent() ||
            !des.getSubstring().empty() || des.getIndices().empty() ||
            llvm::any_of(des.getIsTriplet(), [](bool t) { return t; }) ||
            isa<fir::BaseBoxType>(des.getType()) ||
            (nest && !des->getParentOfType<omp::LoopNestOp>()))
          continue;
        out.push_back(des);
      }
  }
  return out;
}

struct SectionWatchPass
    : ompx::passes::impl::SectionWatchPassBase<SectionWatchPass> {
  void runOnOperation() override {
    ompx::passes::forEachWatchedEntry(
        getOperation(), watchedEntry,
        [&](omp::TargetOp target, const ompx::passes::WatchedEntry &e,
            bool nest) { watch(target, e.info, e.arg, e.bytes, nest); });
  }

  /// Maps `NAME#span`, four i64: the lowest and highest byte offset from
  /// the array's first element the region accessed, the element size and
  /// the first dimension's lower bound (of a one-dimensional array; else
  /// the lowest i64). Before each access the region folds its offset in.
  void watch(omp::TargetOp target, omp::MapInfoOp info, BlockArgument arg,
             int64_t bytes, bool nest) {
    hlfir::DeclareOp declare;
    SmallVector<hlfir::DesignateOp> accesses = accessesOf(arg, nest, declare);
    SmallVector<Value> lbs, extents;
    if (accesses.empty() || !boundsOf(declare.getShape(), lbs, extents))
      return;
    llvm::erase_if(accesses, [&](hlfir::DesignateOp des) {
      return des.getIndices().size() != extents.size();
    });
    if (accesses.empty())
      return;
    MLIRContext *ctx = target.getContext();
    Type i64 = IntegerType::get(ctx, 64);
    OpBuilder b(ctx);
    BlockArgument spanArg =
        ompx::passes::mapWatch(target, info, "#span",
                               {std::numeric_limits<int64_t>::max(),
                                std::numeric_limits<int64_t>::min(), bytes,
                                std::numeric_limits<int64_t>::min()},
                               /*lbSlot=*/3, extents.size());
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    for (hlfir::DesignateOp des : accesses) {
      b.setInsertionPoint(des);
      Location dl = des.getLoc();
      Value byteOffset =
          ompx::passes::byteOffsetOf(b, des, lbs, extents, bytes);
      // Read first, exchange only a new extreme: after its first
      // iterations a loop only reads the span (a shared cache line every
      // thread would otherwise write at each access).
      for (auto [slot, op, pred] :
           {std::tuple(0, LLVM::AtomicBinOp::min, arith::CmpIPredicate::slt),
            std::tuple(1, LLVM::AtomicBinOp::max, arith::CmpIPredicate::sgt)}) {
        Value index = arith::ConstantIndexOp::create(b, dl, slot);
        Value ref = fir::CoordinateOp::create(
            b, dl, fir::ReferenceType::get(i64), spanArg, ValueRange{index});
        Value p = fir::ConvertOp::create(b, dl, ptr, ref);
        Value now =
            LLVM::LoadOp::create(b, dl, i64, p, /*alignment=*/8, false, false,
                                 false, false, LLVM::AtomicOrdering::monotonic);
        auto beyond = fir::IfOp::create(
            b, dl, arith::CmpIOp::create(b, dl, pred, byteOffset, now),
            /*withElseRegion=*/false);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&beyond.getThenRegion().front());
        LLVM::AtomicRMWOp::create(b, dl, op, p, byteOffset,
                                  LLVM::AtomicOrdering::monotonic);
      }
    }
  }
};
} // namespace
