//===- LoopChunks.cpp - dist_schedule/schedule chunks to the runtime ------===//
//
// The second half of ompx-loop-chunk-marks (pipeline/passes/
// LoopChunkMarks.cpp): the translation outlined each device loop body, mark
// included, into the function it passes to the runtime's loop entry. The
// mark's chunk is computed again just before that call and becomes its
// chunk argument. In the body the chunk is a constant, or a value the body
// loads through its captured-values argument (the `arg` of the runtime
// call), which the caller filled before the call.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/DeviceFixes.h"
#include "pipeline/passes/Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace ompx::pipeline;
using llvm::StringRef;

namespace {
namespace p = ompx::passes;

bool isDistribute(unsigned kind) {
  return kind == p::DistributeChunk || kind == p::DistributeBlocked;
}
bool isBlocked(unsigned kind) {
  return kind == p::DistributeBlocked || kind == p::ScheduleBlocked;
}

/// Where a runtime loop entry takes the chunk of `kind`, if it takes one.
std::optional<unsigned> chunkOperand(StringRef callee, unsigned kind) {
  if (kind > p::ScheduleBlocked)
    return std::nullopt;
  // (ident, body, arg, n, block_chunk, one_iteration_per_thread)
  if (callee.starts_with("__kmpc_distribute_static_loop_"))
    return isDistribute(kind) ? std::optional<unsigned>(4) : std::nullopt;
  // (ident, body, arg, n, nthreads, block_chunk, thread_chunk, one_...)
  if (callee.starts_with("__kmpc_distribute_for_static_loop_"))
    return isDistribute(kind) ? 5u : 6u;
  // (ident, body, arg, n, nthreads, thread_chunk, one_...)
  if (callee.starts_with("__kmpc_for_static_loop_"))
    return isDistribute(kind) ? std::nullopt : std::optional<unsigned>(5);
  return std::nullopt;
}

/// ceil(a / d) for a >= 0, d > 0, without a + d - 1 (which may wrap).
llvm::Value *ceilDiv(llvm::IRBuilder<> &b, llvm::Value *a, llvm::Value *d) {
  llvm::Value *q = b.CreateUDiv(a, d), *r = b.CreateURem(a, d);
  return b.CreateAdd(
      q,
      b.CreateZExt(b.CreateICmpNE(r, llvm::ConstantInt::get(r->getType(), 0)),
                   a->getType()));
}

/// The chunk that makes `call` deal one contiguous block a team
/// (DistributeBlocked) or a thread (ScheduleBlocked), or null when the
/// runtime's own dealing already does: a distribute alone deals blocks
/// (ChunkedLoop.h's OMPX_BLOCKED_LOOP), and a distribute-for without a
/// block chunk deals distribute chunks of one iteration a thread, over
/// which schedule(static) is one iteration a thread too.
llvm::Value *blockedChunk(llvm::CallBase &call, StringRef callee,
                          unsigned kind) {
  bool distributeFor = callee.starts_with("__kmpc_distribute_for_static_loop_");
  llvm::IRBuilder<> b(&call);
  llvm::Value *n = call.getArgOperand(3);
  llvm::Type *type = n->getType();
  if (kind == p::DistributeBlocked) {
    if (!distributeFor)
      return nullptr;
    llvm::Module &m = *call.getModule();
    llvm::FunctionCallee teams = m.getOrInsertFunction(
        "omp_get_num_teams", llvm::FunctionType::get(b.getInt32Ty(), false));
    return ceilDiv(b, n, b.CreateSExtOrTrunc(b.CreateCall(teams), type));
  }
  llvm::Value *nthreads = call.getArgOperand(4);
  if (!distributeFor)
    return ceilDiv(b, n, nthreads);
  llvm::Value *block = call.getArgOperand(5);
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(block); c && c->isZero())
    return nullptr;
  return ceilDiv(b, block, nthreads);
}

/// `v`, a value of `body`, computed again before `call`, which passes
/// `body` its captured-values argument as operand 2. Null when it is not
/// made of constants, that argument, loads, address arithmetic and casts.
llvm::Value *rebuildBefore(llvm::Value *v, llvm::Function &body,
                           llvm::CallBase &call,
                           llvm::DenseMap<llvm::Value *, llvm::Value *> &done) {
  if (auto *c = llvm::dyn_cast<llvm::Constant>(v))
    return c;
  if (auto it = done.find(v); it != done.end())
    return it->second;
  llvm::Value *result = nullptr;
  if (auto *a = llvm::dyn_cast<llvm::Argument>(v)) {
    // The body's last argument is the captured values' record.
    if (a->getParent() == &body && a->getArgNo() + 1 == body.arg_size())
      result = call.getArgOperand(2);
  } else if (auto *i = llvm::dyn_cast<llvm::Instruction>(v);
             i && i->getFunction() == &body &&
             (llvm::isa<llvm::LoadInst, llvm::GetElementPtrInst,
                        llvm::CastInst>(i))) {
    llvm::SmallVector<llvm::Value *> operands;
    for (llvm::Value *op : i->operands()) {
      operands.push_back(rebuildBefore(op, body, call, done));
      if (!operands.back())
        return nullptr;
    }
    llvm::Instruction *copy = i->clone();
    for (auto [n, op] : llvm::enumerate(operands))
      copy->setOperand(n, op);
    copy->insertBefore(call.getIterator());
    result = copy;
  }
  if (result)
    done[v] = result;
  return result;
}

struct Mark {
  llvm::CallInst *call;
  unsigned kind, site;
};
} // namespace

LoopChunkFix ompx::pipeline::passLoopChunks(llvm::Module &m, bool passBlocked) {
  LoopChunkFix fix;
  llvm::Function *markFn = m.getFunction(ompx::passes::kLoopChunkMark);
  if (!markFn)
    return fix;
  // The marks of each body, in the mark function's use order (the same for
  // the same module, so two chunks rebuilt before one call always come in
  // the same order).
  llvm::MapVector<llvm::Function *, llvm::SmallVector<Mark>> marks;
  llvm::SmallVector<Mark> all;
  for (llvm::User *u : markFn->users()) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(u);
    if (!call || call->getCalledFunction() != markFn)
      continue;
    auto *kind = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0));
    auto *site = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(2));
    Mark mark{call, kind ? unsigned(kind->getZExtValue()) : ~0u,
              site ? unsigned(site->getZExtValue()) : ~0u};
    marks[call->getFunction()].push_back(mark);
    all.push_back(mark);
  }
  // A distribute's chunk before the worksharing loop's, which a blocked
  // schedule divides.
  for (auto &[body, bodyMarks] : marks)
    llvm::stable_sort(bodyMarks, [](const Mark &a, const Mark &b) {
      return isDistribute(a.kind) && !isDistribute(b.kind);
    });
  // The runtime calls that take a marked body, found from the body's uses
  // (through pointer casts) rather than from every declaration's.
  llvm::DenseSet<llvm::CallInst *> taken;
  for (auto &[body, bodyMarks] : marks) {
    llvm::SmallVector<llvm::User *> users(body->users());
    for (size_t i = 0; i < users.size(); ++i)
      if (auto *cast = llvm::dyn_cast<llvm::ConstantExpr>(users[i]);
          cast && cast->isCast())
        users.append(cast->user_begin(), cast->user_end());
    for (llvm::User *u : users) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(u);
      llvm::Function *entry = call ? call->getCalledFunction() : nullptr;
      if (!entry || !entry->isDeclaration() || call->arg_size() < 3 ||
          call->getArgOperand(1)->stripPointerCasts() != body)
        continue;
      for (Mark &mark : bodyMarks) {
        std::optional<unsigned> at = chunkOperand(entry->getName(), mark.kind);
        if (!at || *at >= call->arg_size())
          continue;
        if (isBlocked(mark.kind)) {
          if (!passBlocked)
            continue;
          if (llvm::Value *chunk =
                  blockedChunk(*call, entry->getName(), mark.kind))
            call->setArgOperand(*at, chunk);
          taken.insert(mark.call);
          continue;
        }
        llvm::DenseMap<llvm::Value *, llvm::Value *> done;
        llvm::Value *chunk =
            rebuildBefore(mark.call->getArgOperand(1), *body, *call, done);
        if (!chunk)
          continue;
        llvm::IRBuilder<> b(call);
        call->setArgOperand(
            *at,
            b.CreateSExtOrTrunc(chunk, call->getArgOperand(*at)->getType()));
        taken.insert(mark.call);
      }
    }
  }
  for (Mark &mark : all) {
    // A blocked schedule left to the runtime (--device-runtime) is neither.
    if (taken.contains(mark.call))
      fix.passedSites.push_back(mark.site);
    else if (!isBlocked(mark.kind) || passBlocked)
      fix.refusedSites.push_back(mark.site);
    mark.call->eraseFromParent();
  }
  markFn->eraseFromParent();
  return fix;
}
