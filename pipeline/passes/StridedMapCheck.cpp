//===- StridedMapCheck.cpp - maps LLVM 22 copies as if contiguous ---------===//
//
// flang-22 maps an assumed-shape array (a descriptor) with bounds whose
// stride is the descriptor's, in bytes; LLVM 22's translation sizes and
// copies the data as if the stride were the element's. A non-contiguous
// actual argument (`call f(a(1:n:3))`) then reaches the device as the
// first elements of the span, and the results are wrong with no message.
// Whether the array is contiguous is known only at run time: before each
// such map the host checks it (the Fortran runtime's IsContiguous) and a
// non-contiguous one stops the program, naming the variable and the
// directive, instead of computing a wrong answer.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Builder/Runtime/Inquiry.h"
#include "flang/Optimizer/Builder/Runtime/Stop.h"
#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

namespace ompx::passes {
#define GEN_PASS_DEF_STRIDEDMAPCHECKPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
/// The descriptor whose byte stride `bounds` takes, if it does.
mlir::Value stridedBox(mlir::omp::MapBoundsOp bounds) {
  if (!bounds.getStrideInBytes() || !bounds.getStride())
    return nullptr;
  auto dims = bounds.getStride().getDefiningOp<fir::BoxDimsOp>();
  if (!dims || bounds.getStride() != dims.getResult(2))
    return nullptr;
  return dims.getVal();
}

/// "x at f.f90:9" for the message: the map's name and the construct's
/// line (an entry's location is the variable's declaration).
std::string placeOf(mlir::omp::MapInfoOp map) {
  mlir::Operation *at = map;
  for (mlir::Operation *user : map->getUsers())
    if (auto parent = llvm::dyn_cast<mlir::omp::MapInfoOp>(user)) {
      for (mlir::Operation *u : parent->getUsers())
        if (!llvm::isa<mlir::omp::MapInfoOp>(u))
          at = u;
    } else {
      at = user;
    }
  std::string name;
  for (mlir::Operation *user : map->getUsers())
    if (auto parent = llvm::dyn_cast<mlir::omp::MapInfoOp>(user))
      name = parent.getName().value_or("").str();
  if (name.empty())
    name = map.getName().value_or("").str();
  std::string where;
  if (auto file = mlir::dyn_cast<mlir::FileLineColLoc>(at->getLoc()))
    where = " at " + llvm::sys::path::filename(file.getFilename().str()).str() +
            ":" + std::to_string(file.getLine());
  return "'" + (name.empty() ? std::string("an array") : name) + "'" + where;
}

struct StridedMapCheckPass
    : ompx::passes::impl::StridedMapCheckPassBase<StridedMapCheckPass> {
  void runOnOperation() final {
    mlir::ModuleOp module = getOperation();
    fir::KindMapping kinds = fir::getKindMapping(module);
    llvm::SmallVector<std::pair<mlir::omp::MapInfoOp, mlir::Value>> checks;
    module.walk([&](mlir::omp::MapInfoOp map) {
      // A mapper's maps are a template the translation expands, no code.
      if (map->getParentOfType<mlir::omp::DeclareMapperOp>() ||
          !map->getParentOfType<mlir::FunctionOpInterface>())
        return;
      for (mlir::Value b : map.getBounds())
        if (auto bounds = b.getDefiningOp<mlir::omp::MapBoundsOp>())
          if (mlir::Value box = stridedBox(bounds)) {
            checks.push_back({map, box});
            return;
          }
    });
    for (auto [map, box] : checks) {
      fir::FirOpBuilder builder(map, kinds);
      mlir::Location loc = map.getLoc();
      mlir::Value contiguous = fir::runtime::genIsContiguous(builder, loc, box);
      mlir::Value no = builder.createBool(loc, false);
      mlir::Value broken = mlir::arith::CmpIOp::create(
          builder, loc, mlir::arith::CmpIPredicate::eq, contiguous,
          builder.createConvert(loc, contiguous.getType(), no));
      std::string message =
          "ompx: the map of " + placeOf(map) +
          " is of a non-contiguous array (e.g. an array section with a "
          "stride passed to an assumed-shape dummy), which LLVM 22 copies as "
          "if contiguous: the results would be wrong. Pass a contiguous "
          "array (a copy of the section) to the procedure";
      builder.genIfThen(loc, broken)
          .genThen([&] {
            fir::runtime::genReportFatalUserError(builder, loc, message);
          })
          .end();
    }
  }
};
} // namespace
