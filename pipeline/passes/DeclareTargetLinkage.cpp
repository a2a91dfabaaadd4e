//===- DeclareTargetLinkage.cpp - declare target globals, external
//---------===//
//
// A `declare target` variable of a main program or procedure (`save`d,
// `fir.global internal @_QFEg`) keeps internal linkage in flang-22's
// output. Its host and device copies then did not pair on host-offload:
// `map(always, tofrom: g)` of a declare target allocatable copied to and
// from a buffer the region never used, and the host kept its old values.
// Flang's names of such variables are unique per scope (_QFEg, _QFsubEg),
// so external linkage gives them one name on both sides.
//
// A `link` variable pairs through the device's reference pointer, which
// LLVM 22 sets only from a declare target entry of the variable itself
// (PTR_AND_OBJ). The map of an allocatable's or pointer's descriptor has a
// member, its data, and is translated as a combined entry without that
// flag: the pointer stayed null and the kernel crashed reading the
// descriptor (`declare target link(x)` of `real(8), allocatable :: x(:)`,
// mapped or not, with `enter data` or not, in any unit). A map of the
// whole descriptor without members or transfers, just before the
// descriptor's map on the target construct, sets it; the descriptor's map
// then finds the copy present and still moves what it moved.
//
// A map of a `link` record with members is a combined entry too, and its
// kernel crashed the same way: the record used without a map clause when
// its type has allocatable components (flang-22 maps their descriptors and
// data as members), or a component mapped (`map(tofrom: r%n)`, any type:
// a partial map of the record). The record's map becomes a full one (a
// partial record with the hold beside it was an "explicit extension") and
// its hold goes after the record's entries: ahead of them it made the
// record present, and the record's tofrom map then copied nothing in or
// out (`r%n` came back 4 for 5). After them it finds the record present
// and only sets the reference pointer.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace ompx::passes {
#define GEN_PASS_DEF_DECLARETARGETLINKAGEPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
/// The attribute, not the interface: flang attaches the interface to
/// fir.global only where its OpenMP extensions are registered.
bool isDeclareTarget(mlir::Operation *op) {
  return op->hasAttr("omp.declare_target");
}

/// Whether `v` is the address of a `link` declare target global.
bool isLinkGlobal(mlir::SymbolTable &symbols, mlir::Value v) {
  mlir::Operation *global = symbols.lookup(ompx::passes::globalSymbolOf(v));
  auto target = global ? global->getAttrOfType<mlir::omp::DeclareTargetAttr>(
                             "omp.declare_target")
                       : mlir::omp::DeclareTargetAttr();
  return target && target.getCaptureClause() &&
         target.getCaptureClause().getValue() ==
             mlir::omp::DeclareTargetCaptureClause::link;
}

/// Before each map of `target` of a `link` global's descriptor with
/// members (its data), a map of the descriptor alone, without transfers:
/// the entry LLVM 22 sets the device's reference pointer from. A record
/// with members (its allocatable components, or a mapped component) is
/// mapped in full, and gets the hold after its entries and its members':
/// ahead of them, it made the record present and the record's own map
/// copied nothing in or out.
void holdLinkDescriptors(mlir::omp::TargetOp target,
                         mlir::SymbolTable &symbols) {
  auto iface =
      llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
  llvm::SmallVector<mlir::Value> list(target.getMapVars());
  llvm::SmallVector<mlir::omp::MapInfoOp> parents;
  for (mlir::Value v : list)
    if (auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
        map && !map.getMembers().empty() && !map.getVarPtrPtr() &&
        llvm::isa<fir::BaseBoxType, fir::RecordType>(map.getVarType()) &&
        isLinkGlobal(symbols, map.getVarPtr()))
      parents.push_back(map);
  for (mlir::omp::MapInfoOp parent : parents) {
    bool record = llvm::isa<fir::RecordType>(parent.getVarType());
    mlir::OpBuilder b(parent);
    auto hold = llvm::cast<mlir::omp::MapInfoOp>(b.clone(*parent));
    hold.getMembersMutable().clear();
    hold.removeMembersIndexAttr();
    hold.removeMapperIdAttr();
    hold.setPartialMap(false);
    hold.setMapType(mlir::omp::ClauseMapFlags::storage);
    size_t index = llvm::find(list, parent.getResult()) - list.begin();
    if (record) {
      // The whole record: the clause's `present` named a component. Still
      // partial here (a component mapped, the region using no other: see
      // ompx-record-maps), the record itself moves nothing, its members
      // do: full with the clause's `from`, it copied the whole device
      // record back (`map(from: lp%n)` wrote uninitialized device data
      // over the host's lp%w).
      using Flags = mlir::omp::ClauseMapFlags;
      Flags drop = Flags::present;
      if (parent.getPartialMap())
        drop = drop | Flags::to | Flags::from | Flags::always;
      Flags kept = parent.getMapType() & ~drop;
      if (!mlir::omp::bitEnumContainsAny(kept, Flags::to | Flags::from))
        kept = kept | Flags::storage;
      parent.setPartialMap(false);
      parent.setMapType(kept);
      // After the record's entry and every member's.
      for (mlir::Value member : parent.getMembers())
        if (auto at = llvm::find(list, member); at != list.end())
          index = std::max<size_t>(index, at - list.begin());
      ++index;
    }
    list.insert(list.begin() + index, hold.getResult());
    target.getRegion().front().insertArgument(
        iface.getMapBlockArgsStart() + index, hold.getResult().getType(),
        hold.getLoc());
  }
  if (!parents.empty())
    target.getMapVarsMutable().assign(list);
}

struct DeclareTargetLinkagePass
    : ompx::passes::impl::DeclareTargetLinkagePassBase<
          DeclareTargetLinkagePass> {
  void runOnOperation() final {
    mlir::SymbolTable symbols(getOperation());
    getOperation()->walk([&](mlir::omp::TargetOp target) {
      holdLinkDescriptors(target, symbols);
    });
    getOperation()->walk([](fir::GlobalOp global) {
      if (global.getLinkName() == "internal" && isDeclareTarget(global))
        global.setLinkNameAttr(nullptr);
    });
    getOperation()->walk([](mlir::LLVM::GlobalOp global) {
      if (global.getLinkage() == mlir::LLVM::Linkage::Internal &&
          isDeclareTarget(global))
        global.setLinkage(mlir::LLVM::Linkage::External);
    });
  }
};
} // namespace
