//===- MapValues.cpp - Comparing the values map entries name --------------===//

#include "pipeline/passes/MapValues.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

bool ompx::passes::sameValue(Value a, Value b, bool addressOnly,
                             unsigned depth) {
  if (a == b)
    return true;
  auto ra = dyn_cast<OpResult>(a), rb = dyn_cast<OpResult>(b);
  if (!ra || !rb || depth > 12 || ra.getResultNumber() != rb.getResultNumber())
    return false;
  Operation *oa = ra.getOwner(), *ob = rb.getOwner();
  if (oa->getName() != ob->getName() || oa->getNumRegions() ||
      (addressOnly &&
       !isa<fir::AddrOfOp, hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp,
            fir::CoordinateOp, fir::BoxAddrOp>(oa)) ||
      oa->getAttrDictionary() != ob->getAttrDictionary() ||
      oa->getNumOperands() != ob->getNumOperands())
    return false;
  return llvm::all_of_zip(oa->getOperands(), ob->getOperands(),
                          [&](Value x, Value y) {
                            return sameValue(x, y, addressOnly, depth + 1);
                          });
}

bool ompx::passes::sameSection(Value a, Value b) {
  auto ma = a.getDefiningOp<omp::MapInfoOp>(),
       mb = b.getDefiningOp<omp::MapInfoOp>();
  if (!ma || !mb)
    return a == b;
  return ma.getBounds().size() == mb.getBounds().size() &&
         llvm::all_of_zip(ma.getBounds(), mb.getBounds(), [](Value x, Value y) {
           return sameValue(x, y, /*addressOnly=*/false);
         });
}

bool ompx::passes::namesWholeVariable(llvm::StringRef name) {
  llvm::StringRef sub = name.drop_until([](char c) { return c == '('; });
  return sub.trim("(): ,").empty();
}

bool ompx::passes::hasDescriptorComponents(mlir::Type type) {
  auto record = mlir::dyn_cast<fir::RecordType>(type);
  if (!record)
    return false;
  for (auto [name, component] : record.getTypeList()) {
    mlir::Type t = fir::unwrapSequenceType(component);
    if (mlir::isa<fir::BaseBoxType>(t) || hasDescriptorComponents(t))
      return true;
  }
  return false;
}

/// The storage `v` (a variable's address) is part of, as far as the IR
/// says: through declarations (an EQUIVALENCE's storage), designators (an
/// ASSOCIATE name's section), conversions and coordinates.
mlir::Value ompx::passes::storageRoot(mlir::Value v) {
  while (mlir::Operation *def = v.getDefiningOp()) {
    if (auto d = llvm::dyn_cast<hlfir::DeclareOp>(def)) {
      if (mlir::Value storage = d.getStorage())
        return storage;
      v = d.getMemref();
    } else if (auto d = llvm::dyn_cast<fir::DeclareOp>(def)) {
      if (mlir::Value storage = d.getStorage())
        return storage;
      v = d.getMemref();
    } else if (auto d = llvm::dyn_cast<hlfir::DesignateOp>(def)) {
      v = d.getMemref();
    } else if (auto c = llvm::dyn_cast<fir::ConvertOp>(def)) {
      v = c.getValue();
    } else if (auto c = llvm::dyn_cast<fir::CoordinateOp>(def)) {
      v = c.getRef();
    } else {
      break;
    }
  }
  return v;
}
