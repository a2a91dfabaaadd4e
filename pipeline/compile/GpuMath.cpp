//===- GpuMath.cpp - Math functions of nvptx kernels, from libdevice ------===//

#include "pipeline/compile/GpuMath.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <dlfcn.h>
#include <set>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

static constexpr const char *kLibdeviceName = "libdevice.10.bc";

std::string ompx::pipeline::findLibdevice(StringRef ptxas,
                                          std::string &looked) {
  std::vector<std::string> dirs;
  if (const char *env = getenv("OMPX_LIBDEVICE_DIR")) {
    dirs.push_back(env);
  } else {
    // bin/ptxas -> nvvm/libdevice, the toolkit's layout; /usr/bin/ptxas may
    // be a link into it.
    auto fromPtxas = [&](StringRef p) {
      if (p.empty())
        return;
      llvm::SmallString<256> d(path::parent_path(path::parent_path(p)));
      path::append(d, "nvvm", "libdevice");
      dirs.push_back(d.str().str());
    };
    fromPtxas(ptxas);
    llvm::SmallString<256> real;
    if (!ptxas.empty() && !fs::real_path(ptxas, real) && real != ptxas)
      fromPtxas(real);
    for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
      if (const char *home = getenv(var)) {
        llvm::SmallString<256> d(home);
        path::append(d, "nvvm", "libdevice");
        dirs.push_back(d.str().str());
      }
    dirs.push_back("/usr/lib/nvidia-cuda-toolkit/libdevice");
    dirs.push_back("/usr/local/cuda/nvvm/libdevice");
  }
  looked.clear();
  for (const std::string &d : dirs) {
    llvm::SmallString<256> f(d);
    path::append(f, kLibdeviceName);
    if (fs::is_regular_file(f))
      return f.str().str();
    looked += (looked.empty() ? "" : ", ") + d;
  }
  return "";
}

/// libdevice's name for the math intrinsic `id` on double (float: + "f"),
/// or "" where the backend has an instruction (sqrt, fabs, fma, exp2.f32,
/// ...) or libdevice no function.
static StringRef libdeviceBaseName(llvm::Intrinsic::ID id) {
  switch (id) {
  case llvm::Intrinsic::sin:
    return "sin";
  case llvm::Intrinsic::cos:
    return "cos";
  case llvm::Intrinsic::tan:
    return "tan";
  case llvm::Intrinsic::asin:
    return "asin";
  case llvm::Intrinsic::acos:
    return "acos";
  case llvm::Intrinsic::atan:
    return "atan";
  case llvm::Intrinsic::atan2:
    return "atan2";
  case llvm::Intrinsic::sinh:
    return "sinh";
  case llvm::Intrinsic::cosh:
    return "cosh";
  case llvm::Intrinsic::tanh:
    return "tanh";
  case llvm::Intrinsic::exp:
    return "exp";
  case llvm::Intrinsic::exp2:
    return "exp2";
  case llvm::Intrinsic::exp10:
    return "exp10";
  case llvm::Intrinsic::log:
    return "log";
  case llvm::Intrinsic::log2:
    return "log2";
  case llvm::Intrinsic::log10:
    return "log10";
  case llvm::Intrinsic::pow:
    return "pow";
  case llvm::Intrinsic::powi:
    return "powi";
  case llvm::Intrinsic::lround:
  case llvm::Intrinsic::llround:
    return "llround";
  case llvm::Intrinsic::lrint:
  case llvm::Intrinsic::llrint:
    return "llrint";
  default:
    return "";
  }
}

namespace {
struct MathRewriter {
  llvm::Module &module;
  const llvm::Module &libdevice;
  std::set<std::string> used;

  /// libdevice's `name` declared in `module`, if libdevice defines it.
  llvm::FunctionCallee callee(const std::string &name) {
    const llvm::Function *def = libdevice.getFunction(name);
    if (!def || def->isDeclaration())
      return {};
    used.insert(name);
    return module.getOrInsertFunction(name, def->getFunctionType());
  }

  /// The __nv_* call for one call of an intrinsic: false where none fits
  /// (vectors, half, i64 exponents), which stays refused by name.
  bool rewriteIntrinsicCall(llvm::CallInst &call, llvm::Intrinsic::ID id);
  bool rewriteSincos(llvm::CallInst &call);
  void run();
};
} // namespace

bool MathRewriter::rewriteSincos(llvm::CallInst &call) {
  llvm::Type *t = call.getArgOperand(0)->getType();
  if (!t->isFloatTy() && !t->isDoubleTy())
    return false;
  std::string suffix = t->isFloatTy() ? "f" : "";
  llvm::FunctionCallee s = callee("__nv_sin" + suffix),
                       c = callee("__nv_cos" + suffix);
  if (!s || !c)
    return false;
  llvm::IRBuilder<> b(&call);
  llvm::Value *x = call.getArgOperand(0);
  llvm::Value *pair = llvm::PoisonValue::get(call.getType());
  pair = b.CreateInsertValue(pair, b.CreateCall(s, {x}), 0);
  pair = b.CreateInsertValue(pair, b.CreateCall(c, {x}), 1);
  call.replaceAllUsesWith(pair);
  call.eraseFromParent();
  return true;
}

bool MathRewriter::rewriteIntrinsicCall(llvm::CallInst &call,
                                        llvm::Intrinsic::ID id) {
  if (id == llvm::Intrinsic::sincos)
    return rewriteSincos(call);
  StringRef base = libdeviceBaseName(id);
  if (base.empty() || call.arg_size() == 0)
    return false;
  llvm::Type *t = call.getArgOperand(0)->getType();
  if (!t->isFloatTy() && !t->isDoubleTy())
    return false;
  // exp2.f32 is an instruction (ex2.approx.f32).
  if (id == llvm::Intrinsic::exp2 && t->isFloatTy())
    return false;
  std::string name = "__nv_" + base.str() + (t->isFloatTy() ? "f" : "");
  llvm::FunctionCallee f = callee(name);
  if (!f)
    return false;
  llvm::FunctionType *ft = f.getFunctionType();
  // powi's exponent: libdevice takes an i32.
  for (unsigned i = 0; i < call.arg_size(); ++i)
    if (call.getArgOperand(i)->getType() != ft->getParamType(i))
      return false;
  llvm::IRBuilder<> b(&call);
  llvm::SmallVector<llvm::Value *, 2> args(call.args());
  llvm::CallInst *nv = b.CreateCall(f, args);
  if (llvm::isa<llvm::FPMathOperator>(nv))
    nv->copyFastMathFlags(&call);
  llvm::Value *result = nv;
  // lround.i32 / lrint.i32 from libdevice's i64 ones.
  if (result->getType() != call.getType()) {
    if (!call.getType()->isIntegerTy() || !result->getType()->isIntegerTy())
      return nv->eraseFromParent(), false;
    result = b.CreateSExtOrTrunc(result, call.getType());
  }
  call.replaceAllUsesWith(result);
  call.eraseFromParent();
  return true;
}

void MathRewriter::run() {
  std::vector<llvm::Function *> intrinsics, libm;
  for (llvm::Function &f : module) {
    if (!f.isDeclaration() || f.use_empty())
      continue;
    if (f.isIntrinsic())
      intrinsics.push_back(&f);
    else if (!f.getName().starts_with("__nv_"))
      libm.push_back(&f);
  }
  for (llvm::Function *f : intrinsics) {
    llvm::Intrinsic::ID id = f->getIntrinsicID();
    if (libdeviceBaseName(id).empty() && id != llvm::Intrinsic::sincos)
      continue;
    for (llvm::User *u : llvm::make_early_inc_range(f->users()))
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(u);
          call && call->getCalledFunction() == f)
        rewriteIntrinsicCall(*call, id);
  }
  // The C library's functions (flang calls erf, tgamma, j0, hypot, ...),
  // where libdevice has one of the same name and type. Only names the C
  // math library defines (dlsym on libm searches it and libc): a program's
  // own external `norm` or `min` is not libdevice's.
  static void *cmath = dlopen("libm.so.6", RTLD_LAZY | RTLD_LOCAL);
  for (llvm::Function *f : libm) {
    if (!cmath || !dlsym(cmath, f->getName().str().c_str()))
      continue;
    const llvm::Function *def =
        libdevice.getFunction(("__nv_" + f->getName()).str());
    if (!def || def->isDeclaration() ||
        def->getFunctionType() != f->getFunctionType())
      continue;
    llvm::FunctionCallee nv = callee(def->getName().str());
    f->replaceAllUsesWith(nv.getCallee());
    f->eraseFromParent();
  }
}

bool ompx::pipeline::linkLibdevice(llvm::Module &module, StringRef file,
                                   std::vector<std::string> &linked,
                                   std::string &error) {
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf) {
    error = "cannot read CUDA's libdevice " + file.str() + ": " +
            buf.getError().message();
    return false;
  }
  auto parsed =
      llvm::parseBitcodeFile((*buf)->getMemBufferRef(), module.getContext());
  if (!parsed) {
    error = "cannot read CUDA's libdevice " + file.str() + ": " +
            llvm::toString(parsed.takeError());
    return false;
  }
  std::unique_ptr<llvm::Module> lib = std::move(*parsed);
  MathRewriter rewriter{module, *lib, {}};
  rewriter.run();
  linked.assign(rewriter.used.begin(), rewriter.used.end());
  if (linked.empty())
    return true;
  // Its triple is nvptx64-nvidia-gpulibs, its layout an older one.
  lib->setTargetTriple(module.getTargetTriple());
  lib->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(lib),
                                llvm::Linker::LinkOnlyNeeded)) {
    error = "linking CUDA's libdevice " + file.str() +
            " into the device module failed (see the build log)";
    return false;
  }
  return true;
}
