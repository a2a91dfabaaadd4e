//===- DeviceRuntime.cpp - The GPU OpenMP device runtime, as bitcode ------===//

#include "pipeline/compile/DeviceRuntime.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Object/Archive.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <algorithm>
#include <cstdlib>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

static bool isNVPTX(StringRef triple) { return triple.starts_with("nvptx"); }

/// `libomptarget-nvptx-` / `libomptarget-amdgpu-`: the file name prefix
/// libomp-19-dev uses for `triple`.
static std::string llvm19Prefix(StringRef triple) {
  return isNVPTX(triple) ? "libomptarget-nvptx-" : "libomptarget-amdgpu-";
}

std::string ompx::pipeline::llvm19RuntimeDir() {
  if (const char *env = getenv("OMPX_LLVM19_DEVICE_RUNTIME_DIR"))
    return env;
  std::string own = ompxRuntimeDir("llvm-19");
  return own.empty() ? "/usr/lib/llvm-19/lib" : own;
}

std::string ompx::pipeline::ompxRuntimeDir(StringRef name) {
  std::string dir = ompxLibraryFile(("runtime/" + name).str());
  return fs::is_directory(dir) ? dir : "";
}

std::vector<std::string> ompx::pipeline::llvm19RuntimeArchs(StringRef triple) {
  std::vector<std::string> archs;
  std::string prefix = llvm19Prefix(triple);
  std::error_code ec;
  for (fs::directory_iterator it(llvm19RuntimeDir(), ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef name = path::filename(it->path());
    if (name.starts_with(prefix) && name.ends_with(".bc"))
      archs.push_back(name.drop_front(prefix.size()).drop_back(3).str());
  }
  // sm_35 < sm_90 < sm_100, gfx700 < gfx90a < gfx1010: by length, then text.
  llvm::sort(archs, [](const std::string &a, const std::string &b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  return archs;
}

std::string ompx::pipeline::ompxLibraryFile(StringRef name) {
  std::string exe = fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> p(path::parent_path(path::parent_path(exe)));
  path::append(p, "lib", "ompx", name);
  if (fs::exists(p))
    return p.str().str();
#ifdef OMPX_LIB_BUILD_DIR
  llvm::SmallString<256> built(OMPX_LIB_BUILD_DIR);
  path::append(built, name);
  if (fs::exists(built))
    return built.str().str();
#endif
  return "";
}

std::string ompx::pipeline::openaccModuleDir() {
  std::string dir = ompxLibraryFile("modules");
  return fs::exists(dir + "/openacc.mod") ? dir : "";
}

std::string ompx::pipeline::openaccLibrary() {
  return ompxLibraryFile("libompx-openacc.a");
}

std::string ompx::pipeline::abiShimBitcode(StringRef triple) {
  std::string name = "ompx-abi-shim-" +
                     std::string(isNVPTX(triple) ? "nvptx64" : "amdgcn") +
                     ".bc";
  return ompxLibraryFile(name);
}

std::string ompx::pipeline::deviceFortranBitcode(StringRef triple) {
  return ompxLibraryFile("ompx-device-fortran-" +
                         std::string(isNVPTX(triple) ? "nvptx64" : "amdgcn") +
                         ".bc");
}

const char *const ompx::pipeline::kDeviceFortranSubsetSummary =
    "list-directed PRINT/WRITE to * (nvptx only), STOP/ERROR STOP, "
    "Assign/AssignTemporary of intrinsic types, SUM/PRODUCT/MAXVAL/MINVAL of "
    "real(4/8) and integer(4/8), COUNT/ANY/ALL, DOT_PRODUCT, MATMUL, "
    "TRANSPOSE, MOD/MODULO of real(4/8) (docs/launch.md, \"The device "
    "Fortran subset\")";

GpuRuntime ompx::pipeline::resolveGpuRuntime(StringRef triple, StringRef arch,
                                             StringRef llvm22Dir,
                                             std::string &problem) {
  GpuRuntime rt;
  if (!llvm22Dir.empty()) {
    rt.kind = GpuRuntime::Kind::LLVM22;
    llvm::SmallString<256> a(llvm22Dir);
    path::append(a, "libompdevice.a");
    rt.archive = a.str().str();
    rt.label = "LLVM 22 device runtime (" + rt.archive + ")";
    rt.fortran = deviceFortranBitcode(triple);
    return rt;
  }
  std::string dir = llvm19RuntimeDir();
  std::vector<std::string> archs = llvm19RuntimeArchs(triple);
  if (archs.empty()) {
    problem = "no OpenMP device runtime for " + triple.str() +
              ": LLVM 19's device runtime bitcode (" + llvm19Prefix(triple) +
              "<arch>.bc) is not in " + dir +
              "; run ompx's scripts/setup.sh (it unpacks libomp-19-dev "
              "into ompx's own folder), or pass "
              "--device-runtime=<LLVM 22 prefix>/lib/" +
              triple.str();
    return rt;
  }
  llvm::SmallString<256> bc(dir);
  path::append(bc, llvm19Prefix(triple) + arch.str() + ".bc");
  if (!fs::exists(bc)) {
    problem = "unsupported --offload-arch=" + arch.str() + " for " +
              triple.str() + ": libomp-19-dev has device runtime bitcode for " +
              llvm::join(archs, ", ");
    return rt;
  }
  std::string shim = abiShimBitcode(triple);
  if (shim.empty()) {
    problem = "the ompx ABI shim bitcode for " + triple.str() +
              " (ompx-abi-shim-*.bc) was not found next to ompx-lsp "
              "(bin/../lib/ompx) or in the build tree; rebuild or reinstall "
              "ompx";
    return rt;
  }
  rt.kind = GpuRuntime::Kind::LLVM19Shim;
  rt.label = "LLVM 19 device runtime (libomp-19-dev) via ompx ABI shim";
  rt.bitcode = {shim, bc.str().str()};
  rt.fortran = deviceFortranBitcode(triple);
  return rt;
}

const std::vector<std::string> &ompx::pipeline::shimRenamedEntryPoints() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n{"__kmpc_target_init"};
    for (const char *kind : {"for", "distribute", "distribute_for"})
      for (const char *suffix : {"4", "4u", "8", "8u"})
        n.push_back(std::string("__kmpc_") + kind + "_static_loop_" + suffix);
    return n;
  }();
  return names;
}

const std::vector<std::string> &ompx::pipeline::shimReplacedFunctions() {
  static const std::vector<std::string> names{"omp_set_lock", "omp_test_lock"};
  return names;
}

const std::vector<std::string> &ompx::pipeline::shimCalledEntryPoints() {
  static const std::vector<std::string> names{"__kmpc_parallel_51"};
  return names;
}

static bool loadBitcode(StringRef file, llvm::MemoryBufferRef buf,
                        llvm::LLVMContext &ctx,
                        std::unique_ptr<llvm::Module> &out,
                        std::string &error) {
  auto m = llvm::parseBitcodeFile(buf, ctx);
  if (!m) {
    error = "cannot read the device runtime bitcode " + file.str() + ": " +
            llvm::toString(m.takeError());
    return false;
  }
  out = std::move(*m);
  return true;
}

/// The device globals of `declare target` variables, which the host's
/// offload entries name (`!omp_offload.info` entries of kind 1): libomptarget
/// looks each up by name to copy `target update`s to it.
llvm::StringSet<>
ompx::pipeline::declareTargetGlobals(const llvm::Module &module) {
  llvm::StringSet<> names;
  if (const llvm::NamedMDNode *info =
          module.getNamedMetadata("omp_offload.info"))
    for (const llvm::MDNode *entry : info->operands()) {
      if (entry->getNumOperands() < 2)
        continue;
      auto *kind =
          llvm::mdconst::dyn_extract<llvm::ConstantInt>(entry->getOperand(0));
      auto *name = llvm::dyn_cast<llvm::MDString>(entry->getOperand(1));
      if (kind && name && kind->getZExtValue() == 1)
        names.insert(name->getString());
    }
  return names;
}

/// What must stay visible after internalization: the kernels, what
/// libomptarget's plugin looks up by name, and the declare target variables
/// (internalized, the optimizer would fold their loads to the initial value
/// and drop them: `target update to` would change nothing the kernels read).
static bool keepExternal(const llvm::GlobalValue &gv,
                         const llvm::StringSet<> &variables) {
  StringRef n = gv.getName();
  return n.starts_with("__omp_offloading_") || n.starts_with("__omp_rtl_") ||
         n.ends_with("_kernel_environment") ||
         n.ends_with("_dynamic_environment") || variables.contains(n);
}

/// Runtime functions OpenMPOpt adds calls to while it optimizes (its custom
/// generic-mode state machine, SPMD-ization guards): linked even when the
/// module does not call them yet, and kept until optimization is over.
static const char *const kOpenMPOptEntryPoints[] = {
    "__kmpc_get_hardware_thread_id_in_block",
    "__kmpc_get_hardware_num_threads_in_block",
    "__kmpc_get_warp_size",
    "__kmpc_barrier_simple_spmd",
    "__kmpc_barrier_simple_generic",
    "__kmpc_kernel_parallel",
    "__kmpc_kernel_end_parallel",
};

static bool isOpenMPOptEntryPoint(StringRef name) {
  return llvm::is_contained(kOpenMPOptEntryPoints, name);
}

/// parts = {shim, LLVM 19}: renames 19's entry points that the shim
/// defines over (its 22 names call the `_v19` ones), and 19's wrong
/// definitions that the shim replaces.
static bool
renameShimmedFunctions(std::vector<std::unique_ptr<llvm::Module>> &parts,
                       const GpuRuntime &runtime, std::string &error) {
  llvm::Module &rt19 = *parts.back();
  for (const std::string &name : shimRenamedEntryPoints()) {
    llvm::Function *f = rt19.getFunction(name);
    if (!f || f->isDeclaration()) {
      error = "the LLVM 19 device runtime " + runtime.bitcode.back() +
              " does not define " + name +
              ", which the ompx ABI shim wraps (has libomp-19-dev changed?)";
      return false;
    }
    f->setName(name + "_v19");
  }
  // Wrong definitions of 19's that the shim (nvptx) replaces: 19's is
  // renamed out of the way, unused.
  for (const std::string &name : shimReplacedFunctions()) {
    llvm::Function *mine = parts.front()->getFunction(name);
    llvm::Function *old = rt19.getFunction(name);
    if (mine && !mine->isDeclaration() && old && !old->isDeclaration())
      old->setName(name + "_v19");
  }
  return true;
}

/// Loads each member of the bitcode archive `archive` into `parts`; the
/// archive's buffer joins `buffers` (the modules may read it lazily).
static bool
loadArchive(const std::string &archive, llvm::LLVMContext &ctx,
            std::vector<std::unique_ptr<llvm::Module>> &parts,
            std::vector<std::unique_ptr<llvm::MemoryBuffer>> &buffers,
            std::string &error) {
  auto buf = llvm::MemoryBuffer::getFile(archive);
  if (!buf) {
    error = "cannot read " + archive + ": " + buf.getError().message();
    return false;
  }
  auto parsed = llvm::object::Archive::create((*buf)->getMemBufferRef());
  if (!parsed) {
    error =
        archive + " is not an archive: " + llvm::toString(parsed.takeError());
    return false;
  }
  llvm::Error err = llvm::Error::success();
  for (const llvm::object::Archive::Child &child : (*parsed)->children(err)) {
    auto ref = child.getMemoryBufferRef();
    if (!ref) {
      error = llvm::toString(ref.takeError());
      llvm::consumeError(std::move(err));
      return false;
    }
    std::unique_ptr<llvm::Module> m;
    if (!loadBitcode(archive + "(" + ref->getBufferIdentifier().str() + ")",
                     *ref, ctx, m, error)) {
      error += " (ompx links the device runtime as bitcode before "
               "optimizing; libompdevice.a must hold LLVM bitcode)";
      llvm::consumeError(std::move(err));
      return false;
    }
    parts.push_back(std::move(m));
  }
  if (err) {
    error = archive + ": " + llvm::toString(std::move(err));
    return false;
  }
  buffers.push_back(std::move(*buf));
  return true;
}

bool ompx::pipeline::linkGpuRuntime(llvm::Module &module,
                                    const GpuRuntime &runtime,
                                    std::string &error) {
  llvm::LLVMContext &ctx = module.getContext();
  // The kernels' target attributes, before anything is linked in.
  llvm::Attribute cpu, features;
  for (llvm::Function &f : module)
    if (!f.isDeclaration() && f.getName().starts_with("__omp_offloading_")) {
      cpu = f.getFnAttribute("target-cpu");
      features = f.getFnAttribute("target-features");
      break;
    }

  std::vector<std::unique_ptr<llvm::Module>> parts;
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> buffers;
  for (const std::string &file : runtime.bitcode) {
    auto buf = llvm::MemoryBuffer::getFile(file);
    if (!buf) {
      error = "cannot read " + file + ": " + buf.getError().message();
      return false;
    }
    std::unique_ptr<llvm::Module> m;
    if (!loadBitcode(file, (*buf)->getMemBufferRef(), ctx, m, error))
      return false;
    buffers.push_back(std::move(*buf));
    parts.push_back(std::move(m));
  }
  if (runtime.kind == GpuRuntime::Kind::LLVM19Shim &&
      !renameShimmedFunctions(parts, runtime, error))
    return false;
  if (!runtime.archive.empty() &&
      !loadArchive(runtime.archive, ctx, parts, buffers, error))
    return false;

  // Declared here so that linking only what is needed still brings them.
  for (const std::unique_ptr<llvm::Module> &m : parts)
    for (const char *name : kOpenMPOptEntryPoints)
      if (llvm::Function *f = m->getFunction(name); f && !f->isDeclaration())
        module.getOrInsertFunction(name, f->getFunctionType());

  llvm::Linker linker(module);
  // The Fortran subset first, only what the device code calls, so that the
  // runtime linked after it resolves what it needs (malloc, free).
  if (!runtime.fortran.empty()) {
    auto buf = llvm::MemoryBuffer::getFile(runtime.fortran);
    if (!buf) {
      error = "cannot read " + runtime.fortran + ": " +
              buf.getError().message();
      return false;
    }
    std::unique_ptr<llvm::Module> m;
    if (!loadBitcode(runtime.fortran, (*buf)->getMemBufferRef(), ctx, m,
                     error))
      return false;
    m->setTargetTriple(module.getTargetTriple());
    m->setDataLayout(module.getDataLayout());
    if (linker.linkInModule(std::move(m), llvm::Linker::LinkOnlyNeeded)) {
      error = "linking ompx's device Fortran subset into the device module "
              "failed (see the build log)";
      return false;
    }
    buffers.push_back(std::move(*buf));
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    std::unique_ptr<llvm::Module> &m = parts[i];
    m->setTargetTriple(module.getTargetTriple());
    m->setDataLayout(module.getDataLayout());
    // The shim whole (the runtime linked after it needs its definitions,
    // __oclc_ABI_version), then only what is referenced; internalization
    // drops the rest.
    bool shim = runtime.kind == GpuRuntime::Kind::LLVM19Shim && i == 0;
    if (linker.linkInModule(std::move(m), shim
                                              ? llvm::Linker::None
                                              : llvm::Linker::LinkOnlyNeeded)) {
      error = "linking the device runtime into the device module failed "
              "(see the build log)";
      return false;
    }
  }
  llvm::StringSet<> variables = declareTargetGlobals(module);
  llvm::internalizeModule(module, [&](const llvm::GlobalValue &gv) {
    return keepExternal(gv, variables) || isOpenMPOptEntryPoint(gv.getName());
  });
  // Inlining needs identical target attributes on caller and callee.
  for (llvm::Function &f : module) {
    if (f.isDeclaration())
      continue;
    f.removeFnAttr("target-cpu");
    f.removeFnAttr("target-features");
    if (cpu.isValid())
      f.addFnAttr(cpu);
    if (features.isValid())
      f.addFnAttr(features);
  }
  return true;
}

std::vector<std::pair<std::string, std::string>>
ompx::pipeline::kernelExecModes(const llvm::Module &module) {
  auto modeName = [](uint64_t mode) -> std::string {
    switch (mode) {
    case 0:
      return "bare";
    case 1:
      return "generic";
    case 2:
      return "spmd";
    case 3:
      return "generic-spmd";
    case 6:
      return "spmd-no-loop";
    }
    return "mode " + std::to_string(mode);
  };
  std::vector<std::pair<std::string, std::string>> modes;
  for (const llvm::Function &f : module) {
    if (f.isDeclaration() || !f.getName().starts_with("__omp_offloading_") ||
        f.getName().contains(".."))
      continue;
    std::string mode = "bare";
    const llvm::GlobalVariable *env = module.getGlobalVariable(
        (f.getName() + "_kernel_environment").str(), true);
    const llvm::GlobalVariable *execMode =
        module.getGlobalVariable((f.getName() + "_exec_mode").str(), true);
    // KernelEnvironmentTy { ConfigurationEnvironmentTy { u8, u8, u8 ExecMode,
    // ... }, ident_t *, DynamicEnvironmentTy * }.
    if (env && env->hasInitializer()) {
      auto *config = llvm::dyn_cast<llvm::ConstantStruct>(
          env->getInitializer()->getAggregateElement(0u));
      if (auto *m = config ? llvm::dyn_cast_or_null<llvm::ConstantInt>(
                                 config->getAggregateElement(2u))
                           : nullptr)
        mode = modeName(m->getZExtValue());
    } else if (execMode && execMode->hasInitializer()) {
      if (auto *m =
              llvm::dyn_cast<llvm::ConstantInt>(execMode->getInitializer()))
        mode = modeName(m->getZExtValue());
    }
    modes.emplace_back(f.getName().str(), mode);
  }
  return modes;
}

void ompx::pipeline::finishGpuModule(llvm::Module &module) {
  // OpenMPOpt is done: its entry points may go too (inlined or unused).
  llvm::StringSet<> variables = declareTargetGlobals(module);
  llvm::internalizeModule(module, [&](const llvm::GlobalValue &gv) {
    return keepExternal(gv, variables);
  });
  llvm::ModuleAnalysisManager mam;
  mam.registerPass([] { return llvm::PassInstrumentationAnalysis(); });
  llvm::GlobalDCEPass().run(module, mam);
}

/// LLVM 22's NVPTX backend has no instruction for these math intrinsics (of
/// any type, but exp2.f32) and no library to call: code generation aborts
/// ("Cannot select: f64 = fsin"). flang-22 emits them for SIN, EXP, `**`
/// with a real exponent, ... on nvptx; ompx does not link CUDA's libdevice.
static bool hasNoNVPTXInstruction(const llvm::Function &f) {
  switch (f.getIntrinsicID()) {
  case llvm::Intrinsic::exp2:
    return !f.getReturnType()->isFloatTy();
  case llvm::Intrinsic::sin:
  case llvm::Intrinsic::cos:
  case llvm::Intrinsic::tan:
  case llvm::Intrinsic::asin:
  case llvm::Intrinsic::acos:
  case llvm::Intrinsic::atan:
  case llvm::Intrinsic::atan2:
  case llvm::Intrinsic::sinh:
  case llvm::Intrinsic::cosh:
  case llvm::Intrinsic::tanh:
  case llvm::Intrinsic::sincos:
  case llvm::Intrinsic::exp:
  case llvm::Intrinsic::exp10:
  case llvm::Intrinsic::log:
  case llvm::Intrinsic::log2:
  case llvm::Intrinsic::log10:
  case llvm::Intrinsic::pow:
  case llvm::Intrinsic::lround:
  case llvm::Intrinsic::llround:
  case llvm::Intrinsic::lrint:
  case llvm::Intrinsic::llrint:
    return true;
  default:
    return false;
  }
}

std::vector<std::string>
ompx::pipeline::unresolvedDeviceFunctions(const llvm::Module &module) {
  bool nvptx = isNVPTX(module.getTargetTriple().str());
  std::vector<std::string> names;
  for (const llvm::Function &f : module) {
    if (!f.isDeclaration() || f.use_empty())
      continue;
    if (f.isIntrinsic()) {
      if (nvptx && hasNoNVPTXInstruction(f))
        names.push_back(f.getName().str());
      continue;
    }
    // The CUDA driver provides these to every cubin (ptxas knows them).
    if (nvptx && llvm::is_contained({"malloc", "free", "vprintf",
                                     "__assertfail"},
                                    f.getName()))
      continue;
    names.push_back(f.getName().str());
  }
  return names;
}
