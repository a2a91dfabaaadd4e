//===- TargetEntries.cpp - Adding entries to an omp.target ----------------===//

#include "pipeline/passes/TargetEntries.h"

#include "mlir/Dialect/OpenMP/OpenMPInterfaces.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

BlockArgument ompx::passes::appendMapEntry(omp::TargetOp target, Value map) {
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
  unsigned index = iface.getMapBlockArgsStart() + iface.numMapBlockArgs();
  target.getMapVarsMutable().append(map);
  return target.getRegion().front().insertArgument(index, map.getType(),
                                                   map.getLoc());
}

BlockArgument ompx::passes::appendHostEval(omp::TargetOp target, Value value,
                                           Location loc) {
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
  unsigned index =
      iface.getHostEvalBlockArgsStart() + target.getHostEvalVars().size();
  target.getHostEvalVarsMutable().append(value);
  return target.getRegion().front().insertArgument(index, value.getType(), loc);
}

Block *ompx::passes::allocaBlockFor(Operation *op) {
  if (auto outlined = op->getParentOfType<omp::OutlineableOpenMPOpInterface>())
    if (Block *block = outlined.getAllocaBlock())
      return block;
  auto fn = op->getParentOfType<FunctionOpInterface>();
  return fn && !fn.getFunctionBody().empty() ? &fn.getFunctionBody().front()
                                             : nullptr;
}

BlockArgument ompx::passes::mapArgOf(omp::TargetOp target, Value map) {
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
  for (auto [var, arg] :
       llvm::zip(target.getMapVars(), iface.getMapBlockArgs()))
    if (var == map)
      return arg;
  return {};
}

Location ompx::passes::taggedMapLoc(Location loc, llvm::StringRef tag) {
  auto named = dyn_cast<NameLoc>(loc);
  if (!named)
    return loc;
  return NameLoc::get(
      StringAttr::get(loc.getContext(), named.getName().str() + tag.str()),
      named.getChildLoc());
}
