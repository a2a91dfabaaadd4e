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
#include "llvm/ADT/SmallVector.h"
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

/// The last field of a kHostCopiesKey line naming a variable the unit's
/// device code takes as declare target.
inline constexpr const char *kDeclaredTargetField = "target";

/// The module variables of other units (fir.global declarations) that the
/// target regions of `module` (FIR, after the input passes) capture by copy:
/// one `symbol\tname\tfile:line:col` line each (kHostCopiesKey); and those
/// its target regions map, or its declare target procedures use, as
/// declare target: `symbol\tname\tfile:line:col\ttarget\tKIND`, KIND
/// `to` or `link` (the kind the unit was compiled with).
std::string hostCopiedModuleVariables(
    mlir::ModuleOp module,
    llvm::function_ref<std::optional<SourceLocation>(mlir::Location)> locate);

/// The variables a unit's hostCopiedModuleVariables lines say it takes as
/// another unit's declare target ones.
llvm::SmallVector<llvm::StringRef> takenAsTarget(llvm::StringRef hostCopies);

/// Drops ompx-flang's marks on other units' declare target globals, once
/// hostCopiedModuleVariables has read them.
void dropDeclaredElsewhereMarks(mlir::ModuleOp module);

/// A unit's copy of a variable that the program's device code declares
/// target, or (`declaredTarget`) its use as declare target of a variable
/// the program's device code does not declare target.
struct StaleHostCopy {
  std::string symbol, name;
  SourceLocation at;
  bool declaredTarget = false;
  /// The kind the unit took it as (`to`, `link`; empty from older units).
  std::string kind;
};
/// How another unit declares a variable target: `to` (or enter), `link`
/// (by its reference pointer), or, for an empty `kind`, either.
/// The first line of `hostCopies` (one unit's kHostCopiesKey) naming a
/// copied variable that `linked` (the program's linked device code)
/// declares target (an `omp_offload.info` global entry), or a variable
/// taken as declare target that it does not.
/// `definedElsewhere(symbol, kind)`: whether another unit's device code (or
/// a shared library's device image) declares a variable target with that
/// kind, for the variables the unit takes as declare target (a link
/// variable by its reference pointer): a module that changed `to` to `link`
/// keeps its .mod file, and the unit's stale object read the device's own
/// copy.
std::optional<StaleHostCopy>
findStaleHostCopy(const llvm::Module &linked, llvm::StringRef hostCopies,
                  llvm::function_ref<bool(llvm::StringRef, llvm::StringRef)>
                      definedElsewhere);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_HOSTCOPIES_H
