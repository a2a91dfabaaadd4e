//===- HostTeamsReduction.cpp - A private copy per host team -------------===//
//
// LLVM 22's host translation of `omp.teams reduction(...)` allocates the
// private copy once, in the function that forks the teams, and hands that
// one copy to every team (convertOmpTeams: the allocation happens at the
// enclosing alloca point, outside the outlined teams function). The teams
// update it without synchronization and the combine after
// `__kmpc_fork_teams` adds what survived: 4 teams each adding 1000 lost
// updates in 300 of 300 runs (flang-22 -fopenmp builds the same). A teams
// reduction whose every use is inside one distribute the translation hands
// to the distribute, which combines into the original variable with the
// team's __kmpc_reduce: that excludes the team's threads from each other,
// not the teams (a team of one thread takes no lock at all), and under load
// a host `teams distribute parallel do reduction` lost a team's 25 of 100
// in about 1 of 300 runs: a host teams construct's is rewritten too. In a
// target region (its host fallback) the rewrite would make the region's
// host_eval bounds invalid for LLVM 22's verifier: left as it is there.
//
// Each other teams reduction becomes what OpenMP describes, spelled in ops
// the translation gets right: the team's own copy, made at the start of the
// teams region by the declare_reduction's alloc and init regions, used in
// place of the block argument, and combined into the original variable at
// the region's end by the combiner region inside a named critical section,
// then cleaned up. By-value and by-reference (descriptor) reductions both.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_HOSTTEAMSREDUCTIONPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

/// The lock every team's combine takes (one for the whole program, as the
/// translation's own `__kmpc_reduce` critical path uses one).
static constexpr llvm::StringLiteral kLockName = "ompx_teams_reduction";

/// Clones `region` (its blocks end in omp.yield) at the builder's insertion
/// point, its entry arguments bound to `args`, and returns the yielded
/// values. A region of several blocks splits the insertion block: its
/// yields branch to the second half, whose arguments carry the values. The
/// builder is left after the clone.
static SmallVector<Value> inlineYielding(OpBuilder &b, Location loc,
                                         Region &region, ValueRange args) {
  IRMapping map;
  map.map(region.getArguments(), args);
  if (region.hasOneBlock()) {
    for (Operation &op : region.front().without_terminator())
      b.clone(op, map);
    auto yield = cast<omp::YieldOp>(region.front().getTerminator());
    return llvm::map_to_vector(yield.getResults(),
                               [&](Value v) { return map.lookupOrDefault(v); });
  }
  Block *before = b.getInsertionBlock();
  Block *after = before->splitBlock(b.getInsertionPoint());
  for (Block &block : region)
    if (auto yield = dyn_cast<omp::YieldOp>(block.getTerminator())) {
      for (Value v : yield.getResults())
        after->addArgument(v.getType(), loc);
      break;
    }
  region.cloneInto(before->getParent(), Region::iterator(after), map);
  b.setInsertionPointToEnd(before);
  LLVM::BrOp::create(b, loc, ValueRange(), map.lookup(&region.front()));
  for (Block &block : region) {
    auto yield = dyn_cast<omp::YieldOp>(map.lookup(&block)->getTerminator());
    if (!yield)
      continue;
    b.setInsertionPoint(yield);
    LLVM::BrOp::create(b, loc, yield.getResults(), after);
    yield.erase();
  }
  b.setInsertionPointToStart(after);
  return SmallVector<Value>(after->getArguments());
}

/// Whether the translation reduces `teams` inside each team already: every
/// use of its reduction block arguments (debug records aside) is inside one
/// distribute (teamsReductionContainedInDistribute in LLVM 22).
static bool reducedByDistribute(omp::TeamsOp teams) {
  Operation *dist = nullptr;
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(teams.getOperation());
  for (BlockArgument arg : iface.getReductionBlockArgs())
    for (Operation *user : arg.getUsers()) {
      if (isa<LLVM::DbgDeclareOp, LLVM::DbgValueOp>(user))
        continue;
      auto d = user->getParentOfType<omp::DistributeOp>();
      if (!d || (dist && dist != d))
        return false;
      dist = d;
    }
  return true;
}

/// One reduction of a teams op: the original variable, its declaration,
/// whether by reference, and the team's own copy once made.
struct TeamReduction {
  Value var;
  omp::DeclareReductionOp decl;
  bool byRef;
  Value own;
};

/// Makes the team's copy of `r` at the builder (the teams region's start).
static void makeOwnCopy(OpBuilder &b, Location loc, TeamReduction &r) {
  Region &init = r.decl.getInitializerRegion();
  if (r.byRef) {
    Value storage =
        r.decl.getAllocRegion().empty()
            ? Value()
            : inlineYielding(b, loc, r.decl.getAllocRegion(), r.var).front();
    SmallVector<Value> args{r.var};
    if (storage)
      args.push_back(storage);
    r.own = inlineYielding(b, loc, init, args).front();
    return;
  }
  Type type = r.decl.getType();
  Value one =
      LLVM::ConstantOp::create(b, loc, b.getI64Type(), b.getI64IntegerAttr(1));
  r.own = LLVM::AllocaOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), type, one);
  // The mold is the original's value; read it only where the init region
  // looks at it (other teams may be combining into it meanwhile).
  Value mold = r.decl.getInitializerMoldArg().use_empty()
                   ? Value(LLVM::UndefOp::create(b, loc, type))
                   : Value(LLVM::LoadOp::create(b, loc, type, r.var));
  Value start = inlineYielding(b, loc, init, mold).front();
  LLVM::StoreOp::create(b, loc, start, r.own);
}

/// Combines the team's copies into the originals before `end` (a teams
/// region terminator) under the lock, then cleans the copies up.
static void combineAtEnd(OpBuilder &b, Location loc,
                         MutableArrayRef<TeamReduction> reductions,
                         omp::TerminatorOp end) {
  b.setInsertionPoint(end);
  auto critical = omp::CriticalOp::create(
      b, loc, FlatSymbolRefAttr::get(b.getContext(), kLockName));
  b.createBlock(&critical.getRegion());
  auto terminator = omp::TerminatorOp::create(b, loc);
  b.setInsertionPoint(terminator);
  for (TeamReduction &r : reductions) {
    Region &combiner = r.decl.getReductionRegion();
    if (r.byRef) { // the combiner updates its left operand in place
      inlineYielding(b, loc, combiner, {r.var, r.own});
      continue;
    }
    Type type = r.decl.getType();
    Value lhs = LLVM::LoadOp::create(b, loc, type, r.var);
    Value rhs = LLVM::LoadOp::create(b, loc, type, r.own);
    Value sum = inlineYielding(b, loc, combiner, {lhs, rhs}).front();
    LLVM::StoreOp::create(b, loc, sum, r.var);
  }
  b.setInsertionPoint(end);
  for (TeamReduction &r : reductions)
    if (!r.decl.getCleanupRegion().empty())
      inlineYielding(b, loc, r.decl.getCleanupRegion(), r.own);
}

/// Rewrites `teams` as described above; false (an error at the op) where a
/// declaration cannot be found.
static bool giveTeamsOwnCopies(omp::TeamsOp teams) {
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(teams.getOperation());
  MutableArrayRef<BlockArgument> args = iface.getReductionBlockArgs();
  std::optional<ArrayAttr> syms = teams.getReductionSyms();
  std::optional<ArrayRef<bool>> byref = teams.getReductionByref();
  SmallVector<TeamReduction> reductions;
  for (auto [i, var] : llvm::enumerate(teams.getReductionVars())) {
    auto decl = SymbolTable::lookupNearestSymbolFrom<omp::DeclareReductionOp>(
        teams, cast<SymbolRefAttr>((*syms)[i]));
    if (!decl) {
      teams.emitError("no omp.declare_reduction ") << (*syms)[i];
      return false;
    }
    reductions.push_back({var, decl, byref && (*byref)[i], Value()});
  }
  Location loc = teams.getLoc();
  Region &body = teams.getRegion();
  SmallVector<omp::TerminatorOp> ends;
  for (Block &block : body)
    if (auto end = dyn_cast<omp::TerminatorOp>(block.getTerminator()))
      ends.push_back(end);

  OpBuilder b(teams.getContext());
  b.setInsertionPointToStart(&body.front());
  for (TeamReduction &r : reductions)
    makeOwnCopy(b, loc, r);
  for (auto [arg, r] : llvm::zip_equal(args, reductions))
    arg.replaceAllUsesWith(r.own);
  for (omp::TerminatorOp end : ends)
    combineAtEnd(b, loc, reductions, end);

  unsigned first = args.empty() ? 0 : args.front().getArgNumber();
  body.front().eraseArguments(first, args.size());
  teams.getReductionVarsMutable().clear();
  teams.removeReductionSymsAttr();
  teams.removeReductionByrefAttr();
  teams.removeReductionModAttr();
  return true;
}

namespace {
struct HostTeamsReductionPass
    : ompx::passes::impl::HostTeamsReductionPassBase<HostTeamsReductionPass> {

  void runOnOperation() final {
    ModuleOp module = getOperation();
    SmallVector<omp::TeamsOp> work;
    module.walk([&](omp::TeamsOp teams) {
      std::optional<omp::ReductionModifier> mod = teams.getReductionMod();
      // The LLVM dialect only (the host copy just before translation): the
      // copies are made with llvm ops.
      bool llvmDialect = llvm::all_of(teams.getReductionVars(), [](Value v) {
        return isa<LLVM::LLVMPointerType>(v.getType());
      });
      if (teams.getReductionVars().empty() || !llvmDialect ||
          (reducedByDistribute(teams) &&
           teams->getParentOfType<omp::TargetOp>()) ||
          (mod && *mod != omp::ReductionModifier::defaultmod))
        return;
      work.push_back(teams);
    });
    if (work.empty())
      return;
    if (!SymbolTable::lookupSymbolIn(module, kLockName)) {
      OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
      omp::CriticalDeclareOp::create(b, module.getLoc(),
                                     b.getStringAttr(kLockName));
    }
    for (omp::TeamsOp teams : work)
      if (!giveTeamsOwnCopies(teams))
        return signalPassFailure();
  }
};
} // namespace
