//===- AccHostFallback.cpp - Run OpenACC on the host ----------------------===//
//
// LLVM 22 cannot translate OpenACC compute regions (and flang's data ops do
// not translate either). Everything runs on the host as
// `--acc-specialize-for-host=enable-host-fallback=true` does; the acc ops
// that pass leaves behind once nothing uses them (recipes, routine
// declarations, declare tokens) are erased. An acc op that is still needed
// is an error at that op (or, with fail-on-leftover=false, a warning at
// each).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/AccRecipes.h"
#include "pipeline/passes/AccStructure.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/HLFIR/HLFIRDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenACC/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

static bool isAcc(Operation *op) {
  return op->getName().getDialectNamespace() ==
         acc::OpenACCDialect::getDialectNamespace();
}

/// Erases the acc.declare_enter/exit pairs of function bodies (a declared
/// variable's device lifetime: nothing on the host). The specialization
/// replaces their data operands by the variables first and leaves an exit
/// it does not erase (the allocatable's post-deallocate hook): "expect valid
/// declare data entry operation or acc.getdeviceptr as defining op".
static void eraseDeclareMarkers(ModuleOp module) {
  SmallVector<Operation *> exits, enters;
  module->walk([&](Operation *op) {
    if (!op->getParentOfType<func::FuncOp>())
      return;
    if (isa<acc::DeclareExitOp>(op))
      exits.push_back(op);
    else if (isa<acc::DeclareEnterOp>(op))
      enters.push_back(op);
  });
  for (Operation *op : exits)
    op->erase();
  for (Operation *op : enters)
    if (op->use_empty())
      op->erase();
}

/// Whether `v` is the address of a module variable its module declares for
/// the device (`acc declare`: the global carries acc.declare), directly or
/// through its hlfir.declare.
static bool isDeclaredGlobal(Value v) {
  Operation *def = v.getDefiningOp();
  if (def && def->getName().getStringRef() == "hlfir.declare")
    def = def->getOperand(0).getDefiningOp();
  auto address = dyn_cast_or_null<fir::AddrOfOp>(def);
  if (!address)
    return false;
  Operation *global =
      SymbolTable::lookupNearestSymbolFrom(address, address.getSymbol());
  return global && global->hasAttr(acc::getDeclareAttrName());
}

/// A compute construct's uses of a declared module variable take its
/// address inside the region: such a variable is present, never implicitly
/// firstprivate, and on the host it is the variable itself. (acc-implicit-
/// data made a firstprivate copy of a declared scalar live into a serial
/// region, and a write to it was lost.)
static void sinkDeclaredGlobals(ModuleOp module) {
  module.walk([](Operation *construct) {
    if (!isa<acc::ParallelOp, acc::SerialOp, acc::KernelsOp>(construct))
      return;
    Region &region = construct->getRegion(0);
    llvm::SetVector<Value> outside;
    region.walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (!region.isAncestor(v.getParentRegion()) && isDeclaredGlobal(v))
          outside.insert(v);
    });
    OpBuilder b = OpBuilder::atBlockBegin(&region.front());
    for (Value v : outside) {
      IRMapping map;
      Operation *def = v.getDefiningOp();
      if (def->getName().getStringRef() == "hlfir.declare")
        b.clone(*def->getOperand(0).getDefiningOp(), map);
      Operation *copy = b.clone(*def, map);
      Value inside = copy->getResult(cast<OpResult>(v).getResultNumber());
      v.replaceUsesWithIf(inside, [&](OpOperand &use) {
        return region.isAncestor(use.getOwner()->getParentRegion());
      });
    }
  });
}

namespace ompx::passes {
#define GEN_PASS_DEF_ACCHOSTFALLBACKPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
struct AccHostFallbackPass
    : ompx::passes::impl::AccHostFallbackPassBase<AccHostFallbackPass> {
  using Base::Base;

  static void buildSpecializePipeline(OpPassManager &pm) {
    acc::ACCSpecializeForHostOptions opts;
    opts.enableHostFallback = true;
    pm.addNestedPass<func::FuncOp>(acc::createACCSpecializeForHost(opts));
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    // hlfir: acc-implicit-data's FIR recipes declare their copies with
    // hlfir.declare, also in FIR-form input (which never loads hlfir).
    registry.insert<fir::FIROpsDialect, hlfir::hlfirDialect>();
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(acc::createACCImplicitData());
    buildSpecializePipeline(pm);
    pm.getDependentDialects(registry);
  }

  void runOnOperation() final {
    ModuleOp module = getOperation();
    // What the specialization gets wrong without a word: constructs with
    // several blocks (it keeps the first), update expressions of more
    // than one op (it keeps the first) and loops with a negative step (it
    // runs none of their iterations). The blocks first, as acc-to-omp
    // does, for the implicit data attributes.
    if (failed(ompx::passes::prepareAccInput(module, "OpenACC host fallback")))
      return signalPassFailure();
    // OpenACC's implicit data attributes: a scalar a parallel or serial
    // construct uses without a clause is firstprivate, and gets its copy
    // below like a listed one (without it, `s = 7` in a parallel region
    // changed the host's s, which every device leaves alone).
    sinkDeclaredGlobals(module);
    OpPassManager implicit(ModuleOp::getOperationName());
    implicit.addPass(acc::createACCImplicitData());
    if (failed(runPipeline(implicit, module)))
      return signalPassFailure();
    ompx::passes::copyFirstprivatesForHost(module);
    ompx::passes::copyPrivatesForHost(module);
    eraseDeclareMarkers(module);
    if (failed(ompx::passes::lowerAccAtomicsForHost(module)) ||
        failed(ompx::passes::normalizeAccLoopSteps(module)) ||
        failed(specializeForHost()))
      return signalPassFailure();
    eraseUnusedAccOps();
    bool needed = false;
    // Post-order: the innermost acc op is the one reported.
    module->walk([&](Operation *op) {
      if (!isAcc(op))
        return WalkResult::advance();
      needed = true;
      std::string message = "OpenACC host fallback left " +
                            op->getName().getStringRef().str() +
                            ", which LLVM 22 cannot translate";
      if (failOnLeftover) {
        emitError(op->getLoc(), message);
        return WalkResult::interrupt();
      }
      emitWarning(op->getLoc(), message);
      return WalkResult::advance();
    });
    if (needed && failOnLeftover)
      signalPassFailure();
  }

  /// Runs acc-specialize-for-host. If it breaks the IR, the first error
  /// it causes is reported as this pass's error, saying where it came from;
  /// later diagnostics follow unchanged.
  LogicalResult specializeForHost() {
    OpPassManager pm(ModuleOp::getOperationName());
    buildSpecializePipeline(pm);
    SmallVector<Diagnostic> captured;
    LogicalResult result = success();
    {
      ScopedDiagnosticHandler capture(&getContext(), [&](Diagnostic &d) {
        captured.push_back(std::move(d));
        return success();
      });
      result = runPipeline(pm, getOperation());
    }
    DiagnosticEngine &engine = getContext().getDiagEngine();
    auto first = llvm::find_if(captured, [](const Diagnostic &d) {
      return d.getSeverity() == DiagnosticSeverity::Error;
    });
    if (succeeded(result))
      first = captured.end();
    else {
      Location loc = first != captured.end()
                         ? first->getLocation()
                         : Location(UnknownLoc::get(&getContext()));
      InFlightDiagnostic error =
          emitError(loc) << "OpenACC host fallback (acc-specialize-for-host, "
                            "LLVM 22) produced invalid IR: "
                         << (first != captured.end() ? first->str()
                                                     : std::string("failed"));
      if (first != captured.end())
        for (Diagnostic &note : first->getNotes())
          error.attachNote(note.getLocation()) << note.str();
    }
    for (auto it = captured.begin(); it != captured.end(); ++it)
      if (it != first)
        engine.emit(std::move(*it));
    return result;
  }

  /// Erases acc ops nothing uses, outermost first, until none is left;
  /// acc compute regions stay (the specialization inlines the ones it
  /// handles). Recipes and routines are symbols: erased only when
  /// unreferenced.
  void eraseUnusedAccOps() {
    ModuleOp module = getOperation();
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<Operation *> dead;
      module->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (!isAcc(op))
          return WalkResult::advance();
        if (op->use_empty() &&
            !isa<acc::ParallelOp, acc::KernelsOp, acc::SerialOp>(op))
          dead.push_back(op);
        return WalkResult::skip(); // ops nested in an acc op go with it
      });
      for (Operation *op : llvm::reverse(dead)) {
        if (auto sym = dyn_cast<SymbolOpInterface>(op))
          if (!SymbolTable::symbolKnownUseEmpty(sym, module))
            continue;
        op->erase();
        changed = true;
      }
    }
  }
};
} // namespace
