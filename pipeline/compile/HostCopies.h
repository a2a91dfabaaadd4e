//===- HostCopies.h - Module variables a unit copies in, checked at link
//-*-C++-*-===//
//
// flang-22's .mod files do not record `declare target`, so a build that
// compares .mod files does not recompile the units using a module when the
// module starts declaring a variable target, and two builds sharing a
// module folder (a GPU and a CPU variant) leave ompx's record of the last
// one. A unit compiled before then copies the variable into its target
// regions as a host scalar (implicit firstprivate), and the region's writes
// to the device variable are lost, silently. Each unit lists those copies
// with its device code; the program's device link refuses a copy of a
// variable that another unit's device code declares target.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_HOSTCOPIES_H
#define OMPX_PIPELINE_COMPILE_HOSTCOPIES_H

#include "pipeline/Types.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace llvm {
class Module;
} // namespace llvm
namespace mlir {
class Location;
class ModuleOp;
} // namespace mlir

namespace ompx::pipeline {

/// The module variables of other units (fir.global declarations) that the
/// target regions of `module` (FIR, after the input passes) capture by copy:
/// one `symbol\tname\tfile:line:col` line each (kHostCopiesKey).
std::string hostCopiedModuleVariables(
    mlir::ModuleOp module,
    llvm::function_ref<std::optional<SourceLocation>(mlir::Location)> locate);

/// A unit's copy of a variable that the program's device code declares
/// target.
struct StaleHostCopy {
  std::string symbol, name;
  SourceLocation at;
};
/// The first line of `hostCopies` (one unit's kHostCopiesKey) naming a
/// variable that `linked` (the program's linked device code) declares
/// target (an `omp_offload.info` global entry).
std::optional<StaleHostCopy> findStaleHostCopy(const llvm::Module &linked,
                                               llvm::StringRef hostCopies);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_HOSTCOPIES_H
