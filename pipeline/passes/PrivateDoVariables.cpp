//===- PrivateDoVariables.cpp - Sequential DO variables private per thread ===//
//
// OpenMP makes the iteration variable of a sequential DO loop private in
// the innermost parallel, teams or task construct around it. flang-22
// lowers `teams loop` (`target teams loop`, `teams` + `loop`) to teams,
// parallel, distribute and wsloop, and the DO variable of a loop inside,
// which flang privatized for the teams construct it saw, is the one
// variable of the target region for every thread of the parallel it made:
// `do k = 1, n` in a matrix product's body raced between a team's threads
// (errors up to 1e3, or a crash, on the host; flang-22 alone too). Each
// such variable gets a copy of its own at the start of the parallel region,
// which every use inside it takes.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SetVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_PRIVATEDOVARIABLESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// The innermost construct around `op` whose region is a data environment
/// for a DO variable (parallel, teams, task, target).
Operation *innermostEnvironment(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<omp::ParallelOp, omp::TeamsOp, omp::TaskOp, omp::TaskloopOp,
            omp::TargetOp>(p) ||
        isa<func::FuncOp>(p))
      return p;
  return nullptr;
}

/// The declaration `loop`'s body stores its DO variable to first (flang:
/// `fir.store %iter to %k#0` at the top of the body), if it is one.
hlfir::DeclareOp doVariable(fir::DoLoopOp loop) {
  Block *body = loop.getBody();
  auto store = dyn_cast<fir::StoreOp>(&body->front());
  if (!store || store.getValue().getParentBlock() != body ||
      !isa<BlockArgument>(store.getValue()))
    return {};
  auto decl = store.getMemref().getDefiningOp<hlfir::DeclareOp>();
  if (!decl || !fir::isa_integer(store.getValue().getType()) ||
      decl.getFortranAttrs())
    return {};
  return decl;
}

struct PrivateDoVariablesPass
    : ompx::passes::impl::PrivateDoVariablesPassBase<PrivateDoVariablesPass> {
  void runOnOperation() final {
    // Each parallel region and the DO variables it shares with its
    // threads.
    llvm::MapVector<omp::ParallelOp, llvm::SetVector<hlfir::DeclareOp>> shared;
    getOperation().walk([&](fir::DoLoopOp loop) {
      auto parallel =
          dyn_cast_or_null<omp::ParallelOp>(innermostEnvironment(loop));
      hlfir::DeclareOp decl = parallel ? doVariable(loop) : hlfir::DeclareOp();
      if (decl && !parallel->isAncestor(decl))
        shared[parallel].insert(decl);
    });
    for (auto &[parallel, decls] : shared) {
      Block &entry = parallel.getRegion().front();
      OpBuilder b(&entry, entry.begin());
      for (hlfir::DeclareOp decl : decls) {
        Type type = fir::unwrapRefType(decl.getBase().getType());
        auto copy = fir::AllocaOp::create(
            b, decl.getLoc(), type, decl.getUniqName(), decl.getUniqName());
        auto own = hlfir::DeclareOp::create(b, decl.getLoc(), copy,
                                            decl.getUniqName());
        for (unsigned r = 0; r < decl->getNumResults(); ++r)
          decl->getResult(r).replaceUsesWithIf(
              own->getResult(r), [&](OpOperand &use) {
                return parallel->isAncestor(use.getOwner());
              });
      }
    }
  }
};
} // namespace
