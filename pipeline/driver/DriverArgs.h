//===- DriverArgs.h - A flang-22 command line, read for offload -*- C++ -*-===//
//
// `ompx-flang` takes flang-22's command line. This reads from it only what
// ompx acts on (the sources, -c, -o, the offload target flags, the
// programming model, -O); every other flag stays where it was and reaches
// flang-22 unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_DRIVER_DRIVERARGS_H
#define OMPX_PIPELINE_DRIVER_DRIVERARGS_H

#include "pipeline/Types.h"
#include "pipeline/compile/DeviceLink.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

struct DriverArgs {
  /// The command line without the offload flags (ompx's to act on); the
  /// rest, sources and link inputs included, in their order.
  std::vector<std::string> args;
  /// Indices into `args` of the Fortran sources.
  std::vector<size_t> sources;
  bool compileOnly = false; ///< -c
  /// -E, -S, -fsyntax-only, -###, --version, -emit-*, help...: flang-22
  /// does it alone (no object, no link is made here).
  bool passThrough = false;
  std::string output; ///< -o
  bool openmp = false, openacc = false;
  std::vector<std::string> offloadTriples; ///< -fopenmp-targets=
  std::vector<std::string> offloadArchs;   ///< --offload-arch=
  OptLevel optLevel = OptLevel::O0;
  bool verbose = false; ///< -v: print what runs
  /// -fompx-check-maps (ompx's, not flang's): units with target regions
  /// are built with the checked launch's watches (CompileJob::mapWatches),
  /// for host-offload only.
  bool checkMaps = false;

  bool offload() const {
    return !offloadTriples.empty() || !offloadArchs.empty();
  }
  /// The folders of `-I DIR` / `-IDIR`, in order.
  std::vector<std::string> includeDirs() const;
  /// The command line for compiling source `index` (an index into
  /// `sources`) alone: the other sources and the link-only flags dropped,
  /// `-c` and `-o object` set.
  std::vector<std::string> compileArgs(size_t index,
                                       llvm::StringRef object) const;
};

/// Reads `argv` (without the program name). Nullopt with `error` set for an
/// offload flag ompx does not implement (named, never dropped).
std::optional<DriverArgs> parseDriverArgs(llvm::ArrayRef<std::string> argv,
                                          std::string &error);

/// The one offload target of a build.
struct OffloadTarget {
  DeviceKind kind = DeviceKind::Host; ///< Host: no offload
  std::string triple;
  std::string arch; ///< sm_90, gfx90a; generic for x86_64
};

/// The device kind an offload triple names (x86_64: host-offload), or
/// nullopt for a triple ompx does not offload to.
std::optional<DeviceKind> kindOfTriple(llvm::StringRef triple);

/// The target of a unit's device code (DeviceLink.h's DeviceTarget).
OffloadTarget offloadTargetOf(const DeviceTarget &unit);

/// The targets `args` names, each once, in the order given: every
/// `--offload-arch` with its kind's triple (from -fopenmp-targets, else the
/// default), and every triple no arch went to (a GPU's arch from
/// `probedArchs`, this machine's GPUs). One Host target without offload
/// flags. Nullopt with `error` for an unknown triple or arch, an arch that
/// fits none of the triples given, or a GPU triple without an arch.
std::optional<std::vector<OffloadTarget>>
resolveOffloadTargets(const DriverArgs &args,
                      llvm::ArrayRef<std::string> probedArchs,
                      std::string &error);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_DRIVER_DRIVERARGS_H
