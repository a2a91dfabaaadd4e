//===- DeclareTargetSections.cpp - Sections of declare target globals ----===//
//
// LLVM 22's host translation of a map of a declare target global (to/enter)
// passes the global's address as the data's begin whatever the section's
// lower bound: `target update from(gm(2:8))` copied the device's gm(1:7)
// into the host's gm(1:7), and `update to(gm(3:3))` wrote the device's
// gm(1) (`acc declare create` arrays and SAVE arrays of the main program,
// which flang declares target, the same). A map whose variable is not
// recognized as such a global gets `base + offset`, and libomptarget finds
// the global's device copy from any address inside it. Each map entry
// with bounds of such a global in a data construct (update, enter/exit
// data, target data: no kernel) takes the global's address through
// a no-op `getelementptr` on the host. A target construct's map of such a
// section moves data only when `always` (the global is present otherwise);
// the kernel's argument depends on that map too, so it is refused there.
// A section of a `link` variable that starts past its first element is
// refused on any construct (the device's link pointed to the section).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace ompx::passes {
#define GEN_PASS_DEF_DECLARETARGETSECTIONSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// The capture clause of the declare target global `v` is the address of,
/// if it is one.
std::optional<omp::DeclareTargetCaptureClause> declareTargetClause(Value v) {
  auto address = v.getDefiningOp<LLVM::AddressOfOp>();
  if (!address)
    return std::nullopt;
  auto global = dyn_cast_if_present<omp::DeclareTargetInterface>(
      SymbolTable::lookupNearestSymbolFrom(address,
                                           address.getGlobalNameAttr()));
  if (!global || !global.isDeclareTarget())
    return std::nullopt;
  return global.getDeclareTargetCaptureClause();
}

/// Whether every user of `map` takes it as a map entry (not a member of
/// another map, not a use_device_* entry).
bool onlyMapEntry(omp::MapInfoOp map) {
  auto entryOf = [&](auto op) {
    return llvm::is_contained(op.getMapVars(), map.getResult());
  };
  return !map->use_empty() &&
         llvm::all_of(map->getUsers(), [&](Operation *user) {
           return llvm::TypeSwitch<Operation *, bool>(user)
               .Case<omp::TargetUpdateOp, omp::TargetEnterDataOp,
                     omp::TargetExitDataOp, omp::TargetDataOp>(
                   [&](auto op) { return entryOf(op); })
               .Default([](Operation *) { return false; });
         });
}

/// Whether the section of `map` may start past its variable's first
/// element (a lower bound that is not the constant 0).
bool offsetSection(omp::MapInfoOp map) {
  return llvm::any_of(map.getBounds(), [](Value v) {
    auto bounds = v.getDefiningOp<omp::MapBoundsOp>();
    if (!bounds || !bounds.getLowerBound())
      return true;
    llvm::APInt lb;
    return !matchPattern(bounds.getLowerBound(), m_ConstantInt(&lb)) ||
           !lb.isZero();
  });
}

struct DeclareTargetSectionsPass
    : ompx::passes::impl::DeclareTargetSectionsPassBase<
          DeclareTargetSectionsPass> {
  void runOnOperation() final {
    bool failed = false;
    getOperation().walk([&](omp::MapInfoOp map) {
      std::optional<omp::DeclareTargetCaptureClause> clause =
          declareTargetClause(map.getVarPtr());
      if (map.getBounds().empty() || map.getVarPtrPtr() || !clause)
        return;
      // A link variable's device reference pointer is set to the mapped
      // data: LLVM 22 sets it to a section's start, and the region's
      // indexing from the first element lands before it.
      if (*clause == omp::DeclareTargetCaptureClause::link) {
        if (offsetSection(map)) {
          Operation *at = *map->getUsers().begin();
          at->emitError()
              << "a section of the declare target link variable '"
              << map.getName().value_or("") << "' that starts past its "
              << "first element is refused: LLVM 22 points the device's "
                 "link to the section's start, and the region indexes it "
                 "from the first element (wrong values, a corrupted heap); "
                 "map the whole variable, or a section from its first "
                 "element";
          failed = true;
        }
        return;
      }
      if (!onlyMapEntry(map)) {
        // A target's map: its kernel argument is the host's business too,
        // so the section is refused where it would move data (`always`:
        // the global is otherwise present, and nothing moves).
        bool always = omp::bitEnumContainsAll(map.getMapType(),
                                              omp::ClauseMapFlags::always);
        auto target = llvm::find_if(map->getUsers(), [](Operation *user) {
          return isa<omp::TargetOp>(user);
        });
        if (always && target != map->getUsers().end() && offsetSection(map)) {
          // At the construct (the entry's location is the declaration).
          (*target)->emitError()
              << "a section of the declare target variable '"
              << map.getName().value_or("") << "' in an `always` map of a "
              << "target construct is refused: LLVM 22's host code copies "
                 "it from the variable's first element; move it with "
                 "`target update to(...)`/`from(...)` before or after the "
                 "construct";
          failed = true;
        }
        return;
      }
      OpBuilder b(map);
      Value address = map.getVarPtr();
      Value same =
          LLVM::GEPOp::create(b, map.getLoc(), address.getType(), b.getI8Type(),
                              address, ArrayRef<LLVM::GEPArg>{0});
      map.getVarPtrMutable().assign(same);
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
