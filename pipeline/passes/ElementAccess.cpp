//===- ElementAccess.cpp - Element offsets for the checked launch ---------===//

#include "pipeline/passes/ElementAccess.h"
#include "pipeline/passes/TargetEntries.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"

#include <limits>

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

std::optional<int64_t> ompx::passes::elementBytes(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth() % 8 ? std::nullopt
                            : std::optional<int64_t>(i.getWidth() / 8);
  if (auto f = dyn_cast<FloatType>(t))
    return f.getWidth() == 80 ? std::nullopt
                              : std::optional<int64_t>(f.getWidth() / 8);
  if (auto l = dyn_cast<fir::LogicalType>(t))
    return l.getFKind();
  if (auto c = dyn_cast<ComplexType>(t))
    if (std::optional<int64_t> part = elementBytes(c.getElementType()))
      return 2 * *part;
  return std::nullopt;
}

bool ompx::passes::boundsOf(Value shape, SmallVectorImpl<Value> &lbs,
                            SmallVectorImpl<Value> &extents) {
  if (!shape)
    return false;
  if (auto s = shape.getDefiningOp<fir::ShapeOp>()) {
    llvm::append_range(extents, s.getExtents());
    lbs.assign(extents.size(), Value());
    return true;
  }
  if (auto s = shape.getDefiningOp<fir::ShapeShiftOp>()) {
    llvm::append_range(lbs, s.getOrigins());
    llvm::append_range(extents, s.getExtents());
    return true;
  }
  return false;
}

Value ompx::passes::byteOffsetOf(OpBuilder &b, hlfir::DesignateOp des,
                                 ArrayRef<Value> lbs, ArrayRef<Value> extents,
                                 int64_t bytes) {
  Location dl = des.getLoc();
  Type index = b.getIndexType();
  Value offset = arith::ConstantIndexOp::create(b, dl, 0);
  Value stride = arith::ConstantIndexOp::create(b, dl, 1);
  for (auto [k, i] : llvm::enumerate(des.getIndices())) {
    Value lb = lbs[k] ? Value(fir::ConvertOp::create(b, dl, index, lbs[k]))
                      : Value(arith::ConstantIndexOp::create(b, dl, 1));
    Value diff = arith::SubIOp::create(
        b, dl, fir::ConvertOp::create(b, dl, index, i), lb);
    offset = arith::AddIOp::create(b, dl, offset,
                                   arith::MulIOp::create(b, dl, diff, stride));
    stride = arith::MulIOp::create(
        b, dl, stride, fir::ConvertOp::create(b, dl, index, extents[k]));
  }
  Type i64 = b.getI64Type();
  return arith::MulIOp::create(b, dl,
                               fir::ConvertOp::create(b, dl, i64, offset),
                               arith::ConstantIntOp::create(b, dl, i64, bytes));
}

Value ompx::passes::byteOffsetInBox(OpBuilder &b, hlfir::DesignateOp des) {
  Location dl = des.getLoc();
  Type index = b.getIndexType();
  Value box = des.getMemref();
  Value offset = arith::ConstantIndexOp::create(b, dl, 0);
  for (auto [k, i] : llvm::enumerate(des.getIndices())) {
    auto dims = fir::BoxDimsOp::create(
        b, dl, box, arith::ConstantIndexOp::create(b, dl, k));
    Value diff = arith::SubIOp::create(
        b, dl, fir::ConvertOp::create(b, dl, index, i), dims.getLowerBound());
    offset = arith::AddIOp::create(
        b, dl, offset,
        arith::MulIOp::create(b, dl, diff, dims.getByteStride()));
  }
  return fir::ConvertOp::create(b, dl, b.getI64Type(), offset);
}

void ompx::passes::forEachWatchedEntry(
    ModuleOp module,
    llvm::function_ref<std::optional<int64_t>(omp::MapInfoOp)> select,
    llvm::function_ref<void(omp::TargetOp, const WatchedEntry &, bool)> watch) {
  SmallVector<omp::TargetOp> targets;
  module.walk([&](omp::TargetOp t) { targets.push_back(t); });
  for (omp::TargetOp target : targets) {
    if (!allocaBlockFor(target))
      continue;
    auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
    SmallVector<WatchedEntry> entries;
    for (auto [var, arg] :
         llvm::zip(target.getMapVars(), iface.getMapBlockArgs()))
      if (auto info = var.getDefiningOp<omp::MapInfoOp>())
        if (std::optional<int64_t> bytes = select(info))
          entries.push_back({info, arg, *bytes});
    bool nest = !target.getHostEvalVars().empty();
    for (const WatchedEntry &e : entries)
      watch(target, e, nest);
  }
}

BlockArgument ompx::passes::mapWatch(omp::TargetOp target, omp::MapInfoOp info,
                                     StringRef tag, ArrayRef<int64_t> initial,
                                     int lbSlot, size_t rank) {
  MLIRContext *ctx = target.getContext();
  Location loc = info.getLoc();
  OpBuilder b(ctx);
  Type i64 = b.getI64Type();
  Type type = fir::SequenceType::get({(int64_t)initial.size()}, i64);
  b.setInsertionPointToStart(allocaBlockFor(target));
  Value watch = fir::AllocaOp::create(b, loc, type);
  b.setInsertionPoint(target);
  // The lower bound of a one-dimensional array, from the host's declare.
  Value lb;
  auto hostDeclare = info.getVarPtr().getDefiningOp<hlfir::DeclareOp>();
  SmallVector<Value> lbs, extents;
  if (lbSlot >= 0 && rank == 1 && hostDeclare &&
      boundsOf(hostDeclare.getShape(), lbs, extents) && lbs.size() == 1)
    lb = lbs[0] ? Value(fir::ConvertOp::create(b, loc, i64, lbs[0]))
                : Value(arith::ConstantIntOp::create(b, loc, i64, 1));
  for (auto [k, v] : llvm::enumerate(initial)) {
    Value index = arith::ConstantIndexOp::create(b, loc, k);
    Value slot = fir::CoordinateOp::create(b, loc, fir::ReferenceType::get(i64),
                                           watch, ValueRange{index});
    Value value = (int)k == lbSlot && lb
                      ? lb
                      : Value(arith::ConstantIntOp::create(b, loc, i64, v));
    fir::StoreOp::create(b, loc, value, slot);
  }
  auto map = omp::MapInfoOp::create(
      b, taggedMapLoc(loc, tag), watch.getType(), watch, TypeAttr::get(type),
      omp::ClauseMapFlagsAttr::get(ctx, omp::ClauseMapFlags::to |
                                            omp::ClauseMapFlags::from),
      omp::VariableCaptureKindAttr::get(ctx, omp::VariableCaptureKind::ByRef),
      Value(), ValueRange(), ArrayAttr(), ValueRange(), FlatSymbolRefAttr(),
      b.getStringAttr(info.getName()->str() + tag.str()));
  return appendMapEntry(target, map);
}
