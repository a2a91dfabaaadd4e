//===- AccRecipes.cpp - Copies made from OpenACC recipes ------------------===//

#include "pipeline/passes/AccRecipes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
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

/// How a host copy of a clause's variable is made and destroyed.
using MakeCopy = llvm::function_ref<Value(OpBuilder &)>;
using DestroyCopy = llvm::function_ref<void(OpBuilder &, Value)>;

/// Replaces the uses `result` has inside `first`..`last` (ops of one block)
/// by a copy made before `first` and destroyed after `last`.
static void privatize(Value result, MakeCopy make, DestroyCopy destroy,
                      Operation *first, Operation *last) {
  Block *block = first->getBlock();
  OpBuilder b(first);
  Value copy = make(b);
  auto inRange = [&](Operation *o) {
    Operation *top = block->findAncestorOpInBlock(*o);
    return top && !top->isBeforeInBlock(first) &&
           (top == last || top->isBeforeInBlock(last)) &&
           !(top == o && takesClauses(o));
  };
  result.replaceUsesWithIf(
      copy, [&](OpOperand &use) { return inRange(use.getOwner()); });
  b.setInsertionPointAfter(last);
  destroy(b, copy);
}

/// The innermost block holding every op of `ops`, or null.
static Block *commonBlock(ArrayRef<Operation *> ops) {
  Block *common = ops.front()->getBlock();
  while (common && !llvm::all_of(ops, [&](Operation *o) {
           return common->findAncestorOpInBlock(*o) != nullptr;
         }))
    common =
        common->getParentOp() ? common->getParentOp()->getBlock() : nullptr;
  return common;
}

/// The first and last ops of `common` that hold an op of `ops`.
static std::pair<Operation *, Operation *> spanIn(Block *common,
                                                  ArrayRef<Operation *> ops) {
  Operation *first = nullptr, *last = nullptr;
  for (Operation *o : ops) {
    Operation *top = common->findAncestorOpInBlock(*o);
    if (!first || top->isBeforeInBlock(first))
      first = top;
    if (!last || last->isBeforeInBlock(top))
      last = top;
  }
  return {first, last};
}

/// Gives the clause op `clause` (an acc.private or acc.firstprivate) its
/// host copy: around each construct or loop that lists it (the construct
/// runs inline on the host; a loop's copy lives across its iterations, as
/// one thread runs them), and around its other uses, a construct's body
/// inlined without it (the branch acc-if-clause-lowering keeps for
/// if(.false.)): one copy, outside the loops among them.
static void copyAroundUses(Operation *clause, MakeCopy make,
                           DestroyCopy destroy) {
  Value result = clause->getResult(0);
  SmallVector<Operation *> holders;
  for (Operation *user : clause->getUsers())
    if (takesClauses(user) && !llvm::is_contained(holders, user))
      holders.push_back(user);
  for (Operation *holder : holders)
    privatize(result, make, destroy, holder, holder);
  SmallVector<Operation *> others;
  for (Operation *user : clause->getUsers())
    if (!takesClauses(user))
      others.push_back(user);
  if (others.empty())
    return;
  Block *common = commonBlock(others);
  for (Operation *p = common ? common->getParentOp() : nullptr; p;
       p = p->getParentOp())
    if (isa<acc::LoopOp>(p))
      common = p->getBlock();
  if (!common)
    return;
  auto [first, last] = spanIn(common, others);
  privatize(result, make, destroy, first, last);
}

void copyPrivatesForHost(Operation *root) {
  SmallVector<acc::PrivateOp> privates;
  root->walk([&](acc::PrivateOp priv) { privates.push_back(priv); });
  for (acc::PrivateOp priv : privates) {
    auto recipe = SymbolTable::lookupNearestSymbolFrom<acc::PrivateRecipeOp>(
        priv, priv.getRecipeAttr());
    if (!recipe || !priv.getBounds().empty() ||
        !llvm::hasSingleElement(recipe.getInitRegion()) ||
        recipe.getInitRegion().getNumArguments() != 1 ||
        (!recipe.getDestroyRegion().empty() &&
         !llvm::hasSingleElement(recipe.getDestroyRegion()))) {
      priv.emitWarning() << "private of '" << acc::getVarName(priv).value_or("")
                         << "' runs on the host without its own copy ("
                         << (priv.getBounds().empty()
                                 ? "a recipe the host fallback cannot copy"
                                 : "an array section")
                         << "): a write in the region reaches the variable";
      continue;
    }
    Value var = priv.getVar();
    Block &init = recipe.getInitRegion().front();
    auto make = [&](OpBuilder &b) {
      return cloneRecipeBlock(b, init, var).front();
    };
    auto destroy = [&](OpBuilder &b, Value copy) {
      if (!recipe.getDestroyRegion().empty() &&
          recipe.getDestroyRegion().getNumArguments() == 2)
        cloneRecipeBlock(b, recipe.getDestroyRegion().front(), {var, copy});
    };
    copyAroundUses(priv, make, destroy);
  }
}

/// The uses of a compute construct's private copies inside it, tagged
/// before acc-if-clause-lowering: [id, operand number, recipe] each.
static constexpr llvm::StringLiteral kPrivateUseAttr = "ompx.acc_private_use";

void tagPrivateUses(ModuleOp module) {
  OpBuilder b(module.getContext());
  int64_t id = 0;
  module.walk([&](Operation *c) {
    Value cond = llvm::TypeSwitch<Operation *, Value>(c)
                     .Case<acc::ParallelOp, acc::SerialOp, acc::KernelsOp>(
                         [](auto op) { return op.getIfCond(); })
                     .Default([](Operation *) { return Value(); });
    if (!cond)
      return;
    // The construct's own (made before it) and its loops' (inside it).
    llvm::SetVector<acc::PrivateOp> privates;
    for (Value v : c->getOperands())
      if (auto p = v.getDefiningOp<acc::PrivateOp>())
        privates.insert(p);
    c->walk([&](acc::LoopOp loop) {
      for (Value v : loop.getPrivateOperands())
        if (auto p = v.getDefiningOp<acc::PrivateOp>())
          privates.insert(p);
    });
    for (acc::PrivateOp p : privates) {
      for (OpOperand &use : p.getResult().getUses()) {
        Operation *o = use.getOwner();
        if (!c->isProperAncestor(o) || takesClauses(o))
          continue;
        SmallVector<Attribute> entries;
        if (auto old = o->getAttrOfType<ArrayAttr>(kPrivateUseAttr))
          llvm::append_range(entries, old.getValue());
        entries.push_back(b.getArrayAttr(
            {b.getI64IntegerAttr(id),
             b.getI64IntegerAttr(use.getOperandNumber()), p.getRecipeAttr()}));
        o->setAttr(kPrivateUseAttr, b.getArrayAttr(entries));
      }
      ++id;
    }
  });
}

void copyTaggedPrivatesForHost(ModuleOp module) {
  struct Use {
    Operation *op;
    unsigned operand;
  };
  llvm::MapVector<int64_t, std::pair<SymbolRefAttr, SmallVector<Use>>> groups;
  SmallVector<Operation *> tagged;
  module.walk([&](Operation *o) {
    auto entries = o->getAttrOfType<ArrayAttr>(kPrivateUseAttr);
    if (!entries)
      return;
    tagged.push_back(o);
    // The device branch: its construct still makes the copy.
    for (Operation *p = o->getParentOp(); p; p = p->getParentOp())
      if (isa<acc::ParallelOp, acc::SerialOp, acc::KernelsOp, omp::TargetOp>(p))
        return;
    for (Attribute a : entries) {
      auto entry = dyn_cast<ArrayAttr>(a);
      if (!entry || entry.size() != 3)
        continue;
      auto id = dyn_cast<IntegerAttr>(entry[0]);
      auto operand = dyn_cast<IntegerAttr>(entry[1]);
      auto recipe = dyn_cast<SymbolRefAttr>(entry[2]);
      if (!id || !operand || !recipe ||
          operand.getInt() >= int64_t(o->getNumOperands()))
        continue;
      auto &group = groups[id.getInt()];
      group.first = recipe;
      group.second.push_back({o, unsigned(operand.getInt())});
    }
  });
  for (Operation *o : tagged)
    o->removeAttr(kPrivateUseAttr);
  for (auto &[id, group] : groups) {
    auto &[symbol, uses] = group;
    auto recipe = SymbolTable::lookupNearestSymbolFrom<acc::PrivateRecipeOp>(
        module, symbol);
    auto origin = [](Value v) {
      auto p = v.getDefiningOp<acc::PrivateOp>();
      return p ? p.getVar() : v;
    };
    Value var = origin(uses.front().op->getOperand(uses.front().operand));
    if (!recipe || !llvm::hasSingleElement(recipe.getInitRegion()) ||
        recipe.getInitRegion().getNumArguments() != 1 ||
        (!recipe.getDestroyRegion().empty() &&
         !llvm::hasSingleElement(recipe.getDestroyRegion())) ||
        llvm::any_of(uses, [&](const Use &u) {
          return origin(u.op->getOperand(u.operand)) != var;
        })) {
      uses.front().op->emitWarning()
          << "a private variable runs on the host path of an `if` clause "
             "without its own copy (a recipe the host fallback cannot "
             "copy): a write in the region reaches the variable";
      continue;
    }
    // One copy around the uses, outside the loops among them (one thread
    // runs their iterations).
    SmallVector<Operation *> ops =
        llvm::map_to_vector(uses, [](const Use &u) { return u.op; });
    Block *common = commonBlock(ops);
    for (Operation *p = common ? common->getParentOp() : nullptr;
         p && isa<LoopLikeOpInterface>(p); p = p->getParentOp())
      common = p->getBlock();
    if (!common)
      continue;
    auto [first, last] = spanIn(common, ops);
    OpBuilder b(first);
    Value copy =
        cloneRecipeBlock(b, recipe.getInitRegion().front(), var).front();
    for (const Use &u : uses)
      u.op->setOperand(u.operand, copy);
    b.setInsertionPointAfter(last);
    if (!recipe.getDestroyRegion().empty() &&
        recipe.getDestroyRegion().getNumArguments() == 2)
      cloneRecipeBlock(b, recipe.getDestroyRegion().front(), {var, copy});
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
    Value var = fp.getVar();
    auto make = [&](OpBuilder &b) { return copyWithRecipe(b, recipe, var); };
    auto destroy = [&](OpBuilder &b, Value copy) {
      destroyWithRecipe(b, recipe, var, copy);
    };
    copyAroundUses(fp, make, destroy);
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

void boxPrivateInits(ModuleOp module) {
  auto fix = [](Region &init, Type recipeType) {
    auto box = dyn_cast<fir::BoxType>(recipeType);
    if (!box || !llvm::hasSingleElement(init))
      return;
    Operation *yield = init.front().getTerminator();
    if (yield->getNumOperands() != 1)
      return;
    Value copy = yield->getOperand(0);
    Type array = fir::dyn_cast_ptrEleTy(copy.getType());
    if (isa<fir::BaseBoxType>(copy.getType()) || !array ||
        array != box.getEleTy() || fir::hasDynamicSize(array))
      return;
    // The shape of the copy's declaration (fir.shape: the uses declare
    // the box's address again with the variable's own bounds).
    Value shape;
    if (auto declare = copy.getDefiningOp<hlfir::DeclareOp>())
      shape = declare.getShape();
    if (!shape || !isa<fir::ShapeType>(shape.getType()))
      return;
    OpBuilder b(yield);
    Location loc = yield->getLoc();
    Value ref =
        fir::ConvertOp::create(b, loc, fir::ReferenceType::get(array), copy);
    yield->setOperand(0, fir::EmboxOp::create(b, loc, box, ref, shape));
  };
  module.walk(
      [&](acc::PrivateRecipeOp r) { fix(r.getInitRegion(), r.getType()); });
  module.walk([&](acc::FirstprivateRecipeOp r) {
    fix(r.getInitRegion(), r.getType());
  });
}

void ownPrivateCopies(ModuleOp module) {
  module.walk([](acc::PrivateRecipeOp recipe) {
    Region &init = recipe.getInitRegion();
    if (!llvm::hasSingleElement(init) || init.getNumArguments() < 1)
      return;
    Block &block = init.front();
    Operation *yield = block.getTerminator();
    if (yield->getNumOperands() != 1 ||
        yield->getOperand(0) != block.getArgument(0))
      return;
    auto ref = dyn_cast<fir::ReferenceType>(block.getArgument(0).getType());
    Type type = ref ? ref.getEleTy() : Type();
    if (!type || fir::hasDynamicSize(type) ||
        fir::isRecordWithAllocatableMember(fir::unwrapSequenceType(type)))
      return;
    OpBuilder b(yield);
    Value copy = fir::AllocaOp::create(b, yield->getLoc(), type);
    yield->setOperand(0, copy);
  });
}

} // namespace ompx::passes
