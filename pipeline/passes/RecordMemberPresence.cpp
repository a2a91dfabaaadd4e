//===- RecordMemberPresence.cpp - A record around a present component ----===//
//
// `enter data map(to: p%x)` (OpenACC `enter data copyin(p%x)`) puts the
// component on the device without its record; a later construct that maps
// the record (`p%n` read in the region: an implicit map of `p`) asks
// libomptarget for a copy of the record around a present part of it, which
// LLVM 22 cannot give: an OpenMP construct aborted ("explicit extension not
// allowed"), an OpenACC one ran on another copy of the record and lost the
// kernel's writes (65 of 100 updated), silently. Before such a construct
// libomptarget is asked whether the record's first byte is present and
// whether a member's is; a present member of an absent record stops the
// program naming both and the directive.
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

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace ompx::passes {
#define GEN_PASS_DEF_RECORDMEMBERPRESENCEPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
struct RecordMemberPresencePass
    : ompx::passes::impl::RecordMemberPresencePassBase<
          RecordMemberPresencePass> {
  void runOnOperation() final {
    ModuleOp module = getOperation();
    fir::KindMapping kinds = fir::getKindMapping(module);
    struct Record {
      omp::TargetOp target;
      omp::MapInfoOp map;
      SmallVector<omp::MapInfoOp> components;
    };
    SmallVector<Record> records;
    module.walk([&](omp::TargetOp target) {
      llvm::SmallPtrSet<Value, 8> members;
      for (Value v : target.getMapVars())
        if (auto m = v.getDefiningOp<omp::MapInfoOp>())
          members.insert(m.getMembers().begin(), m.getMembers().end());
      SmallVector<omp::MapInfoOp> tops;
      for (Value v : target.getMapVars())
        if (auto m = v.getDefiningOp<omp::MapInfoOp>();
            m && !members.contains(v) && !m.getVarPtrPtr())
          tops.push_back(m);
      for (omp::MapInfoOp m : tops) {
        if (!mlir::isa<fir::RecordType>(fir::unwrapRefType(m.getVarType())))
          continue;
        // Its components: its members (flang's implicit map of a record
        // with allocatable components), and the construct's other entries
        // of a component of it (acc-to-omp's `present(p%x)` beside `p`).
        Record r{target, m, {}};
        for (Value v : m.getMembers())
          if (auto c = v.getDefiningOp<omp::MapInfoOp>();
              c && !c.getVarPtrPtr())
            r.components.push_back(c);
        for (omp::MapInfoOp other : tops)
          if (componentOf(other.getVarPtr(), m.getVarPtr()))
            r.components.push_back(other);
        if (!r.components.empty())
          records.push_back(std::move(r));
      }
    });
    for (Record &r : records)
      check(r.target, r.map, r.components, kinds);
  }

  /// Whether `address` is a component of the record at `record` (the same
  /// declaration).
  static bool componentOf(Value address, Value record) {
    auto d = address.getDefiningOp<hlfir::DesignateOp>();
    if (!d || !d.getComponent())
      return false;
    Value base = d.getMemref();
    if (base == record)
      return true;
    Operation *a = base.getDefiningOp(), *b = record.getDefiningOp();
    return a && a == b && mlir::isa<hlfir::DeclareOp, fir::DeclareOp>(a);
  }

  /// Flang's name of an implicitly mapped component, `p.x.implicit_map`,
  /// as written: `p%x`.
  static std::string written(StringRef name) {
    name.consume_back(".implicit_map");
    std::string out = name.str();
    std::replace(out.begin(), out.end(), '.', '%');
    return out;
  }

  void check(omp::TargetOp target, omp::MapInfoOp record,
             ArrayRef<omp::MapInfoOp> components,
             const fir::KindMapping &kinds) {
    fir::FirOpBuilder b(target, kinds);
    Location loc = target.getLoc();
    ompx::passes::TargetDevice where =
        ompx::passes::targetDevice(b, loc, target);
    auto present = [&](Value host) {
      return ompx::passes::presentOnDevice(b, loc, host, where.device);
    };
    // Only the record's own members: a member's address is the host
    // storage of the component (a descriptor's, for an allocatable).
    Value memberPresent = b.createBool(loc, false);
    std::string names;
    for (omp::MapInfoOp member : components) {
      memberPresent = arith::OrIOp::create(b, loc, memberPresent,
                                           present(member.getVarPtr()));
      if (names.empty())
        names = written(member.getName().value_or(""));
    }
    Value absent = arith::XOrIOp::create(b, loc, present(record.getVarPtr()),
                                         b.createBool(loc, true));
    Value refuse = arith::AndIOp::create(
        b, loc, where.offloads,
        arith::AndIOp::create(b, loc, absent, memberPresent));
    std::string name = record.getName().value_or("").str();
    std::string line = ompx::passes::atLine(loc);
    std::string message =
        "ompx: the record '" + name + "' is mapped" + line +
        " while a component of it" +
        (names.empty() ? std::string() : " ('" + names + "')") +
        " is on the device without it (entered on its own): LLVM 22 cannot "
        "map a record around a present component (OpenMP stops with "
        "'explicit extension not allowed'; OpenACC ran the region on "
        "another copy of the record and lost its writes). Put the record on "
        "the device around the component: `!$omp target enter data "
        "map(to: " +
        name + ")` before the component's and `!$omp target exit data "
        "map(from: " +
        name + ")` after its exit (OpenACC `copyin(" + name +
        ")`, `copyout(" + name + ")`)";
    b.genIfThen(loc, refuse)
        .genThen([&] { ompx::passes::reportFatal(b, loc, message); })
        .end();
  }
};
} // namespace
