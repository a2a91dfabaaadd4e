//===- Devices.h - Tools, devices and what is missing -----------*- C++ -*-===//
//
// Finds and version-checks every external tool before it is used, discovers
// GPUs, and turns each missing piece into a precise sentence: what is
// missing, where it was looked for, and how to supply it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_DEVICES_H
#define OMPX_PIPELINE_DEVICES_H

#include "pipeline/Types.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// The result of running a tool: exit code (-1 when it could not run or was
/// killed) and its combined output.
struct ToolRun {
  int exitCode = -1;
  std::string output;
  std::string error;     ///< why it could not run
  bool timedOut = false; ///< killed after timeoutSeconds
};

/// Runs `program args...` (no shell), waiting at most `timeoutSeconds`.
ToolRun runTool(llvm::StringRef program, llvm::ArrayRef<std::string> args,
                unsigned timeoutSeconds = 30);

/// A tool found on disk and checked to be the right version.
struct Tool {
  std::string path;    ///< empty when not usable
  std::string version; ///< first line of --version
  std::string problem; ///< why it is not usable (not found / wrong version)
  explicit operator bool() const { return !path.empty(); }
};

class Toolchain {
public:
  /// `prefix` is the LLVM 22 install (default /usr/lib/llvm-22).
  explicit Toolchain(std::string prefix = "");
  const std::string &prefix() const { return llvmPrefix; }

  /// flang-22 (link driver: crt files, flang_rt, libomp, linker wrapper).
  const Tool &flang();
  const Tool &linkerWrapper(); ///< clang-linker-wrapper (22)
  const Tool &clang();         ///< clang-22 (C drivers)
  const Tool &ldLld();         ///< ld.lld-22 (AMDGPU device link)
  const Tool &ptxas();         ///< CUDA ptxas
  const Tool &nvlink();        ///< CUDA nvlink
  /// Directory holding only `libomp.so` -> libomp.so.5: ompx's own copy
  /// (lib/ompx/runtime/llvm-19), else one made in `workDir` for the
  /// system's libomp.so.5 (adding LLVM 19's lib directory would shadow
  /// libomptarget 22; libomp-22-dev is not installable next to LLVM 19's).
  std::string libompDir(const std::string &workDir, std::string &problem);
  /// Directory of libomptarget 22 (`-lomptarget`): ompx's own copy
  /// (lib/ompx/runtime/llvm-22), else the toolchain's lib/.
  std::string offloadLibDir(std::string &problem);
  /// `-Wl,-rpath,DIR` for ompx's own runtime copies: the programs ompx links
  /// load them, not (missing or other) system ones. Empty without a copy.
  std::vector<std::string> runtimeRunPaths();
  /// Whether programs take libomp.so.5 from ompx's copy. Not where the
  /// system has a `libomp.so` (libomp-22-dev): libLLVM dlopens "libomp.so"
  /// when libomptarget starts, and a second, different file of the runtime
  /// in the process aborts it ("OMP: Error #15").
  bool ownLibomp();

private:
  Tool find(llvm::ArrayRef<std::string> names, llvm::StringRef versionNeedle,
            llvm::ArrayRef<std::string> extraDirs = {});
  std::string llvmPrefix;
  std::optional<Tool> flangTool, clangTool, wrapperTool, lldTool, ptxasTool, nvlinkTool;
};

/// One entry of `ompx-lsp devices` / `ompx.listDevices`.
struct DeviceInfo {
  std::string id; ///< "host", "host-offload:0", "nvptx:0", ...
  DeviceKind kind;
  bool available = false;
  std::string description;
  std::string reason; ///< why not available (every missing piece)
  std::string arch;   ///< sm_90, gfx90a, x86_64
};

/// GPUs visible through nvptx-arch/amdgpu-arch (one arch per GPU) and why
/// none were found.
struct GpuProbe {
  std::vector<std::string> archs;
  std::string why; ///< e.g. "nvptx-arch-22: Failed to 'dlopen' libcuda.so.1"
};
GpuProbe probeGpus(Toolchain &tools, DeviceKind kind);

/// Looks for an LLVM 22 libompdevice.a for `triple` in `userDir` and the
/// toolchain; checks that it defines __kmpc_target_init and
/// __kmpc_parallel_60 (LLVM 22's, not 19's). Returns the directory holding
/// it, or "" with `problem` saying what is missing and how to supply it.
std::string findDeviceRuntime(Toolchain &tools, llvm::StringRef triple,
                              llvm::StringRef userDir, std::string &problem);

/// The number of devices libomptarget 22's host plugin offers.
constexpr int kHostOffloadDevices = 4;

std::vector<DeviceInfo> listDevices(Toolchain &tools,
                                    llvm::StringRef deviceRuntimeDir = "");
llvm::json::Value toJSON(const DeviceInfo &info);

/// Where the serial x86_64 device runtime object was installed by the build.
std::string hostDeviceRuntimeObject();

/// The launch's observer library (pipeline/runtime/Observe.h: the checked
/// and the recorded launch), or "" if missing.
std::string observerTool();

/// The object nvptx programs are linked with (pipeline/runtime/CudaSetup.c:
/// the GPU set-up their image registration calls first, and the wrapper of
/// their kernel launches), or "" if missing.
std::string cudaSetupObject();
/// The set-up function it defines.
inline constexpr const char *kCudaSetupFunction = "__ompx_cuda_setup";
/// The link flag that sends the program's kernel launches through the
/// object's wrapper (per-launch teams, CudaSetup.c).
inline constexpr const char *kCudaSetupLinkFlag =
    "-Wl,--wrap=__tgt_target_kernel";

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_DEVICES_H
