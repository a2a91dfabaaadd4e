//===- Classify.h - What kind of module the compile was given ---*- C++ -*-===//
//
// One walk over the parsed module decides the route through the compile:
// Flang's lowering (FIR/HLFIR) or straight translation (LLVM dialect),
// whether flang's OpenMP passes already ran, OpenACC host fallback, and
// whether there is anything to offload.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_CLASSIFY_H
#define OMPX_PIPELINE_CLASSIFY_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace ompx::pipeline {

struct Classification {
  bool fir = false;         ///< FIR/HLFIR ops: needs Flang's lowering pipeline
  bool llvm = false;        ///< LLVM dialect ops
  bool flangOutput = false; ///< flang already ran its OpenMP FIR passes
  bool hasMain = false;
  mlir::Operation *accCompute = nullptr;
  mlir::Operation *accAny = nullptr;
  mlir::Operation *target = nullptr;
  /// target data / enter data / exit data / update: they move data even in
  /// a module without kernels.
  mlir::Operation *targetData = nullptr;
  /// A function or global marked `omp.declare_target`: the device image
  /// needs it even when this unit has no target region (another unit's
  /// kernel calls or reads it).
  mlir::Operation *declareTarget = nullptr;
  /// A global this unit defines with an initial value under a name of its
  /// own, not a module's `_Q` one: a common block a BLOCK DATA initializes,
  /// or an initialized BIND(C) variable; or a module's named constant (an
  /// array, a string) that needs no directive. Other units' device code refers
  /// to it by that name, and only this unit's device image can give it its
  /// value (flang-22 builds every unit for the device).
  mlir::Operation *namedData = nullptr;
  /// A call of the device memory API (omp_target_*, omp_get_num_devices,
  /// the openacc module's acc_* data routines): the device must be there
  /// even without a construct.
  mlir::Operation *deviceApi = nullptr;
  int openmpVersion = 31;

  /// LLVM dialect only: no func.func bodies for flang's passes.
  bool llvmOnly() const { return llvm && !fir; }
};

Classification classify(mlir::ModuleOp module);

/// The build log's one-line description of the input.
std::string describeInput(const Classification &c);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_CLASSIFY_H
