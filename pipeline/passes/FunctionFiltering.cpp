//===- FunctionFiltering.cpp - flang's device function filter, linear -----===//
//
// flang's omp-function-filtering visits each func.func of a device module
// whose device type is host: it erases every use of the function (a call's
// results become fir.undefined; an internal procedure naming it as its host
// loses that attribute and becomes public), then deletes the function, or
// keeps it as declare_target(host) when it holds a target region. It finds
// the uses with one scan of the whole module per function: quadratic, 2.5 s
// of the 3.5 s device pipeline on a 50k-line HLFIR file with 209 functions
// holding target regions (4.2 s before the functions without one went
// first).
//
// This pass gives the same module with one scan of the uses for all of them,
// then runs flang's filter itself on each kept function alone, in a module of
// its own with the device module's attributes (so its scan sees one
// function, and the declare_target it sets is flang's), and on the rest.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIROpsSupport.h"
#include "flang/Optimizer/OpenMP/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_FUNCTIONFILTERINGPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

/// Whether the filter handles `func`: not declare target, or for the host.
static bool hostDeviceType(mlir::func::FuncOp func) {
  auto dt =
      llvm::dyn_cast<mlir::omp::DeclareTargetInterface>(func.getOperation());
  return !dt || !dt.isDeclareTarget() ||
         dt.getDeclareTargetDeviceType() ==
             mlir::omp::DeclareTargetDeviceType::host;
}

static bool holdsTargetRegion(mlir::func::FuncOp func) {
  return func
      .walk([](mlir::omp::TargetOp) { return mlir::WalkResult::interrupt(); })
      .wasInterrupted();
}

/// What the filter does to the uses of the functions it visits and to
/// those it deletes, in its order (module order; each function's uses in
/// walk order, so that the same calls get fir.undefined results), from
/// one scan of the uses. False, having changed nothing, when that cannot
/// be done: a use with regions (its nested uses would go with it).
static bool filterUses(mlir::ModuleOp module,
                       llvm::ArrayRef<mlir::func::FuncOp> visited,
                       const llvm::DenseSet<mlir::Operation *> &kept) {
  std::optional<mlir::SymbolTable::UseRange> uses =
      mlir::SymbolTable::getSymbolUses(&module.getBodyRegion());
  if (!uses)
    return false;
  llvm::DenseMap<mlir::StringAttr, size_t> index;
  for (size_t i = 0; i < visited.size(); ++i)
    index[mlir::func::FuncOp(visited[i]).getSymNameAttr()] = i;
  // Per visited function: each user, and the top-level op holding it.
  std::vector<
      llvm::SmallVector<std::pair<mlir::Operation *, mlir::Operation *>>>
      users(visited.size());
  for (const mlir::SymbolTable::SymbolUse &use : *uses) {
    auto it = index.find(use.getSymbolRef().getRootReference());
    if (it == index.end())
      continue;
    mlir::Operation *user = use.getUser();
    if (!llvm::isa<mlir::func::FuncOp>(user) && user->getNumRegions())
      return false;
    auto &list = users[it->second];
    if (!list.empty() && list.back().first == user)
      continue;
    mlir::Operation *top = user;
    while (top->getParentOp() != module)
      top = top->getParentOp();
    list.push_back({user, top});
  }
  // Erased users and deleted functions. (An address reused by a new
  // fir.undefined is only ever looked up for the op erased there.)
  llvm::DenseSet<mlir::Operation *> gone;
  mlir::OpBuilder builder(module.getContext());
  for (size_t i = 0; i < visited.size(); ++i) {
    mlir::func::FuncOp func = visited[i];
    for (auto [user, top] : users[i]) {
      if (gone.count(user) || gone.count(top))
        continue;
      if (auto internal = llvm::dyn_cast<mlir::func::FuncOp>(user)) {
        // An internal procedure naming it as its Fortran host.
        internal->removeAttr(fir::getHostSymbolAttrName());
        internal.setVisibility(mlir::SymbolTable::Visibility::Public);
        continue;
      }
      if (!user->use_empty()) {
        builder.setInsertionPoint(user);
        llvm::SmallVector<mlir::Value> undef;
        for (mlir::Value result : user->getResults())
          undef.push_back(
              fir::UndefOp::create(builder, result.getLoc(), result.getType()));
        user->replaceAllUsesWith(undef);
      }
      gone.insert(user);
      user->erase();
    }
    if (!kept.count(func)) {
      gone.insert(func);
      func.erase();
    }
  }
  return true;
}

namespace {
struct FunctionFilteringPass
    : ompx::passes::impl::FunctionFilteringPassBase<FunctionFilteringPass> {
  void runOnOperation() final {
    mlir::ModuleOp module = getOperation();
    auto offload = llvm::dyn_cast<mlir::omp::OffloadModuleInterface>(
        module.getOperation());
    if (!offload || !offload.getIsTargetDevice())
      return;

    llvm::SmallVector<mlir::func::FuncOp> visited, kept;
    llvm::DenseSet<mlir::Operation *> keptOps;
    for (auto func : module.getOps<mlir::func::FuncOp>())
      if (hostDeviceType(func)) {
        visited.push_back(func);
        if (holdsTargetRegion(func)) {
          kept.push_back(func);
          keptOps.insert(func);
        }
      }
    if (!filterUses(module, visited, keptOps))
      kept.clear(); // flang's filter does it all, in its own time

    // Each kept function in a module of its own, out of the device module
    // while the filter runs there (for what this pass does not visit, such
    // as functions in nested modules; it deletes no top-level op now). Each
    // goes back before the op that followed it.
    mlir::OwningOpRef<mlir::ModuleOp> pieces =
        mlir::ModuleOp::create(module.getLoc());
    llvm::SmallVector<mlir::Operation *> anchors;
    for (mlir::func::FuncOp func : kept) {
      anchors.push_back(func->getNextNode());
      auto piece = mlir::ModuleOp::create(func.getLoc());
      piece->setDiscardableAttrs(module->getDiscardableAttrDictionary());
      pieces->getBody()->push_back(piece);
      func->moveBefore(piece.getBody(), piece.getBody()->end());
    }

    mlir::OpPassManager rest(mlir::ModuleOp::getOperationName());
    rest.addPass(flangomp::createFunctionFilteringPass());
    if (mlir::failed(runPipeline(rest, module)))
      return signalPassFailure();
    if (!kept.empty()) {
      // Not verified on their own: they refer to symbols of the module.
      mlir::PassManager each(&getContext());
      each.enableVerifier(false);
      each.nest<mlir::ModuleOp>().addPass(
          flangomp::createFunctionFilteringPass());
      if (mlir::failed(each.run(*pieces)))
        return signalPassFailure();
    }

    // Back in reverse order, so that an anchor that is a kept function is
    // already in place.
    mlir::Block *body = module.getBody();
    for (size_t i = kept.size(); i-- > 0;) {
      mlir::func::FuncOp func = kept[i];
      if (anchors[i])
        func->moveBefore(anchors[i]);
      else
        func->moveBefore(body, body->end());
    }
  }
};
} // namespace
