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

std::string ompx::passes::sourceName(llvm::StringRef name) {
  auto inName = [&](size_t i) {
    return i > 0 && (llvm::isAlnum(name[i - 1]) || name[i - 1] == '_');
  };
  // A mangled name (`_QFEa`) is no expression.
  if (name.starts_with("_Q"))
    return name.str();
  std::string out;
  for (size_t i = 0; i < name.size();) {
    // `int(e,kind=8)`: e.
    if (name.substr(i).starts_with("int(") && !inName(i)) {
      size_t depth = 0, comma = llvm::StringRef::npos, end = i + 3;
      for (; end < name.size(); ++end) {
        if (name[end] == '(')
          ++depth;
        else if (name[end] == ')' && --depth == 0)
          break;
        else if (name[end] == ',' && depth == 1)
          comma = end;
      }
      if (end < name.size() && comma != llvm::StringRef::npos &&
          name.slice(comma + 1, end).starts_with("kind=")) {
        out += sourceName(name.slice(i + 4, comma));
        i = end + 1;
        continue;
      }
    }
    // An integer literal's kind: `3_8`.
    if (llvm::isDigit(name[i]) && !inName(i)) {
      size_t end = i;
      while (end < name.size() && llvm::isDigit(name[end]))
        ++end;
      out += name.slice(i, end);
      if (end + 1 < name.size() && name[end] == '_' &&
          llvm::isDigit(name[end + 1])) {
        ++end;
        while (end < name.size() && llvm::isDigit(name[end]))
          ++end;
      }
      i = end;
      continue;
    }
    out += name[i++];
  }
  return out;
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
