//===- HostTeams.cpp - A kernel's teams, in turn, on host-offload ---------===//
//
// libomptarget's x86_64 plugin calls a kernel once, whatever the launch's
// team count, and ompx's serial device runtime runs one team: `num_teams(4)`
// gave one team, and code a team runs outside its distribute loops (every
// gang's statements of acc `parallel num_gangs(4)`, a teams reduction of
// `s = s + 1`) ran once where OpenMP 5.1 and OpenACC run it four times.
// Every kernel runs the teams its launch asks for in turn: the constant
// lower bound of its environment, else the count the host stored in its
// thread-local request before the launch (a `num_teams(n)` known only at run
// time). Teams do not synchronize with each other, so one after the other
// is a legal schedule, and each team's reductions combine into the mapped
// variable as they end.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/DeviceFixes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace ompx::pipeline;

namespace {
/// The lower bound on the team count in `kernel`'s environment
/// (ConfigurationEnvironmentTy's MinTeams): nullopt when `kernel` has no
/// readable environment (not a kernel), else the constant (<= 1: none).
std::optional<int32_t> minTeams(llvm::Module &m, llvm::Function &kernel) {
  llvm::GlobalVariable *env =
      m.getGlobalVariable((kernel.getName() + "_kernel_environment").str());
  if (!env || !env->hasInitializer())
    return std::nullopt;
  // { Configuration { i8 x3, MinThreads, MaxThreads, MinTeams, MaxTeams,
  //   ... }, ident, dynamic environment }
  auto *outer = llvm::dyn_cast<llvm::ConstantStruct>(env->getInitializer());
  auto *config =
      outer && outer->getNumOperands() > 0
          ? llvm::dyn_cast<llvm::ConstantStruct>(outer->getOperand(0))
          : nullptr;
  if (!config || config->getNumOperands() < 7)
    return std::nullopt;
  auto *teams = llvm::dyn_cast<llvm::ConstantInt>(config->getOperand(5));
  if (!teams || teams->getBitWidth() != 32)
    return std::nullopt;
  return int32_t(teams->getSExtValue());
}
} // namespace

unsigned ompx::pipeline::runTeamsInTurn(llvm::Module &m) {
  std::vector<std::pair<llvm::Function *, int32_t>> kernels;
  for (llvm::Function &f : m)
    if (!f.isDeclaration() && f.getReturnType()->isVoidTy())
      if (std::optional<int32_t> n = minTeams(m, f))
        kernels.emplace_back(&f, *n);
  if (kernels.empty())
    return 0;
  llvm::LLVMContext &ctx = m.getContext();
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  llvm::FunctionCallee setTeam = m.getOrInsertFunction(
      "__ompx_host_team", llvm::Type::getVoidTy(ctx), i32, i32);
  llvm::FunctionCallee requested =
      m.getOrInsertFunction("__ompx_host_teams_requested", i32);
  for (auto [body, lower] : kernels) {
    std::string name = body->getName().str();
    auto *kernel = llvm::Function::Create(body->getFunctionType(),
                                          body->getLinkage(), "", m);
    kernel->copyAttributesFrom(body);
    // The offload entry and llvm.used name the kernel: they now name the
    // loop, which takes the name the plugin looks up.
    body->replaceAllUsesWith(kernel);
    // Not named like a kernel or its outlined regions. It keeps its linkage
    // and stays out of the loop: openmp-opt rewrites a local function that
    // calls __kmpc_target_init as a GPU kernel, with GPU entry points the
    // serial runtime lacks.
    body->addFnAttr(llvm::Attribute::NoInline);
    body->setName("__ompx_team." + name);
    kernel->setName(name);

    auto *entry = llvm::BasicBlock::Create(ctx, "entry", kernel);
    auto *loop = llvm::BasicBlock::Create(ctx, "team", kernel);
    auto *done = llvm::BasicBlock::Create(ctx, "done", kernel);
    llvm::IRBuilder<> b(entry);
    llvm::Value *teams = b.getInt32(lower);
    if (lower <= 1)
      teams = b.CreateCall(requested, {}, "teams");
    b.CreateBr(loop);
    b.SetInsertPoint(loop);
    llvm::PHINode *team = b.CreatePHI(i32, 2, "t");
    team->addIncoming(b.getInt32(0), entry);
    b.CreateCall(setTeam, {team, teams});
    std::vector<llvm::Value *> args;
    for (llvm::Argument &a : kernel->args())
      args.push_back(&a);
    b.CreateCall(body, args);
    llvm::Value *next = b.CreateAdd(team, b.getInt32(1));
    team->addIncoming(next, loop);
    // At least one team: a request of 0 or less runs one.
    b.CreateCondBr(b.CreateICmpSGE(next, teams), done, loop);
    b.SetInsertPoint(done);
    b.CreateCall(setTeam, {b.getInt32(0), b.getInt32(1)});
    b.CreateRetVoid();
  }
  return unsigned(kernels.size());
}

unsigned ompx::pipeline::requestHostTeams(llvm::Module &host) {
  llvm::Function *launch = host.getFunction("__tgt_target_kernel");
  if (!launch)
    return 0;
  llvm::Type *i32 = llvm::Type::getInt32Ty(host.getContext());
  auto *request = host.getGlobalVariable(kHostTeamsRequest);
  if (!request) {
    request = new llvm::GlobalVariable(
        host, i32, /*isConstant=*/false, llvm::GlobalValue::WeakAnyLinkage,
        llvm::ConstantInt::get(i32, 0), kHostTeamsRequest, nullptr,
        llvm::GlobalValue::GeneralDynamicTLSModel);
  }
  unsigned calls = 0;
  for (llvm::User *user : launch->users()) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(user);
    // __tgt_target_kernel(ident, device, teams, threads, region, args).
    if (!call || call->getCalledFunction() != launch || call->arg_size() < 6 ||
        !call->getArgOperand(2)->getType()->isIntegerTy(32))
      continue;
    llvm::IRBuilder<> b(call);
    llvm::Value *at = b.CreateThreadLocalAddress(request);
    b.CreateStore(call->getArgOperand(2), at);
    b.SetInsertPoint(call->getNextNode());
    b.CreateStore(b.getInt32(0), b.CreateThreadLocalAddress(request));
    ++calls;
  }
  return calls;
}
