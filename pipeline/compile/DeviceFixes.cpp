//===- DeviceFixes.cpp - Workarounds for LLVM 22.1.8 GPU defects ----------===//

#include "pipeline/compile/DeviceFixes.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "pipeline/Types.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Frontend/OpenMP/OMPDeviceConstants.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/AtomicOrdering.h"
#include "llvm/Support/Regex.h"
#include "llvm/TargetParser/TargetParser.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cstring>
#include <set>

using namespace ompx::pipeline;
using llvm::StringRef;

/// The PTX ISA flang-22's driver passes (`-target-feature +ptx88`) when it
/// finds no newer CUDA: LLVM 22's newest supported CUDA is 12.8.
static constexpr const char *kPtxFeature = "+ptx88";

// ConfigurationEnvironmentTy (llvm/Frontend/OpenMP/OMPKinds.def): {i8
// UseGenericStateMachine, i8 MayUseNestedParallelism, i8 ExecMode, i32
// MinThreads, MaxThreads, MinTeams, MaxTeams, ReductionDataSize,
// ReductionBufferLength}; KernelEnvironmentTy starts with it.
static constexpr unsigned kExecModeField = 2;
static constexpr unsigned kReductionDataSizeField = 7;

std::string ompx::pipeline::deviceTargetFeatures(StringRef tripleName,
                                                 StringRef arch) {
  llvm::Triple triple(tripleName);
  if (triple.isNVPTX())
    return arch.empty() ? std::string(kPtxFeature)
                        : (kPtxFeature + llvm::Twine(",+") + arch).str();
  if (!triple.isAMDGCN())
    return "";
  llvm::StringMap<bool> features;
  auto [error, _] = llvm::AMDGPU::fillAMDGPUFeatureMap(arch, triple, features);
  if (error != llvm::AMDGPU::NO_ERROR ||
      llvm::AMDGPU::parseArchAMDGCN(arch) == llvm::AMDGPU::GK_NONE)
    return "";
  std::vector<std::string> list;
  for (const auto &entry : features)
    list.push_back((entry.second ? "+" : "-") + entry.first().str());
  llvm::sort(list, [](const std::string &a, const std::string &b) {
    return StringRef(a).drop_front() < StringRef(b).drop_front();
  });
  return llvm::join(list, ",");
}

unsigned ompx::pipeline::deviceFixByName(StringRef name) {
  return llvm::StringSwitch<unsigned>(name)
      .Case("target-features", FixTargetFeatures)
      .Case("reduction-buffer", FixReductionBuffer)
      .Case("critical-names", FixCriticalNames)
      .Case("unused-declarations", FixUnusedDeclarations)
      .Case("atomic-orders", FixAtomicOrders)
      .Case("barrier-ids", FixBarrierIds)
      .Case("stack-save", FixStackSave)
      .Case("host-teams", FixHostTeams)
      .Case("loop-chunks", FixLoopChunks)
      .Case("reduction-descriptors", FixReductionDescriptors)
      .Case("host-composite-chunks", FixHostCompositeChunks)
      .Case("host-teams-combines", FixHostTeamsCombines)
      .Case("deferred-fallbacks", FixDeferredFallbacks)
      .Case("link-references", FixLinkReferences)
      .Case("host-teams-league", FixHostTeamsLeague)
      .Default(0);
}

unsigned ompx::pipeline::setDeviceTargetFeatures(llvm::Module &m,
                                                 StringRef arch,
                                                 StringRef features) {
  unsigned changed = 0;
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    if (f.getFnAttribute("target-cpu").getValueAsString() == arch &&
        f.getFnAttribute("target-features").getValueAsString() == features)
      continue;
    if (!arch.empty())
      f.addFnAttr("target-cpu", arch);
    if (!features.empty())
      f.addFnAttr("target-features", features);
    ++changed;
  }
  return changed;
}

namespace {
/// An offload kernel and its `<kernel>_kernel_environment` global.
struct Kernel {
  llvm::Function *fn;
  llvm::GlobalVariable *env;
};
} // namespace

static std::vector<Kernel> kernels(llvm::Module &m) {
  std::vector<Kernel> out;
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    auto *env = m.getGlobalVariable((f.getName() + "_kernel_environment").str(),
                                    /*AllowInternal=*/true);
    if (env && env->hasInitializer())
      out.push_back({&f, env});
  }
  return out;
}

/// The configuration struct of a kernel environment initializer.
static llvm::ConstantStruct *configuration(const Kernel &k) {
  auto *env = llvm::dyn_cast<llvm::ConstantStruct>(k.env->getInitializer());
  if (!env || env->getNumOperands() < 1)
    return nullptr;
  auto *config = llvm::dyn_cast<llvm::ConstantStruct>(env->getOperand(0));
  if (!config || config->getNumOperands() <= kReductionDataSizeField)
    return nullptr;
  return config;
}

static std::optional<uint64_t> configField(const Kernel &k, unsigned field) {
  if (llvm::ConstantStruct *config = configuration(k))
    if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(config->getOperand(field)))
      return c->getZExtValue();
  return std::nullopt;
}

llvm::SetVector<llvm::Function *>
ompx::pipeline::reachableFrom(llvm::ArrayRef<llvm::Function *> roots) {
  llvm::SetVector<llvm::Function *> seen(roots.begin(), roots.end());
  for (size_t i = 0; i < seen.size(); ++i)
    for (llvm::Instruction &inst : llvm::instructions(*seen[i]))
      for (llvm::Value *op : inst.operands())
        if (auto *f = llvm::dyn_cast<llvm::Function>(op->stripPointerCasts()))
          if (!f->isDeclaration())
            seen.insert(f);
  return seen;
}

static llvm::Function *callee(const llvm::CallBase &call) {
  return llvm::dyn_cast<llvm::Function>(
      call.getCalledOperand()->stripPointerCasts());
}

/// The size of the record a list_to_global copy callback
/// `void(ptr buffer, i32 idx, ptr reduce_list)` indexes `buffer` with
/// (`getelementptr %record, ptr buffer, i32 idx`); 0 if it has none. The
/// buffer may pass through an alloca (unoptimized IR).
static uint64_t recordSize(llvm::Function &copy) {
  if (copy.isDeclaration() || copy.arg_size() < 1)
    return 0;
  const llvm::DataLayout &dl = copy.getDataLayout();
  llvm::SmallPtrSet<llvm::Value *, 8> buffer{copy.getArg(0)};
  llvm::SmallPtrSet<llvm::Value *, 4> slots;
  for (llvm::Instruction &inst : llvm::instructions(copy))
    if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
      if (store->getValueOperand() == copy.getArg(0))
        slots.insert(store->getPointerOperand());
  for (llvm::Instruction &inst : llvm::instructions(copy)) {
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
      if (slots.count(load->getPointerOperand()))
        buffer.insert(load);
    if (auto *cast = llvm::dyn_cast<llvm::AddrSpaceCastInst>(&inst))
      if (buffer.count(cast->getOperand(0)))
        buffer.insert(cast);
  }
  uint64_t size = 0;
  for (llvm::Instruction &inst : llvm::instructions(copy))
    if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst))
      if (gep->getNumIndices() == 1 && buffer.count(gep->getPointerOperand()))
        size = std::max<uint64_t>(
            size, dl.getTypeAllocSize(gep->getSourceElementType()));
  return size;
}

unsigned ompx::pipeline::fixReductionBufferSize(llvm::Module &m,
                                                const DeviceFixLog &log) {
  unsigned changed = 0;
  for (const Kernel &k : kernels(m)) {
    llvm::ConstantStruct *config = configuration(k);
    std::optional<uint64_t> declared = configField(k, kReductionDataSizeField);
    if (!config || !declared)
      continue;
    uint64_t record = 0;
    for (llvm::Function *f : reachableFrom({k.fn}))
      for (llvm::Instruction &inst : llvm::instructions(*f))
        if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
          if (llvm::Function *fn = callee(*call);
              fn && fn->getName() == "__kmpc_nvptx_teams_reduce_nowait_v2" &&
              call->arg_size() > 7)
            if (auto *copy = llvm::dyn_cast<llvm::Function>(
                    call->getArgOperand(7)->stripPointerCasts()))
              record = std::max(record, recordSize(*copy));
    if (record <= *declared)
      continue;
    // The plugin allocates ReductionDataSize x ReductionBufferLength bytes
    // for the teams reduction; the callbacks write `record` bytes per team.
    llvm::SmallVector<llvm::Constant *> fields;
    for (llvm::Use &op : config->operands())
      fields.push_back(llvm::cast<llvm::Constant>(op.get()));
    fields[kReductionDataSizeField] = llvm::ConstantInt::get(
        fields[kReductionDataSizeField]->getType(), record);
    auto *env = llvm::cast<llvm::ConstantStruct>(k.env->getInitializer());
    llvm::SmallVector<llvm::Constant *> envFields;
    for (llvm::Use &op : env->operands())
      envFields.push_back(llvm::cast<llvm::Constant>(op.get()));
    envFields[0] = llvm::ConstantStruct::get(config->getType(), fields);
    k.env->setInitializer(llvm::ConstantStruct::get(env->getType(), envFields));
    log("note: " + k.fn->getName().str() +
        ": team reduction buffer records are " + std::to_string(record) +
        " bytes, LLVM 22.1.8 declared " + std::to_string(*declared) +
        " (ReductionDataSize patched)");
    ++changed;
  }
  return changed;
}

/// The callbacks of the GPU reduction entries that combine a copy they
/// describe themselves, each with the argument that holds the thread's own
/// reduce list: `__kmpc_nvptx_parallel_reduce_nowait_v2(ident, size, list,
/// shuffle_and_reduce, inter_warp_copy)` and the teams entry's
/// `(..., list, shuffle_and_reduce, inter_warp_copy, lg_copy, lg_reduce,
/// gl_copy, gl_reduce)`; shuffle_and_reduce(list, lane, offset, algo),
/// lg_reduce and gl_reduce(buffer, index, list).
static llvm::DenseMap<llvm::Function *, unsigned>
reductionCombiners(llvm::Module &m) {
  llvm::DenseMap<llvm::Function *, unsigned> out;
  auto note = [&](llvm::CallBase &call, unsigned index, unsigned listArg) {
    if (index < call.arg_size())
      if (auto *fn = llvm::dyn_cast<llvm::Function>(
              call.getArgOperand(index)->stripPointerCasts()))
        if (!fn->isDeclaration() && listArg < fn->arg_size())
          out[fn] = listArg;
  };
  // The calls of each entry (its uses, not a walk of every instruction).
  auto calls = [&](StringRef entry) {
    llvm::SmallVector<llvm::CallBase *> out;
    if (llvm::Function *fn = m.getFunction(entry))
      for (llvm::User *user : fn->users())
        if (auto *call = llvm::dyn_cast<llvm::CallBase>(user);
            call && callee(*call) == fn)
          out.push_back(call);
    return out;
  };
  for (llvm::CallBase *call : calls("__kmpc_nvptx_parallel_reduce_nowait_v2"))
    note(*call, 3, 0);
  for (llvm::CallBase *call : calls("__kmpc_nvptx_teams_reduce_nowait_v2")) {
    note(*call, 5, 0);
    note(*call, 8, 2);
    note(*call, 10, 2);
  }
  return out;
}

/// A descriptor LLVM made for another copy, in a reduction callback: a
/// struct alloca whose only store is a pointer into field 0 and which is
/// stored into element `index` of a reduce list (`[N x ptr]`), used
/// directly or, on amdgcn (private allocas in address space 5), through
/// addrspacecasts to generic pointers.
struct BaseOnlyDescriptor {
  llvm::AllocaInst *alloca;
  uint64_t index;
};

static llvm::SmallVector<BaseOnlyDescriptor>
baseOnlyDescriptors(llvm::Function &f) {
  llvm::SmallVector<BaseOnlyDescriptor> out;
  for (llvm::Instruction &inst : llvm::instructions(f)) {
    auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst);
    auto *type =
        alloca ? llvm::dyn_cast<llvm::StructType>(alloca->getAllocatedType())
               : nullptr;
    if (!type || type->getNumElements() < 2 ||
        !type->getElementType(0)->isPointerTy())
      continue;
    llvm::SmallPtrSet<llvm::Value *, 4> values{alloca};
    llvm::SmallVector<llvm::User *> users(alloca->users());
    for (size_t i = 0; i < users.size(); ++i)
      if (auto *cast = llvm::dyn_cast<llvm::AddrSpaceCastInst>(users[i])) {
        values.insert(cast);
        users.append(cast->user_begin(), cast->user_end());
      }
    bool baseSet = false, otherwise = false;
    std::optional<uint64_t> index;
    for (llvm::User *user : users) {
      if (llvm::isa<llvm::AddrSpaceCastInst>(user))
        continue;
      if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(user)) {
        bool field0 = gep->getNumIndices() == 2 && gep->hasAllZeroIndices();
        for (llvm::User *gu : gep->users()) {
          auto *store = llvm::dyn_cast<llvm::StoreInst>(gu);
          if (field0 && store && store->getPointerOperand() == gep)
            baseSet = true;
          else
            otherwise = true;
        }
      } else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(user)) {
        // Stored as a list element: `store ptr %desc, ptr (gep [N x ptr],
        // list, 0, i)`.
        auto *slot =
            llvm::dyn_cast<llvm::GetElementPtrInst>(store->getPointerOperand());
        auto *last =
            slot && slot->getNumIndices() == 2
                ? llvm::dyn_cast<llvm::ConstantInt>(slot->getOperand(2))
                : nullptr;
        if (values.contains(store->getValueOperand()) && last &&
            slot->getSourceElementType()->isArrayTy())
          index = last->getZExtValue();
        else
          otherwise = true;
      } else {
        otherwise = true;
      }
    }
    if (baseSet && !otherwise && index)
      out.push_back({alloca, *index});
  }
  return out;
}

unsigned ompx::pipeline::completeReductionDescriptors(llvm::Module &m,
                                                      const DeviceFixLog &log) {
  const llvm::DataLayout &dl = m.getDataLayout();
  unsigned completed = 0;
  for (auto [fn, listArg] : reductionCombiners(m)) {
    for (const BaseOnlyDescriptor &d : baseOnlyDescriptors(*fn)) {
      // Right after the alloca (every field is written before the base):
      // own = list[index]; memcpy(descriptor, own, size).
      llvm::IRBuilder<> b(d.alloca->getNextNode());
      llvm::Type *ptrType = b.getPtrTy();
      llvm::Value *slot = b.CreateInBoundsGEP(
          llvm::ArrayType::get(ptrType, d.index + 1), fn->getArg(listArg),
          {b.getInt64(0), b.getInt64(d.index)});
      llvm::Value *own = b.CreateLoad(ptrType, slot);
      b.CreateMemCpy(d.alloca, d.alloca->getAlign(), own, llvm::Align(1),
                     dl.getTypeAllocSize(d.alloca->getAllocatedType()));
      ++completed;
    }
  }
  if (completed)
    log("note: " + std::to_string(completed) +
        " reduction descriptor(s) completed from the thread's own (LLVM "
        "22.1.8 set only their base address)");
  return completed;
}

unsigned ompx::pipeline::renameCriticalLocks(llvm::Module &m,
                                             const DeviceFixLog &log) {
  unsigned renamed = 0;
  for (llvm::GlobalVariable &gv : m.globals()) {
    StringRef name = gv.getName();
    if (!name.consume_front(".gomp_critical_user_") ||
        !name.consume_back(".var"))
      continue;
    // PTX identifiers are [A-Za-z_$%][A-Za-z0-9_$]*; the critical name is a
    // Fortran/C identifier, so the mapping stays one to one.
    std::string fresh = "__gomp_critical_user_" + name.str() + "_var";
    while (m.getNamedValue(fresh))
      fresh += "_";
    log("note: renamed " + gv.getName().str() + " to " + fresh +
        " (LLVM 22.1.8 names it with a '.', which PTX rejects)");
    gv.setName(fresh);
    ++renamed;
  }
  return renamed;
}

unsigned ompx::pipeline::dropUnusedDeclarations(llvm::Module &m) {
  unsigned erased = 0;
  for (llvm::GlobalVariable &gv : llvm::make_early_inc_range(m.globals())) {
    if (!gv.isDeclaration())
      continue;
    gv.removeDeadConstantUsers();
    if (gv.use_empty()) {
      gv.eraseFromParent();
      ++erased;
    }
  }
  for (llvm::Function &f : llvm::make_early_inc_range(m)) {
    if (!f.isDeclaration())
      continue;
    f.removeDeadConstantUsers();
    if (f.use_empty()) {
      f.eraseFromParent();
      ++erased;
    }
  }
  return erased;
}

void ompx::pipeline::fixDeviceModule(llvm::Module &m, StringRef tripleName,
                                     StringRef arch, const DeviceFixLog &log,
                                     unsigned only) {
  llvm::Triple triple(tripleName);
  if (only & FixLinkReferences)
    if (unsigned n = routeLinkReferences(m))
      log("note: " + std::to_string(n) +
          " use(s) of declare target link variables outside the kernels "
          "read through their reference pointers");
  // The compiler passes the chunks right after translation (a refusal needs
  // the MLIR); here for `fix-device-ir`, where nothing is left to pass then.
  if (only & FixLoopChunks)
    if (size_t n = passLoopChunks(m).passedSites.size())
      log("note: " + std::to_string(n) +
          " loop chunk(s) passed to the runtime");
  if (triple.isX86()) {
    if (only & FixHostCompositeChunks) {
      HostCompositeChunks fixed = fixHostCompositeChunks(m);
      if (fixed.rewritten)
        log("note: " + std::to_string(fixed.rewritten) +
            " composite loop(s) with chunks distributed once per iteration");
      for (const std::string &where : fixed.refused)
        log("note: " + (where.empty() ? std::string("a") : where + ": a") +
            " composite loop with chunks at both levels stops the program");
    }
    if (only & FixHostTeamsCombines) {
      HostTeamsCombines locked = lockHostTeamsCombines(m);
      if (locked.locked)
        log("note: " + std::to_string(locked.locked) +
            " teams reduction combine(s) under one lock");
      if (locked.unrecognized)
        log("warning: " + std::to_string(locked.unrecognized) +
            " teams reduction combine(s) not recognized, left unlocked");
    }
    if (only & FixHostTeamsLeague)
      if (unsigned n = askTeamsLeague(m))
        log("note: " + std::to_string(n) +
            " teams fork(s) ask for the default league first");
    if (only & FixDeferredFallbacks) {
      DeferredFallbacks fixed = captureDeferredFallbacks(m);
      if (fixed.rewired)
        log("note: " + std::to_string(fixed.rewired) +
            " deferred fallback argument(s) read the task's copy");
      if (fixed.unrecognized)
        log("warning: " + std::to_string(fixed.unrecognized) +
            " by-copy argument(s) of target tasks not matched to their "
            "fallback");
    }
    if (only & FixHostTeams)
      if (unsigned n = runTeamsInTurn(m))
        log("note: " + std::to_string(n) +
            " kernel(s) with num_teams > 1 run their teams in turn");
    return;
  }
  if (!triple.isNVPTX() && !triple.isAMDGCN())
    return;
  recordNullWrapperParallels(m);
  if (only & FixTargetFeatures)
    setDeviceTargetFeatures(m, arch, deviceTargetFeatures(tripleName, arch));
  if (only & FixReductionBuffer)
    fixReductionBufferSize(m, log);
  if (only & FixReductionDescriptors)
    completeReductionDescriptors(m, log);
  if ((only & FixCriticalNames) && triple.isNVPTX())
    renameCriticalLocks(m, log);
  if (only & FixUnusedDeclarations)
    if (unsigned n = dropUnusedDeclarations(m))
      log("note: dropped " + std::to_string(n) +
          " unused external declarations from the device module");
  if ((only & FixStackSave) && triple.isAMDGCN())
    if (unsigned n = privateStackSave(m))
      log("note: " + std::to_string(n) +
          " stack save/restore calls moved to the private address space");
}

unsigned ompx::pipeline::routeLinkReferences(llvm::Module &m) {
  unsigned routed = 0;
  for (llvm::GlobalVariable &ref : m.globals()) {
    StringRef name = ref.getName();
    if (!name.consume_back("_decl_tgt_ref_ptr"))
      continue;
    llvm::GlobalVariable *var = m.getGlobalVariable(name, /*AllowLocal=*/true);
    if (!var || var == &ref)
      continue;
    // Element addresses (constant GEPs) become instructions first.
    llvm::convertUsersOfConstantsToInstructions({var});
    llvm::SmallVector<llvm::Use *> uses;
    for (llvm::Use &u : var->uses())
      if (llvm::isa<llvm::Instruction>(u.getUser()))
        uses.push_back(&u);
    for (llvm::Use *u : uses) {
      auto *user = llvm::cast<llvm::Instruction>(u->getUser());
      llvm::Instruction *at = user;
      if (auto *phi = llvm::dyn_cast<llvm::PHINode>(user))
        at = phi->getIncomingBlock(*u)->getTerminator();
      llvm::IRBuilder<> b(at);
      llvm::Value *address = b.CreateLoad(
          b.getPtrTy(ref.getValueType()->isPointerTy()
                         ? ref.getValueType()->getPointerAddressSpace()
                         : 0),
          &ref);
      u->set(b.CreatePointerBitCastOrAddrSpaceCast(address, var->getType()));
      ++routed;
    }
  }
  return routed;
}

unsigned ompx::pipeline::privateStackSave(llvm::Module &m) {
  unsigned stackSpace = m.getDataLayout().getAllocaAddrSpace();
  if (stackSpace == 0)
    return 0;
  llvm::SmallVector<llvm::IntrinsicInst *> calls;
  for (llvm::Function &f : m)
    for (llvm::Instruction &i : llvm::instructions(f))
      if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i)) {
        llvm::Intrinsic::ID id = ii->getIntrinsicID();
        llvm::Type *ptr = id == llvm::Intrinsic::stacksave ? ii->getType()
                          : id == llvm::Intrinsic::stackrestore
                              ? ii->getArgOperand(0)->getType()
                              : nullptr;
        if (ptr && ptr->getPointerAddressSpace() != stackSpace)
          calls.push_back(ii);
      }
  llvm::PointerType *stackPtr =
      llvm::PointerType::get(m.getContext(), stackSpace);
  for (llvm::IntrinsicInst *call : calls) {
    llvm::IRBuilder<> b(call);
    if (call->getIntrinsicID() == llvm::Intrinsic::stacksave) {
      llvm::Value *saved = b.CreateStackSave();
      saved = b.CreateAddrSpaceCast(saved, call->getType());
      call->replaceAllUsesWith(saved);
    } else {
      b.CreateStackRestore(
          b.CreateAddrSpaceCast(call->getArgOperand(0), stackPtr));
    }
    call->eraseFromParent();
  }
  return calls.size();
}

unsigned ompx::pipeline::fenceAtomicRMWOrders(llvm::Module &m) {
  unsigned changed = 0;
  for (llvm::Function &f : m)
    for (llvm::Instruction &i : llvm::instructions(f)) {
      auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&i);
      if (!rmw || !llvm::isStrongerThanMonotonic(rmw->getOrdering()) ||
          rmw->getSyncScopeID() == llvm::SyncScope::SingleThread)
        continue;
      llvm::AtomicOrdering order = rmw->getOrdering();
      llvm::SyncScope::ID scope = rmw->getSyncScopeID();
      llvm::LLVMContext &ctx = m.getContext();
      if (llvm::isReleaseOrStronger(order))
        new llvm::FenceInst(ctx,
                            order ==
                                    llvm::AtomicOrdering::SequentiallyConsistent
                                ? order
                                : llvm::AtomicOrdering::Release,
                            scope, rmw->getIterator());
      if (llvm::isAcquireOrStronger(order))
        new llvm::FenceInst(ctx, llvm::AtomicOrdering::Acquire, scope,
                            std::next(rmw->getIterator()));
      rmw->setOrdering(llvm::AtomicOrdering::Monotonic);
      ++changed;
    }
  return changed;
}

unsigned ompx::pipeline::compactBarrierIds(llvm::Module &m) {
  if (StringRef(m.getModuleInlineAsm()).contains("bar"))
    return 0;
  llvm::SmallVector<llvm::CallBase *> calls;
  std::set<uint64_t> used{0}; // ordered: IDs keep their order
  for (llvm::Function &f : m)
    for (llvm::Instruction &i : llvm::instructions(f)) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
      if (!call)
        continue;
      if (call->isInlineAsm()) {
        if (StringRef(llvm::cast<llvm::InlineAsm>(call->getCalledOperand())
                          ->getAsmString())
                .contains("bar"))
          return 0;
        continue;
      }
      llvm::Function *callee = call->getCalledFunction();
      // Every llvm.nvvm.barrier.cta.* takes the barrier's ID first; the
      // others (barrier0, cluster barriers) name none or 0.
      if (!callee || !callee->getName().starts_with("llvm.nvvm.barrier.cta."))
        continue;
      auto *id = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0));
      if (!id)
        return 0;
      used.insert(id->getZExtValue());
      calls.push_back(call);
    }
  llvm::DenseMap<uint64_t, uint64_t> dense;
  for (uint64_t id : used)
    dense.try_emplace(id, dense.size());
  unsigned renumbered = 0;
  for (auto &[from, to] : dense)
    renumbered += from != to;
  for (llvm::CallBase *call : calls) {
    auto *id = llvm::cast<llvm::ConstantInt>(call->getArgOperand(0));
    call->setArgOperand(
        0, llvm::ConstantInt::get(id->getType(), dense[id->getZExtValue()]));
  }
  return renumbered;
}

void ompx::pipeline::fixOptimizedDeviceModule(llvm::Module &m,
                                              StringRef tripleName,
                                              const DeviceFixLog &log,
                                              unsigned only) {
  if (!llvm::Triple(tripleName).isNVPTX())
    return;
  if (only & FixAtomicOrders)
    if (unsigned n = fenceAtomicRMWOrders(m))
      log("note: " + std::to_string(n) +
          " ordered atomicrmw made monotonic between fences (the NVPTX "
          "backend drops their orderings)");
  if (only & FixBarrierIds)
    if (unsigned n = compactBarrierIds(m))
      log("note: " + std::to_string(n) +
          " barrier IDs renumbered densely (fewer barriers per block, more "
          "blocks per SM)");
}

/// Where fixDeviceModule records the parallel regions that LLVM 22.1.8 gave
/// a null wrapper, before optimization: once a device runtime is linked in
/// as bitcode, the optimizer inlines the parallel entry (LLVM 19's
/// `__kmpc_parallel_51` is alwaysinline), and its calls are gone.
static constexpr const char *kNullWrapperMetadata =
    "ompx.null_wrapper_parallel";

static bool isGeneric(const Kernel &k) {
  std::optional<uint64_t> mode = configField(k, kExecModeField);
  // OpenMPOpt's SPMD conversion sets the SPMD bit (generic-SPMD): then
  // every thread runs the region and the wrapper is never used.
  return mode && (*mode & llvm::omp::OMP_TGT_EXEC_MODE_GENERIC) &&
         !(*mode & llvm::omp::OMP_TGT_EXEC_MODE_SPMD);
}

/// The calls of kernel `k` (or what it runs) to the parallel entry with a
/// null wrapper function.
static void nullWrapperCalls(const Kernel &k,
                             std::vector<NullWrapperParallel> &out) {
  for (llvm::Function *f : reachableFrom({k.fn}))
    for (llvm::Instruction &inst : llvm::instructions(*f)) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
      llvm::Function *fn = call ? callee(*call) : nullptr;
      // __kmpc_parallel_60 (LLVM 22), or LLVM 19's _51 behind a shim:
      // (ident, gtid, if, num_threads, proc_bind, fn, wrapper_fn, ...).
      if (!fn ||
          (fn->getName() != "__kmpc_parallel_60" &&
           fn->getName() != "__kmpc_parallel_51") ||
          call->arg_size() < 7 ||
          !llvm::isa<llvm::ConstantPointerNull>(call->getArgOperand(6)))
        continue;
      llvm::Value *outlined = call->getArgOperand(5)->stripPointerCasts();
      out.push_back({k.fn->getName().str(), outlined->getName().str(),
                     fn->getName().str()});
    }
}

unsigned ompx::pipeline::recordNullWrapperParallels(llvm::Module &m) {
  std::vector<NullWrapperParallel> found;
  for (const Kernel &k : kernels(m))
    if (isGeneric(k))
      nullWrapperCalls(k, found);
  if (found.empty())
    return 0;
  llvm::LLVMContext &ctx = m.getContext();
  llvm::NamedMDNode *md = m.getOrInsertNamedMetadata(kNullWrapperMetadata);
  for (const NullWrapperParallel &p : found)
    md->addOperand(
        llvm::MDTuple::get(ctx, {llvm::MDString::get(ctx, p.kernel),
                                 llvm::MDString::get(ctx, p.outlined),
                                 llvm::MDString::get(ctx, p.entry)}));
  return found.size();
}

std::vector<NullWrapperParallel>
ompx::pipeline::findNullWrapperParallels(llvm::Module &m) {
  std::vector<NullWrapperParallel> found;
  llvm::NamedMDNode *md = m.getNamedMetadata(kNullWrapperMetadata);
  for (const Kernel &k : kernels(m)) {
    if (!isGeneric(k))
      continue;
    std::vector<NullWrapperParallel> calls;
    if (md)
      for (llvm::MDNode *node : md->operands()) {
        auto field = [&](unsigned i) {
          auto *s = node->getNumOperands() > i
                        ? llvm::dyn_cast<llvm::MDString>(node->getOperand(i))
                        : nullptr;
          return s ? s->getString().str() : std::string();
        };
        if (field(0) == k.fn->getName())
          calls.push_back({field(0), field(1), field(2)});
      }
    nullWrapperCalls(k, calls);
    for (NullWrapperParallel &p : calls)
      if (llvm::none_of(found, [&](const NullWrapperParallel &q) {
            return q.kernel == p.kernel && q.outlined == p.outlined;
          }))
        found.push_back(std::move(p));
  }
  return found;
}

mlir::Operation *ompx::pipeline::findTargetForKernel(mlir::ModuleOp module,
                                                     StringRef kernel) {
  // TargetRegionEntryInfo::getTargetRegionEntryFnName: the prefix, the file's
  // device and inode numbers in hex, the enclosing function, `_l<line>`, and
  // `_<count>` for the second and later target at one line.
  static const llvm::Regex pattern(
      "^__omp_offloading_[0-9a-f]+_[0-9a-f]+_(.*)_l([0-9]+)(_([0-9]+))?$");
  llvm::SmallVector<StringRef, 5> groups;
  if (!pattern.match(kernel, &groups))
    return nullptr;
  StringRef parent = groups[1];
  unsigned line = 0, count = 0;
  groups[2].getAsInteger(10, line);
  if (!groups[4].empty())
    groups[4].getAsInteger(10, count);
  mlir::Operation *found = nullptr;
  unsigned seen = 0;
  module->walk([&](mlir::omp::TargetOp target) {
    auto loc = target->getLoc()->findInstanceOf<mlir::FileLineColLoc>();
    auto fn = target->getParentOfType<mlir::FunctionOpInterface>();
    if (!loc || !fn || loc.getLine() != line ||
        mlir::SymbolTable::getSymbolName(fn).getValue() != parent)
      return mlir::WalkResult::advance();
    if (seen++ == count) {
      found = target;
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return found;
}

/// The omp.parallel of `target` that became `outlined`
/// (`<kernel>..omp_par<N>`, N counting the regions of the kernel from 0,
/// empty for the first), else its first omp.parallel.
static mlir::Operation *findParallel(mlir::Operation *target,
                                     StringRef outlined) {
  unsigned index = 0;
  size_t at = outlined.rfind("..omp_par");
  if (at != StringRef::npos)
    outlined.drop_front(at + strlen("..omp_par")).getAsInteger(10, index);
  llvm::SmallVector<mlir::Operation *> parallels;
  target->walk<mlir::WalkOrder::PreOrder>(
      [&](mlir::omp::ParallelOp op) { parallels.push_back(op); });
  if (parallels.empty())
    return nullptr;
  return index < parallels.size() ? parallels[index] : parallels.front();
}

std::optional<Failure> ompx::pipeline::checkGenericParallels(
    llvm::Module &m, StringRef tripleName,
    llvm::function_ref<std::optional<SourceLocation>(StringRef, StringRef)>
        locate) {
  llvm::Triple triple(tripleName);
  if (!triple.isNVPTX() && !triple.isAMDGCN())
    return std::nullopt;
  std::vector<NullWrapperParallel> found = findNullWrapperParallels(m);
  if (found.empty())
    return std::nullopt;
  const NullWrapperParallel &first = found.front();
  std::string device =
      deviceKindName(triple.isNVPTX() ? DeviceKind::NVPTX : DeviceKind::AMDGPU);
  return Failure{
      Stage::Codegen,
      "omp.parallel in a generic-mode target region cannot run on " + device +
          " with LLVM 22.1.8: it passes no wrapper function to " + first.entry +
          ", so the team's worker threads would never run the region, and "
          "the kernel " +
          first.kernel +
          " stayed generic after optimization (nothing converted it to "
          "SPMD). Make the region SPMD (combine it: `target parallel ...`, "
          "`target teams distribute parallel do`), keep the target region's "
          "sequential part free of calls OpenMPOpt cannot guard and build "
          "with -O2, or run it with --device=host-offload",
      locate(first.kernel, first.outlined)};
}

std::optional<Failure> ompx::pipeline::checkGenericParallels(
    llvm::Module &m, mlir::ModuleOp deviceMlir, StringRef tripleName,
    const DiagnosticCollector &diags) {
  return checkGenericParallels(
      m, tripleName, [&](StringRef kernel, StringRef outlined) {
        return locateKernel(deviceMlir, kernel, outlined, diags);
      });
}

std::optional<SourceLocation>
ompx::pipeline::locateKernel(mlir::ModuleOp deviceMlir, StringRef kernel,
                             StringRef outlined,
                             const DiagnosticCollector &diags) {
  mlir::Operation *target = findTargetForKernel(deviceMlir, kernel);
  if (!target)
    return std::nullopt;
  mlir::Operation *parallel =
      outlined.empty() ? nullptr : findParallel(target, outlined);
  return diags.locate(parallel ? parallel->getLoc() : target->getLoc());
}

/// Whether a binding table's procedure slot (`{ i64 ptrtoint (ptr @f) }`)
/// names no procedure the device code has: undef (the unit defining the
/// type did not build it for the device), or one no unit defines.
/// `declared` gets the procedure declared, if any.
static bool unbuiltSlot(const llvm::Constant *funptr,
                        llvm::Function *&declared) {
  declared = nullptr;
  if (llvm::isa<llvm::UndefValue>(funptr))
    return true;
  if (funptr->getNumOperands() != 1)
    return false;
  auto *address = llvm::cast<llvm::Constant>(funptr->getOperand(0));
  if (llvm::isa<llvm::UndefValue>(address))
    return true;
  auto *f = llvm::dyn_cast<llvm::Function>(address->stripPointerCasts());
  if (auto *cast = llvm::dyn_cast<llvm::ConstantExpr>(address))
    if (cast->getOpcode() == llvm::Instruction::PtrToInt)
      f = llvm::dyn_cast<llvm::Function>(cast->getOperand(0));
  if (!f || !f->isDeclaration() || f->isIntrinsic())
    return false;
  declared = f;
  return true;
}

/// A binding's name: the character its descriptor (second field) points at.
static std::string bindingName(const llvm::ConstantStruct *binding) {
  auto *name =
      binding->getNumOperands() > 1
          ? llvm::dyn_cast<llvm::ConstantStruct>(binding->getOperand(1))
          : nullptr;
  auto *text = name && name->getNumOperands()
                   ? llvm::dyn_cast<llvm::GlobalVariable>(
                         name->getOperand(0)->stripPointerCasts())
                   : nullptr;
  auto *data =
      text && text->hasInitializer()
          ? llvm::dyn_cast<llvm::ConstantDataSequential>(text->getInitializer())
          : nullptr;
  return data && data->isString() ? data->getAsString().str() : "?";
}

std::vector<std::string> ompx::pipeline::guardUnbuiltBindings(llvm::Module &m) {
  std::vector<std::string> guarded;
  llvm::Function *trap = nullptr;
  llvm::SetVector<llvm::Function *> declarations;
  for (llvm::GlobalVariable &g : m.globals()) {
    auto [kind, parts] = fir::NameUniquer::deconstruct(g.getName());
    auto *table = g.hasInitializer()
                      ? llvm::dyn_cast<llvm::ConstantArray>(g.getInitializer())
                      : nullptr;
    // `.v.TYPE` and final's `.s.TYPE`, which the LLVM IR spells `XvXTYPE`
    // (ompx-externalize-flang-names).
    StringRef name = parts.name;
    bool special = name.starts_with("XsX");
    if (!table || !(special || name.starts_with("XvX")))
      continue;
    llvm::SmallVector<llvm::Constant *> slots;
    for (const llvm::Use &u : table->operands())
      slots.push_back(llvm::cast<llvm::Constant>(u.get()));
    bool changed = false;
    for (llvm::Constant *&slot : slots) {
      auto *binding = llvm::dyn_cast<llvm::ConstantStruct>(slot);
      // The procedure, a `__builtin_c_funptr`: a binding's first field, a
      // special binding's last (the IR linker may have named the type by
      // another of one layout, `c_ptr`).
      if (!binding)
        continue;
      unsigned at = special ? binding->getNumOperands() - 1 : 0;
      auto *type =
          llvm::dyn_cast<llvm::StructType>(binding->getOperand(at)->getType());
      llvm::Function *declared;
      if (!type || type->getNumElements() != 1 ||
          !(type->getElementType(0)->isIntegerTy(64) ||
            type->getElementType(0)->isPointerTy()) ||
          !unbuiltSlot(binding->getOperand(at), declared))
        continue;
      if (declared)
        declarations.insert(declared);
      if (!trap) {
        trap = llvm::Function::Create(
            llvm::FunctionType::get(llvm::Type::getVoidTy(m.getContext()),
                                    false),
            llvm::GlobalValue::InternalLinkage, "ompx.unbuilt_binding", m);
        llvm::IRBuilder<> b(
            llvm::BasicBlock::Create(m.getContext(), "entry", trap));
        b.CreateIntrinsic(llvm::Intrinsic::trap, {});
        b.CreateUnreachable();
      }
      llvm::Type *field = type->getElementType(0);
      llvm::Constant *address =
          field->isIntegerTy()
              ? llvm::ConstantExpr::getPtrToInt(trap, field)
              : llvm::ConstantExpr::getPointerCast(trap, field);
      llvm::SmallVector<llvm::Constant *> fields;
      for (const llvm::Use &u : binding->operands())
        fields.push_back(llvm::cast<llvm::Constant>(u.get()));
      fields[at] = llvm::ConstantStruct::get(type, {address});
      slot = llvm::ConstantStruct::get(binding->getType(), fields);
      changed = true;
      guarded.push_back(
          name.drop_front(3).str() + "%" +
          (special ? std::string("(final)") : bindingName(binding)));
    }
    if (changed)
      g.setInitializer(llvm::ConstantArray::get(table->getType(), slots));
  }
  // Declarations only the tables named: the checks would take them for
  // calls.
  for (llvm::Function *f : declarations) {
    f->removeDeadConstantUsers();
    if (f->use_empty())
      f->eraseFromParent();
  }
  return guarded;
}
