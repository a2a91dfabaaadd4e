//===- PolymorphicMaps.cpp - Maps of CLASS objects, at their dynamic size -===//
//
// flang-22 maps a polymorphic object (a `fir.class` descriptor: CLASS(T),
// CLASS(*)) as a descriptor with a data member whose type is the declared
// one, and LLVM 22 sizes the data by that type: a CLASS(base) object of
// dynamic type child reached the device as its base part (sums of garbage,
// a type-bound procedure run on a truncated copy, writes past the device
// copy and a corrupted heap), and a CLASS(*) object's data (`none`, 0
// bytes) never did (its value read in a `type is` branch crashed). No
// message, not even from the checked run.
//
// The data member is mapped as the bytes the descriptor says it has: its
// element length (`fir.box_elesize`, the dynamic type's) times the elements
// the map's bounds take, without flang's default mapper (which maps the
// declared type's size per element). A declared type with allocatable or
// pointer components needs that mapper for their deep copy, and an
// extension's own such components are unknown here: its map is kept, and
// the program stops before it, naming the object, when the dynamic type is
// larger than the declared one (only the declared part would be copied).
//
// Runs after ompx-strided-map-check, which stops a non-contiguous array
// (the byte range here assumes one run), on flang's output and again after
// flang's map finalization for OpenACC (acc-to-omp's maps are split there).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/Passes.h"
#include "pipeline/passes/RuntimeCalls.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_POLYMORPHICMAPSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// The data member of a polymorphic descriptor's map (or of an assumed-type
/// one, `type(*)`, whose element is `none` too): the declared element type,
/// else null.
Type polymorphicData(omp::MapInfoOp map) {
  if (!map.getVarPtrPtr() || map.getVarType().isInteger(8))
    return nullptr;
  auto box =
      dyn_cast<fir::BaseBoxType>(fir::unwrapRefType(map.getVarPtr().getType()));
  if (!box)
    return nullptr;
  Type elem = fir::unwrapSequenceType(fir::unwrapPassByRefType(box.getEleTy()));
  if (isa<fir::ClassType>(box) || isa<NoneType>(elem))
    return elem;
  return nullptr;
}

/// The name of the object `data` is the data of, and the construct's line.
std::string placeOf(omp::MapInfoOp data) {
  std::string name = data.getName().value_or("").str();
  Operation *at = data;
  for (Operation *user : data->getUsers())
    if (auto parent = dyn_cast<omp::MapInfoOp>(user)) {
      if (name.empty())
        name = parent.getName().value_or("").str();
      for (Operation *u : parent->getUsers())
        if (!isa<omp::MapInfoOp>(u))
          at = u;
    } else {
      at = user;
    }
  // An implicit map has no name: the variable's declaration has one.
  if (name.empty()) {
    if (auto decl = data.getVarPtr().getDefiningOp<hlfir::DeclareOp>())
      name = fir::NameUniquer::deconstruct(decl.getUniqName()).second.name;
    else if (auto decl = data.getVarPtr().getDefiningOp<fir::DeclareOp>())
      name = fir::NameUniquer::deconstruct(decl.getUniqName()).second.name;
  }
  return "'" + (name.empty() ? std::string("a polymorphic object") : name) +
         "'" + ompx::passes::atLine(at->getLoc());
}

struct PolymorphicMapsPass
    : ompx::passes::impl::PolymorphicMapsPassBase<PolymorphicMapsPass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    fir::KindMapping kinds = fir::getKindMapping(module);
    SmallVector<omp::MapInfoOp> maps;
    module.walk([&](omp::MapInfoOp map) {
      // A mapper's body is code too (the translation makes a function of
      // it): a polymorphic component of a mapped record is mapped there.
      if ((map->getParentOfType<omp::DeclareMapperOp>() ||
           map->getParentOfType<FunctionOpInterface>()) &&
          polymorphicData(map))
        maps.push_back(map);
    });
    llvm::SmallDenseMap<StringAttr, std::string> unguarded;
    for (omp::MapInfoOp map : maps) {
      auto record = dyn_cast<fir::RecordType>(polymorphicData(map));
      auto mapper = map->getParentOfType<omp::DeclareMapperOp>();
      fir::FirOpBuilder b(map, kinds);
      if (!record || !ompx::passes::hasDescriptorComponents(record))
        mapBytes(b, map, mapper);
      else if (!mapper)
        guardExtension(b, map, record);
      else // a mapper cannot stop the program
        unguarded[mapper.getSymNameAttr()] = record.getName().str();
    }
    if (!unguarded.empty())
      refuseUnguardedComponents(module, unguarded);
  }

  /// A polymorphic component whose declared type has allocatable
  /// components, mapped by its record's mapper: the component's own mapper
  /// copies the declared type's part of a larger dynamic type (silently
  /// wrong), and a mapper's body cannot stop the program. Each construct
  /// mapping a record through such a mapper is refused.
  void refuseUnguardedComponents(
      ModuleOp module,
      const llvm::SmallDenseMap<StringAttr, std::string> &unguarded) {
    bool failed = false;
    module.walk([&](omp::MapInfoOp map) {
      FlatSymbolRefAttr mapper = map.getMapperIdAttr();
      if (!mapper || map->getParentOfType<omp::DeclareMapperOp>())
        return;
      auto at = unguarded.find(mapper.getAttr());
      if (at == unguarded.end())
        return;
      Operation *construct = map;
      for (Operation *user : map->getUsers())
        if (!isa<omp::MapInfoOp>(user))
          construct = user;
      construct->emitError()
          << "the map of '" << map.getName().value_or("")
          << "' copies a polymorphic (CLASS) component whose declared type ("
          << fir::NameUniquer::deconstruct(at->second).second.name
          << ") has allocatable components through flang's mapper, which "
             "copies only the declared type's part of an extended object "
             "(its other components would be wrong on the device); refused: "
             "map the component itself as its type (SELECT TYPE on the "
             "host, then map the selector)";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }

  /// The element length the descriptor of `map` holds (0 for an absent
  /// optional dummy; a mapper's component is always there), as index.
  static Value elementLength(fir::FirOpBuilder &b, Location loc,
                             omp::MapInfoOp map, bool inMapper = false) {
    Type index = b.getIndexType();
    Value slot = map.getVarPtr();
    if (inMapper)
      return fir::BoxEleSizeOp::create(b, loc, index,
                                       fir::LoadOp::create(b, loc, slot));
    Value present = fir::IsPresentOp::create(b, loc, b.getI1Type(), slot);
    return b.genIfOp(loc, {index}, present, /*withElseRegion=*/true)
        .genThen([&] {
          Value box = fir::LoadOp::create(b, loc, slot);
          Value size = fir::BoxEleSizeOp::create(b, loc, index, box);
          fir::ResultOp::create(b, loc, size);
        })
        .genElse([&] {
          fir::ResultOp::create(b, loc, b.createIntegerConstant(loc, index, 0));
        })
        .getResults()[0];
  }

  /// The data as bytes: [first, last] of the run the bounds take (the
  /// array's byte strides; a scalar's one element), no mapper.
  void mapBytes(fir::FirOpBuilder &b, omp::MapInfoOp map, bool inMapper) {
    Location loc = map.getLoc();
    Type index = b.getIndexType();
    Value zero = b.createIntegerConstant(loc, index, 0);
    Value one = b.createIntegerConstant(loc, index, 1);
    Value size = elementLength(b, loc, map, inMapper);
    Value first = zero, last = arith::SubIOp::create(b, loc, size, one);
    Value whole = size;
    for (Value v : map.getBounds()) {
      auto bounds = v.getDefiningOp<omp::MapBoundsOp>();
      if (!bounds || !bounds.getLowerBound() || !bounds.getUpperBound() ||
          !bounds.getExtent() || !bounds.getStride() ||
          !bounds.getStrideInBytes()) {
        map->emitError() << "the map of the polymorphic object " << placeOf(map)
                         << " has bounds ompx cannot size by its dynamic "
                            "type; map it as its type (SELECT TYPE on the "
                            "host, then map the selector)";
        return signalPassFailure();
      }
      auto idx = [&](Value x) { return b.createConvert(loc, index, x); };
      Value stride = idx(bounds.getStride());
      first = arith::AddIOp::create(
          b, loc, first,
          arith::MulIOp::create(b, loc, idx(bounds.getLowerBound()), stride));
      last = arith::AddIOp::create(
          b, loc, last,
          arith::MulIOp::create(b, loc, idx(bounds.getUpperBound()), stride));
      whole = arith::MulIOp::create(b, loc, whole, idx(bounds.getExtent()));
    }
    Value bytes = omp::MapBoundsOp::create(
        b, loc, b.getType<omp::MapBoundsType>(), first, last, whole, one,
        /*stride_in_bytes=*/false, zero);
    map.getBoundsMutable().assign(bytes);
    map.setVarType(b.getI8Type());
    map.removeMapperIdAttr();
  }

  /// Stops the program before `map` when the object's dynamic type is larger
  /// than its declared `record` (the mapper copies the declared part).
  void guardExtension(fir::FirOpBuilder &b, omp::MapInfoOp map,
                      fir::RecordType record) {
    Location loc = map.getLoc();
    Type index = b.getIndexType();
    // The declared type's size, as codegen lays it out (a descriptor
    // component's size is the LLVM type's): a box of it, at no address.
    Value none = fir::ZeroOp::create(b, loc, fir::ReferenceType::get(record));
    Value declared = fir::BoxEleSizeOp::create(
        b, loc, index,
        fir::EmboxOp::create(b, loc, fir::BoxType::get(record), none));
    Value size = elementLength(b, loc, map);
    Value larger = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                         size, declared);
    std::string message =
        "ompx: the map of " + placeOf(map) +
        " is of a polymorphic object whose dynamic type extends its declared "
        "type, which has allocatable or pointer components: LLVM 22 would "
        "copy only the declared type's part, and the extension's components "
        "would be wrong on the device. Map it as its type (SELECT TYPE on "
        "the host, then map the selector)";
    b.genIfThen(loc, larger)
        .genThen([&] { ompx::passes::reportFatal(b, loc, message); })
        .end();
  }
};
} // namespace
