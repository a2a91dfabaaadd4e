//===- DeviceImage.h - Device LLVM module -> complete image -----*- C++ -*-===//
//
// The device half of code generation, shared by a one-module launch
// (Compile.cpp) and a program's device link (DeviceLink.cpp): the GPU
// runtime joined as bitcode, the -O pipeline, LLVM 22.1.8's fixes, the checks
// that refuse a kernel that would run wrong, and the image the runtime
// loads (cubin through ptxas, AMDGPU code object through ld.lld, x86_64
// object for host-offload).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_DEVICEIMAGE_H
#define OMPX_PIPELINE_COMPILE_DEVICEIMAGE_H

#include "pipeline/Types.h"
#include "pipeline/compile/CompileDiagnostics.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/PassTrace.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ompx::pipeline {

struct DeviceImageJob {
  DeviceKind device = DeviceKind::HostOffload;
  std::string triple;
  std::string arch; ///< sm_90, gfx90a; generic for x86_64
  std::string workDir;
  std::string ptxas;     ///< NVPTX
  std::string ldLld;     ///< AMDGPU
  GpuRuntime gpuRuntime; ///< GPU
  OptLevel optLevel = OptLevel::O0;
  /// `ompx-lsp pipeline`: snapshots of the device view's steps and passes,
  /// and of its assembly.
  PassTrace *trace = nullptr;
};

struct DeviceImage {
  std::string path; ///< the cubin / code object / x86_64 object
  /// GPU: each kernel's execution mode after optimization, "name: mode".
  std::vector<std::string> kernelModes;
};

/// Where a failure at kernel `kernel` (its outlined parallel region
/// `outlined`, possibly empty) lies in the source.
using KernelLocator = llvm::function_ref<std::optional<SourceLocation>(
    llvm::StringRef kernel, llvm::StringRef outlined)>;

/// Optimizes `module` (the device code, fixed as translated) and generates
/// its image. A failure names what the device cannot run.
std::optional<Failure> buildDeviceImage(
    llvm::Module &module, const DeviceImageJob &job, KernelLocator locate,
    const std::function<void(const std::string &)> &log, DeviceImage &image);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_DEVICEIMAGE_H
