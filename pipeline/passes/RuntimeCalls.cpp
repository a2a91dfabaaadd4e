//===- RuntimeCalls.cpp - Calls to the OpenMP runtime's C API -------------===//

#include "pipeline/passes/RuntimeCalls.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Builder/Runtime/Stop.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Path.h"

using namespace mlir;

SmallVector<Value> ompx::passes::callRuntime(OpBuilder &b, Location loc,
                                             StringRef name, FunctionType type,
                                             ValueRange args) {
  auto module =
      b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  if (auto self = dyn_cast<ModuleOp>(b.getInsertionBlock()->getParentOp()))
    module = self;
  auto f = module.lookupSymbol<func::FuncOp>(name);
  if (!f) {
    OpBuilder mb(module.getBodyRegion());
    f = func::FuncOp::create(mb, module.getLoc(), name, type);
    f.setPrivate();
  }
  if (f.getFunctionType() == type)
    return fir::CallOp::create(b, loc, f, args).getResults();
  // The program's own declaration, of another type: through its address.
  Value addr =
      fir::AddrOfOp::create(b, loc, f.getFunctionType(), SymbolRefAttr::get(f));
  SmallVector<Value> operands{fir::ConvertOp::create(b, loc, type, addr)};
  llvm::append_range(operands, args);
  return fir::CallOp::create(b, loc, type.getResults(), SymbolRefAttr(),
                             operands, nullptr, nullptr, nullptr, nullptr,
                             nullptr)
      .getResults();
}

void ompx::passes::makeInternal(func::FuncOp f) {
  f.setPrivate();
  f->setAttr("llvm.linkage",
             LLVM::LinkageAttr::get(f.getContext(), LLVM::Linkage::Internal));
}

ompx::passes::TargetDevice
ompx::passes::targetDevice(OpBuilder &b, Location loc, omp::TargetOp target) {
  return targetDevice(b, loc, target.getDevice(), target.getIfExpr());
}

ompx::passes::TargetDevice ompx::passes::targetDevice(OpBuilder &b,
                                                      Location loc,
                                                      Value device,
                                                      Value ifExpr) {
  Type i32 = b.getI32Type();
  FunctionType query = b.getFunctionType({}, {i32});
  TargetDevice d;
  d.device = device
                 ? Value(fir::ConvertOp::create(b, loc, i32, device))
                 : callRuntime(b, loc, "omp_get_default_device", query, {})[0];
  d.initial = callRuntime(b, loc, "omp_get_initial_device", query, {})[0];
  d.offloads = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, d.device,
                                     d.initial);
  if (ifExpr)
    d.offloads = arith::AndIOp::create(b, loc, d.offloads, ifExpr);
  return d;
}

void ompx::passes::reportFatal(fir::FirOpBuilder &b, mlir::Location loc,
                               llvm::StringRef message) {
  std::string text;
  for (char c : message) {
    text += c;
    if (c == '%')
      text += '%';
  }
  fir::runtime::genReportFatalUserError(b, loc, text);
}

mlir::Value ompx::passes::presentOnDevice(fir::FirOpBuilder &b,
                                          mlir::Location loc, mlir::Value host,
                                          mlir::Value device) {
  mlir::Type i32 = b.getI32Type(), i64 = b.getI64Type();
  mlir::Type ptr = fir::ReferenceType::get(b.getI8Type());
  mlir::Value at = callRuntime(
      b, loc, "omp_get_mapped_ptr", b.getFunctionType({ptr, i32}, {ptr}),
      mlir::ValueRange{b.createConvert(loc, ptr, host), device})[0];
  return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ne,
                                     b.createConvert(loc, i64, at),
                                     b.createIntegerConstant(loc, i64, 0));
}

std::string ompx::passes::atLine(mlir::Location loc) {
  auto file = loc->findInstanceOf<mlir::FileLineColLoc>();
  if (!file)
    return "";
  return " at " + llvm::sys::path::filename(file.getFilename().str()).str() +
         ":" + std::to_string(file.getLine());
}
