//===- HostOffloadCheck.h - What the serial runtime lacks -------*- C++ -*-===//
//
// `--device=host-offload` links device images against ompx's serial x86_64
// OpenMP device runtime. A device module that calls an entry point that
// runtime does not define would fail when the plugin loads it; this check
// names the OpenMP construct instead, at its op.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_HOSTOFFLOADCHECK_H
#define OMPX_PIPELINE_HOSTOFFLOADCHECK_H

#include "pipeline/compile/CompileDiagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ompx::pipeline {

/// Checks the device LLVM module `device` (translated from `deviceMlir`)
/// against the runtime object `runtimeObject`. Fortran runtime functions it
/// calls are added to `fortranRuntime` (the program exports them).
std::optional<Failure>
checkHostOffloadSupport(llvm::Module &device, mlir::ModuleOp deviceMlir,
                        llvm::StringRef runtimeObject,
                        const DiagnosticCollector &diags,
                        std::vector<std::string> &fortranRuntime);

/// The same check, with the construct located by `locate(fn, opName)`:
/// `fn` the unsupported entry point, `opName` the op it implements.
std::optional<Failure> checkHostOffloadSupport(
    llvm::Module &device, llvm::StringRef runtimeObject,
    llvm::function_ref<std::optional<SourceLocation>(llvm::StringRef fn,
                                                     llvm::StringRef opName)>
        locate,
    std::vector<std::string> &fortranRuntime);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_HOSTOFFLOADCHECK_H
