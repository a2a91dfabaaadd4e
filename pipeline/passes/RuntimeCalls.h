//===- RuntimeCalls.h - Calls to the OpenMP runtime's C API ------*- C++
//-*-===//
//
// Passes that ask libomptarget at run time (omp_get_mapped_ptr,
// omp_target_memcpy) call its C functions. A program may declare the same
// function itself with another type (omp_lib's interfaces give
// omp_get_mapped_ptr a `type(c_ptr)` result), and one symbol has one type:
// the call then goes through the function's address.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_PASSES_RUNTIMECALLS_H
#define OMPX_PIPELINE_PASSES_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace fir {
class FirOpBuilder;
} // namespace fir

namespace ompx::passes {

/// Calls the C function `name` of type `type` with `args` and returns its
/// results; it is declared in the module where it is not.
llvm::SmallVector<mlir::Value>
callRuntime(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef name,
            mlir::FunctionType type, mlir::ValueRange args);

/// Makes `f`, a function a pass defines in each module that needs it, local
/// to its object file: private visibility alone became an external symbol
/// (`_QQompxXalias_cover`), defined again by every unit of a program.
void makeInternal(mlir::func::FuncOp f);

/// Where `target` runs: its device (its `device` clause, else the default
/// device) and the initial device, as i32, and whether it offloads (not
/// the initial device, its `if` true).
struct TargetDevice {
  mlir::Value device, initial, offloads;
};
TargetDevice targetDevice(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::omp::TargetOp target);
/// The same for a data directive's `device` and `if` clauses (either null).
TargetDevice targetDevice(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value device, mlir::Value ifExpr);

/// Whether host address `host` has a device copy on device `device` (an
/// i32): libomptarget's omp_get_mapped_ptr is not null. An i1.
mlir::Value presentOnDevice(fir::FirOpBuilder &b, mlir::Location loc,
                            mlir::Value host, mlir::Value device);

/// " at FILE:LINE" of `loc` for a message, or "".
std::string atLine(mlir::Location loc);

/// Stops the program with `message` (Fortran's ReportFatalUserError),
/// which the runtime prints as a format: a `%` of a component's name
/// (`p%x`) is escaped, or it would print as a number (`p1`).
void reportFatal(fir::FirOpBuilder &b, mlir::Location loc,
                 llvm::StringRef message);

} // namespace ompx::passes

#endif // OMPX_PIPELINE_PASSES_RUNTIMECALLS_H
