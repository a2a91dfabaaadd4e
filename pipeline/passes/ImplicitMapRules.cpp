//===- ImplicitMapRules.cpp - OpenMP's implicit maps flang-22 copies ------===//
//
// OpenMP's implicit data-mapping rules make a variable a target region
// uses without a clause firstprivate only when it is a scalar variable
// without the TARGET, ALLOCATABLE or POINTER attribute; Fortran's "scalar
// variable" excludes character type. flang-22 captures a TARGET scalar and
// a character variable by copy too, so the region's write never came back
// (`integer, target :: t; t = 1; !$omp target; t = 11` printed 1 on every
// device and, through ompx's host firstprivate copy, on the host; plain
// flang-22's host build printed 11). Each such capture becomes the map
// OpenMP describes, `implicit, tofrom` by reference, before the host and
// device copies are made, so both agree on the kernel's arguments.
//
// A declare target (`to`/`enter`) variable is treated as if it appeared in
// a map clause with a map-type of tofrom as well. In the unit declaring an
// allocatable or pointer one, flang-22 maps its data (the descriptor map's
// member) `implicit` with neither `to` nor `from`: without `enter data`
// the region read uninitialized device data (NaN for 1..8) and its writes
// never came back, while a region of another unit, where ompx-flang's
// record makes the variable an ordinary one (ompx-declared-elsewhere), got
// flang's `implicit, tofrom` and the right values. That data map gets
// `to`/`from` too: once `enter data` mapped the data it is present and
// moves no more than it did. The same holds for the data of an allocatable
// component of a declare target record (`type(t) :: r` with `real(8),
// allocatable :: v(:)` in t, `!$omp declare target(r)`): flang-22's
// implicit map of `r` has `r%v`'s descriptor (`always, to`) and data
// (`implicit` alone) as members, and without `enter data` of `r%v` the
// region read uninitialized device data and its writes to `r%v` were lost
// (`r%v = r%v * 10` left the host's 1 2 3 4).
//
// A variable the region uses only to privatize it (`target teams distribute
// parallel do private(d)`: flang-22 puts the private clause on the inner
// `parallel` and maps `d` implicitly tofrom) needs device storage but no
// transfer: OpenMP maps no private list item. Its map loses `to` and
// `from` and becomes private to the launch (`private`: libomptarget's own
// buffer, outside the present table, so that a construct running at the same
// time still maps the variable itself): a private work array went to the device
// and back at every launch, and the checked run remarked on every copy back.
// Only for a local no other name reaches (unreachableLocal, anotherNameMapped):
// another map of the construct may take the bytes of a TARGET, a dummy, a
// global or an ASSOCIATE name; not for an allocatable (its descriptor map
// is shared with other constructs'), nor where a firstprivate copy reads
// the original (the device's copy, when present, is newer than the
// host's: `to, private` copied the host's).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/Passes.h"

#include "dialects/ir/ClauseModelBuilder.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_IMPLICITMAPRULESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// Whether `map` is flang-22's implicit map of the data of an allocatable
/// or pointer declared target (`to`/`enter`, not `device_type(nohost)`) in
/// this unit, or of an allocatable component of such a record: a
/// descriptor's data member (`var_ptr_ptr`), `implicit` with no transfer.
/// (A `link` one flang maps tofrom itself; one of another unit is no
/// declare target global here.)
bool declareTargetDataWithoutTransfers(omp::MapInfoOp map,
                                       SymbolTable &symbols) {
  using Flags = omp::ClauseMapFlags;
  if (!map.getVarPtrPtr() || !map.getMembers().empty())
    return false;
  Flags flags = map.getMapType();
  if (!omp::bitEnumContainsAll(flags, Flags::implicit) ||
      omp::bitEnumContainsAny(flags, Flags::to | Flags::from | Flags::del))
    return false;
  Operation *global =
      symbols.lookup(ompx::passes::storageGlobalOf(map.getVarPtr()));
  auto target =
      global
          ? global->getAttrOfType<omp::DeclareTargetAttr>("omp.declare_target")
          : omp::DeclareTargetAttr();
  if (!target || !target.getCaptureClause() || !target.getDeviceType())
    return false;
  omp::DeclareTargetCaptureClause clause = target.getCaptureClause().getValue();
  return (clause == omp::DeclareTargetCaptureClause::to ||
          clause == omp::DeclareTargetCaptureClause::enter) &&
         target.getDeviceType().getValue() !=
             omp::DeclareTargetDeviceType::nohost;
}

/// How a target region's block argument is used, where only to be
/// privatized by clauses of ops in the region (through declarations,
/// descriptors made of it and a temporary they are stored to, as flang-22
/// passes an array to its privatizer): by `private` ones alone, or by a
/// `firstprivate` one too, which reads its value.
enum class Privatized { No, Private, Firstprivate };
Privatized onlyPrivatized(Value v, SymbolTable &symbols) {
  // Unused (a region's own uses are reads and writes): left as it is.
  Privatized how = Privatized::No;
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Value, 8> seen{v};
  auto follow = [&](Value x) {
    if (seen.insert(x).second)
      work.push_back(x);
  };
  while (!work.empty()) {
    Value x = work.pop_back_val();
    for (OpOperand &use : x.getUses()) {
      Operation *user = use.getOwner();
      if (isa<hlfir::DeclareOp, fir::DeclareOp>(user) &&
          use.getOperandNumber() == 0) {
        for (Value r : user->getResults())
          follow(r);
      } else if (auto box = dyn_cast<fir::EmboxOp>(user);
                 box && box.getMemref() == x) {
        follow(box);
      } else if (auto store = dyn_cast<fir::StoreOp>(user)) {
        // Into a temporary that only such stores and privatizers use.
        auto slot = store.getMemref().getDefiningOp<fir::AllocaOp>();
        if (!slot)
          return Privatized::No;
        if (store.getValue() == x)
          follow(slot);
      } else if (auto withArgs =
                     dyn_cast<omp::BlockArgOpenMPOpInterface>(user)) {
        auto privates = withArgs.getPrivateVars();
        auto at = llvm::find(privates, x);
        auto syms = user->getAttrOfType<ArrayAttr>("private_syms");
        if (at == privates.end() || !syms ||
            size_t(at - privates.begin()) >= syms.size())
          return Privatized::No;
        auto privatizer = symbols.lookup<omp::PrivateClauseOp>(
            cast<SymbolRefAttr>(syms[at - privates.begin()])
                .getLeafReference());
        if (!privatizer)
          return Privatized::No;
        if (privatizer.getDataSharingType() ==
            omp::DataSharingClauseType::FirstPrivate)
          how = Privatized::Firstprivate;
        else if (how == Privatized::No)
          how = Privatized::Private;
      } else {
        return Privatized::No;
      }
    }
  }
  return how;
}

/// Whether another map of `target` names storage of `map`'s variable (an
/// ASSOCIATE name of it, `associate (b => a)` with `b` used in the region):
/// that map's transfers count on this one's, which LLVM 22 (or the alias
/// cover) applies first.
bool anotherNameMapped(omp::TargetOp target, omp::MapInfoOp map) {
  Value root = ompx::passes::storageRoot(map.getVarPtr());
  auto same = [&](Value r) {
    if (r == root)
      return true;
    auto a = r.getDefiningOp<fir::AddrOfOp>();
    auto b = root.getDefiningOp<fir::AddrOfOp>();
    return a && b && a.getSymbol() == b.getSymbol();
  };
  for (Value v : target.getMapVars())
    if (auto other = v.getDefiningOp<omp::MapInfoOp>();
        other && other != map && !other.getVarPtrPtr() &&
        same(ompx::passes::storageRoot(other.getVarPtr())))
      return true;
  return false;
}

/// Whether `map`'s variable is a local no other name reaches: a local
/// (not a dummy, a global, EQUIVALENCE or COMMON storage; a main program's
/// variable flang makes a global when only its procedure names it) without
/// TARGET or POINTER, of numeric or logical elements. Another map of the
/// construct could otherwise take its bytes (a pointer to an element, a
/// dummy associated with it, a procedure reading a global), and a record
/// or character variable's private copy reads the original (a record's
/// allocatable components; a character dummy's bytes mapped again).
bool unreachableLocal(omp::MapInfoOp map, SymbolTable &symbols) {
  auto decl = map.getVarPtr().getDefiningOp<hlfir::DeclareOp>();
  if (!decl || decl.getStorage())
    return false;
  // A main program's variable flang makes a global (an allocatable, a
  // large array): local when no other procedure (an internal one) names it
  // and it is not declare target.
  if (auto addr = decl.getMemref().getDefiningOp<fir::AddrOfOp>()) {
    StringAttr name = addr.getSymbol().getRootReference();
    Operation *global = symbols.lookup(name);
    auto function = addr->getParentOfType<FunctionOpInterface>();
    if (!global || !function || !name.getValue().starts_with("_QFE") ||
        global->hasAttr("omp.declare_target"))
      return false;
    bool elsewhere = false;
    symbols.getOp()->walk([&](fir::AddrOfOp other) {
      if (other.getSymbol().getRootReference() == name &&
          other->getParentOfType<FunctionOpInterface>() != function)
        elsewhere = true;
    });
    if (elsewhere)
      return false;
  } else if (!decl.getMemref().getDefiningOp<fir::AllocaOp>()) {
    return false;
  }
  if (auto attrs = decl.getFortranAttrs();
      attrs &&
      bitEnumContainsAny(*attrs, fir::FortranVariableFlagsEnum::target |
                                     fir::FortranVariableFlagsEnum::pointer))
    return false;
  Type element = fir::getFortranElementType(map.getVarPtr().getType());
  return fir::isa_integer(element) || fir::isa_real(element) ||
         fir::isa_complex(element) || isa<fir::LogicalType>(element);
}

/// The maps of `target` whose variables the region only privatizes lose
/// their transfers and become private to the launch (see the file's
/// comment): implicit ones, not through a mapper, of a variable without a
/// descriptor (an allocatable's descriptor map is shared with any other
/// construct mapping it, which a private data member cannot join).
void privatizedWithoutTransfers(omp::TargetOp target, SymbolTable &symbols) {
  using Flags = omp::ClauseMapFlags;
  auto args = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation())
                  .getMapBlockArgs();
  auto vars = target.getMapVars();
  for (auto [v, arg] : llvm::zip(vars, args)) {
    auto map = v.getDefiningOp<omp::MapInfoOp>();
    // A by-copy capture (a scalar's value, passed as the kernel's
    // argument) has no device storage to leave out.
    if (!map || map.getMapperId() || map.getVarPtrPtr() ||
        !map.getMembers().empty() ||
        map.getMapCaptureType() == omp::VariableCaptureKind::ByCopy ||
        !omp::bitEnumContainsAll(map.getMapType(), Flags::implicit))
      continue;
    // The region's own uses first: unreachableLocal may walk the module.
    // A firstprivate copy reads the original, the device's copy where the
    // variable is present (an enclosing target data): its map stays.
    if (onlyPrivatized(arg, symbols) != Privatized::Private ||
        !unreachableLocal(map, symbols) || anotherNameMapped(target, map))
      continue;
    // Private to the launch (libomptarget's OMP_TGT_MAPTYPE_PRIVATE): a
    // buffer of its own, never in the present table. A storage-only entry
    // made the variable present to a construct running at the same time (a
    // nowait one, another host thread's): that one's `to` was skipped (it
    // read uninitialized device data) and its `from` too while this
    // construct held the entry (its writes were lost).
    map.setMapType(
        (map.getMapType() & ~(Flags::to | Flags::from | Flags::always)) |
        Flags::priv);
  }
}

struct ImplicitMapRulesPass
    : ompx::passes::impl::ImplicitMapRulesPassBase<ImplicitMapRulesPass> {
  void runOnOperation() final {
    SymbolTable symbols(getOperation());
    getOperation()->walk([&](omp::TargetOp target) {
      for (Value v : target.getMapVars()) {
        auto map = v.getDefiningOp<omp::MapInfoOp>();
        if (map && declareTargetDataWithoutTransfers(map, symbols)) {
          map.setMapType(map.getMapType() | omp::ClauseMapFlags::to |
                         omp::ClauseMapFlags::from);
          continue;
        }
        if (!map || !ompx::implicitCaptureMapsTofrom(map))
          continue;
        map.setMapType(map.getMapType() | omp::ClauseMapFlags::to |
                       omp::ClauseMapFlags::from);
        map.setMapCaptureType(omp::VariableCaptureKind::ByRef);
      }
      privatizedWithoutTransfers(target, symbols);
    });
  }
};
} // namespace
