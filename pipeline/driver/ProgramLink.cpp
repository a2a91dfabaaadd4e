//===- ProgramLink.cpp - A program's device link, set up ------------------===//

#include "pipeline/driver/ProgramLink.h"
#include "pipeline/compile/Codegen.h"
#include "pipeline/compile/DeviceFixes.h"
#include "pipeline/compile/DeviceLink.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/Lowering.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>

using namespace ompx::pipeline;

static ProgramLinkOutcome failed(std::string message) {
  ProgramLinkOutcome out;
  out.message = std::move(message);
  return out;
}

/// The tools and runtime of `target` into `job`; an error says what is
/// missing.
static std::optional<std::string> setUp(const OffloadTarget &target,
                                        Toolchain &tools, DeviceLinkJob &job) {
  if (target.kind == DeviceKind::NVPTX) {
    if (!tools.ptxas())
      return "cannot build for " + target.arch + ": " + tools.ptxas().problem;
    job.image.ptxas = tools.ptxas().path;
    job.cudaSetup = cudaSetupObject();
    if (job.cudaSetup.empty())
      return std::string("the ompx CUDA set-up object (ompx-cuda-setup.o) was "
                         "not found next to ompx-lsp; rebuild or reinstall "
                         "ompx");
  }
  if (!tools.ldLld())
    return tools.ldLld().problem;
  job.ldLld = job.image.ldLld = tools.ldLld().path;
  if (target.kind == DeviceKind::HostOffload) {
    job.hostDevRuntime = hostDeviceRuntimeObject();
    if (job.hostDevRuntime.empty())
      return std::string("the ompx x86_64 device runtime (ompx-host-devrt.o) "
                         "was not found next to ompx-lsp; rebuild or "
                         "reinstall ompx");
    return std::nullopt;
  }
  std::string problem;
  std::string llvm22Dir = findDeviceRuntime(tools, target.triple, "", problem);
  job.image.gpuRuntime =
      resolveGpuRuntime(target.triple, target.arch, llvm22Dir, problem);
  if (job.image.gpuRuntime.kind == GpuRuntime::Kind::None)
    return problem;
  return std::nullopt;
}

ProgramLinkOutcome ompx::pipeline::linkProgramDevice(
    llvm::ArrayRef<OffloadTarget> targets, const LinkedInputs &linked,
    Toolchain &tools, OptLevel optLevel, const std::string &workDir,
    const std::function<void(const std::string &)> &log,
    llvm::ArrayRef<std::string> sharedLibraries) {
  ProgramLinkOutcome out;
  std::vector<LinkedImage> images;
  std::string cudaSetup;
  std::vector<std::string> exports;
  for (const OffloadTarget &target : targets) {
    DeviceLinkJob job;
    job.linked = &linked;
    job.sharedLibraries = sharedLibraries;
    job.image.device = target.kind;
    job.image.triple = target.triple;
    job.image.arch = target.arch;
    job.image.workDir =
        targets.size() == 1
            ? workDir
            : joinPath(workDir, target.triple + "-" + target.arch);
    job.image.optLevel = optLevel;
    job.registerImage = false;
    llvm::sys::fs::create_directories(job.image.workDir);
    if (auto problem = setUp(target, tools, job))
      return failed(*problem);
    DeviceLinkOutcome linked = linkDeviceCode(job, log);
    out.units = std::max(out.units, linked.units);
    if (!linked.ok) {
      out.message = linked.message;
      out.location = linked.location;
      return out;
    }
    images.push_back(
        {linked.deviceImage, target.kind, target.triple, target.arch});
    if (!job.cudaSetup.empty())
      cudaSetup = job.cudaSetup;
    for (const std::string &fn : linked.exports)
      if (!llvm::is_contained(exports, fn))
        exports.push_back(fn);
  }
  std::string registration = joinPath(workDir, "offload-registration.o");
  std::string error;
  if (!writeRegistration(images, cudaSetup, registration, error))
    return failed(error);
  out.ok = true;
  out.linkArgs.push_back(registration);
  if (!cudaSetup.empty())
    out.linkArgs.insert(out.linkArgs.end(), {cudaSetup, kCudaSetupLinkFlag});
  for (const std::string &fn : exports)
    out.linkArgs.insert(
        out.linkArgs.end(),
        {"-Wl,--undefined=" + fn, "-Wl,--export-dynamic-symbol=" + fn});
  // The host-offload image reads a launch's team count there (HostTeams).
  if (llvm::any_of(targets, [](const OffloadTarget &t) {
        return t.kind == DeviceKind::HostOffload;
      }))
    out.linkArgs.push_back(std::string("-Wl,--export-dynamic-symbol=") +
                           kHostTeamsRequest);
  return out;
}

/// Writes to `path` an x86_64 host object of a module that `fill` makes.
static bool writeHostObject(const std::string &path, llvm::StringRef name,
                            llvm::function_ref<void(llvm::Module &)> fill,
                            std::string &error) {
  initializeTargets();
  auto tm = makeTargetMachine(kHostTriple, "x86-64", true, OptLevel::O0, error);
  if (!tm)
    return false;
  llvm::LLVMContext context;
  llvm::Module module(name, context);
  module.setTargetTriple(tm->getTargetTriple());
  module.setDataLayout(tm->createDataLayout());
  fill(module);
  llvm::SmallString<0> code;
  return emitCode(module, *tm, llvm::CodeGenFileType::ObjectFile, code,
                  error) &&
         writeFile(path, code, error);
}

bool ompx::pipeline::writeEmptyRegistration(const std::string &path,
                                            std::string &error) {
  return writeHostObject(path, "ompx.empty.registration",
                         addEmptyOffloadRegistration, error);
}

bool ompx::pipeline::writeEmptyDeviceCode(const std::string &path,
                                          llvm::ArrayRef<OffloadTarget> targets,
                                          std::string &error) {
  return writeHostObject(
      path, "ompx.empty.device.code",
      [&](llvm::Module &host) {
        for (const OffloadTarget &target : targets) {
          llvm::Module device("ompx.empty.device", host.getContext());
          device.setTargetTriple(llvm::Triple(target.triple));
          embedDeviceBitcode(host, device, target.triple, target.arch, "", "");
        }
      },
      error);
}

std::vector<std::string>
ompx::pipeline::offloadFlags(const OffloadTarget &target) {
  if (target.kind == DeviceKind::HostOffload)
    return {"-fopenmp-targets=" + target.triple};
  if (target.kind == DeviceKind::Host)
    return {};
  return {"-fopenmp-targets=" + target.triple, "--offload-arch=" + target.arch};
}
