//===- KernelSources.h - Kernel launches named by their source --*- C++ -*-===//
//
// LLVM 22's OpenMP translation names a kernel launch (the `ident_t` passed
// to __tgt_target_kernel) by the IR builder's debug location, which flang's
// output without debug info does not have: LIBOMPTARGET_INFO and profilers
// then say `Entering OpenMP kernel at unknown:0:0`. The kernel's own name
// (`__omp_offloading_<dev>_<file>_<function>_l<line>`) says which function
// and line it came from; the `omp.target` ops of the MLIR say which file and
// column. Each launch gets an ident naming that source instead.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_KERNELSOURCES_H
#define OMPX_PIPELINE_KERNELSOURCES_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace ompx::pipeline {

/// Where each target region of a module is: "FUNCTION:LINE" (as its kernel's
/// name spells them) to ";FILE;FUNCTION;LINE;COLUMN;;", the runtime's
/// source-location string.
using KernelSourceTable = llvm::StringMap<std::string>;

/// The table for the `omp.target` ops of `module` (before its lowering).
KernelSourceTable collectKernelSources(mlir::ModuleOp module);

/// Gives every __tgt_target_kernel call of `m` whose ident names no source
/// an ident naming its region's source from `table`. Returns how many.
unsigned nameKernelLaunches(llvm::Module &m, const KernelSourceTable &table);

/// The translation names a map entry only by a NameLoc around its location
/// ("unknown" otherwise, e.g. for MLIR printed without flang's locations):
/// each `omp.map.info` of `module` with a `name` gets one, at the construct
/// using it when flang placed it in a `.mod` file. Before translation.
void nameMapLocations(mlir::ModuleOp module);

/// flang-22 spells a map clause's name string `;FILE;NAME;LINE;COL;;`, where
/// libomptarget reads the name from the first field (clang's order): its
/// messages say `tofrom(saxpy.f90)[4096]`. Swaps the two fields of every
/// string the `.offload_mapnames` arrays of `m` point at. Returns how many.
unsigned nameMapEntries(llvm::Module &m);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_KERNELSOURCES_H
