//===- HostTargetFirstprivate.cpp - By-copy captures private on the host --===//
//
// A scalar a target region uses without a map is firstprivate (implicit
// data-mapping rules): the region writes its own copy and the host's
// variable keeps its value. flang-22 captures it `capture(ByCopy)`. On a
// device that holds (the kernel gets the value), but LLVM 22's host code
// for the same region (a host build, --device=host, a target region's host
// fallback) hands the outlined function the variable's address and uses
// that address as the block argument: `x = 1; !$omp target; x = 2` left
// x = 2 on the host and x = 1 on every device.
//
// Each by-copy block argument of a host copy's omp.target gets its own
// copy at the start of the region, loaded from the argument: the region
// then reads and writes that copy, on the host as on a device.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"

namespace ompx::passes {
#define GEN_PASS_DEF_HOSTTARGETFIRSTPRIVATEPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

/// Gives each used by-copy block argument of `target` (a pointer in the
/// host copy) a private copy.
static void privatizeByCopy(omp::TargetOp target) {
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
  Block &entry = target.getRegion().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  for (auto [var, arg] :
       llvm::zip_equal(target.getMapVars(), iface.getMapBlockArgs())) {
    auto map = var.getDefiningOp<omp::MapInfoOp>();
    if (!map || map.getMapCaptureType() != omp::VariableCaptureKind::ByCopy ||
        !isa<LLVM::LLVMPointerType>(arg.getType()) || arg.use_empty() ||
        ompx::passes::isDeclareTargetAddress(map.getVarPtr()))
      continue;
    Type type = map.getVarType();
    Location loc = map.getLoc();
    Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                         b.getI64IntegerAttr(1));
    auto copy = LLVM::AllocaOp::create(b, loc, arg.getType(), type, one);
    auto value = LLVM::LoadOp::create(b, loc, type, arg);
    LLVM::StoreOp::create(b, loc, value, copy);
    arg.replaceAllUsesExcept(copy, value);
  }
}

namespace {
struct HostTargetFirstprivatePass
    : ompx::passes::impl::HostTargetFirstprivatePassBase<
          HostTargetFirstprivatePass> {
  void runOnOperation() final {
    getOperation().walk([](omp::TargetOp target) { privatizeByCopy(target); });
  }
};
} // namespace
