//===- FlangDriver.h - ompx-flang: flang-22 with ompx's offload -*- C++ -*-===//
//
// A flang-compatible compiler driver that build systems take as FC /
// CMAKE_Fortran_COMPILER. Units with target regions (or OpenACC compute
// constructs) go through ompx's pipeline: flang-22's own frontend command
// for the unit's flags, then one parse, host and device copies, the host
// object carrying the device code as bitcode (Compile.h `relocatable`).
// Other units, and everything that is not a compile or a link, go to
// flang-22 unchanged. The link joins every unit's device code into one
// image per program (DeviceLink.h) and links with flang-22.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_DRIVER_FLANGDRIVER_H
#define OMPX_PIPELINE_DRIVER_FLANGDRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompx::pipeline {

/// Runs the driver on `argv` (flang's arguments, program name excluded) and
/// returns its exit status; messages go to stderr, `ompx-flang: error: ...`
/// or `FILE:LINE:COL: error: ...`.
int runFlangDriver(llvm::ArrayRef<std::string> argv);

/// What a source needs of ompx's pipeline.
struct OmpxNeeds {
  /// An OpenMP directive naming `target` (or `declare target`), or, when
  /// `openacc`, any `!$acc` directive: built for a device by ompx, and by
  /// ompx for the host too (LLVM 22's host code of a target region writes
  /// its firstprivate scalars through: ompx-host-target-firstprivate).
  bool offload = false;
  /// A construct LLVM 22's host translation gets wrong, built by ompx for
  /// the host too: a composite `distribute parallel do` with a schedule it
  /// does not distribute to the teams (any `schedule` but plain `static`,
  /// or any `dist_schedule`; flang-22's object runs iterations once per
  /// team or per thread: ompx-host-composite-schedule,
  /// HostCompositeChunks.cpp), or with an `if` clause (libomp aborts the
  /// serialized parallel part), or a
  /// `teams` construct with a `reduction` (flang-22's object gives all
  /// teams one private copy, and they lose each other's updates:
  /// ompx-host-teams-reduction), or a `workshare` construct (flang-22's
  /// lower-workshare splits many blocks wrongly: ompx-workshare-single),
  /// or a simd loop (flang-22's default OpenMP 3.1 loses its variable's
  /// last value; ompx builds at 5.2).
  bool hostFixes = false;
  bool any() const { return offload || hostFixes; }
};

/// What `text` needs, from its directive statements (continuation lines
/// joined); its include lines are not followed (fileNeedsOmpx does).
OmpxNeeds sourceNeedsOmpx(llvm::StringRef text, bool openacc);

/// The same for the file `path` and the files it includes, found as flang
/// finds them (beside the including file, then `includeDirs`).
OmpxNeeds fileNeedsOmpx(llvm::StringRef path, bool openacc,
                        llvm::ArrayRef<std::string> includeDirs);
/// The same for `text`, already read from `path`.
OmpxNeeds fileNeedsOmpx(llvm::StringRef path, llvm::StringRef text,
                        bool openacc, llvm::ArrayRef<std::string> includeDirs);

/// The refusal of a call of the OpenACC data API in an object flang-22
/// compiled (a unit ompx did not lower; runtime/openacc.f90 declares those
/// procedures with labels no library defines): "SOURCE:LINE: error: NAME:
/// OpenACC data API: ...", the line found in `source`'s text (`source`
/// may be the object itself: no line then); empty when `object` calls none.
std::string accDataApiRefusal(llvm::StringRef object, llvm::StringRef source);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_DRIVER_FLANGDRIVER_H
