//===- DeferredFallbacks.cpp - Deferred targets' host fallback by value ---===//
//
// A `target nowait` becomes a task: LLVM 22's OpenMPIRBuilder copies the
// kernel's arguments into the task when the construct is met, so a
// firstprivate scalar (a by-copy, "literal" argument) reaches the device
// with the value it had then. The host fallback in the same task (no
// device, OMP_TARGET_OFFLOAD=DISABLED) is called with the addresses the
// task captured instead, and reads the scalars when the task runs: a loop
// index read late indexed past its array (`r(i) = x` in a loop of
// `target nowait` regions wrote r(5) of r(1:4), and x was the host's later
// value). Each such fallback argument now points at the task's own copy of
// the value.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/DeviceFixes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace ompx::pipeline;

namespace {
/// OpenMP's OMP_MAP_LITERAL: the argument is the value, not an address.
constexpr uint64_t kMapLiteral = 0x100;

/// `v` as (base, constant indices) of a chain of GEPs with constant
/// indices; the base alone when `v` is no GEP.
llvm::Value *gepBase(llvm::Value *v, llvm::SmallVectorImpl<uint64_t> &idx) {
  llvm::SmallVector<uint64_t> reversed;
  while (auto *gep = llvm::dyn_cast<llvm::GEPOperator>(v)) {
    llvm::SmallVector<uint64_t> here;
    for (llvm::Value *i : gep->indices()) {
      auto *c = llvm::dyn_cast<llvm::ConstantInt>(i);
      if (!c)
        return nullptr;
      here.push_back(c->getZExtValue());
    }
    reversed.append(here.rbegin(), here.rend());
    v = gep->getPointerOperand();
  }
  idx.assign(reversed.rbegin(), reversed.rend());
  return v;
}

/// The field `gep(base, 0, k)` names, if `v` is one.
std::optional<uint64_t> fieldOf(llvm::Value *v, llvm::Value *base) {
  llvm::SmallVector<uint64_t> idx;
  if (gepBase(v, idx) != base || idx.size() != 2 || idx[0] != 0)
    return std::nullopt;
  return idx[1];
}

/// The value last stored to field `k` of `base` before `at`, in `at`'s
/// block.
llvm::Value *storedBefore(llvm::Instruction *at, llvm::Value *base,
                          uint64_t k) {
  for (llvm::Instruction *i = at->getPrevNode(); i; i = i->getPrevNode())
    if (auto *st = llvm::dyn_cast<llvm::StoreInst>(i))
      if (fieldOf(st->getPointerOperand(), base) == k)
        return st->getValueOperand();
  return nullptr;
}

/// The variable a literal argument was loaded from: `load ptr, %casted`
/// whose slot holds `load T, %var` (a narrower scalar), or `load ptr, %var`.
llvm::Value *literalSource(llvm::Value *v) {
  auto *load = llvm::dyn_cast<llvm::LoadInst>(v);
  if (!load)
    return nullptr;
  llvm::Value *from = load->getPointerOperand();
  if (auto *slot = llvm::dyn_cast<llvm::AllocaInst>(from)) {
    llvm::StoreInst *only = nullptr;
    for (llvm::User *u : slot->users())
      if (auto *st = llvm::dyn_cast<llvm::StoreInst>(u);
          st && st->getPointerOperand() == slot) {
        if (only)
          return nullptr;
        only = st;
      }
    if (only)
      if (auto *inner = llvm::dyn_cast<llvm::LoadInst>(only->getValueOperand()))
        return inner->getPointerOperand();
  }
  return from;
}

/// The map types of a `__tgt_target_kernel` call's argument structure
/// (field 5 of __tgt_kernel_arguments), and the array that field 2 (the base
/// pointers) holds.
struct KernelArgs {
  llvm::Value *basePointers = nullptr;
  llvm::ConstantDataArray *mapTypes = nullptr;
};
KernelArgs kernelArgs(llvm::CallInst *launch) {
  KernelArgs out;
  llvm::Value *args = launch->getArgOperand(5);
  for (llvm::User *u : args->users())
    for (llvm::User *s : u->users()) {
      auto *st = llvm::dyn_cast<llvm::StoreInst>(s);
      if (!st || st->getPointerOperand() != u)
        continue;
      std::optional<uint64_t> k = fieldOf(u, args);
      if (k == 2)
        out.basePointers = st->getValueOperand()->stripPointerCasts();
      if (k == 5)
        if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(
                st->getValueOperand()->stripPointerCasts());
            g && g->hasInitializer())
          out.mapTypes =
              llvm::dyn_cast<llvm::ConstantDataArray>(g->getInitializer());
    }
  return out;
}

/// The call of an offloaded region's host function on the branch taken when
/// `launch` fails.
llvm::CallInst *fallbackOf(llvm::CallInst *launch) {
  for (llvm::User *u : launch->users()) {
    auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(u);
    if (!cmp)
      continue;
    for (llvm::User *b : cmp->users()) {
      auto *br = llvm::dyn_cast<llvm::BranchInst>(b);
      if (!br || !br->isConditional())
        continue;
      for (llvm::BasicBlock *succ : br->successors())
        for (llvm::Instruction &i : *succ)
          if (auto *call = llvm::dyn_cast<llvm::CallInst>(&i))
            if (llvm::Function *f = call->getCalledFunction();
                f && !f->isDeclaration() &&
                f->getName().starts_with("__omp_offloading_"))
              return call;
    }
  }
  return nullptr;
}

/// In the function that created the task (`alloc`'s), the arrays copied
/// into it (base pointers and pointers) and the structure of captured
/// values copied into its shareds.
struct TaskCopies {
  llvm::SmallPtrSet<llvm::Value *, 2> arrays;
  llvm::Value *shareds = nullptr;
  /// Each array's copy in the task, and the last array copied.
  llvm::DenseMap<llvm::Value *, llvm::Value *> copyOf;
  llvm::Instruction *last = nullptr;
};
TaskCopies copiesInto(llvm::CallInst *alloc) {
  TaskCopies out;
  for (llvm::Instruction *i = alloc->getNextNode(); i; i = i->getNextNode()) {
    auto *copy = llvm::dyn_cast<llvm::MemCpyInst>(i);
    if (!copy)
      continue;
    llvm::SmallVector<uint64_t> idx;
    llvm::Value *dest = copy->getRawDest();
    llvm::Value *src = gepBase(copy->getRawSource(), idx);
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(dest))
      dest = load->getPointerOperand();
    llvm::SmallVector<uint64_t> destIdx;
    if (gepBase(dest, destIdx) != alloc || !src)
      continue;
    if (llvm::isa<llvm::LoadInst>(copy->getRawDest())) {
      out.shareds = src;
      continue;
    }
    out.arrays.insert(src);
    out.copyOf[src] = copy->getRawDest();
    out.last = copy;
  }
  return out;
}

/// The literal arguments' variables: array index -> the address its value
/// was loaded from, for the stores into `arrays` in `parent`.
llvm::DenseMap<uint64_t, llvm::Value *>
literalSources(llvm::Function &parent,
               const llvm::SmallPtrSetImpl<llvm::Value *> &arrays,
               llvm::ConstantDataArray *mapTypes) {
  llvm::DenseMap<uint64_t, llvm::Value *> out;
  for (llvm::Instruction &i : llvm::instructions(parent)) {
    auto *st = llvm::dyn_cast<llvm::StoreInst>(&i);
    if (!st)
      continue;
    llvm::SmallVector<uint64_t> idx;
    llvm::Value *base = gepBase(st->getPointerOperand(), idx);
    if (!base || !arrays.contains(base) || idx.size() != 2 ||
        idx[1] >= mapTypes->getNumElements() ||
        !(mapTypes->getElementAsInteger(idx[1]) & kMapLiteral))
      continue;
    if (llvm::Value *var = literalSource(st->getValueOperand()))
      out[idx[1]] = var;
  }
  return out;
}
} // namespace

DeferredFallbacks ompx::pipeline::captureDeferredFallbacks(llvm::Module &host) {
  DeferredFallbacks done;
  llvm::Function *allocFn = host.getFunction("__kmpc_omp_target_task_alloc");
  if (!allocFn)
    return done;
  for (llvm::User *u : allocFn->users()) {
    auto *alloc = llvm::dyn_cast<llvm::CallInst>(u);
    if (!alloc || alloc->getCalledFunction() != allocFn ||
        alloc->arg_size() < 6)
      continue;
    auto *proxy = llvm::dyn_cast<llvm::Function>(
        alloc->getArgOperand(5)->stripPointerCasts());
    if (!proxy || proxy->isDeclaration())
      continue;
    // The proxy calls the task body with (thread, the arrays it copied: base
    // pointers, pointers and the sizes known at run time, captured values).
    llvm::Function *body = nullptr;
    for (llvm::Instruction &i : llvm::instructions(*proxy))
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(&i))
        if (llvm::Function *f = call->getCalledFunction();
            f && !f->isDeclaration() && f->arg_size() >= 4)
          body = f;
    if (!body)
      continue;
    for (llvm::Instruction &i : llvm::instructions(*body)) {
      auto *launch = llvm::dyn_cast<llvm::CallInst>(&i);
      if (!launch || !launch->getCalledFunction() ||
          launch->getCalledFunction()->getName() != "__tgt_target_kernel" ||
          launch->arg_size() < 6)
        continue;
      KernelArgs args = kernelArgs(launch);
      llvm::CallInst *fallback = fallbackOf(launch);
      auto *basePointers =
          llvm::dyn_cast_or_null<llvm::Argument>(args.basePointers);
      if (!fallback || !args.mapTypes || !basePointers ||
          basePointers->getParent() != body)
        continue;
      llvm::Argument *captures = body->getArg(body->arg_size() - 1);
      TaskCopies copies = copiesInto(alloc);
      if (!copies.shareds)
        continue;
      llvm::DenseMap<uint64_t, llvm::Value *> literals =
          literalSources(*alloc->getFunction(), copies.arrays, args.mapTypes);
      unsigned matched = 0;
      for (unsigned a = 0; a < fallback->arg_size(); ++a) {
        auto *load = llvm::dyn_cast<llvm::LoadInst>(fallback->getArgOperand(a));
        std::optional<uint64_t> field =
            load ? fieldOf(load->getPointerOperand(), captures) : std::nullopt;
        // A global (a module variable, a common block member, a saved
        // local) is passed as its address, not captured.
        llvm::Value *arg = fallback->getArgOperand(a);
        llvm::Value *captured =
            field ? storedBefore(alloc, copies.shareds, *field)
            : llvm::isa<llvm::GlobalVariable, llvm::ConstantExpr>(arg)
                ? arg
                : nullptr;
        std::optional<uint64_t> index;
        for (auto [j, var] : literals)
          if (captured && var == captured)
            index = j;
        if (!index)
          continue;
        // The task's copy of the value, in a slot of the task body's own.
        llvm::IRBuilder<> entry(&*body->getEntryBlock().getFirstInsertionPt());
        llvm::AllocaInst *slot =
            entry.CreateAlloca(entry.getPtrTy(), nullptr, "fallback.byval");
        llvm::IRBuilder<> b(fallback);
        llvm::Value *at =
            b.CreateConstInBoundsGEP1_64(b.getPtrTy(), body->getArg(1), *index);
        b.CreateStore(b.CreateLoad(b.getPtrTy(), at), slot);
        fallback->setArgOperand(a, slot);
        ++matched;
        ++done.rewired;
      }
      if (matched < literals.size())
        done.unrecognized += literals.size() - matched;
    }
  }
  return done;
}

namespace {
/// A store of a descriptor copy's address (plus `offset` bytes) into entry
/// `index` of offload array `array`.
struct CopyStore {
  llvm::Value *array;
  uint64_t index;
  int64_t offset;
};

/// The stores of `copy`, or of constant offsets from it, into local arrays
/// of pointers (the offload arrays); false when `copy` has a use other than
/// those, reads and captures.
bool copyStores(llvm::CallInst *copy, const llvm::DataLayout &dl,
                llvm::SmallVectorImpl<CopyStore> &out) {
  llvm::SmallVector<std::pair<llvm::Value *, int64_t>> work = {{copy, 0}};
  while (!work.empty()) {
    auto [v, offset] = work.pop_back_val();
    for (llvm::User *u : v->users()) {
      if (auto *gep = llvm::dyn_cast<llvm::GEPOperator>(u);
          gep && gep->getPointerOperand() == v) {
        llvm::APInt more(64, 0);
        if (!gep->accumulateConstantOffset(dl, more))
          return false;
        work.push_back({gep, offset + more.getSExtValue()});
        continue;
      }
      // Reads when the construct is met: the data's address, sizes.
      if (llvm::isa<llvm::LoadInst, llvm::PtrToIntInst>(u))
        continue;
      // The host fallback of a region the thread waits for.
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(u);
          call && call->getCalledFunction() && call->getCalledOperand() != v &&
          call->getCalledFunction()->getName().starts_with("__omp_offloading_"))
        continue;
      auto *st = llvm::dyn_cast<llvm::StoreInst>(u);
      if (!st || st->getValueOperand() != v)
        return false;
      llvm::SmallVector<uint64_t> idx;
      auto *array = llvm::dyn_cast_or_null<llvm::AllocaInst>(
          gepBase(st->getPointerOperand(), idx));
      auto *type =
          array ? llvm::dyn_cast<llvm::ArrayType>(array->getAllocatedType())
                : nullptr;
      // Other stores capture the address for the host fallback, which
      // runs on the host's own descriptor.
      if (!type || !type->getElementType()->isPointerTy())
        continue;
      if (idx.size() > 2 || (idx.size() == 2 && idx[0] != 0))
        return false;
      out.push_back({array, idx.empty() ? 0 : idx.back(), offset});
    }
  }
  return true;
}

/// The target task whose offload arrays (copied into it) hold `stores`, and
/// what was copied into it.
struct TaskArrays {
  llvm::CallInst *alloc = nullptr;
  TaskCopies copies;
};
TaskArrays taskOf(llvm::Function &f, llvm::ArrayRef<CopyStore> stores) {
  for (llvm::Instruction &i : llvm::instructions(f)) {
    auto *alloc = llvm::dyn_cast<llvm::CallInst>(&i);
    if (!alloc || !alloc->getCalledFunction() ||
        alloc->getCalledFunction()->getName() !=
            "__kmpc_omp_target_task_alloc" ||
        alloc->arg_size() < 6 ||
        !llvm::isa<llvm::ConstantInt>(alloc->getArgOperand(3)))
      continue;
    TaskCopies copies = copiesInto(alloc);
    if (llvm::all_of(stores, [&](const CopyStore &s) {
          return copies.copyOf.contains(s.array);
        }))
      return {alloc, std::move(copies)};
  }
  return TaskArrays();
}

/// Whether a `__tgt_target_kernel` call of `f` launches from `array`.
bool launchesFrom(llvm::Function &f, llvm::Value *array) {
  for (llvm::Instruction &i : llvm::instructions(f))
    if (auto *launch = llvm::dyn_cast<llvm::CallInst>(&i);
        launch && launch->getCalledFunction() &&
        launch->getCalledFunction()->getName() == "__tgt_target_kernel" &&
        launch->arg_size() >= 6) {
      llvm::SmallVector<uint64_t> idx;
      llvm::Value *base = kernelArgs(launch).basePointers;
      if (base && gepBase(base, idx) == array)
        return true;
    }
  return false;
}

/// Places `copy` in its target task: the task grows by the descriptor, which
/// is copied there when the task is made, and the task's offload arrays
/// point there.
void placeInTask(llvm::CallInst *copy, uint64_t size, TaskArrays &task,
                 llvm::ArrayRef<CopyStore> stores) {
  auto *current = llvm::cast<llvm::ConstantInt>(task.alloc->getArgOperand(3));
  uint64_t offset = llvm::alignTo(current->getZExtValue(), 16);
  task.alloc->setArgOperand(
      3, llvm::ConstantInt::get(current->getType(), offset + size));
  llvm::IRBuilder<> b(task.copies.last->getNextNode());
  llvm::Value *own = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), task.alloc,
                                                  offset, "descriptor.copy");
  b.CreateMemCpy(own, llvm::MaybeAlign(8), copy->getArgOperand(0),
                 llvm::MaybeAlign(8), size);
  for (const CopyStore &s : stores) {
    llvm::Value *entry = b.CreateConstInBoundsGEP1_64(
        b.getPtrTy(), task.copies.copyOf.lookup(s.array), s.index);
    b.CreateStore(b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), own, s.offset),
                  entry);
  }
}
} // namespace

DescriptorCopies ompx::pipeline::placeDescriptorCopies(llvm::Module &host) {
  DescriptorCopies done;
  llvm::Function *copyFn = host.getFunction("__ompx_descriptor_copy");
  if (!copyFn)
    return done;
  const llvm::DataLayout &dl = host.getDataLayout();
  llvm::SmallVector<llvm::CallInst *> calls;
  for (llvm::User *u : copyFn->users())
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(u))
      calls.push_back(call);
  for (llvm::CallInst *copy : calls) {
    llvm::Function &f = *copy->getFunction();
    llvm::Value *desc = copy->getArgOperand(0);
    auto *sizeArg = llvm::dyn_cast<llvm::ConstantInt>(copy->getArgOperand(1));
    uint64_t size = sizeArg ? sizeArg->getZExtValue() : 0;
    llvm::SmallVector<CopyStore> stores;
    bool usesKnown = size && copyStores(copy, dl, stores);
    bool known = usesKnown && !stores.empty();
    TaskArrays task;
    if (known)
      task = taskOf(f, stores);
    llvm::IRBuilder<> b(copy);
    llvm::Value *replacement = desc;
    if (task.alloc) {
      placeInTask(copy, size, task, stores);
      ++done.inTasks;
    } else if (known && launchesFrom(f, stores.front().array)) {
      // The thread waits for the region: a slot of its frame, reused. Only
      // inside an active parallel region can another thread's region run
      // at once (deferred ones map copies); outside, the shared descriptor
      // stays, which a data region may have made present (a copy would be
      // allocated, attached and copied back at each launch).
      llvm::IRBuilder<> entry(&*f.getEntryBlock().getFirstInsertionPt());
      llvm::AllocaInst *slot =
          entry.CreateAlloca(llvm::ArrayType::get(entry.getInt8Ty(), size),
                             nullptr, "descriptor.copy");
      slot->setAlignment(llvm::Align(16));
      b.CreateMemCpy(slot, llvm::MaybeAlign(16), desc, llvm::MaybeAlign(8),
                     size);
      llvm::FunctionCallee inParallel =
          f.getParent()->getOrInsertFunction("omp_in_parallel", b.getInt32Ty());
      replacement = b.CreateSelect(
          b.CreateICmpNE(b.CreateCall(inParallel), b.getInt32(0)), slot, desc,
          "descriptor");
      ++done.onStack;
    } else if (!usesKnown || !stores.empty()) {
      // Left on the host's descriptor, shared as before.
      ++done.unrecognized;
    }
    // The host fallback runs on the host's own variable, as it would
    // without a device: what it does to the descriptor stays. (No launch
    // at all, `if(.false.)`, maps nothing.)
    copy->replaceUsesWithIf(desc, [](llvm::Use &u) {
      auto *call = llvm::dyn_cast<llvm::CallInst>(u.getUser());
      return call && !call->isCallee(&u) && call->getCalledFunction() &&
             call->getCalledFunction()->getName().starts_with(
                 "__omp_offloading_");
    });
    copy->replaceAllUsesWith(replacement);
    copy->eraseFromParent();
  }
  copyFn->eraseFromParent();
  return done;
}
