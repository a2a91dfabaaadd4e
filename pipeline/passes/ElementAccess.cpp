//===- ElementAccess.cpp - Element offsets for the checked launch ---------===//

#include "pipeline/passes/ElementAccess.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"

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
