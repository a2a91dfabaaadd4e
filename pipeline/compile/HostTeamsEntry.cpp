//===- HostTeamsEntry.cpp - Each teams region's league size, asked --------===//
//
// A `teams` construct without num_teams or thread_limit reaches libomp as a
// bare `__kmpc_fork_teams`, which asks for the default league only when the
// thread's own record of the last league is empty. libomp 19 clears that
// record on the thread that forked a league, not on the pool threads that
// were its other teams' initial threads: one of them, reused as a worker
// of a later parallel region, found the old size, skipped the default and
// aborted on a thread count of 0 (`Assertion failure at
// kmp_csupport.cpp(539): this_thr->th.th_set_nproc >= 1`) when it met a
// target teams region running on the host (--device=host, a fallback),
// as flang-22's own build does. Each bare fork is now preceded by the
// call libomp makes itself on an empty record, `__kmpc_push_num_teams(loc,
// gtid, 0, 0)`: the same default league, asked every time.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/DeviceFixes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace ompx::pipeline;

static bool setsLeague(const llvm::Instruction &i) {
  auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
  llvm::Function *f = call ? call->getCalledFunction() : nullptr;
  return f && f->getName().starts_with("__kmpc_push_num_teams");
}

static bool forksTeams(const llvm::Instruction &i) {
  auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
  llvm::Function *f = call ? call->getCalledFunction() : nullptr;
  return f && f->getName() == "__kmpc_fork_teams";
}

/// Whether `fork` surely has no league set for it: back from it, through
/// blocks of one predecessor (LLVM 22 puts the num_teams call a block or
/// two before its fork), the function's entry or the previous fork comes
/// before any call that sets one; or its function has no such call at all.
/// A path that merges first is left alone: never a second league request
/// over the program's own.
static bool noLeagueSet(llvm::CallBase *fork) {
  llvm::Function *f = fork->getFunction();
  if (llvm::none_of(llvm::instructions(*f), setsLeague))
    return true;
  llvm::BasicBlock *block = fork->getParent();
  llvm::Instruction *from = fork;
  llvm::SmallPtrSet<llvm::BasicBlock *, 8> seen;
  while (seen.insert(block).second) {
    for (llvm::Instruction *i = from->getPrevNode(); i; i = i->getPrevNode()) {
      if (setsLeague(*i))
        return false;
      if (forksTeams(*i))
        return true;
    }
    if (block->isEntryBlock())
      return true;
    block = block->getSinglePredecessor();
    if (!block)
      return false;
    from = block->getTerminator();
  }
  return false;
}

unsigned ompx::pipeline::askTeamsLeague(llvm::Module &m) {
  llvm::Function *forkTeams = m.getFunction("__kmpc_fork_teams");
  if (!forkTeams)
    return 0;
  std::vector<llvm::CallBase *> bare;
  for (llvm::User *u : forkTeams->users())
    if (auto *call = llvm::dyn_cast<llvm::CallBase>(u))
      if (call->getCalledFunction() == forkTeams && call->arg_size() > 2 &&
          noLeagueSet(call))
        bare.push_back(call);
  if (bare.empty())
    return 0;
  llvm::LLVMContext &ctx = m.getContext();
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type *loc = forkTeams->getFunctionType()->getParamType(0);
  llvm::FunctionCallee gtid =
      m.getOrInsertFunction("__kmpc_global_thread_num", i32, loc);
  llvm::FunctionCallee push = m.getOrInsertFunction(
      "__kmpc_push_num_teams", llvm::Type::getVoidTy(ctx), loc, i32, i32, i32);
  for (llvm::CallBase *fork : bare) {
    llvm::IRBuilder<> b(fork);
    llvm::Value *ident = fork->getArgOperand(0);
    llvm::Value *thread = b.CreateCall(gtid, {ident});
    llvm::Value *zero = b.getInt32(0);
    b.CreateCall(push, {ident, thread, zero, zero});
  }
  return bare.size();
}
