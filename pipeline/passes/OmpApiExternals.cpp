//===- OmpApiExternals.cpp - OpenMP routines declared EXTERNAL ------------===//
//
// Fortran code older than omp_lib declares the OpenMP routines it calls
// itself: `integer, external :: omp_get_thread_num`. flang-22 makes that an
// external procedure, `omp_get_thread_num_`, which libomp also exports, so
// it links on the host; no device runtime has it (LLVM's DeviceRTL, ompx's
// host-offload runtime): a target region calling one did not build for any
// device. A call of such a routine without arguments in device code (a
// target region, a declare target procedure) goes to its C binding
// (`omp_get_thread_num`, what omp_lib's interface calls), with the result
// converted back to what the program declared. Host calls keep the
// Fortran name: another file may define it (a stub, a wrapper).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"
#include "pipeline/passes/RuntimeCalls.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

namespace ompx::passes {
#define GEN_PASS_DEF_OMPAPIEXTERNALSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// The C result of OpenMP 5.2's routines without arguments, by name: 'i'
/// int, 'l' a logical as int, 'd' double; 0 for any other name.
char resultOf(StringRef routine) {
  return llvm::StringSwitch<char>(routine)
      .Cases({"omp_get_num_threads", "omp_get_max_threads",
              "omp_get_thread_num", "omp_get_num_procs", "omp_get_thread_limit",
              "omp_get_max_active_levels", "omp_get_level",
              "omp_get_active_level", "omp_get_proc_bind", "omp_get_num_places",
              "omp_get_place_num"},
             'i')
      .Cases({"omp_get_partition_num_places", "omp_get_default_device",
              "omp_get_num_devices", "omp_get_device_num", "omp_get_num_teams",
              "omp_get_team_num", "omp_get_initial_device",
              "omp_get_max_task_priority", "omp_get_supported_active_levels",
              "omp_get_max_teams", "omp_get_teams_thread_limit"},
             'i')
      .Cases({"omp_in_parallel", "omp_get_dynamic", "omp_get_cancellation",
              "omp_get_nested", "omp_in_final", "omp_is_initial_device",
              "omp_in_explicit_task"},
             'l')
      .Cases({"omp_get_wtime", "omp_get_wtick"}, 'd')
      .Default(0);
}

struct OmpApiExternalsPass
    : ompx::passes::impl::OmpApiExternalsPassBase<OmpApiExternalsPass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    // flang's name of an external procedure `p`: `_QPp`.
    constexpr StringLiteral prefix = "_QP";
    SmallVector<fir::CallOp> calls;
    module.walk([&](fir::CallOp call) {
      // Device code only: on the host libomp defines the Fortran name, and
      // so may another file of the program (a stub, a wrapper).
      auto function = call->getParentOfType<FunctionOpInterface>();
      if (!call->getParentOfType<omp::TargetOp>() &&
          !(function && function->hasAttr("omp.declare_target")))
        return;
      SymbolRefAttr callee = call.getCalleeAttr();
      if (!callee || !call.getArgs().empty() || call.getNumResults() != 1)
        return;
      StringRef name = callee.getLeafReference().getValue();
      auto decl = module.lookupSymbol<func::FuncOp>(callee);
      if (name.starts_with(prefix) && decl && decl.isExternal() &&
          resultOf(name.drop_front(prefix.size())))
        calls.push_back(call);
    });
    for (fir::CallOp call : calls) {
      StringRef routine =
          call.getCalleeAttr().getLeafReference().getValue().drop_front(
              prefix.size());
      OpBuilder b(call);
      Type c = resultOf(routine) == 'd' ? Type(b.getF64Type())
                                        : Type(b.getI32Type());
      Value result = ompx::passes::callRuntime(
          b, call.getLoc(), routine, b.getFunctionType({}, {c}), {})[0];
      Type declared = call.getResult(0).getType();
      if (result.getType() != declared)
        result = fir::ConvertOp::create(b, call.getLoc(), declared, result);
      call.getResult(0).replaceAllUsesWith(result);
      call.erase();
    }
  }
};
} // namespace
