//===- AssumedSizePresence.cpp - Assumed-size arrays a region maps -------===//
//
// An assumed-size array (`a(*)`) used in a target region without a map
// clause has no extent to map: flang-22 maps one element, and the region
// read or wrote past it (a sum gave 1 for 10; a write corrupted the heap).
// It is right when the array is present already (an enclosing target data,
// the caller's enter data, `default(present)`): the implicit map then only
// finds it. Before the construct, when it offloads, libomptarget is asked
// whether the array's first element is present; if not, the program stops
// naming the array, the line and the clause to write.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"
#include "pipeline/passes/RuntimeCalls.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_ASSUMEDSIZEPRESENCEPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// Whether `var` is declared as an assumed-size array (its shape's last
/// extent is `*`).
bool assumedSize(Value var) {
  Value shape;
  if (auto d = var.getDefiningOp<hlfir::DeclareOp>())
    shape = d.getShape();
  else if (auto d = var.getDefiningOp<fir::DeclareOp>())
    shape = d.getShape();
  if (!shape)
    return false;
  SmallVector<Value> extents;
  if (auto s = shape.getDefiningOp<fir::ShapeOp>())
    llvm::append_range(extents, s.getExtents());
  else if (auto s = shape.getDefiningOp<fir::ShapeShiftOp>())
    llvm::append_range(extents, s.getExtents());
  return !extents.empty() &&
         extents.back().getDefiningOp<fir::AssumedSizeExtentOp>();
}

struct AssumedSizePresencePass
    : ompx::passes::impl::AssumedSizePresencePassBase<AssumedSizePresencePass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    fir::KindMapping kinds = fir::getKindMapping(module);
    SmallVector<std::pair<omp::TargetOp, omp::MapInfoOp>> found;
    module.walk([&](omp::TargetOp target) {
      for (Value v : target.getMapVars())
        if (auto map = v.getDefiningOp<omp::MapInfoOp>();
            map &&
            omp::bitEnumContainsAny(map.getMapType(),
                                    omp::ClauseMapFlags::implicit) &&
            assumedSize(map.getVarPtr()))
          found.push_back({target, map});
    });
    for (auto &[target, map] : found)
      check(target, map, kinds);
  }

  void check(omp::TargetOp target, omp::MapInfoOp map,
             const fir::KindMapping &kinds) {
    fir::FirOpBuilder b(target, kinds);
    Location loc = target.getLoc();
    ompx::passes::TargetDevice where =
        ompx::passes::targetDevice(b, loc, target);
    Value absent = arith::XOrIOp::create(
        b, loc,
        ompx::passes::presentOnDevice(b, loc, map.getVarPtr(), where.device),
        b.createBool(loc, true));
    Value refuse = arith::AndIOp::create(b, loc, where.offloads, absent);
    std::string name = map.getName().value_or("").str();
    std::string line = ompx::passes::atLine(loc);
    std::string message =
        "ompx: the assumed-size array '" + name + "' is used in the construct" +
        line +
        " without a data clause and is not on the device: it has no extent "
        "to map, and flang-22 maps one element (the region reads or writes "
        "past it). Name the elements it uses (OpenMP `map(tofrom: " +
        name + "(1:n))`, OpenACC `copy(" + name +
        "(1:n))`), or put them on the device before it";
    b.genIfThen(loc, refuse)
        .genThen([&] { ompx::passes::reportFatal(b, loc, message); })
        .end();
  }
};
} // namespace
