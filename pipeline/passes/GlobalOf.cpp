//===- GlobalOf.cpp - The global a FIR address comes from -----------------===//

#include "pipeline/passes/GlobalOf.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

/// The global `v` is an address in: through declarations and conversions,
/// and with `members` through element and member addresses too.
static llvm::StringRef globalThrough(mlir::Value v, bool members) {
  while (mlir::Operation *def = v.getDefiningOp()) {
    if (auto coordinate = mlir::dyn_cast<fir::CoordinateOp>(def);
        coordinate && members)
      v = coordinate.getRef();
    else if (auto declare = mlir::dyn_cast<hlfir::DeclareOp>(def))
      v = declare.getMemref();
    else if (auto declare = mlir::dyn_cast<fir::DeclareOp>(def))
      v = declare.getMemref();
    else if (auto convert = mlir::dyn_cast<fir::ConvertOp>(def))
      v = convert.getValue();
    else if (auto address = mlir::dyn_cast<fir::AddrOfOp>(def))
      return address.getSymbol().getRootReference().getValue();
    else
      return {};
  }
  return {};
}

llvm::StringRef ompx::passes::globalSymbolOf(mlir::Value v) {
  return globalThrough(v, /*members=*/false);
}

llvm::StringRef ompx::passes::storageGlobalOf(mlir::Value v) {
  return globalThrough(v, /*members=*/true);
}

bool ompx::passes::isDeclareTargetAddress(mlir::Value v) {
  auto address = v.getDefiningOp<mlir::LLVM::AddressOfOp>();
  if (!address)
    return false;
  mlir::Operation *global = mlir::SymbolTable::lookupNearestSymbolFrom(
      address, address.getGlobalNameAttr());
  return global && global->hasAttr("omp.declare_target");
}
