//===- GpuMath.h - Math functions of nvptx kernels, from libdevice -*- C++
//-*-===//
//
// LLVM 22's NVPTX backend has no instruction for llvm.sin.f64 and most other
// math intrinsics, and no C math library to call: flang-22's SIN, EXP, `**`,
// ERF, GAMMA, ... in a kernel cannot be generated as they are. CUDA's
// libdevice (nvvm/libdevice/libdevice.10.bc, next to ptxas) defines them as
// __nv_sin, __nv_erf, ...: the device module's calls are renamed to those and
// libdevice is linked as bitcode, only what is called, before optimization.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_GPUMATH_H
#define OMPX_PIPELINE_COMPILE_GPUMATH_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ompx::pipeline {

/// CUDA's libdevice.10.bc for the toolkit of `ptxas`: OMPX_LIBDEVICE_DIR
/// (a folder; only it is looked in, for tests), else `<ptxas>/../../nvvm/
/// libdevice` (ptxas as found, then as its links resolve), CUDA_HOME,
/// CUDA_PATH, Debian's nvidia-cuda-toolkit, /usr/local/cuda. "" when none
/// has it; `looked` then lists the folders.
std::string findLibdevice(llvm::StringRef ptxas, std::string &looked);

/// Rewrites `module`'s math intrinsics (llvm.sin.f64, llvm.powi.f32.i32,
/// llvm.lround.i32.f64, ...) and C math library calls (erf, tgamma, j0,
/// hypot, ...) to libdevice's __nv_* functions, then links those from
/// `libdevice` (internal: they inline into the kernels). `linked`: the
/// __nv_* functions the module now calls. False with `error`.
bool linkLibdevice(llvm::Module &module, llvm::StringRef libdevice,
                   std::vector<std::string> &linked, std::string &error);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_GPUMATH_H
