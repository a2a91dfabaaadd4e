//===- AccRecipes.cpp - Copies made from OpenACC recipes ------------------===//

#include "pipeline/passes/AccRecipes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace ompx::passes {

bool isSimpleFirstprivateRecipe(acc::FirstprivateRecipeOp recipe) {
  return recipe && recipe.getDestroyRegion().empty() &&
         llvm::hasSingleElement(recipe.getInitRegion()) &&
         llvm::hasSingleElement(recipe.getCopyRegion()) &&
         recipe.getInitRegion().getNumArguments() == 1 &&
         recipe.getCopyRegion().getNumArguments() == 2;
}

Value copyWithRecipe(OpBuilder &b, acc::FirstprivateRecipeOp recipe,
                     Value orig) {
  Block &init = recipe.getInitRegion().front();
  IRMapping map;
  map.map(init.getArgument(0), orig);
  for (Operation &o : init.without_terminator())
    b.clone(o, map);
  Value copy = map.lookupOrDefault(
      cast<acc::YieldOp>(init.getTerminator()).getOperands().front());
  Block &body = recipe.getCopyRegion().front();
  IRMapping copyMap;
  copyMap.map(body.getArgument(0), orig);
  copyMap.map(body.getArgument(1), copy);
  for (Operation &o : body.without_terminator())
    b.clone(o, copyMap);
  return copy;
}

void copyFirstprivatesForHost(Operation *root) {
  root->walk([](Operation *op) {
    OperandRange fps = OperandRange(nullptr, 0);
    if (auto par = dyn_cast<acc::ParallelOp>(op))
      fps = par.getFirstprivateOperands();
    else if (auto ser = dyn_cast<acc::SerialOp>(op))
      fps = ser.getFirstprivateOperands();
    else if (auto loop = dyn_cast<acc::LoopOp>(op))
      fps = loop.getFirstprivateOperands();
    for (Value v : fps) {
      auto fp = v.getDefiningOp<acc::FirstprivateOp>();
      if (!fp || !fp.getBounds().empty())
        continue;
      auto recipe =
          SymbolTable::lookupNearestSymbolFrom<acc::FirstprivateRecipeOp>(
              fp, fp.getRecipeAttr());
      if (!isSimpleFirstprivateRecipe(recipe))
        continue;
      OpBuilder b(op);
      Value copy = copyWithRecipe(b, recipe, fp.getVar());
      fp.getResult().replaceUsesWithIf(copy, [&](OpOperand &use) {
        return op->isProperAncestor(use.getOwner());
      });
    }
  });
}

} // namespace ompx::passes
