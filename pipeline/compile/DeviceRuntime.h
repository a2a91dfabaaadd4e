//===- DeviceRuntime.h - The GPU device runtime, as bitcode -----*- C++ -*-===//
//
// Which device runtime a GPU build links, and the in-process link itself:
// the runtime's bitcode goes into the device module BEFORE optimization, so
// the kernels inline their runtime calls (saxpy: 20 registers, no stack)
// instead of calling an archive linked after codegen (254 registers).
//
// Two runtimes, named honestly wherever a build reports one:
//  - an LLVM 22 device runtime the user supplies (--device-runtime=DIR,
//    libompdevice.a of bitcode members), first choice;
//  - LLVM 19's DeviceRTL bitcode from Debian's libomp-19-dev, adapted to
//    LLVM 22's entry points by the ompx ABI shim (runtime/GpuAbiShim.c).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_DEVICERUNTIME_H
#define OMPX_PIPELINE_DEVICERUNTIME_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ompx::pipeline {

struct GpuRuntime {
  enum class Kind { None, LLVM22, LLVM19Shim };
  Kind kind = Kind::None;
  std::string label; ///< what `devices` and the launch log print
  /// Bitcode linked into the device module, in order (shim first).
  std::vector<std::string> bitcode;
  /// An LLVM 22 libompdevice.a (bitcode members), linked after `bitcode`.
  std::string archive;
  /// ompx's device Fortran subset (runtime/DeviceFortran.c), linked first,
  /// only what the device code calls; "" when it was not built.
  std::string fortran;
};

/// `name` installed next to the ompx-lsp binary (bin/../lib/ompx), else in
/// the build tree's lib/ompx; "" when neither has it.
std::string ompxLibraryFile(llvm::StringRef name);

/// ompx's own copy of the OpenMP runtimes, `lib/ompx/runtime/<name>`
/// (`llvm-19`: libomp.so.5 and the GPU device runtime bitcode; `llvm-22`:
/// libomptarget), which scripts/setup.sh unpacks from the Debian packages
/// without installing them; "" when ompx has none (the system's packages are
/// used then).
std::string ompxRuntimeDir(llvm::StringRef name);

/// ompx's `openacc` module (runtime/openacc.f90; flang-22 ships none):
/// the folder of its openacc.mod, `lib/ompx/modules`, which every flang
/// command ompx runs searches after its own folders, and the archive of its
/// code, which every program ompx links gets; "" when ompx has none. The
/// folder holds a copy of LLVM's omp_lib.h too (`include 'omp_lib.h'`,
/// which flang-22's driver does not find).
std::string openaccModuleDir();
std::string openaccLibrary();

/// Where libomp-19-dev's device runtime bitcode is: ompx's own copy, else
/// where the package installs it
/// (OMPX_LLVM19_DEVICE_RUNTIME_DIR overrides it, for tests).
std::string llvm19RuntimeDir();
/// The archs LLVM 19's package has bitcode for, for `triple`, sorted.
std::vector<std::string> llvm19RuntimeArchs(llvm::StringRef triple);
/// The compiled ompx ABI shim for `triple` (bin/../lib/ompx, else the build
/// tree); "" when it was not built.
std::string abiShimBitcode(llvm::StringRef triple);

/// ompx's device Fortran subset for `triple` (ompx-device-fortran-*.bc);
/// "" when it was not built.
std::string deviceFortranBitcode(llvm::StringRef triple);

/// What the subset defines, for the refusal of the `_Fortran*` entry points
/// it does not (docs/launch.md, "The device Fortran subset").
extern const char *const kDeviceFortranSubsetSummary;

/// The runtime for `triple`/`arch`: the LLVM 22 archive found in `llvm22Dir`
/// (already checked by findDeviceRuntime; "" if none), else LLVM 19 + shim.
/// Kind::None with `problem` saying what is missing and how to get it.
GpuRuntime resolveGpuRuntime(llvm::StringRef triple, llvm::StringRef arch,
                             llvm::StringRef llvm22Dir, std::string &problem);

/// Links the runtime into `module` (only what it needs), renaming LLVM 19's
/// entry points that the shim wraps; then internalizes everything but the
/// kernels and what the plugin reads, and gives every function the kernels'
/// target-cpu/target-features so the runtime inlines. False with `error`.
bool linkGpuRuntime(llvm::Module &module, const GpuRuntime &runtime,
                    std::string &error);

/// After optimization: internalizes what OpenMPOpt needed visible and drops
/// whatever is unused now.
void finishGpuModule(llvm::Module &module);

/// Functions the optimized device module still calls that neither the
/// runtime nor the GPU driver defines (flang's Fortran runtime, which has no
/// GPU build in Debian's packages, is the usual one); on nvptx also the
/// math intrinsics (`llvm.sin.f64`, ...) its backend cannot generate.
std::vector<std::string> unresolvedDeviceFunctions(const llvm::Module &module);

/// LLVM 19 names the shim defines over (`<name>` -> `<name>_v19`).
const std::vector<std::string> &shimRenamedEntryPoints();
/// LLVM 19 entry points the shim calls under their own name.
const std::vector<std::string> &shimCalledEntryPoints();
/// LLVM 19 functions whose definitions are wrong and which the shim defines
/// instead (19's are renamed `<name>_v19`, unused): nvptx's omp_set_lock and
/// omp_test_lock. check_shim_abi.py's REPLACED is the same list.
const std::vector<std::string> &shimReplacedFunctions();

/// Each kernel's execution mode from its kernel environment (or
/// `<kernel>_exec_mode`): "generic", "spmd", "generic-spmd", ...
std::vector<std::pair<std::string, std::string>>
kernelExecModes(const llvm::Module &module);

/// The device globals of `declare target` variables (`to`, `enter`, `link`)
/// that `module`'s `!omp_offload.info` names (entries of kind 1).
llvm::StringSet<> declareTargetGlobals(const llvm::Module &module);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_DEVICERUNTIME_H
