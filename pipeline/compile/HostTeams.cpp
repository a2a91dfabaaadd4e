//===- HostTeams.cpp - A kernel's teams, in turn, on host-offload ---------===//
//
// libomptarget's x86_64 plugin calls a kernel once, whatever the launch's
// team count, and ompx's serial device runtime runs one team: `num_teams(4)`
// gave one team, and code a team runs outside its distribute loops (every
// gang's statements of acc `parallel num_gangs(4)`, a teams reduction of
// `s = s + 1`) ran once where OpenMP 5.1 and OpenACC run it four times. A
// kernel whose environment asks for at least N teams runs them in turn:
// teams do not synchronize with each other, so one after the other is a
// legal schedule, and each team's reductions combine into the mapped
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
/// (ConfigurationEnvironmentTy's MinTeams), if it is a constant > 1.
std::optional<int32_t> minTeams(llvm::Module &m, llvm::Function &kernel) {
  llvm::GlobalVariable *env =
      m.getGlobalVariable((kernel.getName() + "_kernel_environment").str());
  if (!env || !env->hasInitializer())
    return std::nullopt;
  // { Configuration { i8 x3, MinThreads, MaxThreads, MinTeams, MaxTeams,
  //   ... }, ident, dynamic environment }
  auto *outer = llvm::dyn_cast<llvm::ConstantStruct>(env->getInitializer());
  auto *config = outer && outer->getNumOperands() > 0
                     ? llvm::dyn_cast<llvm::ConstantStruct>(outer->getOperand(0))
                     : nullptr;
  if (!config || config->getNumOperands() < 7)
    return std::nullopt;
  auto *teams = llvm::dyn_cast<llvm::ConstantInt>(config->getOperand(5));
  if (!teams || teams->getBitWidth() != 32 || teams->getSExtValue() <= 1)
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
  for (auto [body, teams] : kernels) {
    std::string name = body->getName().str();
    auto *kernel = llvm::Function::Create(body->getFunctionType(),
                                          body->getLinkage(), "", m);
    kernel->copyAttributesFrom(body);
    // The offload entry and llvm.used name the kernel: they now name the
    // loop, which takes the name the plugin looks up.
    body->replaceAllUsesWith(kernel);
    body->setName(name + ".ompx.team");
    body->setComdat(nullptr);
    body->setLinkage(llvm::GlobalValue::InternalLinkage);
    body->setVisibility(llvm::GlobalValue::DefaultVisibility);
    kernel->setName(name);

    auto *entry = llvm::BasicBlock::Create(ctx, "entry", kernel);
    auto *loop = llvm::BasicBlock::Create(ctx, "team", kernel);
    auto *done = llvm::BasicBlock::Create(ctx, "done", kernel);
    llvm::IRBuilder<> b(entry);
    b.CreateBr(loop);
    b.SetInsertPoint(loop);
    llvm::PHINode *team = b.CreatePHI(i32, 2, "t");
    team->addIncoming(b.getInt32(0), entry);
    b.CreateCall(setTeam, {team, b.getInt32(teams)});
    std::vector<llvm::Value *> args;
    for (llvm::Argument &a : kernel->args())
      args.push_back(&a);
    b.CreateCall(body, args);
    llvm::Value *next = b.CreateAdd(team, b.getInt32(1));
    team->addIncoming(next, loop);
    b.CreateCondBr(b.CreateICmpEQ(next, b.getInt32(teams)), done, loop);
    b.SetInsertPoint(done);
    b.CreateCall(setTeam, {b.getInt32(0), b.getInt32(1)});
    b.CreateRetVoid();
  }
  return unsigned(kernels.size());
}
