//===- FlangDefects.h - Lowerings that are another program -----*- C++ -*-===//
//
// Constructs flang-22's lowering or LLVM 22's translation turns into another
// program than the one written, found in the input module (HLFIR/FIR) and
// refused at their op with what to write instead. runInputPasses
// (Lowering.h) runs them, each on the builds its comment names.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_FLANGDEFECTS_H
#define OMPX_PIPELINE_COMPILE_FLANGDEFECTS_H

#include "mlir/IR/BuiltinOps.h"

namespace ompx::pipeline {

/// Linear variables that leave their loop without their last value: simd
/// loops whose variable flang-22 makes both linear and private (its
/// lowering for -fopenmp-version below 50, which also loses `linear(i:5)`),
/// and `linear` on a worksharing loop with a schedule other than static
/// (LLVM 22's translation). An error at each; false if there were any.
/// runInputPasses runs it too.
bool refuseLinearPrivates(mlir::ModuleOp module);

/// On a device: use_device_addr/use_device_ptr of a descriptor (an
/// allocatable, pointer or assumed-shape array, and OpenACC host_data's
/// use_device after acc-to-omp), to which LLVM 22's translation gives a
/// garbage descriptor in the construct. An error at each; false if there
/// were any. runInputPasses runs it after its passes when offloading.
bool refuseDescriptorUseDevice(mlir::ModuleOp module);

/// On a device: `target update` of a derived-type variable with
/// allocatable or pointer components (no members, no mapper), whose
/// components' data LLVM 22 leaves stale. An error at each; false if there
/// were any. runInputPasses runs it after its passes when offloading.
bool refuseRecordUpdates(mlir::ModuleOp module);

/// On a device: a member map of a record's array component whose lower
/// bound is not 1 (`map(tofrom: r%x)` of `x(0:11)`), which flang-22 maps
/// through a temporary descriptor (the kernel crashed). An error at each
/// construct; false if there were any.
bool refuseTemporaryMembers(mlir::ModuleOp module);

/// A map with components of two or more elements of one array of derived
/// type (`map(tofrom: ts(1)%a, ts(3)%a)`): flang-22 makes them members of
/// a map of the first element alone, with one member index for both, and
/// the region reached the others outside the device copy (wrong results,
/// or "double free"). An error at the map's construct, on a device; false
/// if there were any.
bool refuseElementMembers(mlir::ModuleOp module);

/// In device code when offloading: a SELECT TYPE with a derived type's
/// guard, SAME_TYPE_AS and EXTENDS_TYPE_OF: the device reads the dynamic
/// type from the host's type descriptor, which none of the device image's
/// matches (every selector took `class default`, both intrinsics gave F).
/// An error at each; false if there were any.
bool refuseDeviceTypeInquiry(mlir::ModuleOp module);

/// A call through a procedure pointer (an indirect fir.call) in a target
/// region or a declare target procedure, when offloading: the device would
/// call the host's procedure (host-offload ran the host's copy with the
/// host's data, silently; a GPU cannot), and flang-22 does not implement
/// `declare target indirect`. Refused at the call. False when one was.
bool refuseIndirectDeviceCalls(mlir::ModuleOp module);

/// An atomic update or capture (OpenMP's or OpenACC's) of a real or
/// complex variable over 8 bytes (complex(8), real(10), complex(10),
/// real(16)): LLVM 22 exchanges only the first 8 bytes of a complex(8)
/// atomically (the imaginary part is lost, on the host too) and cannot
/// translate the others; when `offload`, any complex one in device code
/// (a libatomic call no device runtime has). An error at each; false if
/// there were any. runInputPasses runs it on every build.
bool refuseWideAtomics(mlir::ModuleOp module, bool offload);

/// An I/O statement's implied DO, run by every thread of a parallel region,
/// whose variable flang-22 leaves shared (OpenMP makes it private; the
/// threads race on it). An error at each; false if there were any.
/// runInputPasses runs it too.
bool refuseSharedImpliedDo(mlir::ModuleOp module);

/// On a device: maps of character data LLVM 22 moves in part: a length
/// known only at run time (one character moved), and a section of a
/// character array (offset by bytes, not elements). An error at each;
/// false if there were any. runInputPasses runs it when offloading.
bool refuseCharacterMaps(mlir::ModuleOp module);

/// On a device, after the input passes: a target construct's map of the
/// data of a declare target allocatable or pointer by its descriptor's
/// address (`var_ptr_ptr`) that is no member of another of its maps (what
/// ompx-record-maps' hold of a record array was before d3b52f62). LLVM 22
/// checks the declare target attribute on that address, a GEP, and passes
/// the global as a kernel argument, and the outlined kernel then reads the
/// variable from the argument (garbage descriptor, -1 for size 8). No
/// pass makes one now; an error at each keeps a later one from running
/// wrong. False if there were any.
bool refuseDeclareTargetArguments(mlir::ModuleOp module);
/// Drops the declare target flang-22 gives the main program when an
/// interface body in it has a bare `!$omp declare target` (that names the
/// interface's procedure, which keeps it; llvm-project#190250): the main
/// program then counted as device code, and its target regions' maps of
/// its own variables were refused. A main program is never device code.
void unmarkMainProgram(mlir::ModuleOp module);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_FLANGDEFECTS_H
