//===- MarkDeviceReferences.cpp - Functions device code names -------------===//
//
// flang marks declare target what device code calls; its function filter
// then deletes every other host function of the device module, and erases
// each op naming one. An op that names a function without calling it went
// with it: `omp.single copyprivate(%v -> @_copy_i32)` in a target region
// lost the single and its whole body (`r = 44` inside it never ran on any
// device, and no diagnostic said so). Every function that device code (a
// target region, a declare target function for the device) names by symbol
// becomes declare target for any device, and so do the functions those
// name, as flang marks a call's callee. The regions of a privatizer,
// reduction or mapper device code names count as device code: a
// `firstprivate` derived type with an allocatable component on a `parallel`
// in a target region lost its init region's `_FortranAInitialize` call, and
// its copy then aborted ("left-hand side variable is neither allocated nor
// allocatable"). A derived type's binding table names its type-bound
// procedures: one that another unit defines (an inherited binding of a type
// extended in another file) is only declared here, and the filter left its
// slot undef in every unit's copy of the table (a kernel dispatching to it
// called address 0). It stays a declaration for the device, which the
// device link resolves (or guards, for one no unit builds for the device).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace ompx::passes {
#define GEN_PASS_DEF_MARKDEVICEREFERENCESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// Whether `func` is declare target for a device (any, nohost).
bool deviceFunction(func::FuncOp func) {
  auto dt = llvm::dyn_cast<omp::DeclareTargetInterface>(func.getOperation());
  return dt && dt.isDeclareTarget() &&
         dt.getDeclareTargetDeviceType() != omp::DeclareTargetDeviceType::host;
}

struct MarkDeviceReferencesPass
    : ompx::passes::impl::MarkDeviceReferencesPassBase<
          MarkDeviceReferencesPass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    auto offload =
        llvm::dyn_cast<omp::OffloadModuleInterface>(module.getOperation());
    if (!offload || !offload.getIsTargetDevice())
      return;
    SymbolTable table(module);
    llvm::SmallVector<Region *> device;
    llvm::SmallPtrSet<Operation *, 8> recipes;
    module.walk(
        [&](omp::TargetOp target) { device.push_back(&target.getRegion()); });
    for (auto func : module.getOps<func::FuncOp>())
      if (deviceFunction(func) && !func.isExternal())
        device.push_back(&func.getBody());
    while (!device.empty()) {
      Region *region = device.pop_back_val();
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(region);
      if (!uses)
        continue;
      for (const SymbolTable::SymbolUse &use : *uses) {
        Operation *named = table.lookup(use.getSymbolRef().getRootReference());
        auto func = llvm::dyn_cast_or_null<func::FuncOp>(named);
        if (named && !func && named->getNumRegions() &&
            recipes.insert(named).second) {
          // A privatizer, reduction or mapper device code names: its regions
          // run there (a firstprivate record's init calls flang's runtime).
          for (Region &r : named->getRegions())
            device.push_back(&r);
          continue;
        }
        auto dt = func ? llvm::dyn_cast<omp::DeclareTargetInterface>(
                             func.getOperation())
                       : nullptr;
        if (!dt || dt.isDeclareTarget())
          continue;
        dt.setDeclareTarget(omp::DeclareTargetDeviceType::any,
                            omp::DeclareTargetCaptureClause::to,
                            /*automap=*/false);
        if (!func.isExternal())
          device.push_back(&func.getBody());
      }
    }
    markBindingDeclarations(module, table);
  }

  /// The type-bound procedures that binding tables (`.v.TYPE`, final's
  /// `.s.TYPE`) and dispatch tables (fir.dt_entry) name, not built for the
  /// device: declarations for it. One another unit defines is resolved at
  /// the device link. One this unit defines for the host alone loses its
  /// body here, where the filter deleted it and erased its fir.dt_entry:
  /// the device's dispatch indices of the bindings after it then missed
  /// the table's by one (a kernel's `t%c_times()` ran b_plus). One holding
  /// a target region stays for the host (the filter keeps it there), and
  /// the tables name a declaration of its own, `NAME.ompx_host`. The device
  /// link guards what stays undefined (guardUnbuiltBindings).
  static void markBindingDeclarations(ModuleOp module, SymbolTable &table) {
    // Each reference: a binding table's fir.address_of or a fir.dt_entry.
    llvm::SmallVector<Operation *> refs;
    for (auto global : module.getOps<fir::GlobalOp>()) {
      auto [kind, parts] = fir::NameUniquer::deconstruct(global.getSymName());
      llvm::StringRef name = parts.name;
      if (name.starts_with(fir::kBindingTableSeparator) ||
          name.starts_with(fir::kSpecialBindingSeparator))
        global.walk([&](fir::AddrOfOp addr) { refs.push_back(addr); });
    }
    module.walk([&](fir::DTEntryOp entry) { refs.push_back(entry); });
    // Host procedures holding a target region: the filter keeps them for the
    // host and erases every use, so the tables name a declaration of their
    // own instead.
    llvm::DenseMap<Operation *, func::FuncOp> stubs;
    OpBuilder builder(module.getBodyRegion());
    for (Operation *ref : refs) {
      auto entry = llvm::dyn_cast<fir::DTEntryOp>(ref);
      SymbolRefAttr symbol = entry ? entry.getProcAttr()
                                   : llvm::cast<fir::AddrOfOp>(ref).getSymbol();
      auto func =
          table.lookup<func::FuncOp>(symbol.getRootReference().getValue());
      if (!func || deviceFunction(func))
        continue;
      if (!func.isExternal() &&
          func.walk([](omp::TargetOp) { return WalkResult::interrupt(); })
              .wasInterrupted()) {
        func::FuncOp &stub = stubs[func];
        if (!stub) {
          builder.setInsertionPoint(func);
          stub = func::FuncOp::create(builder, func.getLoc(),
                                      (func.getName() + ".ompx_host").str(),
                                      func.getFunctionType());
          stub.setPrivate();
          table.insert(stub);
        }
        auto name = FlatSymbolRefAttr::get(stub.getSymNameAttr());
        if (entry)
          entry.setProcAttr(name);
        else
          llvm::cast<fir::AddrOfOp>(ref).setSymbolAttr(name);
        func = stub;
      } else if (!func.isExternal()) {
        func.eraseBody();
        func.setPrivate();
      }
      llvm::cast<omp::DeclareTargetInterface>(func.getOperation())
          .setDeclareTarget(omp::DeclareTargetDeviceType::any,
                            omp::DeclareTargetCaptureClause::to,
                            /*automap=*/false);
    }
  }
};
} // namespace
