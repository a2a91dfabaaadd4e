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
// directive, instead of computing a wrong answer. An unallocated or
// disassociated one (no data to map) is not checked.
//
// A section of more than one dimension (`update from(a(2,:))`, the halo row
// of a column-major array; `a(2:3, 2:4)`) LLVM 22 sizes as the product of
// its extents and copies as one run from its first element: the elements
// between its columns were overwritten and its last columns missed. OpenMP
// allows such sections in `target update` (and forbids them in maps); the
// same run-time check stops the program before a section whose elements
// are not one run: a dimension it does not take whole (a subscript, or a
// range short of the extent) followed by one it takes more than one of.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"
#include "pipeline/passes/RuntimeCalls.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Builder/Runtime/Inquiry.h"
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
  // The data of a descriptor (unnamed) is named by the descriptor's map:
  // a member of the same parent with the same var_ptr (`ys(3)%m(1,:)`,
  // not the record's parent `ys(3)`), else the parent (`a`).
  std::string name = map.getName().value_or("").str();
  for (mlir::Operation *user : map->getUsers())
    if (auto parent = llvm::dyn_cast<mlir::omp::MapInfoOp>(user)) {
      for (mlir::Value member : parent.getMembers())
        if (auto m = member.getDefiningOp<mlir::omp::MapInfoOp>();
            name.empty() && m && m != map && !m.getVarPtrPtr() &&
            m.getVarPtr() == map.getVarPtr())
          name = m.getName().value_or("").str();
      if (name.empty())
        name = parent.getName().value_or("").str();
    }
  std::string where;
  if (auto file = mlir::dyn_cast<mlir::FileLineColLoc>(at->getLoc()))
    where = " at " + llvm::sys::path::filename(file.getFilename().str()).str() +
            ":" + std::to_string(file.getLine());
  return "'" + (name.empty() ? std::string("an array") : name) + "'" + where;
}

/// Whether dimension `d` of `map`'s variable has the static extent 1 (a
/// degenerate dimension a subscript takes whole): nullopt if not known.
std::optional<int64_t> staticExtent(mlir::omp::MapInfoOp map, unsigned d) {
  auto seq = mlir::dyn_cast<fir::SequenceType>(
      fir::unwrapRefType(map.getVarPtr().getType()));
  if (!seq || d >= seq.getDimension() ||
      seq.getShape()[d] == fir::SequenceType::getUnknownExtent())
    return std::nullopt;
  return seq.getShape()[d];
}

/// For a map with a section of two or more dimensions: an i1 that is true
/// when its elements are not one run (a dimension not taken whole before
/// one taken more than once), or null when the bounds do not say.
mlir::Value gappedSection(fir::FirOpBuilder &b, mlir::omp::MapInfoOp map) {
  llvm::SmallVector<mlir::omp::MapBoundsOp> dims;
  for (mlir::Value v : map.getBounds())
    if (auto bounds = v.getDefiningOp<mlir::omp::MapBoundsOp>())
      dims.push_back(bounds);
  if (dims.size() < 2 || dims.size() != map.getBounds().size())
    return nullptr;
  mlir::Location loc = map.getLoc();
  mlir::Type index = b.getIndexType();
  auto cmp = [&](mlir::arith::CmpIPredicate p, mlir::Value x, mlir::Value y) {
    return mlir::arith::CmpIOp::create(b, loc, p, x, y).getResult();
  };
  mlir::Value one = b.createIntegerConstant(loc, index, 1);
  mlir::Value gap = b.createBool(loc, false);
  mlir::Value partialBefore = b.createBool(loc, false);
  for (auto [d, bounds] : llvm::enumerate(dims)) {
    mlir::Value lb = bounds.getLowerBound(), ub = bounds.getUpperBound();
    mlir::Value extent = bounds.getExtent();
    if (!lb || !ub || !extent)
      return nullptr;
    lb = b.createConvert(loc, index, lb);
    ub = b.createConvert(loc, index, ub);
    mlir::Value count = mlir::arith::AddIOp::create(
        b, loc, mlir::arith::SubIOp::create(b, loc, ub, lb), one);
    mlir::Value partial;
    if (bounds.getLowerBound() == bounds.getUpperBound()) {
      // A subscript: its bounds' extent is 1, not the dimension's.
      std::optional<int64_t> full = staticExtent(map, d);
      partial = b.createBool(loc, !full || *full != 1);
    } else {
      partial = cmp(mlir::arith::CmpIPredicate::ne, count,
                    b.createConvert(loc, index, extent));
    }
    gap = mlir::arith::OrIOp::create(
        b, loc, gap,
        mlir::arith::AndIOp::create(
            b, loc, partialBefore,
            cmp(mlir::arith::CmpIPredicate::ne, count, one)));
    partialBefore = mlir::arith::OrIOp::create(b, loc, partialBefore, partial);
  }
  return gap;
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
    llvm::SmallVector<mlir::omp::MapInfoOp> sections;
    module.walk([&](mlir::omp::MapInfoOp map) {
      // FIR only: an LLVM-dialect input has no FIR lowering left to run.
      if (!map->getParentOfType<mlir::omp::DeclareMapperOp>() &&
          map->getParentOfType<mlir::FunctionOpInterface>() &&
          fir::isa_ref_type(map.getVarPtr().getType()) &&
          map.getBounds().size() >= 2)
        sections.push_back(map);
    });
    for (mlir::omp::MapInfoOp map : sections) {
      fir::FirOpBuilder builder(map, kinds);
      mlir::Value gap = gappedSection(builder, map);
      if (!gap)
        continue;
      std::string message =
          "ompx: the map of " + placeOf(map) +
          " is of an array section whose elements are not one run (a "
          "dimension it does not take whole, such as a(2,:), before one it "
          "takes more than once), which LLVM 22 copies as one run from its "
          "first element: other elements would be overwritten and the "
          "results wrong. Move each contiguous part (a(2:3,j) in a loop over "
          "j), or copy the section to a contiguous array";
      builder.genIfThen(map.getLoc(), gap)
          .genThen([&] {
            ompx::passes::reportFatal(builder, map.getLoc(), message);
          })
          .end();
    }
    for (auto [map, box] : checks) {
      fir::FirOpBuilder builder(map, kinds);
      mlir::Location loc = map.getLoc();
      mlir::Value contiguous = fir::runtime::genIsContiguous(builder, loc, box);
      mlir::Value no = builder.createBool(loc, false);
      mlir::Value broken = mlir::arith::CmpIOp::create(
          builder, loc, mlir::arith::CmpIPredicate::eq, contiguous,
          builder.createConvert(loc, contiguous.getType(), no));
      // An unallocated or disassociated descriptor maps nothing; flang's
      // runtime leaves an unallocated component's dims unset, and
      // IsContiguous read them (a record's `w` read under allocated(d%w)
      // stopped the program).
      auto boxTy = mlir::cast<fir::BaseBoxType>(box.getType());
      mlir::Value addr =
          fir::BoxAddrOp::create(builder, loc, boxTy.getBaseAddressType(), box);
      broken = mlir::arith::AndIOp::create(builder, loc, broken,
                                           builder.genIsNotNullAddr(loc, addr));
      std::string message =
          "ompx: the map of " + placeOf(map) +
          " is of a non-contiguous array (e.g. an array section with a "
          "stride passed to an assumed-shape dummy), which LLVM 22 copies as "
          "if contiguous: the results would be wrong. Pass a contiguous "
          "array (a copy of the section) to the procedure";
      builder.genIfThen(loc, broken)
          .genThen([&] { ompx::passes::reportFatal(builder, loc, message); })
          .end();
    }
  }
};
} // namespace
