//===- HostOffloadCheck.cpp - What the serial device runtime lacks --------===//

#include "pipeline/compile/HostOffloadCheck.h"

#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

#include <dlfcn.h>
#include <set>

using namespace ompx::pipeline;
using llvm::StringRef;

/// Names of the functions the serial x86_64 device runtime defines.
static std::set<std::string> runtimeEntryPoints(StringRef object) {
  std::set<std::string> names;
  auto buf = llvm::MemoryBuffer::getFile(object);
  if (!buf)
    return names;
  auto obj =
      llvm::object::ObjectFile::createObjectFile((*buf)->getMemBufferRef());
  if (!obj) {
    llvm::consumeError(obj.takeError());
    return names;
  }
  return definedSymbolNames((*obj)->symbols(), /*globalOnly=*/true);
}

/// What an unsupported runtime entry point means in OpenMP terms, and the op
/// to point at.
static std::pair<std::string, std::string> constructFor(StringRef fn) {
  static const std::pair<const char *, std::pair<const char *, const char *>>
      table[] = {
          // Longest prefixes first.
          {"__kmpc_omp_taskwait", {"taskwait", "omp.taskwait"}},
          {"__kmpc_omp_taskyield", {"taskyield", "omp.taskyield"}},
          {"__kmpc_omp_task", {"task", "omp.task"}},
          {"__kmpc_taskgroup", {"taskgroup", "omp.taskgroup"}},
          {"__kmpc_end_taskgroup", {"taskgroup", "omp.taskgroup"}},
          {"__kmpc_taskloop", {"taskloop", "omp.taskloop"}},
          {"__kmpc_cancel", {"cancel", "omp.cancel"}},
          {"__kmpc_dispatch", {"non-static loop schedule", "omp.wsloop"}},
          {"__kmpc_ordered", {"ordered", "omp.ordered.region"}},
          {"__kmpc_copyprivate", {"single copyprivate", "omp.single"}},
          {"__kmpc_atomic", {"atomic", "omp.atomic.update"}},
          {"__kmpc_nvptx", {"GPU-style reduction", "omp.wsloop"}},
          {"__kmpc_reduction", {"GPU-style reduction", "omp.wsloop"}},
          {"__kmpc_threadprivate", {"threadprivate", "omp.threadprivate"}},
          {"__kmpc_push_num_teams", {"teams num_teams", "omp.teams"}},
          {"__kmpc_fork_teams", {"teams", "omp.teams"}},
          {"__kmpc_fork_call", {"parallel", "omp.parallel"}},
          {"__kmpc_scan", {"scan", "omp.scan"}},
          {"__kmpc_doacross", {"ordered depend", "omp.ordered"}},
          {"__kmpc_alloc", {"allocate", "omp.allocate_dir"}},
      };
  for (const auto &[prefix, what] : table)
    if (fn.starts_with(prefix))
      return {what.first, what.second};
  return {"using " + fn.str(), ""};
}

static mlir::Operation *findOp(mlir::ModuleOp module, StringRef name) {
  mlir::Operation *found = nullptr;
  if (name.empty())
    return nullptr;
  module->walk([&](mlir::Operation *op) {
    if (op->getName().getStringRef() == name) {
      found = op;
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return found;
}

/// The first call of `callee` in `module`.
static mlir::Operation *findCall(mlir::ModuleOp module, StringRef callee) {
  mlir::Operation *found = nullptr;
  module->walk([&](mlir::CallOpInterface call) {
    auto symbol = llvm::dyn_cast_if_present<mlir::SymbolRefAttr>(
        call.getCallableForCallee());
    if (symbol && symbol.getRootReference() == callee) {
      found = call;
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return found;
}

/// Functions a device image may leave to the dynamic loader: the C library
/// is present in the process that dlopens the image.
static bool isLibcFunction(StringRef name) {
  static const std::set<std::string> libc = {
      "malloc", "free",  "calloc", "realloc", "memcpy", "memmove", "memset",
      "abort",  "sqrt",  "sqrtf",  "exp",     "expf",   "log",     "logf",
      "pow",    "powf",  "sin",    "sinf",    "cos",    "cosf",    "tan",
      "tanf",   "fabs",  "fabsf",  "floor",   "floorf", "ceil",    "ceilf",
      "fmod",   "fmodf", "atan",   "atan2",   "tanh",   "exp2",    "log10",
      "log2",   "fma",   "fmaf",   "erf",     "erff"};
  if (libc.count(name.str()))
    return true;
  // The rest of the C math library: flang-22 calls erfc, tgamma, j0, hypot,
  // cexp, ... for ERFC, GAMMA, BESSEL_J0, HYPOT, complex EXP; every flang
  // program loads libm (flang_rt needs it). dlsym on its handle searches
  // libm and the libraries it needs (libc), nothing else of this process.
  static void *libm = dlopen("libm.so.6", RTLD_LAZY | RTLD_LOCAL);
  if (libm && dlsym(libm, name.str().c_str()))
    return true;
  // COMPLEX division and multiplication (__divdc3, ...): libgcc_s, which
  // every flang program loads (its C++ runtime needs it).
  static void *libgcc = dlopen("libgcc_s.so.1", RTLD_LAZY | RTLD_LOCAL);
  return name.starts_with("__") &&
         llvm::is_contained({"__divdc3", "__divsc3", "__muldc3", "__mulsc3"},
                            name) &&
         libgcc && dlsym(libgcc, name.str().c_str());
}

std::string ompx::pipeline::spelledFortranName(StringRef mangled) {
  auto [kind, parts] = fir::NameUniquer::deconstruct(mangled);
  if (kind == fir::NameUniquer::NameKind::NOT_UNIQUED || parts.name.empty())
    return mangled.str();
  std::string out = "'" + parts.name + "'";
  if (!parts.modules.empty())
    out += " of module '" + parts.modules.back() + "'";
  return out + " (" + mangled.str() + ")";
}

bool ompx::pipeline::isIntrinsicModule(StringRef name) {
  return name.starts_with("iso_") || name.starts_with("ieee_") ||
         name.starts_with("__") || name.starts_with("omp_lib") ||
         name == "openacc";
}

std::optional<std::string> ompx::pipeline::hostOnlyProcedure(StringRef name) {
  if (!name.starts_with("_Q") || name.starts_with("_QQ"))
    return std::nullopt;
  auto [kind, parts] = fir::NameUniquer::deconstruct(name);
  if (kind != fir::NameUniquer::NameKind::PROCEDURE ||
      (!parts.modules.empty() && isIntrinsicModule(parts.modules.front())))
    return std::nullopt;
  if (parts.modules.empty())
    return "the device code calls " + parts.name +
           ", which no unit compiles for the device (it is not declare "
           "target): a GPU's link refuses the program, and host-offload "
           "would run the host's copy of it, on the host's variables. Add "
           "`!$omp declare target` to " +
           parts.name + "'s specification part";
  // Another file's module: declare target there, perhaps, but its file is
  // not built with this one (a launch of one file).
  const std::string &mod = parts.modules.back();
  return "the device code calls " + parts.name + " of module " + mod +
         ", which no unit of this build compiles for the device: a GPU's "
         "link refuses the program, and host-offload would run the host's "
         "copy of it, on the host's variables. If module " +
         mod +
         "'s file is not built with this program's units (a launch of one "
         "file: add it with `--driver=FILE`), add it; if " +
         parts.name +
         " is not declare target, add `!$omp declare target` "
         "to its specification part, or `!$omp declare target(" +
         parts.name + ")` to module " + mod;
}

std::optional<Failure> ompx::pipeline::checkHostOffloadSupport(
    llvm::Module &device, mlir::ModuleOp deviceMlir, StringRef runtimeObject,
    const DiagnosticCollector &diags,
    std::vector<std::string> &fortranRuntime) {
  return checkHostOffloadSupport(
      device, runtimeObject,
      [&](StringRef fn, StringRef opName) -> std::optional<SourceLocation> {
        if (mlir::Operation *op = opName.empty() ? findCall(deviceMlir, fn)
                                                 : findOp(deviceMlir, opName))
          return diags.locate(op->getLoc());
        return std::nullopt;
      },
      fortranRuntime);
}

std::optional<Failure> ompx::pipeline::checkHostOffloadSupport(
    llvm::Module &device, StringRef runtimeObject,
    llvm::function_ref<std::optional<SourceLocation>(StringRef, StringRef)>
        locate,
    std::vector<std::string> &fortranRuntime) {
  std::set<std::string> provided = runtimeEntryPoints(runtimeObject);
  if (provided.empty())
    return Failure{Stage::LowerDevice,
                   "the ompx x86_64 device runtime " + runtimeObject.str() +
                       " is missing or unreadable (rebuild ompx)",
                   std::nullopt};
  for (llvm::Function &f : device) {
    if (!f.isDeclaration() || f.isIntrinsic() || f.use_empty())
      continue;
    StringRef name = f.getName();
    if (provided.count(name.str()) || isLibcFunction(name))
      continue;
    // The program's own flang_rt serves these (the launcher exports them
    // from the executable to the device image the plugin loads).
    if (name.starts_with("_Fortran")) {
      fortranRuntime.push_back(name.str());
      continue;
    }
    // A Fortran procedure no unit compiled for the device (not declare
    // target): the image would call the host's copy, on the host's module
    // variables, where a GPU's link refuses the program.
    if (std::optional<std::string> why = hostOnlyProcedure(name))
      return Failure{Stage::LowerDevice, *why, locate(name, "")};
    // Not the OpenMP runtime: a procedure the program defines in another
    // file (an OpenACC `routine bind` name, a C function). The device is
    // x86 too: the executable exports the drivers' definition to the image,
    // and the link says so if none has it.
    if (!name.starts_with("__kmpc") && !name.starts_with("omp_") &&
        !name.starts_with("__tgt")) {
      fortranRuntime.push_back(name.str());
      continue;
    }
    auto [construct, opName] = constructFor(name);
    return Failure{Stage::LowerDevice,
                   "construct " + construct +
                       " is not supported on host-offload (the serial ompx "
                       "device runtime does not implement " +
                       name.str() + "); run it with --device=host",
                   locate(name, opName)};
  }
  // The runtime invokes outlined parallel regions with up to 16 captures.
  if (llvm::Function *par = device.getFunction("__kmpc_parallel_60"))
    for (llvm::User *u : par->users())
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(u))
        if (auto *n = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(8)))
          if (n->getSExtValue() > 16) {
            return Failure{
                Stage::LowerDevice,
                "construct parallel with " + std::to_string(n->getSExtValue()) +
                    " captured values is not supported on host-offload (the "
                    "serial ompx device runtime passes at most 16)",
                locate("__kmpc_parallel_60", "omp.parallel")};
          }
  return std::nullopt;
}
