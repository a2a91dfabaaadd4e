//===- HostTeamsCombines.cpp - Teams' reduction combines, one at a time ---===//
//
// LLVM 22 translates a teams reduction the construct hands to a distribute
// (`target teams distribute parallel do reduction(+:s)`, the commonest
// offload loop) into a combine each team makes into the shared original
// under its own `__kmpc_reduce`. That call excludes the team's threads from
// each other, not the teams: a team of one thread (what libomp forms when
// the teams outnumber the cores) takes no lock at all, and two teams adding
// at once lost one's share (2 of 50 rounds of a host build, a target
// region's host fallback too). Every combine that such a call guards in
// code a `teams` region runs (its microtask, the parallel regions it forks,
// the helpers they call) also takes one lock for the whole program, a
// named critical section: the combines of all teams go one at a time. The
// lock is taken after the reduce call admitted the thread and released
// before `__kmpc_end_reduce`, whose barrier must not wait under it.
//
// A call in the teams region's own code (not in a parallel region it
// forks) is made by the team's initial thread alone: libomp's reduce waits
// for the team's other threads, which never run that code (a `target teams
// distribute reduction` on the host with teams of two threads hung). There
// the thread combines under the lock without asking: the call becomes the
// combine's case, and its `__kmpc_end_reduce` (a barrier) goes, as does any
// `__kmpc_barrier` there (the one after a distribute's reduction): OpenMP
// has no barrier in a teams region's own code, and one thread of the team
// runs it.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/DeviceFixes.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace ompx::pipeline;

namespace {
/// The name of libomp's entry `call` calls, or "".
llvm::StringRef calleeName(const llvm::CallBase *call) {
  const llvm::Function *f = call ? call->getCalledFunction() : nullptr;
  return f ? f->getName() : llvm::StringRef();
}

/// The functions a `teams` region runs: the microtasks given to
/// `__kmpc_fork_teams`, the parallel regions they fork, and the module's own
/// (internal) functions they call, transitively. `teamOnly` gets those only
/// a team's initial thread runs (reached without a parallel region).
llvm::SetVector<llvm::Function *>
teamsCode(llvm::Module &m, llvm::SetVector<llvm::Function *> &teamOnly) {
  llvm::SetVector<llvm::Function *> code, parallel;
  // Whether each function is reached through a parallel region.
  llvm::SmallVector<std::pair<llvm::Function *, bool>> work;
  auto add = [&](llvm::Value *v, bool inParallel) {
    auto *f = llvm::dyn_cast<llvm::Function>(v->stripPointerCasts());
    if (!f || f->isDeclaration())
      return;
    bool fresh = code.insert(f);
    bool newlyParallel = inParallel && parallel.insert(f);
    if (fresh || newlyParallel)
      work.push_back({f, inParallel});
  };
  if (llvm::Function *forkTeams = m.getFunction("__kmpc_fork_teams"))
    for (llvm::User *u : forkTeams->users())
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(u))
        if (call->getCalledFunction() == forkTeams && call->arg_size() > 2)
          add(call->getArgOperand(2), false);
  while (!work.empty()) {
    auto [f, inParallel] = work.pop_back_val();
    for (llvm::Instruction &inst : llvm::instructions(*f)) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
      if (!call)
        continue;
      if (calleeName(call) == "__kmpc_fork_call" && call->arg_size() > 2)
        add(call->getArgOperand(2), true);
      else if (llvm::Function *callee = call->getCalledFunction())
        if (callee->hasLocalLinkage())
          add(callee, inParallel);
    }
  }
  for (llvm::Function *f : code)
    if (!parallel.contains(f))
      teamOnly.insert(f);
  return code;
}

/// The lock every teams combine takes: a named critical section's lock, as
/// LLVM names one (`.gomp_critical_user_NAME.var`, common, so every object
/// of the program shares it).
llvm::GlobalVariable *combineLock(llvm::Module &m) {
  const char *name = ".gomp_critical_user_ompx_teams_combine.var";
  if (llvm::GlobalVariable *lock = m.getGlobalVariable(name))
    return lock;
  auto *type = llvm::ArrayType::get(llvm::Type::getInt32Ty(m.getContext()), 8);
  auto *lock = new llvm::GlobalVariable(
      m, type, /*isConstant=*/false, llvm::GlobalValue::CommonLinkage,
      llvm::Constant::getNullValue(type), name);
  lock->setAlignment(llvm::Align(8));
  return lock;
}

/// The block a `__kmpc_reduce` call sends the thread that combines into the
/// original without atomics (the switch's case 1), or null.
llvm::BasicBlock *combineBlock(llvm::CallBase *reduce) {
  for (llvm::User *u : reduce->users())
    if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(u))
      if (sw->getCondition() == reduce)
        for (auto c : sw->cases())
          if (c.getCaseValue()->isOne())
            return c.getCaseSuccessor();
  return nullptr;
}

/// Takes the lock around the combine `reduce` admits: true when its switch
/// and its `__kmpc_end_reduce` calls were found. With `alone` (one thread
/// of the team makes the call), the thread combines without the call.
bool lockCombine(llvm::CallBase *reduce, llvm::DominatorTree &dt,
                 llvm::FunctionCallee enter, llvm::FunctionCallee leave,
                 llvm::GlobalVariable *lock, bool alone) {
  llvm::BasicBlock *combine = combineBlock(reduce);
  if (!combine || !combine->getSinglePredecessor())
    return false;
  llvm::SmallVector<llvm::CallBase *> ends;
  llvm::Value *reduceLock = reduce->getArgOperand(reduce->arg_size() - 1);
  for (llvm::Instruction &inst : llvm::instructions(*reduce->getFunction())) {
    auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
    llvm::StringRef name = calleeName(call);
    if ((name == "__kmpc_end_reduce" || name == "__kmpc_end_reduce_nowait") &&
        call->getArgOperand(2) == reduceLock &&
        dt.dominates(combine, call->getParent()))
      ends.push_back(call);
  }
  if (ends.empty())
    return false;
  llvm::Value *loc = reduce->getArgOperand(0);
  llvm::Value *gtid = reduce->getArgOperand(1);
  llvm::IRBuilder<> b(&*combine->getFirstInsertionPt());
  b.CreateCall(enter, {loc, gtid, lock});
  for (llvm::CallBase *end : ends) {
    b.SetInsertPoint(end);
    b.CreateCall(leave, {loc, gtid, lock});
  }
  if (alone) {
    reduce->replaceAllUsesWith(llvm::ConstantInt::get(reduce->getType(), 1));
    reduce->eraseFromParent();
    for (llvm::CallBase *end : ends)
      end->eraseFromParent();
  }
  return true;
}
} // namespace

HostTeamsCombines ompx::pipeline::lockHostTeamsCombines(llvm::Module &m) {
  HostTeamsCombines out;
  llvm::SmallVector<std::pair<llvm::Function *, llvm::CallBase *>> reduces;
  llvm::SetVector<llvm::Function *> teamOnly;
  for (llvm::Function *f : teamsCode(m, teamOnly))
    for (llvm::Instruction &inst : llvm::instructions(*f))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
        llvm::StringRef name = calleeName(call);
        if ((name == "__kmpc_reduce" || name == "__kmpc_reduce_nowait") &&
            call->arg_size() == 7)
          reduces.emplace_back(f, call);
      }
  // Barriers of the teams region's own code: one thread waits for no one.
  llvm::SmallVector<llvm::CallBase *> barriers;
  for (llvm::Function *f : teamOnly)
    for (llvm::Instruction &inst : llvm::instructions(*f))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
          call && calleeName(call) == "__kmpc_barrier" && call->use_empty())
        barriers.push_back(call);
  for (llvm::CallBase *call : barriers)
    call->eraseFromParent();
  out.barriers = barriers.size();
  if (reduces.empty())
    return out;
  llvm::LLVMContext &ctx = m.getContext();
  llvm::Type *ptr = llvm::PointerType::getUnqual(ctx);
  auto *critical =
      llvm::FunctionType::get(llvm::Type::getVoidTy(ctx),
                              {ptr, llvm::Type::getInt32Ty(ctx), ptr}, false);
  llvm::FunctionCallee enter =
      m.getOrInsertFunction("__kmpc_critical", critical);
  llvm::FunctionCallee leave =
      m.getOrInsertFunction("__kmpc_end_critical", critical);
  llvm::GlobalVariable *lock = combineLock(m);
  llvm::Function *last = nullptr;
  std::optional<llvm::DominatorTree> dt;
  for (auto [f, reduce] : reduces) {
    if (f != last)
      dt.emplace(*f);
    last = f;
    bool alone = teamOnly.contains(f);
    if (lockCombine(reduce, *dt, enter, leave, lock, alone)) {
      ++out.locked;
      out.alone += alone;
    } else {
      ++out.unrecognized;
    }
  }
  return out;
}
