//===- DeviceImage.cpp - Device LLVM module -> complete image -------------===//

#include "pipeline/compile/DeviceImage.h"
#include "pipeline/compile/Codegen.h"
#include "pipeline/compile/DeviceFixes.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/GpuMath.h"
#include "pipeline/compile/HostOffloadCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>

using namespace ompx::pipeline;
using llvm::StringRef;

namespace {
struct ImageBuilder {
  llvm::Module &module;
  const DeviceImageJob &job;
  const std::function<void(const std::string &)> &log;
  bool gpu() const {
    return job.device == DeviceKind::NVPTX || job.device == DeviceKind::AMDGPU;
  }
  std::optional<Failure> optimizeGpu(llvm::TargetMachine &tm,
                                     KernelLocator locate, DeviceImage &out);
  std::optional<Failure> emitImage(llvm::TargetMachine &tm, DeviceImage &out);
  std::optional<Failure> unresolved(const std::vector<std::string> &missing,
                                    KernelLocator locate,
                                    const std::string &libdeviceLooked,
                                    bool noLibdevice);
  void step(StringRef name) {
    if (job.trace)
      job.trace->llvmStep(TraceView::Device, name, module);
  }
  void optimizeTraced(llvm::TargetMachine &tm, OptLevel level) {
    if (!job.trace)
      return optimize(module, tm, level);
    optimize(module, tm, level,
             &job.trace->llvmCallbacks(TraceView::Device, module));
    job.trace->finishLlvmRun();
  }
  void traceAssembly(llvm::TargetMachine &tm);
};
} // namespace

static Failure codegenFailure(std::string message) {
  return Failure{Stage::Codegen, std::move(message), std::nullopt};
}

/// The runtime goes in as bitcode before optimizing, so the kernels inline
/// it; then the -O pipeline (OpenMPOpt included, >= O2 for a GPU:
/// unoptimized runtime code is what makes kernels slow and stack-bound),
/// the fixes of the optimized module and the checks.
std::optional<Failure> ImageBuilder::optimizeGpu(llvm::TargetMachine &tm,
                                                 KernelLocator locate,
                                                 DeviceImage &out) {
  std::string error;
  // nvptx: SIN, EXP, ERF, ... from CUDA's libdevice, before the runtime is
  // linked (which internalizes and retargets it too) and optimization (which
  // inlines it; the NVPTX target's NVVMReflect resolves its __nvvm_reflect).
  std::string libdeviceLooked;
  bool noLibdevice = false;
  if (job.device == DeviceKind::NVPTX) {
    std::string libdevice = findLibdevice(job.ptxas, libdeviceLooked);
    noLibdevice = libdevice.empty();
    std::vector<std::string> linked;
    if (noLibdevice)
      log("CUDA libdevice: not found (looked in " + libdeviceLooked + ")");
    else if (!linkLibdevice(module, libdevice, linked, error))
      return codegenFailure(error);
    else if (!linked.empty()) {
      log("CUDA libdevice: " + libdevice + ", linked " +
          llvm::join(linked, ", "));
      step("link-libdevice");
    }
  }
  if (!linkGpuRuntime(module, job.gpuRuntime, error))
    return codegenFailure(error);
  step("link-device-runtime");
  OptLevel optLevel = std::max(job.optLevel, OptLevel::O2);
  log("device runtime: " + job.gpuRuntime.label +
      ", linked as bitcode before -O" + optLevelName(optLevel));
  optimizeTraced(tm, optLevel);
  fixOptimizedDeviceModule(module, job.triple, log);
  step("ompx-fix-optimized-device-ir");
  if (auto f = checkGenericParallels(module, job.triple, locate))
    return f;
  finishGpuModule(module);
  step("finish-gpu-module");
  {
    // With the runtime, optimized: what the image is made of (--keep).
    std::error_code ec;
    llvm::raw_fd_ostream os(joinPath(job.workDir, "device.linked.bc"), ec,
                            llvm::sys::fs::OF_None);
    if (!ec)
      llvm::WriteBitcodeToFile(module, os);
  }
  for (auto &[kernel, mode] : kernelExecModes(module)) {
    out.kernelModes.push_back(kernel + ": " + mode);
    log("kernel " + kernel + ": " + mode + " mode");
  }
  std::vector<std::string> missing = unresolvedDeviceFunctions(module);
  if (missing.empty())
    return std::nullopt;
  return unresolved(missing, locate, libdeviceLooked, noLibdevice);
}

/// The refusal of the functions the optimized device code still calls
/// (`missing`), located at the kernel that calls the first.
std::optional<Failure>
ImageBuilder::unresolved(const std::vector<std::string> &missing,
                         KernelLocator locate,
                         const std::string &libdeviceLooked, bool noLibdevice) {
  bool fortran = llvm::any_of(missing, [](const std::string &n) {
    return StringRef(n).starts_with("_Fortran");
  });
  // At the kernel that calls it.
  std::optional<SourceLocation> at;
  if (llvm::Function *callee = module.getFunction(missing.front()))
    for (llvm::User *user : callee->users())
      if (auto *inst = llvm::dyn_cast<llvm::Instruction>(user)) {
        // A parallel region's outlined function (not inlined into its
        // kernel) is `<kernel>..omp_par`.
        StringRef fn = inst->getFunction()->getName();
        if ((at = locate(fn, "")) ||
            (fn.contains("..") && (at = locate(fn.split("..").first, fn))))
          break;
      }
  // A Fortran procedure of the program that no unit compiles for the
  // device (not declare target, or its file not built with this one): said
  // so, and every other one named, rather than blamed on the runtime.
  std::vector<std::string> procedures;
  for (const std::string &n : missing)
    if (hostOnlyProcedure(n))
      procedures.push_back(n);
  if (!procedures.empty()) {
    std::string message = *hostOnlyProcedure(procedures.front());
    if (procedures.size() > 1)
      message += "; the device code also calls " +
                 llvm::join(llvm::map_range(llvm::drop_begin(procedures),
                                            spelledFortranName),
                            ", ") +
                 ", which no unit compiles for the device either";
    Failure failure = codegenFailure(std::move(message));
    failure.location = at;
    return failure;
  }
  std::vector<std::string> fortranNames, others, intrinsics;
  for (const std::string &n : missing)
    (StringRef(n).starts_with("_Fortran") ? fortranNames
     : StringRef(n).starts_with("llvm.")  ? intrinsics
                                          : others)
        .push_back(n);
  std::string message = "the device code calls " + llvm::join(missing, ", ");
  if (!others.empty())
    message +=
        ", which the device runtime (" + job.gpuRuntime.label +
        ") does not define, nor any unit compiled for the device (a "
        "procedure of the program needs `!$omp declare target` or `!$acc "
        "routine`)";
  // Refused here: code generation would abort on them.
  std::string installLibdevice =
      "installing the CUDA toolkit's libdevice (nvvm/libdevice/"
      "libdevice.10.bc; looked in " +
      libdeviceLooked + ") enables them";
  if (!intrinsics.empty())
    message += (missing.size() == intrinsics.size()
                    ? std::string(", ")
                    : "; " + llvm::join(intrinsics, ", ") + ": ") +
               "math functions (SIN, EXP, LOG, ** with a real exponent, "
               "...) the NVPTX backend has no instruction for" +
               (noLibdevice ? ", and CUDA's libdevice, which defines them, "
                              "was not found: " +
                                  installLibdevice + ", or run"
                            : std::string(", nor CUDA's libdevice a "
                                          "function: run")) +
               " such target regions with --device=host-offload";
  // The C math library's functions (erf, tgamma, ...) come from it too.
  else if (noLibdevice && !others.empty())
    message += "; if they are C math functions (erf, tgamma, j0, ...), " +
               installLibdevice;
  if (fortran)
    message += (others.empty() ? ", which "
                               : "; " + llvm::join(fortranNames, ", ") + " ") +
               std::string(fortranNames.size() > 1 ? "are" : "is") +
               " outside ompx's device Fortran subset (" +
               kDeviceFortranSubsetSummary +
               "), and flang's full Fortran runtime has no GPU build: run "
               "such target regions with --device=host or "
               "--device=host-offload";
  Failure failure = codegenFailure(std::move(message));
  failure.location = at;
  return failure;
}

std::optional<Failure> ImageBuilder::emitImage(llvm::TargetMachine &tm,
                                               DeviceImage &out) {
  std::string error;
  llvm::SmallString<0> code;
  bool ptx = job.device == DeviceKind::NVPTX;
  if (!emitCode(module, tm,
                ptx ? llvm::CodeGenFileType::AssemblyFile
                    : llvm::CodeGenFileType::ObjectFile,
                code, error))
    return codegenFailure(error);
  if (ptx && job.trace)
    job.trace->asmStep(TraceView::Device, "ptx", code, ".ptx");
  if (ptx) {
    // A complete, non-relocatable cubin (no -c): every symbol resolved now.
    std::string ptxFile = joinPath(job.workDir, "device.s");
    out.path = joinPath(job.workDir, "device.cubin");
    if (!writeFile(ptxFile, code, error))
      return codegenFailure(error);
    ToolRun run = runTool(
        job.ptxas,
        {"-m64", "-O3", "--gpu-name", job.arch, ptxFile, "-o", out.path}, 300);
    if (run.exitCode != 0)
      return codegenFailure("ptxas failed on the device code for " + job.arch +
                            ": " + StringRef(run.output).trim().str() +
                            run.error);
  } else if (gpu()) {
    // The AMDGPU code object the plugin loads is a shared object.
    std::string object = joinPath(job.workDir, "device.o");
    out.path = joinPath(job.workDir, "device.so");
    if (!writeFile(object, code, error))
      return codegenFailure(error);
    ToolRun run = runTool(
        job.ldLld, {"-shared", "--no-undefined", object, "-o", out.path}, 300);
    if (run.exitCode != 0)
      return codegenFailure("ld.lld cannot link the device code for " +
                            job.arch + " into a complete code object: " +
                            StringRef(run.output).trim().str() + run.error);
  } else {
    out.path = joinPath(job.workDir, "device.o");
    if (!writeFile(out.path, code, error))
      return codegenFailure(error);
  }
  return std::nullopt;
}

/// The assembly of an image made as an object (GCN, x86_64): generated from
/// a copy, since code generation changes the module it runs on.
void ImageBuilder::traceAssembly(llvm::TargetMachine &tm) {
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
  llvm::SmallString<0> text;
  std::string error;
  if (emitCode(*copy, tm, llvm::CodeGenFileType::AssemblyFile, text, error))
    job.trace->asmStep(TraceView::Device,
                       job.device == DeviceKind::AMDGPU ? "gcn" : "asm", text,
                       ".s");
}

std::optional<Failure> ompx::pipeline::buildDeviceImage(
    llvm::Module &module, const DeviceImageJob &job, KernelLocator locate,
    const std::function<void(const std::string &)> &log, DeviceImage &image) {
  ImageBuilder b{module, job, log};
  std::string error;
  // A GPU image is optimized at -O2 at least, runtime included
  // (optimizeGpu), and generated so too: at CodeGenOptLevel::None the NVPTX
  // backend infers no address spaces (every load of a kernel argument was a
  // generic ld, not ld.global) and AMDGPU allocates registers naively.
  OptLevel codegenLevel =
      b.gpu() ? std::max(job.optLevel, OptLevel::O2) : job.optLevel;
  auto tm = makeTargetMachine(
      job.triple, b.gpu() ? StringRef(job.arch) : StringRef("x86-64"),
      /*pic=*/true, codegenLevel, error,
      deviceTargetFeatures(job.triple, job.arch));
  if (!tm)
    return codegenFailure(error);
  if (b.gpu()) {
    if (auto f = b.optimizeGpu(*tm, locate, image))
      return f;
  } else {
    b.optimizeTraced(*tm, job.optLevel);
    fixOptimizedDeviceModule(module, job.triple, log);
    b.step("ompx-fix-optimized-device-ir");
  }
  if (job.trace && job.device != DeviceKind::NVPTX)
    b.traceAssembly(*tm);
  return b.emitImage(*tm, image);
}
