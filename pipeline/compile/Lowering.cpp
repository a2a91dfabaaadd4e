//===- Lowering.cpp - ompx passes and Flang's MLIR -> LLVM dialect --------===//

#include "pipeline/compile/Lowering.h"
#include "pipeline/compile/FlangDefects.h"
#include "pipeline/compile/OptLevel.h"
#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/Passes.h"
#include "support/FlangNames.h"

#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/FIRContext.h"
#include "flang/Optimizer/HLFIR/Passes.h"
#include "flang/Optimizer/OpenMP/Passes.h"
#include "flang/Optimizer/Passes/Pipelines.h"
#include "flang/Optimizer/Support/DataLayout.h"
#include "flang/Tools/CrossToolHelpers.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

using namespace ompx::pipeline;

using Nesting = mlir::OpPassManager::Nesting;

namespace {
/// nvptx: drops the declarations of functions taking or returning a COMPLEX
/// by value that nothing calls any more (cexp, ... of the host functions
/// the filter removed, or of calls ompx expanded): flang-22's target-rewrite
/// has no NVPTX ABI for a complex and aborts on the signature alone.
struct DropUnusedComplexDeclsPass
    : mlir::PassWrapper<DropUnusedComplexDeclsPass,
                        mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropUnusedComplexDeclsPass)
  llvm::StringRef getArgument() const final {
    return "ompx-drop-unused-complex-decls";
  }
  void runOnOperation() override {
    mlir::ModuleOp m = getOperation();
    auto isComplex = [](mlir::Type t) {
      return mlir::isa<mlir::ComplexType>(t);
    };
    for (mlir::func::FuncOp fn :
         llvm::make_early_inc_range(m.getOps<mlir::func::FuncOp>()))
      if (fn.isExternal() && mlir::SymbolTable::symbolKnownUseEmpty(fn, m) &&
          (llvm::any_of(fn.getFunctionType().getInputs(), isComplex) ||
           llvm::any_of(fn.getFunctionType().getResults(), isComplex)))
        fn.erase();
  }
};

/// flang's omp-map-info-finalization expands every map of a descriptor, also
/// one it expanded before: flang's output of a file with OpenACC goes
/// through it again for acc-to-omp's maps, and each OpenMP map of an
/// allocatable or assumed-shape array got a second base-address member
/// (libomptarget stopped the region: "explicit extension not allowed").
/// Maps already expanded (a member with a var_ptr_ptr) keep their type
/// aside while flang's OpenMP passes run (`restore` puts it back).
struct FinalizedMapTypesPass
    : mlir::PassWrapper<FinalizedMapTypesPass,
                        mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FinalizedMapTypesPass)
  explicit FinalizedMapTypesPass(bool restore) : restore(restore) {}
  llvm::StringRef getArgument() const final {
    return "ompx-finalized-map-types";
  }
  void runOnOperation() override {
    static constexpr llvm::StringLiteral kAside = "ompx.finalized_var_type";
    getOperation().walk([&](mlir::omp::MapInfoOp map) {
      if (restore) {
        if (auto type = map->getAttrOfType<mlir::TypeAttr>(kAside)) {
          map.setVarType(type.getValue());
          map->removeAttr(kAside);
        }
        return;
      }
      // Expanded: its data is a member of its own, or (a component of a
      // record) a sibling member addressing through the same descriptor.
      auto holdsData = [&](mlir::ValueRange members, bool own) {
        return llvm::any_of(members, [&](mlir::Value m) {
          auto member = m.getDefiningOp<mlir::omp::MapInfoOp>();
          return member && member.getVarPtrPtr() &&
                 (own || member.getVarPtr() == map.getVarPtr());
        });
      };
      bool expanded = holdsData(map.getMembers(), /*own=*/true);
      for (mlir::Operation *user : map->getUsers())
        if (auto parent = llvm::dyn_cast<mlir::omp::MapInfoOp>(user))
          expanded |= holdsData(parent.getMembers(), /*own=*/false);
      if (!fir::isTypeWithDescriptor(map.getVarType()) || !expanded)
        return;
      map->setAttr(kAside, mlir::TypeAttr::get(map.getVarType()));
      map.setVarType(mlir::IntegerType::get(map.getContext(), 8));
    });
  }
  bool restore;
};
} // namespace

/// Runs `pm` on `module`, its passes' snapshots taken as `view` when traced.
static llvm::LogicalResult run(mlir::PassManager &pm, mlir::ModuleOp module,
                               PassTrace *trace, TraceView view) {
  if (trace)
    trace->instrument(pm, view, module);
  llvm::LogicalResult result = pm.run(module);
  if (trace)
    trace->finishRun(module, llvm::succeeded(result));
  return result;
}

void ompx::pipeline::dropHostIRFilePaths(mlir::Operation *root) {
  static constexpr llvm::StringLiteral kName = "omp.host_ir_filepath";
  root->walk([](mlir::Operation *op) {
    if (op->hasAttr(kName))
      op->removeAttr(kName);
  });
}

void ompx::pipeline::widenX87MapElements(mlir::ModuleOp module) {
  auto i128 = mlir::IntegerType::get(module.getContext(), 128);
  module.walk([&](mlir::omp::MapInfoOp map) {
    // Without bounds the whole type is sized, arrays with their padding.
    if (map.getBounds().empty())
      return;
    mlir::Type varType = map.getVarType();
    llvm::SmallVector<uint64_t> dims;
    mlir::Type element = varType;
    while (auto array = llvm::dyn_cast<mlir::LLVM::LLVMArrayType>(element)) {
      dims.push_back(array.getNumElements());
      element = array.getElementType();
    }
    if (!llvm::isa<mlir::Float80Type>(element))
      return;
    mlir::Type widened = i128;
    for (uint64_t n : llvm::reverse(dims))
      widened = mlir::LLVM::LLVMArrayType::get(widened, n);
    map.setVarType(widened);
  });
}

static bool hasX87Type(mlir::Type type) {
  bool found = false;
  type.walk([&](mlir::Type t) { found |= llvm::isa<mlir::Float80Type>(t); });
  return found;
}

mlir::Operation *ompx::pipeline::findX87DeviceOp(mlir::ModuleOp device) {
  auto usesX87 = [](mlir::Operation *op) {
    return llvm::any_of(op->getOperandTypes(), hasX87Type) ||
           llvm::any_of(op->getResultTypes(), hasX87Type);
  };
  // Device code: the target regions, the functions marked declare target
  // and those they call (flang marks the called ones only later).
  llvm::SmallVector<mlir::Region *> work;
  llvm::SmallPtrSet<mlir::Operation *, 8> seen;
  device.walk([&](mlir::Operation *op) {
    if (llvm::isa<mlir::omp::TargetOp>(op) ||
        (llvm::isa<mlir::FunctionOpInterface>(op) &&
         op->hasAttr("omp.declare_target")))
      if (seen.insert(op).second)
        work.push_back(&op->getRegion(0));
  });
  mlir::Operation *firstUse = nullptr, *firstAny = nullptr;
  for (size_t i = 0; i < work.size() && !firstUse; ++i)
    work[i]->walk([&](mlir::Operation *op) {
      if (auto call = llvm::dyn_cast<mlir::CallOpInterface>(op))
        if (auto callee = llvm::dyn_cast_if_present<mlir::SymbolRefAttr>(
                call.getCallableForCallee()))
          if (mlir::Operation *f =
                  mlir::SymbolTable::lookupSymbolIn(device, callee))
            if (f->getNumRegions() && !f->getRegion(0).empty() &&
                seen.insert(f).second)
              work.push_back(&f->getRegion(0));
      if (firstUse || !usesX87(op))
        return;
      // A declaration, allocation or map has the variable's line, not the
      // statement that computes with it: named only when nothing else is.
      llvm::StringRef name = op->getName().getStringRef();
      if (llvm::isa<mlir::omp::MapInfoOp>(op) || name.ends_with(".declare") ||
          name.ends_with(".alloca"))
        firstAny = firstAny ? firstAny : op;
      else
        firstUse = op;
    });
  return firstUse ? firstUse : firstAny;
}

std::string ompx::pipeline::accDataApiReason(llvm::StringRef name) {
  if (name == "acc_hostptr")
    return "not available through acc-to-omp (no OpenMP routine finds the "
           "host address of a device address); keep the host address";
  return "not available through acc-to-omp (OpenMP counts pointer "
         "attachments with the reference count); use the `enter data "
         "attach(p)` and `exit data detach(p)` directives, or let "
         "copyin/copyout attach";
}

bool ompx::pipeline::refuseAccDataApi(mlir::ModuleOp module) {
  constexpr llvm::StringLiteral prefix = "ompx_acc_data_api__";
  bool ok = true;
  module.walk([&](mlir::CallOpInterface call) {
    auto callee = llvm::dyn_cast_if_present<mlir::SymbolRefAttr>(
        call.getCallableForCallee());
    llvm::StringRef name =
        callee ? callee.getRootReference().getValue() : llvm::StringRef();
    if (!name.consume_front(prefix))
      return;
    ok = false;
    mlir::emitError(call.getLoc()) << name.split("__").first << ": "
                                   << accDataApiReason(name.split("__").first);
  });
  return ok;
}

llvm::LogicalResult ompx::pipeline::runInputPasses(mlir::ModuleOp module,
                                                   const Classification &c,
                                                   bool offload, bool mapCheck,
                                                   PassTrace *trace) {
  if (!refuseAccDataApi(module) || !refuseLinearPrivates(module) ||
      !refuseSharedImpliedDo(module) || !refuseWideAtomics(module, offload))
    return mlir::failure();
  if (offload)
    unmarkMainProgram(module);
  // Every report names a map's item as the program wrote it (the passes',
  // the refusals', libomptarget's and the checked launch's, which read the
  // translation's names): flang-22's `ys(3_8)%v` is `ys(3)%v`.
  module.walk([](mlir::Operation *op) {
    if (!llvm::isa<mlir::omp::MapInfoOp>(op) &&
        op->getName().getDialectNamespace() != "acc")
      return;
    if (auto name = op->getAttrOfType<mlir::StringAttr>("name"))
      if (std::string shown = ompx::sourceName(name.getValue());
          shown != name.getValue())
        op->setAttr("name", mlir::StringAttr::get(op->getContext(), shown));
    // flang's NameLoc of the entry, which the translation names it by.
    if (auto loc = mlir::dyn_cast<mlir::NameLoc>(op->getLoc()))
      if (std::string shown = ompx::sourceName(loc.getName().getValue());
          shown != loc.getName().getValue())
        op->setLoc(mlir::NameLoc::get(
            mlir::StringAttr::get(op->getContext(), shown), loc.getChildLoc()));
  });
  mlir::PassManager pm(module->getName(), Nesting::Implicit);
  if (c.llvmOnly())
    pm.addPass(passes::createExternalizeFlangNamesPass());
  // flang's own implicit maps, before acc-to-omp adds maps OpenACC's rules
  // make (its firstprivate scalars are by copy whatever their attributes).
  if (!c.llvmOnly()) {
    pm.addPass(passes::createImplicitMapRulesPass());
    pm.addPass(passes::createWideScalarCapturesPass());
    pm.addPass(passes::createOmpApiExternalsPass());
  }
  // OpenACC offloads through acc-to-omp; on the host it runs as host
  // fallback.
  if (c.accAny && offload)
    pm.addPass(passes::createAccToOmpPass());
  else if (c.accAny)
    pm.addPass(passes::createAccHostFallbackPass());
  // Both turn acc loops into scf.for (unstructured code: execute_region);
  // flang's pipeline lowers fir.do_loop (which an array expression in the
  // body becomes) to blocks before it lowers scf, and an scf.for with
  // blocks is invalid. Lower scf first, with the fir.if/fir.do_loop around
  // it (which keep one block).
  if (c.accAny)
    pm.addPass(passes::createAccScfToCfPass());
  // flang-22's `teams loop`: the threads of the parallel it makes shared
  // the DO variables of the loops inside.
  if (!c.llvmOnly())
    pm.addPass(passes::createPrivateDoVariablesPass());
  // Both copies must agree on the kernel arguments: map before cloning.
  // acc-to-omp's targets are in func.func, where flang has not mapped what
  // their host_eval values read.
  // Both: a host build's target regions load a by-copy capture too.
  if (!c.llvmOnly())
    pm.addPass(passes::createOptionalCapturesPass());
  if (offload) {
    pm.addPass(passes::createMergeParentMapsPass());
    pm.addPass(passes::createMapperPointerComponentsPass());
    // A CLASS object's map is sized by its dynamic type before the record
    // passes hold it (a hold of the declared size, then its byte map, was
    // an "explicit extension"); the contiguity checks see flang's bounds.
    pm.addPass(passes::createStridedMapCheckPass());
    pm.addPass(passes::createPolymorphicMapsPass());
    pm.addPass(passes::createRecordMapsPass());
    pm.addPass(passes::createSectionCoverPass());
    pm.addPass(passes::createRecordMemberPresencePass());
    pm.addPass(passes::createAssumedSizePresencePass());
    pm.addPass(passes::createHostEvalDeviceValuesPass());
    pm.addPass(passes::createUnpairedGlobalsPass());
    pm.addPass(passes::createDeclareTargetLinkagePass());
    pm.addPass(passes::createDeclaredElsewherePass());
    pm.addPass(passes::createUseDevicePtrPass());
    // func.func too: flang maps what its host_eval values read, but a value
    // computed by a call (`nint(sqrt(real(n)))`, `num_teams(f())`) cannot
    // be recomputed on the device and was refused.
    passes::MapHostEvalPassOptions opts;
    opts.llvmOnly = false;
    pm.addPass(passes::createMapHostEvalPass(opts));
    // A checked launch: the value a region leaves in a firstprivate scalar,
    // the elements a kernel accesses outside a map's section, and whether
    // it reads what the host changed in a stale device copy.
    if (mapCheck) {
      pm.addPass(passes::createFirstprivateWatchPass());
      pm.addPass(passes::createSectionWatchPass());
      pm.addPass(passes::createStaleWatchPass());
    }
  } else {
    // A host build runs its target regions on the host, where a declare
    // target variable is the host's: captured by copy, ompx-host-target-
    // firstprivate would give the region a copy of it.
    pm.addPass(passes::createDeclaredElsewherePass());
  }
  if (mlir::failed(run(pm, module, trace, TraceView::Input)))
    return mlir::failure();
  return mlir::success(
      !offload ||
      (refuseDescriptorUseDevice(module) & refuseRecordUpdates(module) &
       refuseTemporaryMembers(module) & refuseElementMembers(module) &
       refuseDeviceTypeInquiry(module) & refuseCharacterMaps(module) &
       refuseIndirectDeviceCalls(module) &
       refuseDeclareTargetArguments(module)));
}

llvm::LogicalResult ompx::pipeline::runDeviceCopyPasses(mlir::ModuleOp device,
                                                        bool privateAllocas,
                                                        PassTrace *trace) {
  mlir::PassManager pm(device->getName(), Nesting::Implicit);
  pm.addPass(passes::createAccBindDevicePass());
  pm.addPass(passes::createMarkHostFunctionsPass());
  pm.addPass(passes::createHostEvalRematPass());
  pm.addPass(passes::createDeviceTargetAttrsPass());
  if (privateAllocas)
    pm.addPass(passes::createAmdgpuPrivateAllocasPass());
  return run(pm, device, trace, TraceView::Device);
}

llvm::LogicalResult ompx::pipeline::runLoopChunkMarks(mlir::ModuleOp device,
                                                      PassTrace *trace) {
  mlir::PassManager pm(device->getName(), Nesting::Implicit);
  pm.addPass(passes::createLoopChunkMarksPass());
  pm.addPass(passes::createGlobalMapAddressesPass());
  return run(pm, device, trace, TraceView::Device);
}

llvm::LogicalResult ompx::pipeline::runHostTranslationFixes(mlir::ModuleOp host,
                                                            PassTrace *trace) {
  mlir::PassManager pm(host->getName(), Nesting::Implicit);
  pm.addPass(passes::createHostCompositeSchedulePass());
  pm.addPass(passes::createHostTeamsReductionPass());
  pm.addPass(passes::createHostTargetFirstprivatePass());
  pm.addPass(passes::createDeclareTargetSectionsPass());
  pm.addPass(passes::createDescriptorCopiesPass());
  return run(pm, host, trace, TraceView::Host);
}

/// Flang output already went through its OpenMP FIR passes (for the host),
/// so they run again only on hand-written FIR; device copies of flang output
/// get just the host-function filter, as `flang -fc1
/// -fopenmp-is-target-device` would have applied.
void ompx::pipeline::addFlangPipeline(
    mlir::PassManager &pm, const Classification &c, bool isDevice,
    llvm::StringRef triple, OptLevel optLevel, llvm::StringRef file,
    llvm::codegenoptions::DebugInfoKind debugInfo) {
  // Before flang's marking and filter, which follow calls only.
  if (isDevice)
    pm.addPass(passes::createMarkDeviceReferencesPass());
  if (!c.flangOutput) {
    fir::OpenMPFIRPassPipelineOpts opts;
    opts.isTargetDevice = isDevice;
    opts.doConcurrentMappingKind =
        Fortran::frontend::CodeGenOptions::DoConcurrentMappingKind::DCMK_None;
    pm.addPass(std::make_unique<FinalizedMapTypesPass>(/*restore=*/false));
    fir::createOpenMPFIRPassPipeline(pm, opts);
    pm.addPass(std::make_unique<FinalizedMapTypesPass>(/*restore=*/true));
    // acc-to-omp's maps of CLASS objects are split only now.
    pm.addPass(passes::createPolymorphicMapsPass());
  } else if (isDevice) {
    // Flang marked what its target regions called while they still held
    // HLFIR; -emit-fir output has since gained runtime calls there
    // (_FortranAAssign, ...). Unmarked, the filter deletes those calls
    // and the kernel silently computes something else.
    pm.addPass(flangomp::createMarkDeclareTargetPass());
    // flang's omp-function-filtering, without its scan per function.
    pm.addPass(passes::createFunctionFilteringPass());
  }
  // Before flang's HLFIR lowering, whose lower-workshare splits these
  // blocks wrongly.
  pm.addPass(passes::createWorkshareSinglePass());
  // No GPU build of flang's Fortran runtime exists (docs/launch.md), so a
  // GPU's device copy expands at every level what flang's -O1 pipeline
  // expands (array assignments, SUM and friends) rather than keep calls
  // the image cannot link.
  llvm::Triple target(triple);
  if (isDevice && optLevel == OptLevel::O0 &&
      (target.isNVPTX() || target.isAMDGCN())) {
    pm.addNestedPass<mlir::func::FuncOp>(
        hlfir::createSimplifyHLFIRIntrinsics());
    pm.addNestedPass<mlir::func::FuncOp>(hlfir::createInlineHLFIRAssign());
  }
  if (isDevice && target.isNVPTX())
    pm.addPass(std::make_unique<DropUnusedComplexDeclsPass>());
  MLIRToLLVMPassPipelineConfig config(optimizationLevel(optLevel));
  config.EnableOpenMP = true;
  config.SkipConvertComplexPow = target.isAMDGCN();
  config.DebugInfo = debugInfo;
  fir::registerDefaultInlinerPass(config);
  fir::createMLIRToLLVMPassPipeline(pm, config, file);
}

llvm::LogicalResult ompx::pipeline::runFlangPipeline(
    mlir::ModuleOp module, const Classification &c, bool isDevice,
    llvm::StringRef triple, OptLevel optLevel, llvm::StringRef file,
    PassTrace *trace, llvm::codegenoptions::DebugInfoKind debugInfo) {
  mlir::PassManager pm(module->getName(), Nesting::Implicit);
  addFlangPipeline(pm, c, isDevice, triple, optLevel, file, debugInfo);
  return run(pm, module, trace, isDevice ? TraceView::Device : TraceView::Host);
}

static void setTargetAttributes(mlir::ModuleOp m, llvm::StringRef triple,
                                llvm::StringRef cpu, llvm::StringRef features,
                                const llvm::TargetMachine &tm) {
  fir::setTargetTriple(m, triple);
  fir::setTargetCPU(m, cpu);
  fir::setTargetFeatures(m, features);
  fir::support::setMLIRDataLayout(m, tm.createDataLayout());
}

void ompx::pipeline::setHostCopyAttributes(
    mlir::ModuleOp host, llvm::ArrayRef<std::string> deviceTriples,
    const llvm::TargetMachine &tm) {
  auto offloadMod =
      llvm::cast<mlir::omp::OffloadModuleInterface>(host.getOperation());
  offloadMod.setIsTargetDevice(false);
  offloadMod.setIsGPU(false);
  offloadMod.setTargetTriples(deviceTriples);
  setTargetAttributes(host, kHostTriple, "x86-64", "", tm);
}

void ompx::pipeline::setDeviceCopyAttributes(mlir::ModuleOp device, bool gpu,
                                             unsigned openmpVersion,
                                             llvm::StringRef triple,
                                             llvm::StringRef cpu,
                                             llvm::StringRef features,
                                             const llvm::TargetMachine &tm) {
  auto offloadMod =
      llvm::cast<mlir::omp::OffloadModuleInterface>(device.getOperation());
  offloadMod.setIsTargetDevice(true);
  offloadMod.setIsGPU(gpu);
  offloadMod.setTargetTriples({});
  offloadMod.setFlags(/*debugKind=*/0, false, false, false, false,
                      openmpVersion, /*noGPULib=*/false);
  setTargetAttributes(device, triple, cpu, features, tm);
}
