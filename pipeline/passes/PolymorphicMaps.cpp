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
// The byte map copies an extension's allocatable or pointer components (a
// declared type without any, CLASS(*), TYPE(*)) as their descriptors, host
// addresses and all: a GPU would fault on them, and host-offload ran the
// device's writes into the host's data (a map(to:) object's changes came
// back) or copied a from-map's uninitialized descriptor over the host's (a
// crash). Before each such map the program asks flang's runtime type
// information (the dynamic type's `typeInfo::DerivedType`, through the
// descriptor's type descriptor) whether the type has allocatable, pointer
// or automatic components at any depth, and stops naming the object when
// it has: an extension with plain data maps as before.
//
// A polymorphic component of a record is mapped by the record's mapper
// (flang's default mapper, made a function by the translation), which
// cannot stop the program. Before each construct that maps such a record
// (through that mapper, or through a mapper of a record holding it in
// place), the host follows the component in the record or in each element
// of an array of them and stops the program, naming it, when its dynamic
// type would be copied wrong: larger than a declared type with allocatable
// or pointer components (the mapper copies the declared part), or with
// such components a declared type without them lacks (copied as bytes).
// Only a component no such guard reaches (behind an allocatable or pointer
// record, in a declared mapper's own expression) is refused at compile
// time.
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
#include "flang/Optimizer/Builder/MutableBox.h"
#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

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
std::string placeOf(omp::MapInfoOp data, std::string *nameOut = nullptr) {
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
  if (nameOut)
    *nameOut = name;
  return "'" + (name.empty() ? std::string("a polymorphic object") : name) +
         "'" + ompx::passes::atLine(at->getLoc());
}

/// The components from a mapper's record (its block argument) to `v`, by
/// name (`fir.coordinate_of` of fields, through declarations), or nullopt.
std::optional<SmallVector<std::string>> fieldPath(Value v,
                                                  omp::DeclareMapperOp mapper) {
  SmallVector<std::string> path;
  Block &entry = mapper.getRegion().front();
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != &entry)
        return std::nullopt;
      break;
    }
    Operation *op = v.getDefiningOp();
    if (auto decl = dyn_cast<hlfir::DeclareOp>(op)) {
      v = decl.getMemref();
      continue;
    }
    if (auto decl = dyn_cast<fir::DeclareOp>(op)) {
      v = decl.getMemref();
      continue;
    }
    auto coor = dyn_cast<fir::CoordinateOp>(op);
    auto fields = coor ? coor.getFieldIndices() : std::nullopt;
    if (!coor || !coor.getCoor().empty() || !fields || fields->empty())
      return std::nullopt;
    Type type = fir::unwrapRefType(coor.getRef().getType());
    SmallVector<std::string> here;
    for (int32_t index : *fields) {
      auto record = dyn_cast<fir::RecordType>(type);
      if (!record || index < 0 ||
          static_cast<size_t>(index) >= record.getTypeList().size())
        return std::nullopt;
      here.push_back(record.getTypeList()[index].first);
      type = record.getTypeList()[index].second;
    }
    path.insert(path.begin(), here.begin(), here.end());
    v = coor.getRef();
  }
  return path;
}

/// flang-22's description of a derived type for its runtime
/// (`typeInfo::DerivedType`, the type of the `.dt.` globals; module
/// __fortran_type_info): the module's own, else (a unit without a derived
/// type of its own: CLASS(*), TYPE(*)) flang-22's layout, as text.
constexpr llvm::StringLiteral kTypeInfoName =
    "_QM__fortran_type_infoTderivedtype";
constexpr llvm::StringLiteral kTypeInfoText =
    "!fir.type<_QM__fortran_type_infoTderivedtype{binding:!fir.box<!fir.p"
    "tr<!fir.array<?x!fir.type<_QM__fortran_type_infoTbinding{proc:!fir.t"
    "ype<_QM__fortran_builtinsT__builtin_c_funptr{__address:i64}>,name:!f"
    "ir.box<!fir.ptr<!fir.char<1,?>>>}>>>>,name:!fir.box<!fir.ptr<!fir.ch"
    "ar<1,?>>>,sizeinbytes:i64,uninstantiated:!fir.box<!fir.ptr<!fir.type"
    "<_QM__fortran_type_infoTderivedtype>>>,kindparameter:!fir.box<!fir.p"
    "tr<!fir.array<?xi64>>>,lenparameterkind:!fir.box<!fir.ptr<!fir.array"
    "<?xi8>>>,component:!fir.box<!fir.ptr<!fir.array<?x!fir.type<_QM__for"
    "tran_type_infoTcomponent{name:!fir.box<!fir.ptr<!fir.char<1,?>>>,gen"
    "re:i8,category:i8,kind:i8,rank:i8,__padding0:!fir.array<4xi8>,offset"
    ":i64,characterlen:!fir.type<_QM__fortran_type_infoTvalue{genre:i8,__"
    "padding0:!fir.array<7xi8>,value:i64}>,derived:!fir.box<!fir.ptr<!fir"
    ".type<_QM__fortran_type_infoTderivedtype>>>,lenvalue:!fir.box<!fir.p"
    "tr<!fir.array<?x!fir.type<_QM__fortran_type_infoTvalue{genre:i8,__pa"
    "dding0:!fir.array<7xi8>,value:i64}>>>>,bounds:!fir.box<!fir.ptr<!fir"
    ".array<?x?x!fir.type<_QM__fortran_type_infoTvalue{genre:i8,__padding"
    "0:!fir.array<7xi8>,value:i64}>>>>,initialization:!fir.type<_QM__fort"
    "ran_builtinsT__builtin_c_ptr{__address:i64}>}>>>>,procptr:!fir.box<!"
    "fir.ptr<!fir.array<?x!fir.type<_QM__fortran_type_infoTprocptrcompone"
    "nt{name:!fir.box<!fir.ptr<!fir.char<1,?>>>,offset:i64,initialization"
    ":!fir.type<_QM__fortran_builtinsT__builtin_c_funptr{__address:i64}>}"
    ">>>>,special:!fir.box<!fir.ptr<!fir.array<?x!fir.type<_QM__fortran_t"
    "ype_infoTspecialbinding{which:i8,isargdescriptorset:i8,istypebound:i"
    "8,specialcaseflag:i8,__padding0:!fir.array<4xi8>,proc:!fir.type<_QM_"
    "_fortran_builtinsT__builtin_c_funptr{__address:i64}>}>>>>,specialbit"
    "set:i32,hasparent:i8,noinitializationneeded:i8,nodestructionneeded:i"
    "8,nofinalizationneeded:i8,nodefinedassignment:i8,__padding0:!fir.arr"
    "ay<3xi8>}>";

fir::RecordType typeInfoType(MLIRContext *ctx) {
  auto known = fir::RecordType::get(ctx, kTypeInfoName);
  if (known.isFinalized())
    return known;
  return dyn_cast_or_null<fir::RecordType>(parseType(kTypeInfoText, ctx));
}

/// Fields of flang's runtime type information.
enum : int8_t { kGenreData = 1 }; // typeInfo::Component::Genre::Data
constexpr int32_t kTypeStruct = 42; // CFI_type_struct

/// `_QQompx.descriptor_components(dt) -> i1`, defined once a module:
/// whether the derived type flang's runtime describes at `dt` has an
/// allocatable, pointer or automatic component at any depth (its parent's
/// and its data components' own included). A type that needs no
/// initialization has none (they start unallocated or disassociated).
func::FuncOp descriptorComponentsFn(ModuleOp module, fir::RecordType info,
                                    const fir::KindMapping &kinds) {
  constexpr llvm::StringLiteral name = "_QQompx.descriptor_components";
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  Location loc = module.getLoc();
  Type infoRef = fir::ReferenceType::get(info);
  OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
  auto f = func::FuncOp::create(
      mb, loc, name, mb.getFunctionType({infoRef}, {mb.getI1Type()}));
  ompx::passes::makeInternal(f);
  Block *entry = f.addEntryBlock();
  OpBuilder ob = OpBuilder::atBlockEnd(entry);
  fir::FirOpBuilder b(ob, kinds);
  Type i1 = b.getI1Type(), i8 = b.getI8Type(), i64 = b.getI64Type();
  Type index = b.getIndexType();
  auto field = [&](Value rec, StringRef id) -> Value {
    auto recTy = cast<fir::RecordType>(fir::unwrapRefType(rec.getType()));
    fir::IntOrValue at = b.getI32IntegerAttr(recTy.getFieldIndex(id));
    return fir::CoordinateOp::create(
        b, loc, fir::ReferenceType::get(recTy.getType(id)), rec,
        llvm::ArrayRef<fir::IntOrValue>{at});
  };
  auto byte = [&](Value rec, StringRef id, int8_t v) -> Value {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        fir::LoadOp::create(b, loc, field(rec, id)),
        b.createIntegerConstant(loc, i8, v));
  };
  Value dt = entry->getArgument(0);
  Value found = fir::AllocaOp::create(b, loc, i1);
  fir::StoreOp::create(b, loc, b.createBool(loc, false), found);
  b.genIfThen(loc, byte(dt, "noinitializationneeded", 0))
      .genThen([&] {
        Value comps = fir::LoadOp::create(b, loc, field(dt, "component"));
        auto boxTy = cast<fir::BaseBoxType>(comps.getType());
        Value zero = b.createIntegerConstant(loc, index, 0);
        Value one = b.createIntegerConstant(loc, index, 1);
        auto dims = fir::BoxDimsOp::create(b, loc, index, index, index, comps,
                                           zero);
        Value base = fir::BoxAddrOp::create(b, loc, boxTy.getBaseAddressType(),
                                            comps);
        Value last = arith::SubIOp::create(b, loc, dims.getResult(1), one);
        auto loop = fir::DoLoopOp::create(b, loc, zero, last, one);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(loop.getBody());
        Type compTy = fir::unwrapSequenceType(
            fir::unwrapPassByRefType(boxTy.getEleTy()));
        Value comp = fir::CoordinateOp::create(
            b, loc, fir::ReferenceType::get(compTy), base,
            ValueRange{loop.getInductionVar()});
        Value hit =
            b.genIfOp(loc, {i1}, byte(comp, "genre", kGenreData),
                      /*withElseRegion=*/true)
                .genThen([&] {
                  // A data component of a derived type: that type's own.
                  Value derived =
                      fir::LoadOp::create(b, loc, field(comp, "derived"));
                  Value addr = fir::BoxAddrOp::create(
                      b, loc,
                      cast<fir::BaseBoxType>(derived.getType())
                          .getBaseAddressType(),
                      derived);
                  Value some = arith::CmpIOp::create(
                      b, loc, arith::CmpIPredicate::ne,
                      b.createConvert(loc, i64, addr),
                      b.createIntegerConstant(loc, i64, 0));
                  Value inner =
                      b.genIfOp(loc, {i1}, some, /*withElseRegion=*/true)
                          .genThen([&] {
                            Value r =
                                fir::CallOp::create(
                                    b, loc, f,
                                    ValueRange{b.createConvert(loc, infoRef,
                                                               addr)})
                                    .getResult(0);
                            fir::ResultOp::create(b, loc, r);
                          })
                          .genElse([&] {
                            fir::ResultOp::create(b, loc,
                                                  b.createBool(loc, false));
                          })
                          .getResults()[0];
                  fir::ResultOp::create(b, loc, inner);
                })
                .genElse([&] {
                  // Pointer, allocatable, automatic.
                  fir::ResultOp::create(b, loc, b.createBool(loc, true));
                })
                .getResults()[0];
        b.genIfThen(loc, hit)
            .genThen([&] {
              fir::StoreOp::create(b, loc, b.createBool(loc, true), found);
            })
            .end();
      })
      .end();
  func::ReturnOp::create(b, loc, ValueRange{fir::LoadOp::create(b, loc, found)});
  return f;
}

struct PolymorphicMapsPass
    : ompx::passes::impl::PolymorphicMapsPassBase<PolymorphicMapsPass> {
  bool targetDevice = false;
  /// The optional dummies' descriptor copies initializeOptionalCopy saw.
  llvm::SmallPtrSet<Operation *, 4> initialized;

  /// A polymorphic component a mapper maps: its path from the mapper's
  /// record, its declared type, and whether that type has allocatable or
  /// pointer components (`deep`: the component's own mapper copies its
  /// declared part) or not (its bytes).
  struct ComponentGuard {
    SmallVector<std::string> path;
    fir::RecordType declared;
    bool deep;
  };
  struct MapperGuards {
    SmallVector<ComponentGuard> guards;
    /// The declared type of a component no guard can reach, else empty.
    std::string refused;
  };
  llvm::MapVector<StringAttr, MapperGuards> mapperGuards;

  void runOnOperation() final {
    ModuleOp module = getOperation();
    fir::KindMapping kinds = fir::getKindMapping(module);
    // The host's module runs the guards (a device module's copy of a host
    // function is not run).
    auto offload = dyn_cast<omp::OffloadModuleInterface>(module.getOperation());
    targetDevice = offload && offload.getIsTargetDevice();
    mapperGuards.clear();
    SmallVector<omp::MapInfoOp> maps;
    module.walk([&](omp::MapInfoOp map) {
      // A mapper's body is code too (the translation makes a function of
      // it): a polymorphic component of a mapped record is mapped there.
      if ((map->getParentOfType<omp::DeclareMapperOp>() ||
           map->getParentOfType<FunctionOpInterface>()) &&
          polymorphicData(map))
        maps.push_back(map);
    });
    for (omp::MapInfoOp map : maps) {
      auto record = dyn_cast<fir::RecordType>(polymorphicData(map));
      auto mapper = map->getParentOfType<omp::DeclareMapperOp>();
      if (!mapper)
        initializeOptionalCopy(map.getVarPtr(), kinds);
      fir::FirOpBuilder b(map, kinds);
      if (!record || !ompx::passes::hasDescriptorComponents(record)) {
        mapBytes(b, map, mapper);
        // A mapper cannot stop the program: a CLASS component's extension
        // with such components is not caught there (see the pass's doc).
        if (!mapper && !targetDevice)
          guardDynamicComponents(b, map, record);
        else if (mapper && record)
          noteComponent(mapper, map, record, /*deep=*/false);
      } else if (!mapper)
        guardExtension(b, map, record);
      else // a mapper cannot stop the program: its constructs do
        noteComponent(mapper, map, record, /*deep=*/true);
    }
    if (mapperGuards.empty())
      return;
    nestMapperGuards(module);
    guardConstructs(module, kinds);
  }

  void noteComponent(omp::DeclareMapperOp mapper, omp::MapInfoOp map,
                     fir::RecordType declared, bool deep) {
    MapperGuards &g = mapperGuards[mapper.getSymNameAttr()];
    if (auto path = fieldPath(map.getVarPtr(), mapper))
      g.guards.push_back({std::move(*path), declared, deep});
    else if (deep && g.refused.empty())
      g.refused = declared.getName().str();
  }

  /// A mapper that maps a record in place (a component, not an allocatable
  /// one's data) through a mapper with guards has them too, one level down;
  /// reached otherwise, its constructs are refused.
  void nestMapperGuards(ModuleOp module) {
    bool changed = true;
    while (changed) {
      changed = false;
      module.walk([&](omp::DeclareMapperOp outer) {
        outer.walk([&](omp::MapInfoOp m) {
          FlatSymbolRefAttr inner = m.getMapperIdAttr();
          if (!inner || inner.getAttr() == outer.getSymNameAttr())
            return;
          auto it = mapperGuards.find(inner.getAttr());
          if (it == mapperGuards.end())
            return;
          MapperGuards innerGuards = it->second;
          MapperGuards &outerGuards = mapperGuards[outer.getSymNameAttr()];
          std::optional<SmallVector<std::string>> prefix;
          if (!m.getVarPtrPtr() && isa<fir::RecordType>(m.getVarType()))
            prefix = fieldPath(m.getVarPtr(), outer);
          std::string refused = innerGuards.refused;
          for (const ComponentGuard &g : innerGuards.guards) {
            if (!prefix) {
              if (g.deep && refused.empty())
                refused = g.declared.getName().str();
              continue;
            }
            ComponentGuard nested = g;
            nested.path.insert(nested.path.begin(), prefix->begin(),
                               prefix->end());
            if (llvm::none_of(outerGuards.guards,
                              [&](auto &o) { return o.path == nested.path; })) {
              outerGuards.guards.push_back(std::move(nested));
              changed = true;
            }
          }
          if (!refused.empty() && outerGuards.refused.empty()) {
            outerGuards.refused = refused;
            changed = true;
          }
        });
      });
    }
  }

  /// Before each construct's map through a mapper with guards, the host
  /// follows each guarded component in the record, or in each element of
  /// an array of them, and stops the program when its dynamic type would
  /// be copied wrong. A map whose elements cannot be reached is refused.
  void guardConstructs(ModuleOp module, const fir::KindMapping &kinds) {
    SmallVector<omp::MapInfoOp> maps;
    module.walk([&](omp::MapInfoOp map) {
      if (map.getMapperIdAttr() &&
          !map->getParentOfType<omp::DeclareMapperOp>() &&
          isa<fir::RecordType>(fir::unwrapSequenceType(map.getVarType())))
        maps.push_back(map);
    });
    bool failed = false;
    for (omp::MapInfoOp map : maps) {
      auto it = mapperGuards.find(map.getMapperIdAttr().getAttr());
      if (it == mapperGuards.end())
        continue;
      const MapperGuards &g = it->second;
      std::string refused = g.refused;
      if (refused.empty() && !targetDevice &&
          !guardElements(map, g.guards, kinds))
        for (const ComponentGuard &c : g.guards)
          if (c.deep && refused.empty())
            refused = c.declared.getName().str();
      if (refused.empty())
        continue;
      Operation *construct = map;
      for (Operation *user : map->getUsers())
        if (!isa<omp::MapInfoOp>(user))
          construct = user;
      construct->emitError()
          << "the map of '" << map.getName().value_or("")
          << "' copies a polymorphic (CLASS) component whose declared type ("
          << fir::NameUniquer::deconstruct(refused).second.name
          << ") has allocatable components through flang's mapper, which "
             "copies only the declared type's part of an extended object "
             "(its other components would be wrong on the device), and ompx "
             "cannot reach the component to check it; refused: map the "
             "component itself as its type (SELECT TYPE on the host, then "
             "map the selector)";
      failed = true;
    }
    if (failed)
      signalPassFailure();
  }

  /// The guards of `guards` before `map`, over its record or each element
  /// of its array of records; false (nothing built) where its elements are
  /// not a record, a fixed-size array of them, or a descriptor's data.
  bool guardElements(omp::MapInfoOp map, ArrayRef<ComponentGuard> guards,
                     const fir::KindMapping &kinds) {
    auto record =
        dyn_cast<fir::RecordType>(fir::unwrapSequenceType(map.getVarType()));
    Value slot = map.getVarPtr();
    Type slotTy = fir::unwrapRefType(slot.getType());
    auto boxTy = dyn_cast<fir::BaseBoxType>(slotTy);
    auto boxSeq = boxTy ? dyn_cast<fir::SequenceType>(
                              fir::unwrapPassByRefType(boxTy.getEleTy()))
                        : fir::SequenceType();
    auto seq = dyn_cast<fir::SequenceType>(slotTy);
    bool viaDescriptor = map.getVarPtrPtr() && boxSeq &&
                         !boxSeq.hasUnknownShape() &&
                         fir::unwrapSequenceType(boxSeq) == record;
    bool fixed = !map.getVarPtrPtr() && seq && !seq.hasUnknownShape() &&
                 !seq.hasDynamicExtents() && seq.getEleTy() == record;
    bool scalar = !map.getVarPtrPtr() && slotTy == record;
    if (!record || !(viaDescriptor || fixed || scalar))
      return false;
    fir::FirOpBuilder b(map, kinds);
    Location loc = map.getLoc();
    Type index = b.getIndexType();
    Type elemRef = fir::ReferenceType::get(record);
    Type flat = fir::ReferenceType::get(fir::SequenceType::get(
        {fir::SequenceType::getUnknownExtent()}, record));
    Value zero = b.createIntegerConstant(loc, index, 0);
    Value one = b.createIntegerConstant(loc, index, 1);
    // Absent (an optional argument): no element.
    Value present = fir::IsPresentOp::create(b, loc, b.getI1Type(), slot);
    auto ifOp = b.genIfOp(loc, {flat, index}, present, /*withElseRegion=*/true);
    ifOp.genThen([&] {
          Value base, count = one;
          if (viaDescriptor) {
            // Contiguous: ompx-strided-map-check stopped the others.
            Value box = fir::LoadOp::create(b, loc, slot);
            Value addr =
                fir::BoxAddrOp::create(b, loc, boxTy.getBaseAddressType(), box);
            base = b.createConvert(loc, flat, addr);
            for (unsigned d = 0; d < boxSeq.getDimension(); ++d) {
              auto dims = fir::BoxDimsOp::create(
                  b, loc, index, index, index, box,
                  b.createIntegerConstant(loc, index, d));
              count = arith::MulIOp::create(b, loc, count, dims.getResult(1));
            }
            // Unallocated or disassociated: no element. A deallocated
            // array's descriptor keeps its extents (the loop read the
            // records from address 0: a segfault before the construct).
            count = arith::SelectOp::create(b, loc, b.genIsNullAddr(loc, addr),
                                            zero, count);
          } else {
            base = b.createConvert(loc, flat, slot);
            if (fixed)
              count = b.createIntegerConstant(loc, index,
                                              seq.getConstantArraySize());
          }
          fir::ResultOp::create(b, loc, ValueRange{base, count});
        })
        .genElse([&] {
          Value none = fir::ZeroOp::create(b, loc, flat);
          fir::ResultOp::create(b, loc, ValueRange{none, zero});
        });
    Value base = ifOp.getResults()[0], count = ifOp.getResults()[1];
    std::string name;
    std::string place = placeOf(map, &name);
    auto loop = fir::DoLoopOp::create(
        b, loc, zero, arith::SubIOp::create(b, loc, count, one), one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value element = fir::CoordinateOp::create(
        b, loc, elemRef, base, ValueRange{loop.getInductionVar()});
    for (const ComponentGuard &g : guards)
      guardComponent(b, loc, element, g, place,
                     (name.empty() ? std::string("the record") : name) + "%" +
                         llvm::join(g.path, "%") +
                         (viaDescriptor || fixed ? " of an element" : ""));
    return true;
  }

  /// Stops the program where the polymorphic component `g.path` of the
  /// record at `element` (named `component` in the message) is allocated
  /// with a dynamic type its record's mapper would copy wrong.
  void guardComponent(fir::FirOpBuilder &b, Location loc, Value element,
                      const ComponentGuard &g, StringRef place,
                      const std::string &component) {
    Value at = element;
    for (const std::string &id : g.path) {
      auto recTy = cast<fir::RecordType>(fir::unwrapRefType(at.getType()));
      fir::IntOrValue field = b.getI32IntegerAttr(recTy.getFieldIndex(id));
      at = fir::CoordinateOp::create(
          b, loc, fir::ReferenceType::get(recTy.getType(id)), at,
          llvm::ArrayRef<fir::IntOrValue>{field});
    }
    Value box = fir::LoadOp::create(b, loc, at);
    auto componentTy = cast<fir::BaseBoxType>(box.getType());
    Value address =
        fir::BoxAddrOp::create(b, loc, componentTy.getBaseAddressType(), box);
    Value allocated = b.genIsNotNullAddr(loc, address);
    std::string declared =
        fir::NameUniquer::deconstruct(g.declared.getName()).second.name;
    std::string message = "ompx: the map of " + place.str() +
                          " copies the polymorphic component " + component +
                          ", whose dynamic type ";
    if (g.deep)
      message += "extends its declared type (" + declared +
                 "), which has allocatable or pointer components: flang's "
                 "mapper would copy only the declared type's part, and the "
                 "extension's components would be wrong on the device. ";
    else
      message += "has allocatable or pointer components its declared type (" +
                 declared +
                 ") has not: LLVM 22 would copy them as bytes, and the device "
                 "would use the host's addresses (a GPU faults; host-offload "
                 "changes the host's data, map(to:) or not). ";
    message += "Map the component itself as its type (SELECT TYPE on the "
               "host, then map the selector)";
    Value stop =
        b.genIfOp(loc, {b.getI1Type()}, allocated,
                  /*withElseRegion=*/true)
            .genThen([&] {
              fir::ResultOp::create(
                  b, loc,
                  g.deep ? extendsDeclared(b, loc, box, g.declared)
                         : dynamicComponentsOf(b, loc, box, g.declared));
            })
            .genElse([&] {
              fir::ResultOp::create(b, loc, b.createBool(loc, false));
            })
            .getResults()[0];
    b.genIfThen(loc, stop)
        .genThen([&] { ompx::passes::reportFatal(b, loc, message); })
        .end();
  }

  /// Whether the polymorphic descriptor `box` holds a type larger than its
  /// declared `record`.
  static Value extendsDeclared(fir::FirOpBuilder &b, Location loc, Value box,
                               fir::RecordType record) {
    Type index = b.getIndexType();
    Value none = fir::ZeroOp::create(b, loc, fir::ReferenceType::get(record));
    Value declared = fir::BoxEleSizeOp::create(
        b, loc, index,
        fir::EmboxOp::create(b, loc, fir::BoxType::get(record), none));
    Value size = fir::BoxEleSizeOp::create(b, loc, index, box);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, size,
                                 declared);
  }

  /// flang copies an optional dummy's descriptor into a temporary only
  /// where the dummy is present (`fir.if (fir.is_present %b) { fir.store
  /// %b to %tmp }`) and maps the temporary: where the dummy was absent, the
  /// map was sized from uninitialized stack (a crash, "out of resources",
  /// or a false stop). The temporary starts unallocated (a null address of
  /// the declared type), which maps nothing.
  void initializeOptionalCopy(Value slot, const fir::KindMapping &kinds) {
    auto alloca = slot.getDefiningOp<fir::AllocaOp>();
    if (!alloca || !isa<fir::BaseBoxType>(alloca.getInType()) ||
        !initialized.insert(alloca).second)
      return;
    bool onlyIfPresent = llvm::any_of(alloca->getUsers(), [&](Operation *u) {
      auto store = dyn_cast<fir::StoreOp>(u);
      auto guard = store ? store->getParentOfType<fir::IfOp>() : fir::IfOp();
      return store && store.getMemref() == slot && guard &&
             guard.getCondition().getDefiningOp<fir::IsPresentOp>();
    });
    if (!onlyIfPresent)
      return;
    fir::FirOpBuilder b(alloca->getNextNode(), kinds);
    Location loc = alloca.getLoc();
    fir::StoreOp::create(b, loc,
                         fir::factory::createUnallocatedBox(
                             b, loc, alloca.getInType(), ValueRange{}),
                         slot);
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

  /// Whether the dynamic type of the object polymorphic (or assumed-type)
  /// descriptor `box` describes has allocatable, pointer or automatic
  /// components, asked of flang's runtime type information; an object of
  /// its declared type `record` (null: CLASS(*), TYPE(*)) is not walked.
  Value dynamicComponentsOf(fir::FirOpBuilder &b, Location loc, Value box,
                            fir::RecordType record) {
    ModuleOp module = getOperation();
    Type i1 = b.getI1Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
    fir::RecordType info = typeInfoType(&getContext());
    if (!info || info.getFieldIndex("component") == ~0u) {
      mlir::emitError(loc) << "ompx cannot read flang's type information to "
                              "check the map of a polymorphic object";
      signalPassFailure();
      return b.createBool(loc, false);
    }
    func::FuncOp walk = descriptorComponentsFn(module, info, b.getKindMap());
    auto boxTy = cast<fir::BaseBoxType>(box.getType());
    Type elem =
        fir::unwrapSequenceType(fir::unwrapPassByRefType(boxTy.getEleTy()));
    // The declared type's own descriptor, where this unit defines it: an
    // object of the declared type needs no walk.
    Value declared;
    if (record && module.lookupSymbol(fir::NameUniquer::getTypeDescriptorName(
                      record.getName())))
      declared = fir::TypeDescOp::create(b, loc, TypeAttr::get(record));
    auto no = [&] { fir::ResultOp::create(b, loc, b.createBool(loc, false)); };
    // Only a derived type's descriptor has a type descriptor (CLASS(*) or
    // TYPE(*) of an intrinsic type: none).
    Value code = fir::BoxTypeCodeOp::create(b, loc, i32, box);
    Value derived =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code,
                              b.createIntegerConstant(loc, i32, kTypeStruct));
    return b.genIfOp(loc, {i1}, derived, /*withElseRegion=*/true)
        .genThen([&] {
          Value tdesc = fir::BoxTypeDescOp::create(
              b, loc, fir::TypeDescType::get(elem), box);
          Value addr = b.createConvert(loc, i64, tdesc);
          Value other =
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, addr,
                                    b.createIntegerConstant(loc, i64, 0));
          if (declared)
            other = arith::AndIOp::create(
                b, loc, other,
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, addr,
                                      b.createConvert(loc, i64, declared)));
          Value w = b.genIfOp(loc, {i1}, other, /*withElseRegion=*/true)
                        .genThen([&] {
                          Value dt = b.createConvert(
                              loc, fir::ReferenceType::get(info), tdesc);
                          fir::ResultOp::create(
                              b, loc,
                              fir::CallOp::create(b, loc, walk, ValueRange{dt})
                                  .getResult(0));
                        })
                        .genElse(no)
                        .getResults()[0];
          fir::ResultOp::create(b, loc, w);
        })
        .genElse(no)
        .getResults()[0];
  }

  /// Stops the program before `map` (its data now a byte map) when the
  /// object's dynamic type has allocatable, pointer or automatic components
  /// (those of an extension of its declared `record`, which has none; any,
  /// for CLASS(*) and TYPE(*): `record` null): the bytes are their
  /// descriptors, and the device would get the host's addresses.
  void guardDynamicComponents(fir::FirOpBuilder &b, omp::MapInfoOp map,
                              fir::RecordType record) {
    Location loc = map.getLoc();
    Type i1 = b.getI1Type();
    Value slot = map.getVarPtr();
    auto boxTy = cast<fir::BaseBoxType>(fir::unwrapRefType(slot.getType()));
    Value present = fir::IsPresentOp::create(b, loc, i1, slot);
    Value refuse =
        b.genIfOp(loc, {i1}, present, /*withElseRegion=*/true)
            .genThen([&] {
              Value box = fir::LoadOp::create(b, loc, slot);
              fir::ResultOp::create(b, loc,
                                    dynamicComponentsOf(b, loc, box, record));
            })
            .genElse([&] {
              fir::ResultOp::create(b, loc, b.createBool(loc, false));
            })
            .getResults()[0];
    bool polymorphic = isa<fir::ClassType>(boxTy);
    std::string message =
        "ompx: the map of " + placeOf(map) + " is of " +
        (polymorphic ? "a polymorphic" : "an assumed-type (TYPE(*))") +
        " object whose dynamic type has allocatable or pointer components" +
        (record ? " its declared type has not" : "") +
        ": LLVM 22 would copy them as bytes, and the device would use the "
        "host's addresses (a GPU faults; host-offload changes the host's "
        "data, map(to:) or not). " +
        (polymorphic ? "Map it as its type (SELECT TYPE on the host, then "
                       "map the selector)"
                     : "Map the actual argument where its type is known");
    b.genIfThen(loc, refuse)
        .genThen([&] { ompx::passes::reportFatal(b, loc, message); })
        .end();
  }
};
} // namespace
