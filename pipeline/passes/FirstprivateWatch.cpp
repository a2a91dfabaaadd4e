//===- FirstprivateWatch.cpp - a checked launch sees firstprivate writes --===//
//
// A scalar a target region uses without a map clause is firstprivate: the
// region's changes to it never reach the host. When the host reads it
// afterwards expecting the region's value, the answer is silently wrong,
// and no device copy exists for the checked launch to watch. Under
// `launch --check-maps` the construct carries the region's final value
// back in a shadow, with the scalar's host address, so that the checker
// can tell a changed copy and watch the host's later reads (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"
#include "pipeline/passes/TargetEntries.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace ompx::passes {
#define GEN_PASS_DEF_FIRSTPRIVATEWATCHPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
using mlir::omp::ClauseMapFlags;

/// A value a Fortran DO loop gives its index variable: the loop's own
/// count or its value at the end (OpenMP makes a loop's index variable
/// private to the construct: the host's is not expected to change).
bool isLoopIndexValue(mlir::Value v) {
  while (auto convert = v.getDefiningOp<fir::ConvertOp>())
    v = convert.getValue();
  if (auto arg = mlir::dyn_cast<mlir::BlockArgument>(v))
    return mlir::isa<fir::DoLoopOp, fir::IterWhileOp, mlir::omp::LoopNestOp>(
        arg.getOwner()->getParentOp());
  return v.getDefiningOp<fir::DoLoopOp>() ||
         v.getDefiningOp<fir::IterWhileOp>();
}

/// Whether `v` is a private variable of the parallel or teams construct
/// `op`: the construct's threads write their own copies, not `v`.
bool isPrivateOfTeam(mlir::Operation *op, mlir::Value v) {
  if (auto parallel = mlir::dyn_cast<mlir::omp::ParallelOp>(op))
    return llvm::is_contained(parallel.getPrivateVars(), v);
  if (auto teams = mlir::dyn_cast<mlir::omp::TeamsOp>(op))
    return llvm::is_contained(teams.getPrivateVars(), v);
  return false;
}

/// Whether `v` is a private variable of the loop construct `op`.
bool isPrivateOf(mlir::Operation *op, mlir::Value v) {
  auto privates = [&](auto loop) {
    return llvm::is_contained(loop.getPrivateVars(), v);
  };
  if (auto simd = mlir::dyn_cast<mlir::omp::SimdOp>(op))
    return privates(simd);
  if (auto ws = mlir::dyn_cast<mlir::omp::WsloopOp>(op))
    return privates(ws);
  if (auto dist = mlir::dyn_cast<mlir::omp::DistributeOp>(op))
    return privates(dist);
  if (auto loop = mlir::dyn_cast<mlir::omp::LoopOp>(op))
    return privates(loop);
  return false;
}

/// Whether the region may write through `arg`: a store or an assignment to
/// it or a view of it, or any use that is not a plain load (a call may
/// write through its argument); those uses go to `writers`. Not when it is
/// a DO loop's index anywhere in the region: then it is private to the
/// construct.
bool mayWrite(mlir::Value arg,
              llvm::SmallVectorImpl<mlir::Operation *> &writers) {
  bool written = false, loopIndex = false;
  llvm::SmallVector<mlir::Value> work{arg};
  while (!work.empty()) {
    mlir::Value v = work.pop_back_val();
    for (mlir::OpOperand &use : v.getUses()) {
      mlir::Operation *user = use.getOwner();
      if (mlir::isa<fir::LoadOp>(user) || isPrivateOfTeam(user, v))
        continue;
      if (mlir::isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp>(user)) {
        llvm::append_range(work, user->getResults());
        continue;
      }
      // A loop construct's private copy (its index): private there too.
      if (isPrivateOf(user, v)) {
        loopIndex = true;
        continue;
      }
      auto store = mlir::dyn_cast<fir::StoreOp>(user);
      if (store && store.getMemref() == v && store.getValue() != v &&
          isLoopIndexValue(store.getValue())) {
        loopIndex = true;
      } else {
        written = true;
        writers.push_back(user);
      }
    }
  }
  return written && !loopIndex;
}

/// Whether the shadow can follow each of `writers` in a target with
/// host_eval, whose region must stay the nest of constructs it is (code
/// beside the nest's constructs makes it another kernel, and the verifier
/// refuses host_eval there): all of them lie in a loop's body, or the
/// region has no loop construct (a `target teams` whose teams run its
/// code), where code added leaves the nest as it is.
bool followsInNest(mlir::omp::TargetOp target,
                   llvm::ArrayRef<mlir::Operation *> writers) {
  bool loops = false;
  target.getRegion().walk([&](mlir::omp::LoopNestOp) { loops = true; });
  return llvm::all_of(writers, [&](mlir::Operation *op) {
    return (!loops || op->getParentOfType<mlir::omp::LoopNestOp>()) &&
           op->getParentOfType<mlir::omp::TeamsOp>() &&
           !op->hasTrait<mlir::OpTrait::IsTerminator>();
  });
}

/// Whether `info` is a named scalar the target captures by copy with no
/// map clause (implicitly firstprivate).
bool implicitScalar(mlir::omp::MapInfoOp info) {
  return info &&
         info.getMapCaptureType() == mlir::omp::VariableCaptureKind::ByCopy &&
         mlir::omp::bitEnumContainsAny(info.getMapType(),
                                       ClauseMapFlags::implicit) &&
         !mlir::omp::bitEnumContainsAny(
             info.getMapType(), ClauseMapFlags::to | ClauseMapFlags::from) &&
         info.getMembers().empty() && !info.getVarPtrPtr() &&
         fir::isa_trivial(info.getVarType()) &&
         mlir::isa<fir::ReferenceType>(info.getVarPtr().getType()) &&
         info.getName() && !info.getName()->empty();
}

/// The implicitly firstprivate scalars of `target` its region may write:
/// their map entries' positions, and the ops that may write them.
llvm::SmallVector<std::pair<unsigned, llvm::SmallVector<mlir::Operation *>>>
writtenFirstprivates(mlir::omp::TargetOp target) {
  llvm::SmallVector<std::pair<unsigned, llvm::SmallVector<mlir::Operation *>>>
      out;
  bool nest = !target.getHostEvalVars().empty();
  auto iface =
      mlir::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
  auto args = iface.getMapBlockArgs();
  for (auto [i, var] : llvm::enumerate(target.getMapVars())) {
    auto info = var.getDefiningOp<mlir::omp::MapInfoOp>();
    if (!implicitScalar(info) || i >= args.size())
      continue;
    llvm::SmallVector<mlir::Operation *> writers;
    if (mayWrite(args[i], writers) && (!nest || followsInNest(target, writers)))
      out.push_back({unsigned(i), std::move(writers)});
  }
  return out;
}

/// Whether the region writes the scalar `arg` before each read of it: its
/// uses (through declares and converts) are loads, stores and scalar
/// assignments (`hlfir.assign` of a value to it) only, at least one store,
/// and each load after a store in its own block. Its value on entry (the
/// host's, which the construct's capture loads on the host) is then never
/// used.
bool deadOnEntry(mlir::Value arg) {
  llvm::SmallVector<mlir::Value> work{arg};
  llvm::SmallVector<mlir::Operation *> loads;
  llvm::SmallPtrSet<mlir::Operation *, 8> stores;
  while (!work.empty()) {
    mlir::Value v = work.pop_back_val();
    for (mlir::OpOperand &use : v.getUses()) {
      mlir::Operation *user = use.getOwner();
      if (mlir::isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp>(user)) {
        llvm::append_range(work, user->getResults());
      } else if (mlir::isa<fir::LoadOp>(user)) {
        loads.push_back(user);
      } else if (auto store = mlir::dyn_cast<fir::StoreOp>(user);
                 store && store.getMemref() == v && store.getValue() != v) {
        stores.insert(user);
      } else if (auto assign = mlir::dyn_cast<hlfir::AssignOp>(user);
                 assign && assign.getLhs() == v && assign.getRhs() != v &&
                 fir::isa_trivial(assign.getRhs().getType())) {
        stores.insert(user); // `tmp = expr`, a scalar's value
      } else {
        return false;
      }
    }
  }
  return !stores.empty() && llvm::all_of(loads, [&](mlir::Operation *load) {
    for (mlir::Operation *op = load->getPrevNode(); op; op = op->getPrevNode())
      if (stores.contains(op))
        return true;
    return false;
  });
}

/// The implicitly firstprivate scalars `target` uses as scratch (deadOnEntry):
/// the host's loads of them for the construct (flang's capture, the shadow's
/// start) read a value the region never uses, so they are no read of a
/// value an earlier region left in its own copy. Before the construct, a
/// `target update to` of the scalar named `NAME#fpdead` (the scalar is not
/// present: libomptarget moves nothing) tells the checker to end its
/// firstprivate watch of the host's copy first (MapCheck.c). The region
/// itself stays as it is, and is watched as any other (its own changes).
void forgetScratch(mlir::omp::TargetOp target) {
  mlir::MLIRContext *ctx = target.getContext();
  auto iface =
      mlir::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
  auto args = iface.getMapBlockArgs();
  mlir::omp::TargetUpdateOperands update;
  update.device = target.getDevice();
  mlir::OpBuilder b(target);
  for (auto [i, var] : llvm::enumerate(target.getMapVars())) {
    auto info = var.getDefiningOp<mlir::omp::MapInfoOp>();
    if (!implicitScalar(info) || i >= args.size() || !deadOnEntry(args[i]))
      continue;
    mlir::Value host = info.getVarPtr();
    update.mapVars.push_back(mlir::omp::MapInfoOp::create(
        b, ompx::passes::taggedMapLoc(info.getLoc(), "#fpdead"), host.getType(),
        host, mlir::TypeAttr::get(info.getVarType()),
        mlir::omp::ClauseMapFlagsAttr::get(ctx, ClauseMapFlags::to),
        mlir::omp::VariableCaptureKindAttr::get(
            ctx, mlir::omp::VariableCaptureKind::ByRef),
        mlir::Value(), mlir::ValueRange(), mlir::ArrayAttr(),
        mlir::ValueRange(), mlir::FlatSymbolRefAttr(),
        b.getStringAttr(info.getName()->str() + "#fpdead")));
  }
  if (!update.mapVars.empty())
    mlir::omp::TargetUpdateOp::create(b, target.getLoc(), update);
}

/// Maps the shadow and the address of the scalar at map entry `index`.
/// Where the region ends, its copy's value goes to the shadow; in a nest of
/// constructs (host_eval), after each of `writers` instead.
void watch(mlir::omp::TargetOp target, unsigned index,
           llvm::ArrayRef<mlir::Operation *> writers) {
  auto info = target.getMapVars()[index].getDefiningOp<mlir::omp::MapInfoOp>();
  auto fn = target->getParentOfType<mlir::FunctionOpInterface>();
  if (!fn || fn.getFunctionBody().empty())
    return;
  mlir::MLIRContext *ctx = target.getContext();
  mlir::Location loc = info.getLoc();
  mlir::Type type = info.getVarType();
  mlir::Type i64 = mlir::IntegerType::get(ctx, 64);
  mlir::Value host = info.getVarPtr();
  // The shadow and the address live in the frame (no stack growth in a
  // loop), each thread's own inside a parallel region or task; they are
  // set just before the construct.
  mlir::OpBuilder b(ctx);
  b.setInsertionPointToStart(ompx::passes::allocaBlockFor(target));
  mlir::Value shadow = fir::AllocaOp::create(b, loc, type);
  mlir::Value address = fir::AllocaOp::create(b, loc, i64);
  b.setInsertionPoint(target);
  fir::StoreOp::create(b, loc, fir::LoadOp::create(b, loc, host), shadow);
  fir::StoreOp::create(b, loc, fir::ConvertOp::create(b, loc, i64, host),
                       address);
  std::string name = info.getName()->str();
  auto map = [&](mlir::Value var, mlir::Type t, ClauseMapFlags flags,
                 mlir::omp::VariableCaptureKind capture,
                 llvm::StringRef suffix) {
    return mlir::omp::MapInfoOp::create(
        b, ompx::passes::taggedMapLoc(loc, suffix), var.getType(), var,
        mlir::TypeAttr::get(t), mlir::omp::ClauseMapFlagsAttr::get(ctx, flags),
        mlir::omp::VariableCaptureKindAttr::get(ctx, capture), mlir::Value(),
        mlir::ValueRange(), mlir::ArrayAttr(), mlir::ValueRange(),
        mlir::FlatSymbolRefAttr(), b.getStringAttr(name + suffix.str()));
  };
  auto shadowMap = map(shadow, type, ClauseMapFlags::to | ClauseMapFlags::from,
                       mlir::omp::VariableCaptureKind::ByRef, "#fpval");
  auto addressMap = map(address, i64, ClauseMapFlags::implicit,
                        mlir::omp::VariableCaptureKind::ByCopy, "#fpaddr");
  // The checker finds the address right after the shadow.
  auto iface =
      mlir::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
  mlir::BlockArgument copy = iface.getMapBlockArgs()[index];
  mlir::BlockArgument shadowArg =
      ompx::passes::appendMapEntry(target, shadowMap);
  ompx::passes::appendMapEntry(target, addressMap);
  auto mirror = [&] {
    fir::StoreOp::create(b, loc, fir::LoadOp::create(b, loc, copy), shadowArg);
  };
  if (!target.getHostEvalVars().empty()) {
    // On host-offload one thread runs the nest, the loop's iterations in
    // order: the shadow ends with the value the last write left.
    llvm::SmallPtrSet<mlir::Operation *, 8> done;
    for (mlir::Operation *writer : writers) {
      // An atomic capture holds its two atomic ops and nothing else.
      while (auto capture =
                 writer->getParentOfType<mlir::omp::AtomicCaptureOp>())
        writer = capture;
      if (!done.insert(writer).second)
        continue;
      b.setInsertionPointAfter(writer);
      mirror();
    }
    return;
  }
  // Where the region ends, its copy's value goes to the shadow.
  for (mlir::omp::TerminatorOp end : llvm::make_early_inc_range(
           target.getRegion().getOps<mlir::omp::TerminatorOp>())) {
    b.setInsertionPoint(end);
    mirror();
  }
}

struct FirstprivateWatchPass
    : ompx::passes::impl::FirstprivateWatchPassBase<FirstprivateWatchPass> {
  void runOnOperation() final {
    llvm::SmallVector<mlir::omp::TargetOp> targets;
    getOperation().walk([&](mlir::omp::TargetOp t) { targets.push_back(t); });
    for (mlir::omp::TargetOp target : targets) {
      // Before the shadows' loads, which watch() puts just before it.
      forgetScratch(target);
      // Appending entries keeps the positions of those before.
      for (auto &[index, writers] : writtenFirstprivates(target))
        watch(target, index, writers);
    }
  }
};
} // namespace
