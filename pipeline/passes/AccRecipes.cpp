//===- AccRecipes.cpp - Copies made from OpenACC recipes ------------------===//

#include "pipeline/passes/AccRecipes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallVectorExtras.h"

using namespace mlir;

namespace ompx::passes {

bool isSimpleFirstprivateRecipe(acc::FirstprivateRecipeOp recipe) {
  auto oneBlock = [](Region &r, unsigned args) {
    return llvm::hasSingleElement(r) && r.getNumArguments() == args;
  };
  return recipe && oneBlock(recipe.getInitRegion(), 1) &&
         oneBlock(recipe.getCopyRegion(), 2) &&
         (recipe.getDestroyRegion().empty() ||
          oneBlock(recipe.getDestroyRegion(), 2));
}

SmallVector<Value> cloneRecipeBlock(OpBuilder &b, Block &block,
                                    ValueRange args) {
  IRMapping map;
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    map.map(arg, value);
  for (Operation &o : block.without_terminator())
    b.clone(o, map);
  return llvm::map_to_vector(block.getTerminator()->getOperands(),
                             [&](Value v) { return map.lookupOrDefault(v); });
}

Value initWithRecipe(OpBuilder &b, acc::FirstprivateRecipeOp recipe,
                     Value orig) {
  return cloneRecipeBlock(b, recipe.getInitRegion().front(), orig).front();
}

Value copyWithRecipe(OpBuilder &b, acc::FirstprivateRecipeOp recipe,
                     Value orig) {
  Value copy = initWithRecipe(b, recipe, orig);
  cloneRecipeBlock(b, recipe.getCopyRegion().front(), {orig, copy});
  return copy;
}

void destroyWithRecipe(OpBuilder &b, acc::FirstprivateRecipeOp recipe,
                       Value orig, Value copy) {
  if (!recipe.getDestroyRegion().empty())
    cloneRecipeBlock(b, recipe.getDestroyRegion().front(), {orig, copy});
}

/// Whether `op` lists its operands as clauses (a firstprivate there is
/// the construct's or loop's, handled with it).
static bool takesClauses(Operation *op) {
  return isa<acc::ParallelOp, acc::SerialOp, acc::KernelsOp, acc::LoopOp>(op);
}

/// Replaces the uses `fp` has inside `first`..`last` (ops of one block) by
/// a copy made before `first` and destroyed after `last`.
static void privatize(acc::FirstprivateOp fp, acc::FirstprivateRecipeOp recipe,
                      Operation *first, Operation *last) {
  Block *block = first->getBlock();
  OpBuilder b(first);
  Value copy = copyWithRecipe(b, recipe, fp.getVar());
  auto inRange = [&](Operation *o) {
    Operation *top = block->findAncestorOpInBlock(*o);
    return top && !top->isBeforeInBlock(first) &&
           (top == last || top->isBeforeInBlock(last)) &&
           !(top == o && takesClauses(o));
  };
  fp.getResult().replaceUsesWithIf(
      copy, [&](OpOperand &use) { return inRange(use.getOwner()); });
  b.setInsertionPointAfter(last);
  destroyWithRecipe(b, recipe, fp.getVar(), copy);
}

void copyFirstprivatesForHost(Operation *root) {
  SmallVector<acc::FirstprivateOp> fps;
  root->walk([&](acc::FirstprivateOp fp) { fps.push_back(fp); });
  for (acc::FirstprivateOp fp : fps) {
    auto recipe =
        SymbolTable::lookupNearestSymbolFrom<acc::FirstprivateRecipeOp>(
            fp, fp.getRecipeAttr());
    if (!fp.getBounds().empty() || !isSimpleFirstprivateRecipe(recipe)) {
      fp.emitWarning() << "firstprivate of '"
                       << acc::getVarName(fp).value_or("")
                       << "' runs on the host without its own copy ("
                       << (fp.getBounds().empty()
                               ? "a recipe the host fallback cannot copy"
                               : "an array section")
                       << "): a write in the region reaches the variable";
      continue;
    }
    // Each construct or loop that lists it: a copy around it (the
    // construct runs inline on the host; a loop's copy lives across its
    // iterations, as one thread runs them).
    SmallVector<Operation *> holders;
    for (Operation *user : fp->getUsers())
      if (takesClauses(user) && !llvm::is_contained(holders, user))
        holders.push_back(user);
    for (Operation *holder : holders)
      privatize(fp, recipe, holder, holder);
    // Other uses are a construct's body inlined without it (the branch
    // acc-if-clause-lowering keeps for if(.false.)): one copy around
    // them, outside the loops among them.
    SmallVector<Operation *> others;
    for (Operation *user : fp->getUsers())
      if (!takesClauses(user))
        others.push_back(user);
    if (others.empty())
      continue;
    Block *common = others.front()->getBlock();
    auto holds = [&](Block *b, Operation *o) {
      return b->findAncestorOpInBlock(*o) != nullptr;
    };
    while (common && !llvm::all_of(others, [&](Operation *o) {
             return holds(common, o);
           }))
      common =
          common->getParentOp() ? common->getParentOp()->getBlock() : nullptr;
    for (Operation *p = common ? common->getParentOp() : nullptr; p;
         p = p->getParentOp())
      if (isa<acc::LoopOp>(p))
        common = p->getBlock();
    if (!common)
      continue;
    Operation *first = nullptr, *last = nullptr;
    for (Operation *o : others) {
      Operation *top = common->findAncestorOpInBlock(*o);
      if (!first || top->isBeforeInBlock(first))
        first = top;
      if (!last || last->isBeforeInBlock(top))
        last = top;
    }
    privatize(fp, recipe, first, last);
  }
}

} // namespace ompx::passes
