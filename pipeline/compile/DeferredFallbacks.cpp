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
    if (llvm::isa<llvm::LoadInst>(copy->getRawDest()))
      out.shareds = src;
    else
      out.arrays.insert(src);
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
