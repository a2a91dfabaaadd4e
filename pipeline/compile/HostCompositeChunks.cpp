//===- HostCompositeChunks.cpp - Chunked composite loops on the host ------===//
//
// LLVM 22's host translation of a composite `distribute parallel do` with a
// chunk at either level calls `__kmpc_for_static_init` twice on the same
// bounds, the threads' schedule first and the teams' second (which reads the
// thread's first chunk as its range), and runs its chunk loop to the end of
// the whole iteration space: a team of two threads ran 97 of 100 iterations
// twice (teams of one thread, as libomp forms on a small machine, hid it).
// ompx-host-composite-schedule leaves three shapes; each pair becomes:
// - threads static chunked (33), teams in blocks (92): libomp's own entry
//   for the composite, `__kmpc_dist_for_static_init` (what clang calls):
//   the thread's first chunk within its team's block, and the block's end,
//   where the chunk loop now ends;
// - threads in blocks (34), teams chunked (91): the teams' call first, then
//   the threads' on the team's first chunk, with the teams' stride: every
//   chunk of the team has the same threads' split (in a last, shorter
//   chunk the blocks are those of a full one, cut at the end), and the
//   last-iteration flag is the thread's that runs the last iteration;
// - both chunked (33, 91): no single stride walks a thread's chunks of
//   several team chunks. One team runs the loop with the threads' call
//   alone, a team of one thread its team's chunks with the teams' call
//   alone; several teams of several threads stop the program, naming the
//   loop, before it runs anything twice.
// And a composite loop's parallel region with an `if` clause runs as a team
// of one thread that libomp does not serialize (unserializeCompositeParallels),
// and a league of one team schedules its loop without libomp's composite
// entry, which aborts where that team is serialized inside an active team
// (a deferred region's host fallback on a hidden-helper thread, a region
// met in a parallel region; guardCompositeSchedules).
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/DeviceFixes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace ompx::pipeline;

namespace {
constexpr int64_t kStaticChunked = 33; // kmp_sch_static_chunked
constexpr int64_t kStatic = 34;        // kmp_sch_static
constexpr int64_t kDistributeStaticChunked =
    91;                                   // kmp_distribute_static_chunked
constexpr int64_t kDistributeStatic = 92; // kmp_distribute_static

/// `__kmpc_for_static_init_{4,4u,8,8u}`: its suffix, or "".
llvm::StringRef staticInitSuffix(const llvm::CallInst *call) {
  const llvm::Function *fn = call ? call->getCalledFunction() : nullptr;
  if (!fn)
    return "";
  llvm::StringRef name = fn->getName();
  if (!name.consume_front("__kmpc_for_static_init_"))
    return "";
  return name == "4" || name == "4u" || name == "8" || name == "8u" ? name : "";
}

std::optional<int64_t> schedule(const llvm::CallInst *call) {
  if (call->arg_size() != 9)
    return std::nullopt;
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(2)))
    return c->getSExtValue();
  return std::nullopt;
}

/// The first `__kmpc_for_static_fini` after `init` in its block's
/// successors, found along the function's dominator tree.
llvm::Instruction *fini(llvm::Function &f, llvm::Instruction *init,
                        llvm::DominatorTree &dt) {
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &i : bb)
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(&i))
        if (llvm::Function *fn = call->getCalledFunction();
            fn && fn->getName() == "__kmpc_for_static_fini" &&
            dt.dominates(init, call))
          return call;
  return nullptr;
}

/// The loop's trip count after `init`: `sub nuw TC, lb` with lb the loaded
/// first chunk's lower bound (the chunk's range is a plain `sub ub+1, lb`).
llvm::Value *tripCountAfter(llvm::CallInst *init, llvm::DominatorTree &dt) {
  llvm::Value *lower = init->getArgOperand(4);
  for (llvm::User *u : lower->users())
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(u);
        load && dt.dominates(init, load))
      for (llvm::User *lu : load->users())
        if (auto *sub = llvm::dyn_cast<llvm::BinaryOperator>(lu);
            sub && sub->getOpcode() == llvm::Instruction::Sub &&
            sub->hasNoUnsignedWrap() && sub->getOperand(1) == load)
          return sub->getOperand(0);
  return nullptr;
}

bool sameBounds(llvm::CallInst *a, llvm::CallInst *b) {
  // (ident, gtid, schedule, plastiter, plower, pupper, pstride, incr, chunk)
  for (unsigned i : {0u, 1u, 3u, 4u, 5u, 6u})
    if (a->getArgOperand(i) != b->getArgOperand(i))
      return false;
  return true;
}

/// Threads chunked, teams in blocks: one __kmpc_dist_for_static_init, and
/// the loop ends at the team's block.
bool rewriteBlockTeams(llvm::CallInst *threads, llvm::CallInst *teams,
                       llvm::DominatorTree &dt) {
  std::string suffix = staticInitSuffix(threads).str();
  llvm::Value *tripCount = tripCountAfter(teams, dt);
  llvm::Function &f = *threads->getFunction();
  llvm::Instruction *end = fini(f, teams, dt);
  if (!tripCount || !end)
    return false;

  llvm::Module &m = *f.getParent();
  llvm::Type *ivType = tripCount->getType();
  llvm::FunctionType *oldType = threads->getFunctionType();
  // (ident, gtid, schedule, plastiter, plower, pupper, pupperD, pstride,
  // incr, chunk)
  llvm::SmallVector<llvm::Type *> params(oldType->params());
  params.insert(params.begin() + 6, params[5]);
  llvm::FunctionCallee dist = m.getOrInsertFunction(
      "__kmpc_dist_for_static_init_" + suffix,
      llvm::FunctionType::get(oldType->getReturnType(), params, false));
  llvm::IRBuilder<> entry(&*f.getEntryBlock().getFirstInsertionPt());
  llvm::Value *upperD = entry.CreateAlloca(ivType, nullptr, "p.teamupper");

  llvm::IRBuilder<> b(threads);
  llvm::SmallVector<llvm::Value *> args(threads->args());
  args.insert(args.begin() + 6, upperD);
  b.CreateCall(dist, args);
  threads->eraseFromParent();
  b.SetInsertPoint(teams);
  llvm::Value *teamEnd =
      b.CreateAdd(b.CreateLoad(ivType, upperD, "omp_team.ub"),
                  llvm::ConstantInt::get(ivType, 1), "omp_team.end");
  teams->eraseFromParent();
  // Between the init and the fini, the iteration space ends where the
  // team's block does (operand by operand: a constant trip count keeps no
  // use list).
  dt.recalculate(f);
  auto *endInst = llvm::cast<llvm::Instruction>(teamEnd);
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &i : bb)
      if (&i != endInst && dt.dominates(endInst, &i) && !dt.dominates(end, &i))
        for (llvm::Use &op : i.operands())
          if (op.get() == tripCount)
            op.set(teamEnd);
  return true;
}

/// Threads in blocks, teams chunked: the teams' call, then the threads' on
/// the team's first chunk, walked with the teams' stride.
bool rewriteChunkedTeams(llvm::CallInst *threads, llvm::CallInst *teams,
                         llvm::DominatorTree &dt) {
  llvm::Value *tripCount = tripCountAfter(teams, dt);
  if (!tripCount)
    return false;
  llvm::Type *ivType = tripCount->getType();
  llvm::Value *last = threads->getArgOperand(3);
  llvm::Value *lower = threads->getArgOperand(4);
  llvm::Value *upper = threads->getArgOperand(5);
  llvm::Value *stride = threads->getArgOperand(6);
  llvm::Type *strideType = threads->getArgOperand(7)->getType();
  teams->moveBefore(threads->getIterator());
  llvm::IRBuilder<> b(threads);
  llvm::Value *teamLast =
      b.CreateLoad(b.getInt32Ty(), last, "omp_team.is_last");
  llvm::Value *teamStride = b.CreateLoad(strideType, stride, "omp_team.stride");
  b.SetInsertPoint(threads->getNextNode());
  b.CreateStore(teamStride, stride);
  // The thread that runs the loop's last iteration: its team's chunks hold
  // it, and it falls in the thread's block of that chunk.
  llvm::Value *lb = b.CreateLoad(ivType, lower);
  llvm::Value *ub = b.CreateLoad(ivType, upper);
  llvm::Value *lastIter =
      b.CreateSub(tripCount, llvm::ConstantInt::get(ivType, 1));
  llvm::Value *range =
      b.CreateSub(b.CreateAdd(ub, llvm::ConstantInt::get(ivType, 1)), lb);
  llvm::Value *offset = b.CreateURem(b.CreateSub(lastIter, lb),
                                     b.CreateZExtOrTrunc(teamStride, ivType));
  llvm::Value *mine = b.CreateAnd(
      b.CreateAnd(b.CreateICmpNE(teamLast, b.getInt32(0)),
                  b.CreateICmpUGE(lastIter, lb)),
      b.CreateAnd(b.CreateICmpULE(lb, ub), b.CreateICmpULT(offset, range)));
  b.CreateStore(b.CreateZExt(mine, b.getInt32Ty()), last);
  return true;
}

/// Whether `fn` (an outlined parallel region) runs a composite loop's
/// schedule: a call of `__kmpc_dist_for_static_init_*`, or of
/// `__kmpc_for_static_init_*` with a distribute schedule.
bool runsCompositeLoop(llvm::Function *fn) {
  if (!fn || fn->isDeclaration())
    return false;
  for (llvm::Instruction &i : llvm::instructions(*fn))
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(&i)) {
      llvm::Function *callee = call->getCalledFunction();
      if (!callee)
        continue;
      if (callee->getName().starts_with("__kmpc_dist_for_static_init_"))
        return true;
      std::optional<int64_t> d =
          staticInitSuffix(call).empty() ? std::nullopt : schedule(call);
      if (d == kDistributeStatic || d == kDistributeStaticChunked)
        return true;
    }
  return false;
}

/// `__kmpc_fork_call_if(loc, n, fn, cond, args)` of a composite loop's
/// parallel region (an `if` clause, which a combined construct's `if`
/// without a modifier also gives the parallel): libomp 19 serializes the
/// region when `cond` is false, and its composite schedule then aborts
/// (kmp_sched.cpp:547, "nteams == ... t_nproc"; flang-22's own build too).
/// A team of one thread is what `if(.false.)` asks for, and libomp forms
/// it for `num_threads(1)` without the abort: the call becomes
/// `if (!cond) __kmpc_push_num_threads(loc, gtid, 1)` and
/// `__kmpc_fork_call(loc, n, fn, args)`.
unsigned unserializeCompositeParallels(llvm::Module &m) {
  llvm::Function *forkIf = m.getFunction("__kmpc_fork_call_if");
  if (!forkIf)
    return 0;
  llvm::SmallVector<llvm::CallInst *> calls;
  for (llvm::User *u : forkIf->users())
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(u);
        call && call->getCalledFunction() == forkIf && call->arg_size() == 5 &&
        runsCompositeLoop(llvm::dyn_cast<llvm::Function>(
            call->getArgOperand(2)->stripPointerCasts())))
      calls.push_back(call);
  if (calls.empty())
    return 0;
  llvm::LLVMContext &ctx = m.getContext();
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type *ptr = llvm::PointerType::getUnqual(ctx);
  llvm::FunctionCallee fork = m.getOrInsertFunction(
      "__kmpc_fork_call",
      llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, i32, ptr},
                              /*isVarArg=*/true));
  llvm::FunctionCallee gtid = m.getOrInsertFunction(
      "__kmpc_global_thread_num", llvm::FunctionType::get(i32, {ptr}, false));
  llvm::FunctionCallee push =
      m.getOrInsertFunction("__kmpc_push_num_threads",
                            llvm::FunctionType::get(llvm::Type::getVoidTy(ctx),
                                                    {ptr, i32, i32}, false));
  for (llvm::CallInst *call : calls) {
    llvm::Value *loc = call->getArgOperand(0);
    llvm::Value *cond = call->getArgOperand(3);
    llvm::IRBuilder<> b(call);
    llvm::Value *off =
        b.CreateICmpEQ(cond, llvm::ConstantInt::get(cond->getType(), 0));
    llvm::Instruction *then =
        llvm::SplitBlockAndInsertIfThen(off, call->getIterator(), false);
    b.SetInsertPoint(then);
    b.CreateCall(push, {loc, b.CreateCall(gtid, {loc}), b.getInt32(1)});
    b.SetInsertPoint(call);
    b.CreateCall(fork, {loc, call->getArgOperand(1), call->getArgOperand(2),
                        call->getArgOperand(4)});
    call->eraseFromParent();
  }
  return unsigned(calls.size());
}

/// libomp's composite entry, `__kmpc_dist_for_static_init_*` (LLVM 22's
/// host translation of a composite loop without a thread chunk, and
/// rewriteBlockTeams' with one), assumes a league libomp forked: libomp 19
/// asserts that the teams count is the size of its team's parent
/// (kmp_sched.cpp:547, "nteams == ... t_parent->t.t_nproc"). A league of
/// one team (the host's default, no num_teams) is serialized onto the
/// thread's own serial team instead, whose parent is the team the thread is
/// in: outside any parallel region one thread (so it ran), but on the
/// hidden-helper thread that runs a `nowait` region's host fallback (no
/// device, OMP_TARGET_OFFLOAD=DISABLED, a GPU build where no GPU is seen)
/// the helpers' team of 8, and in a user's parallel region its team: the
/// program aborted. One team's distribute block is the whole iteration
/// space, so there the threads' schedule alone is the composite's:
/// `__kmpc_for_static_init_*` (which knows serialized teams) with the same
/// schedule, and the block ends where the loop does. A league libomp forked
/// (omp_get_num_teams() > 1) keeps the composite entry. Each call goes
/// through `__ompx_dist_for_static_init_*`, made once per type here.
llvm::Function *compositeGuard(llvm::Function *dist, llvm::StringRef suffix) {
  llvm::Module &m = *dist->getParent();
  std::string name = ("__ompx_dist_for_static_init_" + suffix).str();
  if (llvm::Function *made = m.getFunction(name))
    return made;
  llvm::LLVMContext &ctx = m.getContext();
  llvm::FunctionType *type = dist->getFunctionType();
  // (ident, gtid, schedule, plastiter, plower, pupper, pupperD, pstride,
  // incr, chunk); the plain entry has no pupperD.
  llvm::SmallVector<llvm::Type *> params(type->params());
  params.erase(params.begin() + 6);
  llvm::FunctionCallee plain = m.getOrInsertFunction(
      ("__kmpc_for_static_init_" + suffix).str(),
      llvm::FunctionType::get(type->getReturnType(), params, false));
  llvm::FunctionCallee numTeams = m.getOrInsertFunction(
      "omp_get_num_teams",
      llvm::FunctionType::get(llvm::Type::getInt32Ty(ctx), false));
  auto *guard =
      llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage, name, m);
  guard->addFnAttr(llvm::Attribute::NoUnwind);
  auto *entry = llvm::BasicBlock::Create(ctx, "entry", guard);
  auto *league = llvm::BasicBlock::Create(ctx, "league", guard);
  auto *oneTeam = llvm::BasicBlock::Create(ctx, "one_team", guard);
  llvm::SmallVector<llvm::Value *> args;
  for (llvm::Argument &a : guard->args())
    args.push_back(&a);
  llvm::IRBuilder<> b(entry);
  b.CreateCondBr(
      b.CreateICmpSGT(b.CreateCall(numTeams), b.getInt32(1), "omp.league"),
      league, oneTeam);
  b.SetInsertPoint(league);
  b.CreateCall(dist, args);
  b.CreateRetVoid();
  b.SetInsertPoint(oneTeam);
  llvm::Type *iv = type->getParamType(8); // incr: the loop's integer type
  llvm::Value *upper = b.CreateLoad(iv, args[5], "omp.upper");
  llvm::SmallVector<llvm::Value *> plainArgs(args);
  plainArgs.erase(plainArgs.begin() + 6);
  b.CreateCall(plain, plainArgs);
  b.CreateStore(upper, args[6]);
  b.CreateRetVoid();
  return guard;
}

/// Every `__kmpc_dist_for_static_init_*` call of the host module goes
/// through compositeGuard's function. Returns the number of calls.
unsigned guardCompositeSchedules(llvm::Module &m) {
  unsigned guarded = 0;
  for (llvm::StringRef suffix : {"4", "4u", "8", "8u"}) {
    llvm::Function *dist =
        m.getFunction(("__kmpc_dist_for_static_init_" + suffix).str());
    if (!dist || dist->arg_size() != 10)
      continue;
    llvm::SmallVector<llvm::CallInst *> calls;
    for (llvm::User *u : dist->users())
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(u);
          call && call->getCalledFunction() == dist &&
          call->getFunction()->getName() !=
              ("__ompx_dist_for_static_init_" + suffix).str())
        calls.push_back(call);
    if (calls.empty())
      continue;
    llvm::Function *guard = compositeGuard(dist, suffix);
    for (llvm::CallInst *call : calls)
      call->setCalledFunction(guard);
    guarded += calls.size();
  }
  return guarded;
}

/// `file:line:col` of the OpenMP ident `ident` points to (its psource is
/// ";file;function;line;col;;"), or "" when it names none.
std::string sourceOf(llvm::Value *ident) {
  auto *global =
      llvm::dyn_cast<llvm::GlobalVariable>(ident->stripPointerCasts());
  auto *init =
      global && global->hasInitializer()
          ? llvm::dyn_cast<llvm::ConstantStruct>(global->getInitializer())
          : nullptr;
  if (!init || init->getNumOperands() < 5)
    return "";
  auto *text = llvm::dyn_cast<llvm::GlobalVariable>(
      init->getOperand(4)->stripPointerCasts());
  auto *data =
      text && text->hasInitializer()
          ? llvm::dyn_cast<llvm::ConstantDataSequential>(text->getInitializer())
          : nullptr;
  if (!data || !data->isString())
    return "";
  llvm::SmallVector<llvm::StringRef> parts;
  data->getAsString().split(parts, ';');
  if (parts.size() < 5 || parts[1].empty() || parts[1] == "unknown" ||
      parts[3] == "0")
    return "";
  return (parts[1] + ":" + parts[3] + ":" + parts[4]).str();
}

/// Both chunked: one team runs the whole loop (the threads' call alone is
/// the composite's schedule then), a team of one thread its team's chunks
/// whole (the teams' call alone); teams of several threads stop the
/// program, naming the loop, before it runs anything twice.
void oneLevelOrStop(llvm::CallInst *threads, llvm::CallInst *teams,
                    const std::string &where) {
  llvm::Module &m = *threads->getModule();
  std::string message =
      "ompx: " + (where.empty() ? std::string("a") : where + ": a") +
      " composite distribute parallel do with chunks for both the teams "
      "(dist_schedule) and the threads (schedule) cannot run on the host "
      "with more than one team of more than one thread: LLVM 22's host "
      "translation has no loop for both, and ran iterations more than once; "
      "drop one of the chunks, or run it on a device\n";
  llvm::IRBuilder<> b(threads);
  auto count = [&](const char *name) {
    return b.CreateCall(m.getOrInsertFunction(
        name, llvm::FunctionType::get(b.getInt32Ty(), false)));
  };
  llvm::Value *oneTeam =
      b.CreateICmpEQ(count("omp_get_num_teams"), b.getInt32(1), "omp.one_team");
  llvm::Value *oneThread = b.CreateICmpEQ(count("omp_get_num_threads"),
                                          b.getInt32(1), "omp.one_thread");
  llvm::Value *neither = b.CreateNot(b.CreateOr(oneTeam, oneThread));
  llvm::Instruction *stopHere =
      llvm::SplitBlockAndInsertIfThen(neither, threads->getIterator(), true);
  b.SetInsertPoint(stopHere);
  llvm::FunctionCallee write = m.getOrInsertFunction(
      "write", llvm::FunctionType::get(
                   b.getInt64Ty(),
                   {b.getInt32Ty(), b.getPtrTy(), b.getInt64Ty()}, false));
  llvm::FunctionCallee abort = m.getOrInsertFunction(
      "abort", llvm::FunctionType::get(b.getVoidTy(), false));
  b.CreateCall(write, {b.getInt32(2), b.CreateGlobalString(message),
                       b.getInt64(message.size())});
  b.CreateCall(abort)->setDoesNotReturn();
  llvm::Instruction *threadsOnly, *teamsOnly;
  llvm::SplitBlockAndInsertIfThenElse(oneTeam, threads->getIterator(),
                                      &threadsOnly, &teamsOnly);
  threads->moveBefore(threadsOnly->getIterator());
  teams->moveBefore(teamsOnly->getIterator());
}
} // namespace

HostCompositeChunks ompx::pipeline::fixHostCompositeChunks(llvm::Module &m) {
  HostCompositeChunks out;
  out.unserialized = unserializeCompositeParallels(m);
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    llvm::SmallVector<std::pair<llvm::CallInst *, llvm::CallInst *>> pairs;
    for (llvm::BasicBlock &bb : f)
      for (llvm::Instruction &i : bb) {
        auto *threads = llvm::dyn_cast<llvm::CallInst>(&i);
        auto *teams =
            llvm::dyn_cast_if_present<llvm::CallInst>(i.getNextNode());
        llvm::StringRef suffix = staticInitSuffix(threads);
        if (suffix.empty() || staticInitSuffix(teams) != suffix ||
            threads->getCalledFunction() != teams->getCalledFunction())
          continue;
        std::optional<int64_t> t = schedule(threads), d = schedule(teams);
        if ((t == kStaticChunked || t == kStatic) &&
            (d == kDistributeStatic || d == kDistributeStaticChunked) &&
            !(t == kStatic && d == kDistributeStatic) &&
            sameBounds(threads, teams))
          pairs.emplace_back(threads, teams);
      }
    if (pairs.empty())
      continue;
    llvm::DominatorTree dt(f);
    for (auto [threads, teams] : pairs) {
      std::optional<int64_t> t = schedule(threads), d = schedule(teams);
      if (d == kDistributeStatic) {
        out.rewritten += rewriteBlockTeams(threads, teams, dt);
      } else if (t == kStatic) {
        out.rewritten += rewriteChunkedTeams(threads, teams, dt);
      } else {
        std::string where = sourceOf(threads->getArgOperand(0));
        oneLevelOrStop(threads, teams, where);
        out.refused.push_back(where);
      }
      dt.recalculate(f);
    }
  }
  // After the rewrites above, which make such calls too.
  out.oneTeamGuarded = guardCompositeSchedules(m);
  return out;
}
