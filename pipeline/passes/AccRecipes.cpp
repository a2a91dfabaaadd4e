//===- AccRecipes.cpp - Copies made from OpenACC recipes ------------------===//

#include "pipeline/passes/AccRecipes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

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

void copyLoopPrivatesForHost(Operation *root) {
  SmallVector<std::pair<acc::PrivateOp, acc::LoopOp>> privates;
  root->walk([&](acc::LoopOp loop) {
    for (Value v : loop.getPrivateOperands())
      if (auto priv = v.getDefiningOp<acc::PrivateOp>())
        privates.push_back({priv, loop});
  });
  for (auto [priv, loop] : privates) {
    auto recipe = SymbolTable::lookupNearestSymbolFrom<acc::PrivateRecipeOp>(
        priv, priv.getRecipeAttr());
    if (!recipe || !priv.getBounds().empty() ||
        !llvm::hasSingleElement(recipe.getInitRegion()) ||
        recipe.getInitRegion().getNumArguments() < 1 ||
        (!recipe.getDestroyRegion().empty() &&
         !llvm::hasSingleElement(recipe.getDestroyRegion())))
      continue;
    OpBuilder b(loop);
    SmallVector<Value> initArgs{priv.getVar()};
    Block &init = recipe.getInitRegion().front();
    if (init.getNumArguments() != initArgs.size())
      continue; // extents of a run-time shape: left as they are
    Value copy = cloneRecipeBlock(b, init, initArgs).front();
    priv.getResult().replaceUsesWithIf(copy, [&](OpOperand &use) {
      return use.getOwner() != loop && loop->isAncestor(use.getOwner());
    });
    if (!recipe.getDestroyRegion().empty()) {
      Block &destroy = recipe.getDestroyRegion().front();
      if (destroy.getNumArguments() == 2) {
        b.setInsertionPointAfter(loop);
        cloneRecipeBlock(b, destroy, {priv.getVar(), copy});
      }
    }
  }
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

/// A firstprivate recipe copying a whole array of type `ref` (a reference
/// to a constant-shape array): storage of its own, filled by assignment.
static acc::FirstprivateRecipeOp wholeArrayRecipe(ModuleOp module, Type ref,
                                                  Location loc) {
  std::string name = "ompx_firstprivate_whole";
  llvm::raw_string_ostream os(name);
  os << "_" << fir::unwrapRefType(ref);
  for (char &c : name)
    if (!llvm::isAlnum(c) && c != '_')
      c = '_';
  if (auto known = module.lookupSymbol<acc::FirstprivateRecipeOp>(name))
    return known;
  OpBuilder b(module.getBodyRegion());
  auto recipe = acc::FirstprivateRecipeOp::create(b, loc, b.getStringAttr(name),
                                                  TypeAttr::get(ref));
  auto seq = cast<fir::SequenceType>(fir::unwrapRefType(ref));
  b.createBlock(&recipe.getInitRegion(), {}, {ref}, {loc});
  SmallVector<Value> extents;
  for (int64_t e : seq.getShape())
    extents.push_back(arith::ConstantIndexOp::create(b, loc, e));
  Value shape = fir::ShapeOp::create(b, loc, extents);
  Value storage = fir::AllocaOp::create(b, loc, seq);
  auto decl =
      hlfir::DeclareOp::create(b, loc, storage, "acc.private.init", shape);
  acc::YieldOp::create(b, loc, decl.getBase());
  Block *copy =
      b.createBlock(&recipe.getCopyRegion(), {}, {ref, ref}, {loc, loc});
  hlfir::AssignOp::create(b, loc, copy->getArgument(0), copy->getArgument(1),
                          /*realloc=*/false,
                          /*keep_lhs_length_if_realloc=*/false,
                          /*temporary_lhs=*/true);
  acc::TerminatorOp::create(b, loc);
  return recipe;
}

/// flang-22 gives `firstprivate(w(3:6))` bounds and a recipe sized for the
/// section whose copy indexes past it. The elements outside a section are
/// undefined in the private copy, so the whole array (of constant shape,
/// intrinsic elements) is a right copy: the section becomes firstprivate of
/// the whole array, with a recipe of ours, when nothing inside a region
/// uses the section's value.
void wholeArrayFirstprivates(ModuleOp module) {
  SmallVector<acc::FirstprivateOp> sections;
  module.walk([&](acc::FirstprivateOp fp) {
    if (fp.getBounds().empty())
      return;
    auto ref = dyn_cast<fir::ReferenceType>(fp.getVar().getType());
    auto seq = ref ? dyn_cast<fir::SequenceType>(ref.getEleTy()) : nullptr;
    if (!seq || fir::hasDynamicSize(seq) || !fir::isa_trivial(seq.getEleTy()))
      return;
    if (llvm::all_of(fp->getUsers(), [](Operation *u) {
          return isa<acc::ParallelOp, acc::SerialOp, acc::KernelsOp>(u);
        }))
      sections.push_back(fp);
  });
  for (acc::FirstprivateOp fp : sections) {
    OpBuilder b(fp);
    auto whole = cast<acc::FirstprivateOp>(b.clone(*fp));
    whole.getBoundsMutable().clear();
    whole.getResult().setType(fp.getVar().getType());
    whole.setRecipeAttr(FlatSymbolRefAttr::get(
        wholeArrayRecipe(module, fp.getVar().getType(), fp.getLoc())
            .getSymNameAttr()));
    fp.getResult().replaceAllUsesWith(whole.getResult());
    // flang-22's regions use the variable itself for a section: the copy.
    for (Operation *compute : whole->getUsers())
      replaceAllUsesInRegionWith(whole.getVar(), whole.getResult(),
                                 compute->getRegion(0));
    fp.erase();
  }
}

} // namespace ompx::passes
