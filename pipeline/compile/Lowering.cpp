//===- Lowering.cpp - ompx passes and Flang's MLIR -> LLVM dialect --------===//

#include "pipeline/compile/Lowering.h"
#include "pipeline/compile/OptLevel.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/FIRContext.h"
#include "flang/Optimizer/HLFIR/Passes.h"
#include "flang/Optimizer/OpenMP/Passes.h"
#include "flang/Optimizer/Passes/Pipelines.h"
#include "flang/Optimizer/Support/DataLayout.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "flang/Tools/CrossToolHelpers.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
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

/// The Fortran name of the variable `v` declares (hlfir/fir.declare's
/// uniq_name), or "".
static std::string declaredName(mlir::Value v) {
  mlir::Operation *def = v.getDefiningOp();
  auto uniq = def ? def->getAttrOfType<mlir::StringAttr>("uniq_name")
                  : mlir::StringAttr();
  if (!uniq)
    return "";
  return fir::NameUniquer::deconstruct(uniq.getValue()).second.name;
}

bool ompx::pipeline::refuseLinearPrivates(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::SimdOp simd) {
    for (mlir::Value var : simd.getLinearVars()) {
      if (!llvm::is_contained(simd.getPrivateVars(), var))
        continue;
      ok = false;
      mlir::InFlightDiagnostic d = mlir::emitError(simd.getLoc());
      d << "this simd loop's ";
      if (std::string name = declaredName(var); !name.empty())
        d << "variable '" << name << "'";
      else
        d << "loop variable";
      d << " is both linear and private in flang-22's lowering for OpenMP "
           "before 5.0 (its -fopenmp-version default is 3.1): its value "
           "after the loop is lost (a linear variable, the loop's "
           "included, must leave the loop with its last value); compile "
           "with -fopenmp-version=50 or later (ompx's own default is 5.2)";
      return;
    }
  });
  // linear on a worksharing loop whose chunks are not dealt statically:
  // LLVM 22's translation leaves the variable without its last value
  // (llvm-project#211439; static schedules are right).
  module.walk([&](mlir::omp::WsloopOp loop) {
    std::optional<mlir::omp::ClauseScheduleKind> kind = loop.getScheduleKind();
    if (loop.getLinearVars().empty() || !kind ||
        *kind == mlir::omp::ClauseScheduleKind::Static)
      return;
    ok = false;
    mlir::Value var = loop.getLinearVars().front();
    mlir::InFlightDiagnostic d = mlir::emitError(loop.getLoc());
    d << "linear";
    if (std::string name = declaredName(var); !name.empty())
      d << "(" << name << ")";
    d << " on a worksharing loop with schedule("
      << mlir::omp::stringifyClauseScheduleKind(*kind)
      << ") is refused: LLVM 22 leaves the variable without its value of "
         "the last iteration (the iterations' own values are right); use "
         "schedule(static) with linear, or compute the variable from the "
         "loop's index";
  });
  return ok;
}

bool ompx::pipeline::refuseDescriptorUseDevice(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::TargetDataOp data) {
    auto check = [&](mlir::ValueRange vars) {
      for (mlir::Value v : vars) {
        auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
        if (!map || !mlir::isa<fir::BaseBoxType>(
                        fir::unwrapRefType(map.getVarPtr().getType())))
          continue;
        ok = false;
        mlir::emitError(data.getLoc())
            << "use_device_addr/use_device_ptr of '"
            << map.getName().value_or("")
            << "' (an allocatable, pointer or assumed-shape array; OpenACC's "
               "host_data use_device too) is refused on a device: LLVM 22 "
               "gives the construct a garbage descriptor for it (the data's "
               "first value read as an address); take its address before "
               "the construct and translate that (p = c_loc(a), then "
               "use_device_ptr(p) with p a type(c_ptr); OpenACC: "
               "acc_deviceptr(a))";
      }
    };
    check(data.getUseDeviceAddrVars());
    check(data.getUseDevicePtrVars());
  });
  return ok;
}

/// Whether `type` (a derived type) has an allocatable or pointer component,
/// directly or in a component of derived type.
static bool hasDescriptorComponent(mlir::Type type) {
  auto record = mlir::dyn_cast<fir::RecordType>(type);
  if (!record)
    return false;
  return llvm::any_of(record.getTypeList(), [](const auto &field) {
    mlir::Type t = field.second;
    if (auto seq = mlir::dyn_cast<fir::SequenceType>(t))
      t = seq.getElementType();
    return mlir::isa<fir::BaseBoxType>(t) || hasDescriptorComponent(t);
  });
}

bool ompx::pipeline::refuseRecordUpdates(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::TargetUpdateOp update) {
    for (mlir::Value v : update.getMapVars()) {
      auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
      if (!map || !map.getMembers().empty() || map.getMapperIdAttr() ||
          !hasDescriptorComponent(
              fir::unwrapRefType(map.getVarPtr().getType())))
        continue;
      ok = false;
      std::string name = map.getName().value_or("").str();
      mlir::emitError(update.getLoc())
          << "target update of '" << name
          << "', of a derived type with allocatable or pointer components, "
             "is refused: LLVM 22 moves the variable's own storage and not "
             "the components' data, which stays stale; update the "
             "components (update from("
          << name << "%v) for each allocated component v)";
    }
  });
  return ok;
}

/// Whether `op` runs once in its parallel region rather than on every
/// thread of it (a single, masked, critical, ordered region or a section).
static bool runsOnce(mlir::Operation *op, mlir::Operation *region) {
  for (mlir::Operation *p = op->getParentOp(); p && p != region;
       p = p->getParentOp())
    if (mlir::isa<mlir::omp::SingleOp, mlir::omp::MaskedOp, mlir::omp::MasterOp,
                  mlir::omp::CriticalOp, mlir::omp::OrderedRegionOp,
                  mlir::omp::SectionOp>(p))
      return true;
  return false;
}

bool ompx::pipeline::refuseSharedImpliedDo(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](fir::DoLoopOp loop) {
    auto region = loop->getParentOfType<mlir::omp::ParallelOp>();
    if (!region || runsOnce(loop, region))
      return;
    // An I/O list's implied DO: the loop calls the I/O runtime.
    bool io = false;
    loop.getBody()->walk([&](fir::CallOp call) {
      if (auto callee = call.getCallee())
        io |= callee->getRootReference().getValue().starts_with("_FortranAio");
    });
    if (!io)
      return;
    for (mlir::Operation *user : loop.getInductionVar().getUsers()) {
      auto convert = mlir::dyn_cast<fir::ConvertOp>(user);
      if (!convert)
        continue;
      for (mlir::Operation *u : convert->getUsers()) {
        auto store = mlir::dyn_cast<fir::StoreOp>(u);
        if (!store || store.getValue() != convert.getResult())
          continue;
        // A variable of the enclosing scope: shared in the region.
        mlir::Value var = store.getMemref();
        mlir::Operation *def = var.getDefiningOp();
        if (def ? region->isAncestor(def)
                : region->isAncestor(mlir::cast<mlir::BlockArgument>(var)
                                         .getOwner()
                                         ->getParentOp()))
          continue;
        ok = false;
        std::string name = declaredName(var);
        mlir::emitError(store.getLoc())
            << "the implied-DO variable '" << name
            << "' of this I/O statement is shared among the threads of the "
               "parallel region in flang-22's lowering (OpenMP makes it "
               "private: the threads race on it, garble each other's "
               "output and change the original); declare it private("
            << name << ") on the parallel construct";
        return;
      }
    }
  });
  return ok;
}

bool ompx::pipeline::refuseCharacterMaps(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::MapInfoOp map) {
    mlir::Type type = map.getVarType();
    bool descriptor = mlir::isa<fir::BaseBoxType>(type);
    type = fir::unwrapSequenceType(fir::unwrapPassByRefType(type));
    auto chars = mlir::dyn_cast<fir::CharacterType>(type);
    if (!chars || map->getParentOfType<mlir::omp::DeclareMapperOp>())
      return;
    const char *why = nullptr;
    // A descriptor's data (character(:) allocatable, a len=* array; the
    // descriptor itself before flang expands it): one byte an element. (A
    // len=* scalar's map, and its boxchar's, carry the length as bounds.)
    bool boxchar = mlir::isa<fir::BoxCharType>(
        fir::unwrapRefType(map.getVarPtr().getType()));
    if (!chars.hasConstantLen() && !boxchar &&
        (map.getVarPtrPtr() || (descriptor && map.getMembers().empty())))
      why = "of a length known only at run time (character(:), a len=* "
            "array): LLVM 22 maps one character of each element";
    else if (chars.getLen() > 1 && !map.getBounds().empty() &&
             llvm::any_of(map.getBounds(), [](mlir::Value v) {
               auto b = v.getDefiningOp<mlir::omp::MapBoundsOp>();
               llvm::APInt lb;
               return !b || !b.getLowerBound() ||
                      !mlir::matchPattern(b.getLowerBound(),
                                          mlir::m_ConstantInt(&lb)) ||
                      !lb.isZero();
             }))
      why = "a section of a character array: LLVM 22 offsets it by the "
            "character's byte, not the element's length";
    if (!why)
      return;
    ok = false;
    // The construct's line, and the descriptor's name for its data.
    mlir::Operation *at = map;
    std::string name = map.getName().value_or("").str();
    for (mlir::Operation *user : map->getUsers()) {
      auto parent = mlir::dyn_cast<mlir::omp::MapInfoOp>(user);
      if (!parent) {
        at = user;
        continue;
      }
      if (name.empty())
        name = parent.getName().value_or("").str();
      for (mlir::Operation *u : parent->getUsers())
        if (!mlir::isa<mlir::omp::MapInfoOp>(u))
          at = u;
    }
    mlir::emitError(at->getLoc())
        << "the map of '" << name << "' is refused on a device, " << why
        << " (the rest of the data is not moved); map a character variable "
           "of a constant length, whole";
  });
  return ok;
}

llvm::LogicalResult ompx::pipeline::runInputPasses(mlir::ModuleOp module,
                                                   const Classification &c,
                                                   bool offload,
                                                   bool mapCheck,
                                                   PassTrace *trace) {
  if (!refuseAccDataApi(module) || !refuseLinearPrivates(module) ||
      !refuseSharedImpliedDo(module))
    return mlir::failure();
  mlir::PassManager pm(module->getName(), Nesting::Implicit);
  if (c.llvmOnly())
    pm.addPass(passes::createExternalizeFlangNamesPass());
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
  // Both copies must agree on the kernel arguments: map before cloning.
  // acc-to-omp's targets are in func.func, where flang has not mapped what
  // their host_eval values read.
  if (offload) {
    pm.addPass(passes::createRecordMapsPass());
    pm.addPass(passes::createStridedMapCheckPass());
    pm.addPass(passes::createUnpairedGlobalsPass());
    pm.addPass(passes::createDeclareTargetLinkagePass());
    pm.addPass(passes::createDeclaredElsewherePass());
    pm.addPass(passes::createUseDevicePtrPass());
    passes::MapHostEvalPassOptions opts;
    opts.llvmOnly = !c.accAny;
    pm.addPass(passes::createMapHostEvalPass(opts));
    // A checked launch: the value a region leaves in a firstprivate scalar.
    if (mapCheck)
      pm.addPass(passes::createFirstprivateWatchPass());
  } else {
    // A host build runs its target regions on the host, where a declare
    // target variable is the host's: captured by copy, ompx-host-target-
    // firstprivate would give the region a copy of it.
    pm.addPass(passes::createDeclaredElsewherePass());
  }
  if (mlir::failed(run(pm, module, trace, TraceView::Input)))
    return mlir::failure();
  return mlir::success(!offload || (refuseDescriptorUseDevice(module) &
                                    refuseRecordUpdates(module) &
                                    refuseCharacterMaps(module)));
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
  return run(pm, device, trace, TraceView::Device);
}

llvm::LogicalResult ompx::pipeline::runHostTranslationFixes(mlir::ModuleOp host,
                                                            PassTrace *trace) {
  mlir::PassManager pm(host->getName(), Nesting::Implicit);
  pm.addPass(passes::createHostCompositeSchedulePass());
  pm.addPass(passes::createHostTeamsReductionPass());
  pm.addPass(passes::createHostTargetFirstprivatePass());
  pm.addPass(passes::createDeclareTargetSectionsPass());
  return run(pm, host, trace, TraceView::Host);
}

/// Flang output already went through its OpenMP FIR passes (for the host),
/// so they run again only on hand-written FIR; device copies of flang output
/// get just the host-function filter, as `flang -fc1
/// -fopenmp-is-target-device` would have applied.
void ompx::pipeline::addFlangPipeline(mlir::PassManager &pm,
                                      const Classification &c, bool isDevice,
                                      llvm::StringRef triple, OptLevel optLevel,
                                      llvm::StringRef file) {
  if (!c.flangOutput) {
    fir::OpenMPFIRPassPipelineOpts opts;
    opts.isTargetDevice = isDevice;
    opts.doConcurrentMappingKind =
        Fortran::frontend::CodeGenOptions::DoConcurrentMappingKind::DCMK_None;
    fir::createOpenMPFIRPassPipeline(pm, opts);
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
  fir::registerDefaultInlinerPass(config);
  fir::createMLIRToLLVMPassPipeline(pm, config, file);
}

llvm::LogicalResult
ompx::pipeline::runFlangPipeline(mlir::ModuleOp module, const Classification &c,
                                 bool isDevice, llvm::StringRef triple,
                                 OptLevel optLevel, llvm::StringRef file,
                                 PassTrace *trace) {
  mlir::PassManager pm(module->getName(), Nesting::Implicit);
  addFlangPipeline(pm, c, isDevice, triple, optLevel, file);
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
