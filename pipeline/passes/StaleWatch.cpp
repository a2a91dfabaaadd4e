//===- StaleWatch.cpp - a checked launch sees a kernel's stale reads ------===//
//
// A kernel using a device copy whose host data changed after it was copied
// in (`target update to` missing) reads old values, unless it writes the
// changed elements before it reads them: a kernel that overwrites what the
// host set is right. The checker sees at the kernel's start which bytes
// changed, not what the kernel reads, and reported both. Under `launch
// --check-maps` a construct accessing an array (explicit-shape, allocatable
// or pointer) or a scalar only element by element also maps `NAME#reads`,
// a watch it consults at each access: when the copy is stale the checker
// gives it a byte per element (set: changed on the host, not yet written by
// the kernel); a write clears the element's byte, a read of a set one
// records the element's offset, and after the kernel the checker reports
// that read (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/ElementAccess.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIRDialect.h"
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
#define GEN_PASS_DEF_STALEWATCHPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
using namespace mlir;
using ompx::passes::boundsOf;
using ompx::passes::elementBytes;

/// The watch's i64 slots (MapCheck.c reads them by these places).
enum Slot : int64_t {
  kShadow,    ///< the checker's byte per element (an address), or 0
  kLo,        ///< the byte offsets from the array's first element the
  kHi,        ///< shadow covers: [lo, hi); equal while nothing is stale
  kFirstRead, ///< the lowest offset of a changed element read, or INT64_MAX
  kBytes,     ///< the element's size
  kLb,        ///< a one-dimensional array's lower bound, or INT64_MIN;
              ///< kLbInDescriptor: the checker reads it from the host's
              ///< descriptor of a one-dimensional allocatable or pointer
  kSlots
};

/// The kLb slot of a one-dimensional array held by a descriptor.
constexpr int64_t kLbInDescriptor = std::numeric_limits<int64_t>::min() + 1;

enum class Use { Read, Write, WholeWrite };

/// One access of the region to the entry's data: `op` reads or writes the
/// element `element` designates (null: a scalar, or the whole array).
struct Access {
  Operation *op;
  Use use;
  hlfir::DesignateOp element;
};

/// How `user` uses the memory at `addr`: a load or store of it, or an
/// assignment to or from it; nothing for anything else (a call, a view).
std::optional<Use> useOf(Operation *user, Value addr) {
  if (isa<fir::LoadOp>(user))
    return Use::Read;
  if (auto store = dyn_cast<fir::StoreOp>(user))
    if (store.getMemref() == addr && store.getValue() != addr)
      return Use::Write;
  if (auto assign = dyn_cast<hlfir::AssignOp>(user)) {
    if (assign.getLhs() == addr && assign.getRhs() != addr)
      return Use::Write;
    if (assign.getRhs() == addr && assign.getLhs() != addr)
      return Use::Read;
  }
  return std::nullopt;
}

/// Whether code may be added before `op` in `target`'s region: not inside
/// an HLFIR region (an elemental's body) or an atomic construct, and in a
/// nest of constructs (host_eval) only inside a loop's body.
bool canWatchAt(Operation *op, omp::TargetOp target, bool nest) {
  bool inLoop = false;
  for (Operation *p = op->getParentOp(); p && p != target;
       p = p->getParentOp()) {
    if (isa<hlfir::hlfirDialect>(p->getDialect()) ||
        isa<omp::AtomicUpdateOp, omp::AtomicCaptureOp>(p))
      return false;
    inLoop |= isa<omp::LoopNestOp>(p);
  }
  return !nest || inLoop;
}

/// The array an allocatable or pointer entry's descriptor describes (the
/// descriptor mapped with its data as its one member), or null.
fir::SequenceType describedArray(omp::MapInfoOp info) {
  auto box = dyn_cast<fir::BaseBoxType>(
      fir::unwrapRefType(info.getVarPtr().getType()));
  if (!box || info.getMembers().size() != 1)
    return {};
  auto data = info.getMembers()[0].getDefiningOp<omp::MapInfoOp>();
  if (!data || !data.getVarPtrPtr())
    return {};
  return dyn_cast<fir::SequenceType>(fir::unwrapRefType(box.getEleTy()));
}

/// An entry the watch can follow: an array of intrinsic elements or such a
/// scalar by reference, or an allocatable or pointer array of them (its
/// descriptor's entry). Its element size.
std::optional<int64_t> watchedEntry(omp::MapInfoOp info) {
  if (!info || info.getVarPtrPtr() ||
      info.getMapCaptureType() != omp::VariableCaptureKind::ByRef ||
      !info.getName() || info.getName()->empty() ||
      !isa<fir::ReferenceType>(info.getVarPtr().getType()))
    return std::nullopt;
  if (fir::SequenceType described = describedArray(info))
    return elementBytes(described.getElementType());
  if (!info.getMembers().empty())
    return std::nullopt;
  Type t = fir::unwrapRefType(info.getVarPtr().getType());
  if (auto seq = dyn_cast<fir::SequenceType>(t))
    t = seq.getElementType();
  return elementBytes(t);
}

/// Whether `des` designates one element of the array `base` is (a
/// reference to it, or a descriptor of it): one index per dimension.
bool designatesElement(hlfir::DesignateOp des, Value base) {
  return des && des.getMemref() == base && !des.getComponent() &&
         des.getSubstring().empty() && !des.getIndices().empty() &&
         llvm::none_of(des.getIsTriplet(), [](bool t) { return t; }) &&
         !isa<fir::BaseBoxType>(des.getType());
}

/// Every access of the region to the data it receives as `arg`, or nothing
/// when one is not a plain read or write of an element, of the scalar, or
/// a whole-array assignment to it, where code may be added. For an
/// allocatable or pointer array (`arg` its descriptor) the elements are
/// designated in the descriptor loaded from it, which nothing else may use
/// but for its bounds.
std::optional<SmallVector<Access>> accessesOf(BlockArgument arg,
                                              omp::TargetOp target, bool nest,
                                              hlfir::DeclareOp &declare) {
  if (!arg.hasOneUse())
    return std::nullopt;
  declare = dyn_cast<hlfir::DeclareOp>(*arg.getUsers().begin());
  if (!declare)
    return std::nullopt;
  Type held = fir::unwrapRefType(arg.getType());
  bool described = isa<fir::BaseBoxType>(held);
  // The region's array may be a descriptor (non-default lower bounds).
  bool array = described || isa<fir::SequenceType>(held);
  SmallVector<Access> out;
  auto add = [&](Operation *op, Use use, hlfir::DesignateOp element) {
    if (!canWatchAt(op, target, nest))
      return false;
    out.push_back({op, use, element});
    return true;
  };
  // The element accesses through `des`.
  auto elementUses = [&](hlfir::DesignateOp des) {
    for (Operation *use : des->getUsers()) {
      std::optional<Use> u = useOf(use, des.getResult());
      if (!u || !add(use, *u, des))
        return false;
    }
    return true;
  };
  for (Value v : declare->getResults())
    for (Operation *user : v.getUsers()) {
      if (auto load = dyn_cast<fir::LoadOp>(user); load && described) {
        for (Operation *use : load->getUsers()) {
          auto des = dyn_cast<hlfir::DesignateOp>(use);
          if (designatesElement(des, load.getResult())
                  ? !elementUses(des)
                  : !isa<fir::BoxDimsOp>(use))
            return std::nullopt;
        }
        continue;
      }
      auto des = dyn_cast<hlfir::DesignateOp>(user);
      if (!described && array && designatesElement(des, v)) {
        if (!elementUses(des))
          return std::nullopt;
        continue;
      }
      std::optional<Use> u = useOf(user, v);
      // A whole array is watched when assigned, not when read (the read of
      // each element is not told); an allocatable one only from a scalar
      // (an array may reallocate it).
      if (u && array)
        u = *u == Use::Write && isa<hlfir::AssignOp>(user) &&
                    (!described ||
                     fir::isa_trivial(
                         cast<hlfir::AssignOp>(user).getRhs().getType()))
                ? std::optional<Use>(Use::WholeWrite)
                : std::nullopt;
      if (!u || !add(user, *u, nullptr))
        return std::nullopt;
    }
  if (out.empty())
    return std::nullopt;
  return out;
}

struct StaleWatchPass : ompx::passes::impl::StaleWatchPassBase<StaleWatchPass> {
  void runOnOperation() override {
    ompx::passes::forEachWatchedEntry(
        getOperation(), watchedEntry,
        [&](omp::TargetOp target, const ompx::passes::WatchedEntry &e,
            bool nest) { watch(target, e.info, e.arg, e.bytes, nest); });
  }

  void watch(omp::TargetOp target, omp::MapInfoOp info, BlockArgument arg,
             int64_t bytes, bool nest) {
    hlfir::DeclareOp declare;
    std::optional<SmallVector<Access>> accesses =
        accessesOf(arg, target, nest, declare);
    if (!accesses)
      return;
    SmallVector<Value> lbs, extents;
    Type held = fir::unwrapRefType(arg.getType());
    // A descriptor's elements are placed by its own bounds and strides.
    size_t rank = 0;
    int64_t lb = std::numeric_limits<int64_t>::min();
    if (fir::SequenceType described = describedArray(info)) {
      rank = described.getDimension();
      if (rank == 1)
        lb = kLbInDescriptor;
    } else if (isa<fir::SequenceType>(held) &&
               !boundsOf(declare.getShape(), lbs, extents))
      return;
    else
      rank = extents.size();
    if (llvm::any_of(*accesses, [&](Access a) {
          return a.element && a.element.getIndices().size() != rank;
        }))
      return;
    BlockArgument watchArg = ompx::passes::mapWatch(
        target, info, "#reads",
        {0, 0, 0, std::numeric_limits<int64_t>::max(), bytes, lb}, kLb,
        extents.size());
    OpBuilder b(target.getContext());
    for (const Access &a : *accesses)
      instrument(b, a, watchArg, lbs, extents, bytes);
  }

  /// Before `a`: the watch's test of the element it accesses. A read of an
  /// element whose byte is set folds its offset into the lowest read; a
  /// write clears the byte (a whole-array assignment every byte).
  void instrument(OpBuilder &b, const Access &a, Value watchArg,
                  ArrayRef<Value> lbs, ArrayRef<Value> extents, int64_t bytes) {
    b.setInsertionPoint(a.op);
    Location dl = a.op->getLoc();
    MLIRContext *ctx = b.getContext();
    Type i64 = b.getI64Type(), i8 = b.getI8Type();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    auto load = [&](int64_t k) -> Value {
      Value index = arith::ConstantIndexOp::create(b, dl, k);
      return fir::LoadOp::create(
          b, dl,
          fir::CoordinateOp::create(b, dl, fir::ReferenceType::get(i64),
                                    watchArg, ValueRange{index}));
    };
    Value lo = load(kLo), hi = load(kHi);
    if (a.use == Use::WholeWrite) {
      auto stale = fir::IfOp::create(
          b, dl,
          arith::CmpIOp::create(b, dl, arith::CmpIPredicate::sgt, hi, lo),
          /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&stale.getThenRegion().front());
      Value shadow = LLVM::IntToPtrOp::create(b, dl, ptr, load(kShadow));
      Value count = arith::DivSIOp::create(
          b, dl, arith::SubIOp::create(b, dl, hi, lo),
          arith::ConstantIntOp::create(b, dl, i64, bytes));
      LLVM::MemsetOp::create(b, dl, shadow,
                             arith::ConstantIntOp::create(b, dl, i8, 0), count,
                             /*isVolatile=*/false);
      return;
    }
    hlfir::DesignateOp des = a.element;
    Value offset =
        !des ? Value(arith::ConstantIntOp::create(b, dl, i64, 0))
        : isa<fir::BaseBoxType>(des.getMemref().getType())
            ? ompx::passes::byteOffsetInBox(b, des)
            : ompx::passes::byteOffsetOf(b, des, lbs, extents, bytes);
    Value inside = arith::AndIOp::create(
        b, dl,
        arith::CmpIOp::create(b, dl, arith::CmpIPredicate::sge, offset, lo),
        arith::CmpIOp::create(b, dl, arith::CmpIPredicate::slt, offset, hi));
    auto watched = fir::IfOp::create(b, dl, inside, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&watched.getThenRegion().front());
    Value element =
        arith::DivSIOp::create(b, dl, arith::SubIOp::create(b, dl, offset, lo),
                               arith::ConstantIntOp::create(b, dl, i64, bytes));
    Value byte = LLVM::IntToPtrOp::create(
        b, dl, ptr,
        Value(arith::AddIOp::create(b, dl, load(kShadow), element)));
    if (a.use == Use::Write) {
      LLVM::StoreOp::create(b, dl, arith::ConstantIntOp::create(b, dl, i8, 0),
                            byte, /*alignment=*/1, false, false, false,
                            LLVM::AtomicOrdering::monotonic);
      return;
    }
    Value mark =
        LLVM::LoadOp::create(b, dl, i8, byte, /*alignment=*/1, false, false,
                             false, false, LLVM::AtomicOrdering::monotonic);
    auto changed = fir::IfOp::create(
        b, dl,
        arith::CmpIOp::create(b, dl, arith::CmpIPredicate::ne, mark,
                              arith::ConstantIntOp::create(b, dl, i8, 0)),
        /*withElseRegion=*/false);
    b.setInsertionPointToStart(&changed.getThenRegion().front());
    Value index = arith::ConstantIndexOp::create(b, dl, kFirstRead);
    Value first = fir::ConvertOp::create(
        b, dl, ptr,
        fir::CoordinateOp::create(b, dl, fir::ReferenceType::get(i64), watchArg,
                                  ValueRange{index}));
    LLVM::AtomicRMWOp::create(b, dl, LLVM::AtomicBinOp::min, first, offset,
                              LLVM::AtomicOrdering::monotonic);
  }
};
} // namespace
