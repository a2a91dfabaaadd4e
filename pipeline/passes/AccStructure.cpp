//===- AccStructure.cpp - Shapes the acc passes rely on -------------------===//

#include "pipeline/passes/AccStructure.h"
#include "pipeline/passes/AccPlan.h"
#include "pipeline/passes/AccRecipes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace ompx::passes {

/// The constructs acc-specialize-for-host inlines (ACCRegionUnwrapConversion)
/// and acc-to-omp moves into a target or data region.
static bool movesRegion(Operation *op) {
  return isa<acc::ParallelOp, acc::SerialOp, acc::KernelsOp, acc::DataOp,
             acc::HostDataOp, acc::KernelEnvironmentOp, acc::DeclareOp>(op);
}

/// Moves the blocks of `op`'s multi-block region into an scf.execute_region,
/// the one op (with the construct's terminator) of its new single block.
static LogicalResult wrapRegion(Operation *op) {
  Region &region = op->getRegion(0);
  if (region.getNumArguments() != 0)
    return op->emitError("OpenACC: the region of this construct has several "
                         "blocks and block arguments; it cannot be made "
                         "structured (restructure the loop with exit/cycle "
                         "inside the construct)");
  // The construct's own terminators leave the region: scf.yield now.
  SmallVector<Operation *> exits;
  for (Block &block : region) {
    Operation *t = &block.back();
    if (!isa<acc::YieldOp, acc::TerminatorOp>(t))
      continue;
    if (t->getNumOperands() != 0)
      return op->emitError("OpenACC: a construct with several blocks that "
                           "yields values cannot be made structured");
    exits.push_back(t);
  }
  Location loc = op->getLoc();
  OpBuilder b(op->getContext());
  b.createBlock(&region, region.begin());
  auto exec = scf::ExecuteRegionOp::create(b, loc, TypeRange{});
  Region &body = exec.getRegion();
  body.getBlocks().splice(body.end(), region.getBlocks(),
                          std::next(region.begin()), region.end());
  if (!exits.empty())
    b.clone(*exits.front());
  else if (isa<acc::ParallelOp, acc::SerialOp, acc::KernelsOp>(op))
    acc::YieldOp::create(b, loc, ValueRange{}); // an endless loop
  else
    acc::TerminatorOp::create(b, loc);
  for (Operation *t : exits) {
    b.setInsertionPoint(t);
    scf::YieldOp::create(b, t->getLoc(), ValueRange{});
    t->erase();
  }
  return success();
}

LogicalResult wrapMultiBlockAccRegions(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (movesRegion(op) && op->getNumRegions() == 1 &&
        !op->getRegion(0).empty() && !op->getRegion(0).hasOneBlock())
      ops.push_back(op);
  });
  for (Operation *op : ops)
    if (failed(wrapRegion(op)))
      return failure();
  return success();
}

LogicalResult refuseAccShapes(Operation *root, StringRef pass) {
  bool refused = false;
  root->walk([&](Operation *op) {
    StringRef why;
    switch (ompx::accShapeProblem(op)) {
    case ompx::AccRefusal::EmptyRegion:
      why = "compute region without a block";
      break;
    case ompx::AccRefusal::LoopBlocks:
      why = "a loop with bounds whose body has several blocks is not lowered";
      break;
    case ompx::AccRefusal::ContainerLoop:
      why = "an acc.loop without bounds around other loops is not lowered "
            "(LLVM 22's OpenACC lowering does not convert it)";
      break;
    default:
      return;
    }
    op->emitError() << pass << ": " << why;
    refused = true;
  });
  return failure(refused);
}

/// x = expr(x) as one thread runs it: load, every op of the expression,
/// store (upstream's host lowering clones only the expression's first op:
/// for max/min, the comparison without its select).
static LogicalResult lowerUpdate(acc::AtomicUpdateOp update) {
  Region &region = update.getRegion();
  auto ptr = dyn_cast<acc::PointerLikeType>(update.getX().getType());
  if (!region.hasOneBlock() || region.getNumArguments() != 1 || !ptr)
    return update.emitError(
        "OpenACC atomic update: the host fallback lowers an update of one "
        "variable by a single-block expression only (write the update as "
        "x = x op expr)");
  auto x = cast<TypedValue<acc::PointerLikeType>>(update.getX());
  Location loc = update.getLoc();
  OpBuilder b(update);
  Value old = ptr.genLoad(b, loc, x, Type());
  if (!old)
    return update.emitError("OpenACC atomic update: cannot load the variable "
                            "on the host");
  SmallVector<Value> result = cloneRecipeBlock(b, region.front(), old);
  if (result.size() != 1 || !ptr.genStore(b, loc, result.front(), x))
    return update.emitError("OpenACC atomic update: cannot store the "
                            "variable on the host");
  update.erase();
  return success();
}

LogicalResult prepareAccInput(ModuleOp module, StringRef pass) {
  ownPrivateCopies(module);
  boxPrivateInits(module);
  convertAccLoopBounds(module);
  if (failed(convertAccAtomicReads(module)) ||
      failed(refuseAccShapes(module, pass)) ||
      failed(wrapMultiBlockAccRegions(module)))
    return failure();
  wholeArrayFirstprivates(module);
  keepLoopVariablesFinalValues(module);
  return success();
}

void convertAccLoopBounds(Operation *root) {
  root->walk([](acc::LoopOp loop) {
    Region &region = loop.getRegion();
    if (region.empty())
      return;
    Block &body = region.front();
    auto fix = [&](MutableOperandRange range) {
      SmallVector<Value> values(range.getAsOperandRange());
      if (values.size() > body.getNumArguments())
        return;
      bool changed = false;
      OpBuilder b(loop);
      for (auto [i, v] : llvm::enumerate(values)) {
        Type iv = body.getArgument(i).getType();
        if (v.getType() == iv || !isa<IntegerType>(v.getType()) ||
            !isa<IntegerType>(iv))
          continue;
        v = fir::ConvertOp::create(b, loop.getLoc(), iv, v);
        changed = true;
      }
      if (changed)
        range.assign(values);
    };
    fix(loop.getLowerboundMutable());
    fix(loop.getUpperboundMutable());
    fix(loop.getStepMutable());
  });
}

LogicalResult convertAccAtomicReads(Operation *root) {
  SmallVector<acc::AtomicReadOp> reads;
  root->walk([&](acc::AtomicReadOp r) { reads.push_back(r); });
  bool ok = true;
  for (acc::AtomicReadOp read : reads) {
    Type xType = fir::unwrapRefType(read.getX().getType());
    Type vType = fir::unwrapRefType(read.getV().getType());
    if (xType == vType)
      continue;
    auto numeric = [](Type t) {
      return isa<IntegerType, FloatType, fir::LogicalType>(t);
    };
    if (!numeric(xType) || !numeric(vType)) {
      read.emitError("an atomic read into a variable of another type (")
          << vType << " from " << xType
          << ") is not lowered; read into a variable of the same type";
      ok = false;
      continue;
    }
    // The temporary in the compute region's (or the procedure's) entry
    // block, once; the conversion after the read, or after its capture.
    Operation *anchor = read->getParentOfType<acc::AtomicCaptureOp>();
    if (!anchor)
      anchor = read;
    Operation *scope = read->getParentOfType<acc::ParallelOp>();
    if (!scope)
      scope = read->getParentOfType<acc::SerialOp>();
    if (!scope)
      scope = read->getParentOfType<acc::KernelsOp>();
    if (!scope)
      scope = read->getParentOfType<func::FuncOp>();
    if (!scope || scope->getRegion(0).empty())
      continue;
    Block &entry = scope->getRegion(0).front();
    OpBuilder b(&entry, entry.begin());
    Value tmp = fir::AllocaOp::create(b, read.getLoc(), xType);
    Value v = read.getV();
    read->setOperand(1, tmp);
    b.setInsertionPointAfter(anchor);
    Value loaded = fir::LoadOp::create(b, read.getLoc(), tmp);
    fir::StoreOp::create(
        b, read.getLoc(),
        fir::ConvertOp::create(b, read.getLoc(), vType, loaded), v);
  }
  return success(ok);
}

LogicalResult lowerAccAtomicsForHost(Operation *root) {
  SmallVector<acc::AtomicCaptureOp> captures;
  root->walk([&](acc::AtomicCaptureOp c) { captures.push_back(c); });
  for (acc::AtomicCaptureOp capture : captures) {
    Block &block = capture.getRegion().front();
    block.getTerminator()->erase();
    capture->getBlock()->getOperations().splice(capture->getIterator(),
                                                block.getOperations());
    capture.erase();
  }
  SmallVector<acc::AtomicUpdateOp> updates;
  root->walk([&](acc::AtomicUpdateOp u) { updates.push_back(u); });
  for (acc::AtomicUpdateOp update : updates)
    if (failed(lowerUpdate(update)))
      return failure();
  return success();
}

static bool isPositiveConstant(Value v) {
  APInt c;
  return matchPattern(v, m_ConstantInt(&c)) && c.isStrictlyPositive();
}

/// Fortran's trip count of `lb` to `ub` by `step`, max((ub - lb + step) /
/// step, 0), which holds for either sign of step; an exclusive bound is one
/// step closer: ub - sign(step). Made at `b`.
static Value tripCount(OpBuilder &b, Location loc, Value lb, Value ub,
                       Value step, bool inclusive) {
  Type type = lb.getType();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
  };
  Value zero = constant(0);
  Value last = ub;
  if (!inclusive) {
    Value positive =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, step, zero);
    Value sign =
        arith::SelectOp::create(b, loc, positive, constant(1), constant(-1));
    last = arith::SubIOp::create(b, loc, ub, sign);
  }
  Value span = arith::SubIOp::create(b, loc, last, lb);
  Value num = arith::AddIOp::create(b, loc, span, step);
  return arith::MaxSIOp::create(
      b, loc, arith::DivSIOp::create(b, loc, num, step), zero);
}

/// Dimension `d` of `loop` counts k = 0, 1, ... trips-1 by 1; the body's
/// induction variable becomes lb + k * step.
static void normalizeDimension(acc::LoopOp loop, unsigned d, bool inclusive) {
  Value lb = loop.getLowerbound()[d], ub = loop.getUpperbound()[d],
        step = loop.getStep()[d];
  Location loc = loop.getLoc();
  Type type = lb.getType();
  OpBuilder b(loop);
  Value trips = tripCount(b, loc, lb, ub, step, inclusive);
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
  Value newUb =
      inclusive ? arith::SubIOp::create(b, loc, trips, one).getResult() : trips;
  loop.getLowerboundMutable()[d].set(zero);
  loop.getUpperboundMutable()[d].set(newUb);
  loop.getStepMutable()[d].set(one);

  BlockArgument iv = loop.getBody().getArgument(d);
  b.setInsertionPointToStart(&loop.getBody());
  auto scaled = arith::MulIOp::create(b, loc, iv, step);
  Value value = arith::AddIOp::create(b, loc, lb, scaled);
  iv.replaceAllUsesExcept(value, scaled);
}

LogicalResult normalizeAccLoopSteps(Operation *root) {
  LogicalResult result = success();
  root->walk([&](acc::LoopOp loop) {
    ValueRange steps = loop.getStep();
    if (llvm::all_of(steps, isPositiveConstant))
      return;
    Block &body = loop.getBody();
    for (unsigned d = 0, e = steps.size(); d < e; ++d) {
      Type type = body.getArgument(d).getType();
      if (loop.getLowerbound()[d].getType() != type ||
          loop.getUpperbound()[d].getType() != type ||
          steps[d].getType() != type) {
        loop.emitError("OpenACC: a loop whose step is negative or not a "
                       "constant, with bounds of several types, is not "
                       "lowered (give the bounds and step the loop "
                       "variable's kind)");
        result = failure();
        return;
      }
    }
    std::optional<ArrayRef<bool>> inclusive = loop.getInclusiveUpperbound();
    for (unsigned d = 0, e = steps.size(); d < e; ++d)
      if (!isPositiveConstant(loop.getStep()[d]))
        normalizeDimension(loop, d, inclusive && (*inclusive)[d]);
  });
  return result;
}

/// `v` with the view-like ops between it and `base` (declarations: each
/// takes `base`'s value as its first operand) looked through.
static bool derivesFrom(Value v, Value base) {
  for (int depth = 0; v && depth < 8; ++depth) {
    if (v == base)
      return true;
    Operation *def = v.getDefiningOp();
    if (!def || def->getNumOperands() == 0)
      return false;
    v = def->getOperand(0);
  }
  return false;
}

/// The store of induction variable `iv` into one of `loop`'s private
/// copies in its body (flang's `fir.store %iv to %decl#0`): the store and
/// that acc.private.
static std::optional<std::pair<Operation *, acc::PrivateOp>>
storeOfVariable(acc::LoopOp loop, BlockArgument iv) {
  for (Operation *user : iv.getUsers()) {
    Operation *store = user;
    // The variable's kind may differ: `fir.store (fir.convert %iv)`.
    if (user->getNumOperands() == 1 && user->getNumResults() == 1 &&
        user->getResult(0).hasOneUse())
      store = *user->getResult(0).getUsers().begin();
    if (store->getNumOperands() != 2 || store->getNumResults() != 0 ||
        !store->getName().getStringRef().ends_with("store") ||
        store->getParentOp() != loop)
      continue;
    for (Value p : loop.getPrivateOperands())
      if (auto priv = p.getDefiningOp<acc::PrivateOp>())
        if (derivesFrom(store->getOperand(1), priv.getAccVar()))
          return std::make_pair(store, priv);
  }
  return std::nullopt;
}

void keepLoopVariablesFinalValues(Operation *root) {
  SmallVector<acc::LoopOp> loops;
  root->walk([&](acc::LoopOp loop) { loops.push_back(loop); });
  for (acc::LoopOp loop : loops) {
    if (loop.getBody().getNumArguments() != loop.getLowerbound().size())
      continue; // no bounds of its own (an unstructured loop)
    Block *block = loop->getBlock();
    std::optional<ArrayRef<bool>> inclusive = loop.getInclusiveUpperbound();
    for (unsigned d = 0; d < loop.getLowerbound().size(); ++d) {
      auto found = storeOfVariable(loop, loop.getBody().getArgument(d));
      if (!found)
        continue;
      auto [store, priv] = *found;
      Value var = priv.getVar();
      auto ptr = dyn_cast<acc::PointerLikeType>(var.getType());
      if (!ptr)
        continue;
      // The variable's uses after the loop, in its block: all results of
      // its declaration (hlfir.declare's two) are the same memory.
      SmallVector<Value> names{var};
      if (Operation *decl = var.getDefiningOp())
        for (Value r : decl->getResults())
          if (r != var && r.getType() == var.getType())
            names.push_back(r);
      auto after = [&](OpOperand &use) {
        Operation *at = block->findAncestorOpInBlock(*use.getOwner());
        return at && loop->isBeforeInBlock(at);
      };
      if (llvm::none_of(
              names, [&](Value n) { return llvm::any_of(n.getUses(), after); }))
        continue;
      Location loc = loop.getLoc();
      Value lb = loop.getLowerbound()[d], ub = loop.getUpperbound()[d],
            step = loop.getStep()[d];
      if (lb.getType() != ub.getType() || lb.getType() != step.getType() ||
          !lb.getType().isSignlessInteger())
        continue;
      OpBuilder b(loop->getContext());
      b.setInsertionPointAfter(loop);
      // In an enclosing loop's body the value is that iteration's (the
      // variable is shared by the loop's threads): a copy of its own, made
      // right after the loop. Elsewhere the construct's own variable (its
      // firstprivate copy, or a kernels region's copy) takes it.
      Value copy = var;
      if (isa<acc::LoopOp>(block->getParentOp())) {
        bool needsFree = false;
        copy = ptr.genAllocate(b, loc, "", Type(), var, needsFree);
        if (!copy || needsFree)
          continue;
      }
      // Constant bounds made again here: a kernels region's parts share no
      // value (its loop nest's constants stay with it).
      for (Value *bound : {&lb, &ub, &step})
        if (Operation *def = bound->getDefiningOp();
            def && def->hasTrait<OpTrait::ConstantLike>())
          *bound = b.clone(*def)->getResult(0);
      bool isInclusive = inclusive && d < inclusive->size() && (*inclusive)[d];
      Value trips = tripCount(b, loc, lb, ub, step, isInclusive);
      Value value = arith::AddIOp::create(
          b, loc, lb, arith::MulIOp::create(b, loc, trips, step));
      // As the body stores it (its conversion to the variable's kind).
      Value stored = store->getOperand(0);
      if (Operation *convert = stored.getDefiningOp();
          convert && convert->getParentOp() == loop) {
        IRMapping map;
        map.map(loop.getBody().getArgument(d), value);
        value = b.clone(*convert, map)->getResult(0);
      }
      auto typedCopy = cast<TypedValue<acc::PointerLikeType>>(copy);
      if (!ptr.genStore(b, loc, value, typedCopy) || copy == var)
        continue;
      for (Value n : names)
        n.replaceUsesWithIf(copy, after);
    }
  }
}

} // namespace ompx::passes
