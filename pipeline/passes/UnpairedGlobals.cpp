//===- UnpairedGlobals.cpp - Device procedures' undeclared variables ------===//
//
// A procedure compiled for the device (`!$omp declare target`, or called
// from a target region) that references a module variable, a main
// program's variable or a common block uses the device's own copy of it.
// Unless a declare target directive names the variable, that copy is
// registered with nothing: a map of the variable copies the host's values
// to a buffer of its own, which the procedure never reads, and its writes
// never come back. A module array set to 2.0 on the host and mapped `to`
// read 0.0 in its declare target function, on every device; an internal
// procedure filling its program's mapped array left it untouched. No
// message said so.
//
// Where this unit maps such a variable (a map clause, `target update`,
// `target enter data`), the user means the device to see the host's data:
// that use is refused at the procedure's reference, naming the variable
// and where it is mapped. (A variable only device procedures touch, a
// kernel's own scratch array, is left alone: nothing maps it.) Declaring
// it target is the fix; OpenMP then initializes its device copy once, and
// `target update to(...)` or `map(always, to: ...)` copies the host's
// values in.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"

namespace ompx::passes {
#define GEN_PASS_DEF_UNPAIREDGLOBALSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// Where `func` first uses global `name` (its address, through its
/// declarations): the statement, not the variable's declaration, which is
/// where flang puts the address itself.
Location firstUse(func::FuncOp func, StringRef name) {
  std::optional<Location> found;
  func.walk([&](Operation *op) {
    if (isa<fir::AddrOfOp, hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp>(
            op))
      return WalkResult::advance();
    for (Value operand : op->getOperands())
      if (ompx::passes::globalSymbolOf(operand) == name) {
        found = op->getLoc();
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return found.value_or(func.getLoc());
}

/// Whether the program uses the address `addr` takes: anything but
/// declaring or converting it (flang-22 declares every variable of a
/// module in each of its procedures, used or not).
bool used(fir::AddrOfOp addr) {
  llvm::SmallVector<Value> work{addr.getResult()};
  while (!work.empty())
    for (Operation *user : work.pop_back_val().getUsers()) {
      if (!isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp>(user))
        return true;
      llvm::append_range(work, user->getResults());
    }
  return false;
}

/// Where a map is written: the construct it belongs to (its own location
/// is the variable's declaration, which may be in a .mod file).
Location mapSite(omp::MapInfoOp info) {
  for (Operation *user : info->getUsers())
    if (isa<omp::TargetOp, omp::TargetDataOp, omp::TargetEnterDataOp,
            omp::TargetExitDataOp, omp::TargetUpdateOp>(user))
      return user->getLoc();
  return info.getLoc();
}

/// A procedure built for the device: declare target for `any` or `nohost`.
bool onDevice(func::FuncOp func) {
  auto attr = func->getAttrOfType<omp::DeclareTargetAttr>("omp.declare_target");
  return attr &&
         attr.getDeviceType().getValue() != omp::DeclareTargetDeviceType::host;
}

/// The Fortran name of a variable the user declared (a module's, a
/// program's or procedure's saved one, a common block's), or empty for a
/// constant or a name flang made.
std::string userVariable(fir::GlobalOp global) {
  if (global.getConstant())
    return {};
  // flang-22 names a common block's global as its linker does (`blk_`).
  if (std::optional<StringRef> link = global.getLinkName();
      link && *link == "common") {
    StringRef block = global.getSymName();
    block.consume_back("_");
    return "/" + block.str() + "/";
  }
  auto [kind, name] = fir::NameUniquer::deconstruct(global.getSymName());
  if (kind == fir::NameUniquer::NameKind::COMMON)
    return "/" + name.name + "/";
  if (kind == fir::NameUniquer::NameKind::VARIABLE && !name.name.empty() &&
      name.name.front() != '.')
    return name.name;
  return {};
}

struct UnpairedGlobalsPass
    : ompx::passes::impl::UnpairedGlobalsPassBase<UnpairedGlobalsPass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // Where each global is first mapped; and, in the same walk, the maps of
    // a global a device procedure of another unit's module uses (its
    // record says so).
    llvm::DenseMap<StringRef, Location> mapped;
    bool failed = false;
    module.walk([&](omp::MapInfoOp info) {
      // A common block's member maps part of the block's global.
      StringRef name = ompx::passes::storageGlobalOf(info.getVarPtr());
      if (name.empty())
        return;
      mapped.try_emplace(name, mapSite(info));
      auto global = symbols.lookup<fir::GlobalOp>(name);
      auto user =
          global
              ? global->getAttrOfType<StringAttr>(ompx::passes::kDeviceUsesAttr)
              : nullptr;
      if (!user || global->hasAttr("omp.declare_target") ||
          global->hasAttr("ompx.declare_target_elsewhere"))
        return;
      std::string var = userVariable(global);
      auto [kind, proc] = fir::NameUniquer::deconstruct(user.getValue());
      auto [vkind, vname] = fir::NameUniquer::deconstruct(name);
      std::string module = vname.modules.empty() ? "" : vname.modules.back();
      emitError(mapSite(info))
          << "'" << var << "' is used on the device by '" << proc.name
          << "' (module '" << module
          << "', compiled from another file) and is not declare target: "
             "this map copies the host's values to another buffer than the "
             "one '"
          << proc.name
          << "' uses, and its results never come back. Add `!$omp declare "
             "target("
          << var << ")` in module '" << module
          << "', and copy its values with `!$omp target update to(" << var
          << ")` before the region and `from(" << var << ")` after it";
      failed = true;
    });
    if (mapped.empty()) // nothing mapped, nothing reported
      return;
    module.walk([&](func::FuncOp func) {
      if (!onDevice(func))
        return;
      func.walk([&](fir::AddrOfOp addr) {
        // A target region inside maps what it uses.
        if (addr->getParentOfType<omp::TargetOp>() || !used(addr))
          return;
        StringRef name = addr.getSymbol().getRootReference().getValue();
        auto at = mapped.find(name);
        auto global = symbols.lookup<fir::GlobalOp>(name);
        if (at == mapped.end() || !global ||
            global->hasAttr("omp.declare_target") ||
            global->hasAttr("ompx.declare_target_elsewhere"))
          return;
        std::string var = userVariable(global);
        if (var.empty())
          return;
        auto [kind, proc] = fir::NameUniquer::deconstruct(func.getSymName());
        InFlightDiagnostic diag = emitError(firstUse(func, name));
        diag << "'" << proc.name << "' runs on the device and uses '" << var
             << "', which is not declare target: it reads and writes a "
                "device copy that no map reaches, so the map of '"
             << var
             << "' copies the host's values to another buffer and its "
                "results never come back. Add `!$omp declare target("
             << var
             << ")` where it is declared, and copy its values with `!$omp "
                "target update to("
             << var << ")` before the region and `from(" << var
             << ")` after it (or map(always, ...))";
        // A device procedure with target regions of its own is most likely
        // host code flang-22 marked for an interface body's directive.
        if (func->walk([](omp::TargetOp) { return WalkResult::interrupt(); })
                .wasInterrupted())
          diag << ". '" << proc.name
               << "' has target regions of its own: if its specification "
                  "part has no `!$omp declare target` but an interface body "
                  "in it does, flang-22 marked '"
               << proc.name
               << "' itself (llvm-project#218877); name the interface's "
                  "procedure instead, `!$omp declare target(NAME)` in '"
               << proc.name << "''s specification part";
        diag.attachNote(at->second) << "'" << var << "' is mapped here";
        failed = true;
      });
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
