//===- Compile.cpp - In-process MLIR -> host object with offload ----------===//
//
// parse once -> classify -> clone for host and device -> offload attributes
// -> (device) host-function filtering -> Flang's lowering where the input
// holds FIR -> LLVM IR -> device code (+ ptxas) -> OffloadBinary embedded in
// the host object. Host and device copies come from one parse, so kernel
// names (derived from op locations) always agree.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Compile.h"
#include "dialects/ir/Registry.h"
#include "pipeline/Devices.h"

#include "flang/Optimizer/Dialect/Support/FIRContext.h"
#include "flang/Optimizer/OpenMP/Passes.h"
#include "flang/Optimizer/Passes/Pipelines.h"
#include "flang/Optimizer/Support/DataLayout.h"
#include "flang/Optimizer/Support/InitFIR.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "flang/Tools/CrossToolHelpers.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenACC/Transforms/Passes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <set>

using namespace ompx::pipeline;
using llvm::StringRef;

static constexpr const char *kHostTriple = "x86_64-pc-linux-gnu";

namespace {
/// Thrown-free early exit: a failure with its stage, message and location.
struct Failure {
  Stage stage;
  std::string message;
  std::optional<SourceLocation> location;
};

/// Collects MLIR diagnostics; the first error (with its location in the
/// input) becomes the failure, the rest go to the log.
class DiagnosticCollector {
public:
  DiagnosticCollector(mlir::MLIRContext &ctx, std::string inputPath,
                      const LogFn &log)
      : inputPath(std::move(inputPath)), log(log),
        handler(&ctx, [this](mlir::Diagnostic &d) { return handle(d); }) {}

  bool hasError() const { return !firstError.empty(); }
  Failure failure(Stage stage, StringRef fallback) {
    Failure f{stage, firstError.empty() ? fallback.str() : firstError,
              firstLocation};
    firstError.clear();
    firstLocation.reset();
    return f;
  }

  std::optional<SourceLocation> locate(mlir::Location loc) {
    std::optional<SourceLocation> any, mine;
    loc->walk([&](mlir::Location sub) {
      if (auto f = llvm::dyn_cast<mlir::FileLineColLoc>(sub)) {
        SourceLocation s{f.getFilename().str(), f.getLine(), f.getColumn()};
        if (!any)
          any = s;
        if (!mine && s.file == inputPath)
          mine = s;
      }
      return mlir::WalkResult::advance();
    });
    return mine ? mine : any;
  }

private:
  llvm::LogicalResult handle(mlir::Diagnostic &d) {
    std::string text = d.str();
    for (mlir::Diagnostic &note : d.getNotes())
      text += "\n  note: " + note.str();
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error &&
        firstError.empty()) {
      firstError = text;
      firstLocation = locate(d.getLocation());
    } else {
      log((d.getSeverity() == mlir::DiagnosticSeverity::Error ? "error: "
                                                              : "note: ") +
          text);
    }
    return llvm::success();
  }

  std::string inputPath;
  const LogFn &log;
  std::string firstError;
  std::optional<SourceLocation> firstLocation;
  mlir::ScopedDiagnosticHandler handler;
};

struct Classification {
  bool fir = false;         ///< FIR/HLFIR ops: needs Flang's lowering pipeline
  bool llvm = false;        ///< LLVM dialect ops
  bool flangOutput = false; ///< flang already ran its OpenMP FIR passes
  bool hasMain = false;
  mlir::Operation *accCompute = nullptr;
  mlir::Operation *accAny = nullptr;
  mlir::Operation *target = nullptr;
  int openmpVersion = 31;
};
} // namespace

static Classification classify(mlir::ModuleOp module) {
  Classification c;
  module->walk([&](mlir::Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns == "fir" || ns == "hlfir" || ns == "cuf" || ns == "mif")
      c.fir = true;
    else if (ns == "llvm")
      c.llvm = true;
    if (!c.accAny && ns == "acc")
      c.accAny = op;
    if (!c.accCompute && llvm::isa<mlir::acc::ParallelOp, mlir::acc::KernelsOp,
                                   mlir::acc::SerialOp>(op))
      c.accCompute = op;
    if (!c.target && llvm::isa<mlir::omp::TargetOp>(op))
      c.target = op;
  });
  for (StringRef entry : {"main", "_QQmain"})
    if (mlir::SymbolTable::lookupSymbolIn(module, entry))
      c.hasMain = true;
  if (auto ident = module->getAttrOfType<mlir::StringAttr>("llvm.ident"))
    c.flangOutput = ident.getValue().contains("flang");
  if (auto v = module->getAttrOfType<mlir::omp::VersionAttr>("omp.version"))
    c.openmpVersion = v.getVersion();
  return c;
}

static std::unique_ptr<llvm::TargetMachine>
makeTargetMachine(StringRef tripleName, StringRef cpu, bool pic,
                  unsigned optLevel, std::string &error) {
  llvm::Triple triple(tripleName);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  llvm::TargetOptions options;
  // .init_array, as clang and flang emit on Linux: lld ignores .ctors.
  options.UseInitArray = true;
  auto level = optLevel == 0   ? llvm::CodeGenOptLevel::None
               : optLevel == 1 ? llvm::CodeGenOptLevel::Less
               : optLevel == 2 ? llvm::CodeGenOptLevel::Default
                               : llvm::CodeGenOptLevel::Aggressive;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, cpu, "", options,
      pic ? std::optional<llvm::Reloc::Model>(llvm::Reloc::PIC_) : std::nullopt,
      std::nullopt, level));
  if (!tm)
    error = "cannot create a target machine for " + tripleName.str();
  return tm;
}

static void optimize(llvm::Module &module, llvm::TargetMachine &tm,
                     unsigned optLevel) {
  if (optLevel == 0)
    return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = optLevel == 1   ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  pb.buildPerModuleDefaultPipeline(level).run(module, mam);
}

/// Without offload targets nothing registers with libomptarget, so a program
/// that still calls its device memory routines (omp_target_alloc, with the
/// initial device) crashes in them. An empty registration from a
/// constructor sets libomptarget up; the references are weak, so a program
/// that does not call those routines does not load libomptarget at all.
static void addEmptyOffloadRegistration(llvm::Module &m) {
  llvm::LLVMContext &ctx = m.getContext();
  auto *i32 = llvm::Type::getInt32Ty(ctx);
  auto *ptr = llvm::PointerType::get(ctx, 0);
  auto *voidTy = llvm::Type::getVoidTy(ctx);
  // __tgt_bin_desc: NumDeviceImages, DeviceImages, HostEntriesBegin/End.
  auto *descTy = llvm::StructType::get(ctx, {i32, ptr, ptr, ptr});
  auto *desc = new llvm::GlobalVariable(
      m, descTy, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
      llvm::Constant::getNullValue(descTy), "__ompx_empty_offload_desc");
  for (bool ctor : {true, false}) {
    StringRef name = ctor ? "__tgt_register_lib" : "__tgt_unregister_lib";
    if (m.getFunction(name))
      continue; // the program registers itself
    llvm::Function *callee = llvm::Function::Create(
        llvm::FunctionType::get(voidTy, {ptr}, false),
        llvm::GlobalValue::ExternalWeakLinkage, name, m);
    llvm::Function *fn = llvm::Function::Create(
        llvm::FunctionType::get(voidTy, false),
        llvm::GlobalValue::InternalLinkage,
        ctor ? "__ompx_offload_init" : "__ompx_offload_fini", m);
    auto *entry = llvm::BasicBlock::Create(ctx, "entry", fn);
    auto *call = llvm::BasicBlock::Create(ctx, "call", fn);
    auto *done = llvm::BasicBlock::Create(ctx, "done", fn);
    llvm::IRBuilder<> b(entry);
    b.CreateCondBr(b.CreateIsNotNull(callee), call, done);
    b.SetInsertPoint(call);
    b.CreateCall(callee, {desc});
    b.CreateBr(done);
    b.SetInsertPoint(done);
    b.CreateRetVoid();
    if (ctor)
      llvm::appendToGlobalCtors(m, fn, 101);
    else
      llvm::appendToGlobalDtors(m, fn, 101);
  }
}

static bool emit(llvm::Module &module, llvm::TargetMachine &tm,
                 llvm::CodeGenFileType type, llvm::SmallVectorImpl<char> &out,
                 std::string &error) {
  llvm::raw_svector_ostream os(out);
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, type)) {
    error = "LLVM cannot emit this file type for " + tm.getTargetTriple().str();
    return false;
  }
  pm.run(module);
  return true;
}

static bool writeFile(StringRef path, StringRef data, std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write " + path.str() + ": " + ec.message();
    return false;
  }
  os << data;
  return true;
}

static std::string joinPath(StringRef dir, StringRef name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return p.str().str();
}

/// Runs Flang's MLIR -> LLVM dialect pipeline (HLFIR -> FIR -> LLVM). Flang
/// output already went through its OpenMP FIR passes (for the host), so they
/// run again only on hand-written FIR; device copies of flang output get just
/// the host-function filter, as `flang -fc1 -fopenmp-is-target-device` would
/// have applied.
static llvm::LogicalResult runFlangPipeline(mlir::ModuleOp module,
                                            const Classification &c,
                                            bool isDevice, StringRef triple,
                                            unsigned optLevel, StringRef file) {
  mlir::PassManager pm(module->getName(),
                       mlir::OpPassManager::Nesting::Implicit);
  pm.enableVerifier(true);
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
    pm.addPass(flangomp::createFunctionFilteringPass());
  }
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  MLIRToLLVMPassPipelineConfig config(level);
  config.EnableOpenMP = true;
  config.SkipConvertComplexPow = llvm::Triple(triple).isAMDGCN();
  fir::registerDefaultInlinerPass(config);
  fir::createMLIRToLLVMPassPipeline(pm, config, file);
  return pm.run(module);
}

/// The equivalent of --omp-function-filtering for llvm.func: host-only
/// definitions are marked declare_target(host), which the OpenMP translation
/// drops from device modules (after outlining their target regions).
static void markHostLLVMFunctions(mlir::ModuleOp module) {
  module->walk([](mlir::LLVM::LLVMFuncOp func) {
    if (func.isExternal())
      return;
    auto dt =
        llvm::dyn_cast<mlir::omp::DeclareTargetInterface>(func.getOperation());
    if (dt && !dt.isDeclareTarget())
      dt.setDeclareTarget(mlir::omp::DeclareTargetDeviceType::host,
                          mlir::omp::DeclareTargetCaptureClause::to,
                          /*automap=*/false);
  });
}

/// flang's pipeline gives external procedures and common blocks their
/// linker names (`_QPsaxpy` -> `saxpy_`) in its external-name-interop pass,
/// which only handles func.func and fir.global; `tco --emit-final-mlir`
/// output still has the internal names. Rename llvm.func/llvm.mlir.global
/// the same way so the program links with Fortran code compiled by flang.
static void externalizeFlangNames(mlir::ModuleOp module) {
  for (mlir::Operation &op : llvm::make_early_inc_range(*module.getBody())) {
    auto sym = llvm::dyn_cast<mlir::SymbolOpInterface>(op);
    if (!sym || !llvm::isa<mlir::LLVM::LLVMFuncOp, mlir::LLVM::GlobalOp>(op))
      continue;
    StringRef name = sym.getName();
    if (!fir::NameUniquer::needExternalNameMangling(name))
      continue;
    auto parts = fir::NameUniquer::deconstruct(name);
    if (!fir::NameUniquer::isExternalFacingUniquedName(parts))
      continue;
    std::string external =
        parts.first == fir::NameUniquer::NameKind::COMMON &&
                parts.second.name.empty()
            ? std::string("__BLNK__")
            : parts.second.name + "_";
    if (mlir::SymbolTable::lookupSymbolIn(module, external))
      continue;
    auto newName = mlir::StringAttr::get(module.getContext(), external);
    if (mlir::succeeded(
            mlir::SymbolTable::replaceAllSymbolUses(&op, newName, module)))
      mlir::SymbolTable::setSymbolName(&op, newName);
  }
}

/// Do `a` and `b` name the same storage? They do when they are one value,
/// or two results of one Fortran declaration (hlfir.declare returns the
/// variable twice, and flang loads through one and maps the other).
static bool sameStorage(mlir::Value a, mlir::Value b) {
  if (a == b)
    return true;
  mlir::Operation *op = a.getDefiningOp();
  return op && op == b.getDefiningOp() &&
         llvm::is_contained({StringRef("hlfir.declare"), StringRef("fir.declare")},
                            op->getName().getStringRef());
}

/// Clones the computation of the host value `value` to the builder's
/// insertion point (the start of the target region), reading variables
/// through the target's map entries. Only constants, pure ops and reads of
/// mapped variables qualify; anything else returns null. Without a builder
/// it only answers whether that is possible.
static mlir::Value rematerialize(mlir::Value value, mlir::omp::TargetOp target,
                                 mlir::OpBuilder *builder,
                                 mlir::IRMapping &mapping, unsigned depth = 0) {
  if (mlir::Value known = mapping.lookupOrNull(value))
    return known;
  auto iface = llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(
      target.getOperation());
  for (auto [var, arg] :
       llvm::zip_equal(target.getMapVars(), iface.getMapBlockArgs())) {
    auto info = var.getDefiningOp<mlir::omp::MapInfoOp>();
    if (!info)
      continue;
    mlir::Value varPtr = info.getVarPtr();
    auto storesValueHere = [&](mlir::Operation *user) {
      StringRef name = user->getName().getStringRef();
      return (name == "fir.store" || name == "llvm.store") &&
             user->getNumOperands() == 2 && user->getOperand(1) == varPtr &&
             sameStorage(user->getOperand(0), value);
    };
    bool stored = llvm::any_of(varPtr.getUsers(), storesValueHere);
    mlir::Value local;
    if (arg.getType() == value.getType() &&
        (sameStorage(value, varPtr) || stored)) {
      // The variable itself, or a descriptor passed by value (an
      // assumed-shape dummy) that flang stored to a mapped temporary: the
      // region gets it as the entry block argument.
      local = arg;
    } else if (stored && llvm::isa<mlir::LLVM::LLVMPointerType>(arg.getType())) {
      // A value stored to a mapped temporary: read it back.
      local = !builder ? arg
                       : mlir::LLVM::LoadOp::create(*builder, value.getLoc(),
                                                    value.getType(), arg)
                             .getResult();
    } else if (stored && arg.getType() != value.getType()) {
      if (builder) {
        mlir::OperationState load(value.getLoc(), "fir.load");
        load.addOperands(arg);
        load.addTypes(value.getType());
        local = builder->create(load)->getResult(0);
      } else {
        local = arg;
      }
    }
    if (local) {
      mapping.map(value, local);
      return local;
    }
  }
  mlir::Operation *op = value.getDefiningOp();
  if (!op || depth > 32 || op->getNumRegions() || target->isAncestor(op))
    return nullptr;
  bool readsOnly =
      mlir::isPure(op) || mlir::matchPattern(op, mlir::m_Constant());
  if (!readsOnly)
    if (auto effects = llvm::dyn_cast<mlir::MemoryEffectOpInterface>(op)) {
      llvm::SmallVector<mlir::MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      readsOnly = llvm::all_of(list, [](const auto &e) {
        return llvm::isa<mlir::MemoryEffects::Read>(e.getEffect());
      });
    }
  if (!readsOnly)
    return nullptr;
  for (mlir::Value operand : op->getOperands())
    if (!rematerialize(operand, target, builder, mapping, depth + 1))
      return nullptr;
  if (!builder) {
    mapping.map(value, value);
    return value;
  }
  mlir::Operation *copy = builder->clone(*op, mapping);
  return copy->getResult(llvm::cast<mlir::OpResult>(value).getResultNumber());
}

/// Where the device cannot recompute a host_eval value from what the region
/// maps (tco output reads an extent from a descriptor copy that is not
/// mapped), pass it in the way flang passes scalars: stored to a temporary
/// that an implicit by-copy map entry maps. Runs on the module before the
/// host and device copies are made, so both agree on the kernel arguments.
/// LLVM dialect only; flang's FIR always maps what its host_eval reads.
static void mapUnrecomputableHostEval(mlir::ModuleOp module) {
  mlir::MLIRContext *ctx = module.getContext();
  module->walk([&](mlir::omp::TargetOp target) {
    auto func = target->getParentOfType<mlir::LLVM::LLVMFuncOp>();
    if (!func || func.isExternal() || target.getHostEvalVars().empty())
      return;
    auto iface = llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(
        target.getOperation());
    llvm::SmallVector<mlir::Value> missing;
    for (mlir::Value v : target.getHostEvalVars()) {
      mlir::IRMapping dryRun;
      if (!rematerialize(v, target, nullptr, dryRun) &&
          !llvm::is_contained(missing, v))
        missing.push_back(v);
    }
    auto ptrTy = mlir::LLVM::LLVMPointerType::get(ctx);
    for (mlir::Value v : missing) {
      mlir::Location loc = target.getLoc();
      mlir::Block &entry = func.getBody().front();
      mlir::OpBuilder b(&entry, entry.begin());
      mlir::Value one = mlir::LLVM::ConstantOp::create(
          b, loc, b.getI64Type(), b.getI64IntegerAttr(1));
      mlir::Value tmp =
          mlir::LLVM::AllocaOp::create(b, loc, ptrTy, v.getType(), one);
      b.setInsertionPoint(target);
      mlir::LLVM::StoreOp::create(b, loc, v, tmp);
      auto info = mlir::omp::MapInfoOp::create(
          b, loc, ptrTy, tmp, mlir::TypeAttr::get(v.getType()),
          mlir::omp::ClauseMapFlagsAttr::get(
              ctx, mlir::omp::ClauseMapFlags::implicit),
          mlir::omp::VariableCaptureKindAttr::get(
              ctx, mlir::omp::VariableCaptureKind::ByCopy),
          mlir::Value(), mlir::ValueRange(), mlir::ArrayAttr(),
          mlir::ValueRange(), mlir::FlatSymbolRefAttr(),
          b.getStringAttr("host_eval"));
      unsigned index = iface.getMapBlockArgsStart() + iface.numMapBlockArgs();
      target.getMapVarsMutable().append(info.getResult());
      target.getRegion().front().insertArgument(index, ptrTy, loc);
    }
  });
}

/// host_eval values (loop bounds, num_teams, ...) are evaluated on the host
/// only: flang's own device modules have none and recompute them inside the
/// target region from the implicitly mapped variables (flang's passes assume
/// this, and LLVM 22 binds leftover host_eval arguments to the wrong kernel
/// arguments). The device copy is rewritten the same way.
static std::optional<Failure> rematerializeHostEval(mlir::ModuleOp device,
                                                   DiagnosticCollector &diags) {
  std::optional<Failure> failure;
  device->walk([&](mlir::omp::TargetOp target) {
    auto iface = llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(
        target.getOperation());
    if (target.getHostEvalVars().empty())
      return mlir::WalkResult::advance();
    mlir::Block &entry = target.getRegion().front();
    mlir::OpBuilder builder(&entry, entry.begin());
    mlir::IRMapping mapping;
    llvm::SmallVector<mlir::Value> values;
    for (mlir::Value v : target.getHostEvalVars()) {
      mlir::Value local = rematerialize(v, target, &builder, mapping);
      if (!local) {
        failure = Failure{Stage::LowerDevice,
                          "a host_eval value of this omp.target (a loop bound "
                          "or teams/parallel clause) cannot be recomputed on "
                          "the device: it is not a constant or a read of a "
                          "mapped variable",
                          diags.locate(v.getLoc())};
        return mlir::WalkResult::interrupt();
      }
      values.push_back(local);
    }
    for (auto [arg, local] :
         llvm::zip_equal(iface.getHostEvalBlockArgs(), values))
      arg.replaceAllUsesWith(local);
    unsigned start = iface.getHostEvalBlockArgsStart();
    entry.eraseArguments(start, values.size());
    target.getHostEvalVarsMutable().clear();
    return mlir::WalkResult::advance();
  });
  return failure;
}

/// OpenACC compute regions cannot be translated by LLVM 22 (and flang's data
/// ops do not translate either); run everything on the host as
/// `--acc-specialize-for-host=enable-host-fallback=true` does, then drop the
/// acc ops that pass leaves behind once nothing uses them (recipes, routine
/// declarations, declare tokens). Returns the first acc op that is still
/// needed, if any.
static mlir::Operation *accHostFallback(mlir::ModuleOp module,
                                        bool &passFailed) {
  mlir::PassManager pm(module->getName(),
                       mlir::OpPassManager::Nesting::Implicit);
  mlir::acc::ACCSpecializeForHostOptions opts;
  opts.enableHostFallback = true;
  pm.addNestedPass<mlir::func::FuncOp>(
      mlir::acc::createACCSpecializeForHost(opts));
  passFailed = mlir::failed(pm.run(module));
  if (passFailed)
    return nullptr;
  for (bool changed = true; changed;) {
    changed = false;
    llvm::SmallVector<mlir::Operation *> dead;
    module->walk([&](mlir::Operation *op) {
      // Ops nested in another acc op go with it.
      mlir::Operation *parent = op->getParentOp();
      bool nested = false;
      for (; parent; parent = parent->getParentOp())
        nested |= parent->getName().getDialectNamespace() == "acc";
      if (!nested && op->getName().getDialectNamespace() == "acc" &&
          op->use_empty() &&
          !llvm::isa<mlir::acc::ParallelOp, mlir::acc::KernelsOp,
                     mlir::acc::SerialOp>(op))
        dead.push_back(op);
      return mlir::WalkResult::advance();
    });
    for (mlir::Operation *op : llvm::reverse(dead)) {
      // Recipes and routines are symbols: erase them only when unreferenced.
      if (mlir::SymbolOpInterface sym =
              llvm::dyn_cast<mlir::SymbolOpInterface>(op))
        if (!mlir::SymbolTable::symbolKnownUseEmpty(sym, module))
          continue;
      op->erase();
      changed = true;
    }
  }
  mlir::Operation *left = nullptr;
  module->walk([&](mlir::Operation *op) {
    if (op->getName().getDialectNamespace() == "acc") {
      left = op;
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return left;
}

/// Names of the functions the serial x86_64 device runtime defines.
static std::set<std::string> runtimeEntryPoints(StringRef object) {
  std::set<std::string> names;
  auto buf = llvm::MemoryBuffer::getFile(object);
  if (!buf)
    return names;
  auto obj =
      llvm::object::ObjectFile::createObjectFile((*buf)->getMemBufferRef());
  if (!obj) {
    llvm::consumeError(obj.takeError());
    return names;
  }
  for (const llvm::object::SymbolRef &sym : (*obj)->symbols()) {
    auto flags = sym.getFlags();
    auto name = sym.getName();
    if (!flags || !name) {
      if (!flags)
        llvm::consumeError(flags.takeError());
      if (!name)
        llvm::consumeError(name.takeError());
      continue;
    }
    if ((*flags & llvm::object::SymbolRef::SF_Global) &&
        !(*flags & llvm::object::SymbolRef::SF_Undefined))
      names.insert(name->str());
  }
  return names;
}

/// What an unsupported runtime entry point means in OpenMP terms, and the op
/// to point at.
static std::pair<std::string, std::string> constructFor(StringRef fn) {
  static const std::pair<const char *, std::pair<const char *, const char *>>
      table[] = {
          // Longest prefixes first.
          {"__kmpc_omp_taskwait", {"taskwait", "omp.taskwait"}},
          {"__kmpc_omp_taskyield", {"taskyield", "omp.taskyield"}},
          {"__kmpc_omp_task", {"task", "omp.task"}},
          {"__kmpc_taskgroup", {"taskgroup", "omp.taskgroup"}},
          {"__kmpc_end_taskgroup", {"taskgroup", "omp.taskgroup"}},
          {"__kmpc_taskloop", {"taskloop", "omp.taskloop"}},
          {"__kmpc_cancel", {"cancel", "omp.cancel"}},
          {"__kmpc_dispatch", {"non-static loop schedule", "omp.wsloop"}},
          {"__kmpc_ordered", {"ordered", "omp.ordered.region"}},
          {"__kmpc_copyprivate", {"single copyprivate", "omp.single"}},
          {"__kmpc_atomic", {"atomic", "omp.atomic.update"}},
          {"__kmpc_nvptx", {"GPU-style reduction", "omp.wsloop"}},
          {"__kmpc_reduction", {"GPU-style reduction", "omp.wsloop"}},
          {"__kmpc_threadprivate", {"threadprivate", "omp.threadprivate"}},
          {"__kmpc_push_num_teams", {"teams num_teams", "omp.teams"}},
          {"__kmpc_fork_teams", {"teams", "omp.teams"}},
          {"__kmpc_fork_call", {"parallel", "omp.parallel"}},
          {"__kmpc_scan", {"scan", "omp.scan"}},
          {"__kmpc_doacross", {"ordered depend", "omp.ordered"}},
          {"__kmpc_alloc", {"allocate", "omp.allocate_dir"}},
      };
  for (const auto &[prefix, what] : table)
    if (fn.starts_with(prefix))
      return {what.first, what.second};
  return {"using " + fn.str(), ""};
}

static mlir::Operation *findOp(mlir::ModuleOp module, StringRef name) {
  mlir::Operation *found = nullptr;
  if (name.empty())
    return nullptr;
  module->walk([&](mlir::Operation *op) {
    if (op->getName().getStringRef() == name) {
      found = op;
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return found;
}

/// Functions a device image may leave to the dynamic loader: the C library
/// is present in the process that dlopens the image.
static bool isLibcFunction(StringRef name) {
  static const std::set<std::string> libc = {
      "malloc", "free",  "calloc", "realloc", "memcpy", "memmove", "memset",
      "abort",  "sqrt",  "sqrtf",  "exp",     "expf",   "log",     "logf",
      "pow",    "powf",  "sin",    "sinf",    "cos",    "cosf",    "tan",
      "tanf",   "fabs",  "fabsf",  "floor",   "floorf", "ceil",    "ceilf",
      "fmod",   "fmodf", "atan",   "atan2",   "tanh",   "exp2",    "log10",
      "log2",   "fma",   "fmaf",   "erf",     "erff"};
  return libc.count(name.str());
}

static std::optional<Failure>
checkHostOffloadSupport(llvm::Module &device, mlir::ModuleOp deviceMlir,
                        StringRef runtimeObject, DiagnosticCollector &diags,
                        std::vector<std::string> &fortranRuntime) {
  std::set<std::string> provided = runtimeEntryPoints(runtimeObject);
  if (provided.empty())
    return Failure{Stage::LowerDevice,
                   "the ompx x86_64 device runtime " + runtimeObject.str() +
                       " is missing or unreadable (rebuild ompx)",
                   std::nullopt};
  for (llvm::Function &f : device) {
    if (!f.isDeclaration() || f.isIntrinsic() || f.use_empty())
      continue;
    StringRef name = f.getName();
    if (provided.count(name.str()) || isLibcFunction(name))
      continue;
    // The program's own flang_rt serves these (the launcher exports them
    // from the executable to the device image the plugin loads).
    if (name.starts_with("_Fortran")) {
      fortranRuntime.push_back(name.str());
      continue;
    }
    auto [construct, opName] = constructFor(name);
    Failure failure{
        Stage::LowerDevice,
        "construct " + construct +
            " is not supported on host-offload (the serial ompx "
            "device runtime does not implement " +
                  name.str() + "); run it with --device=host",
        std::nullopt};
    if (mlir::Operation *op = findOp(deviceMlir, opName))
      failure.location = diags.locate(op->getLoc());
    return failure;
  }
  // The runtime invokes outlined parallel regions with up to 16 captures.
  if (llvm::Function *par = device.getFunction("__kmpc_parallel_60"))
    for (llvm::User *u : par->users())
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(u))
        if (auto *n = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(8)))
          if (n->getSExtValue() > 16) {
            Failure failure{
                Stage::LowerDevice,
                "construct parallel with " + std::to_string(n->getSExtValue()) +
                    " captured values is not supported on host-offload (the "
                    "serial ompx device runtime passes at most 16)",
                std::nullopt};
            if (mlir::Operation *op = findOp(deviceMlir, "omp.parallel"))
              failure.location = diags.locate(op->getLoc());
            return failure;
          }
  return std::nullopt;
}

namespace {
class Compiler {
public:
  Compiler(const CompileJob &job, const StageFn &onStage, const LogFn &log)
      : job(job), onStage(onStage), log(log) {}
  CompileOutcome run();

private:
  std::optional<Failure> lowerHost(mlir::ModuleOp host);
  std::optional<Failure> lowerDevice(mlir::ModuleOp device);
  std::optional<Failure> codegenDevice();
  std::optional<Failure> codegenHost();
  bool deviceIsGPU() const {
    return job.device == DeviceKind::NVPTX || job.device == DeviceKind::AMDGPU;
  }
  /// The device's TargetMachine: the GPU arch, or x86-64 for host-offload.
  auto deviceTargetMachine(std::string &error) {
    return makeTargetMachine(
        job.deviceTriple, deviceIsGPU() ? StringRef(job.deviceArch) : "x86-64",
        /*pic=*/true, job.optLevel, error);
  }

  const CompileJob &job;
  const StageFn &onStage;
  const LogFn &log;
  mlir::MLIRContext context{mlir::MLIRContext::Threading::DISABLED};
  std::optional<DiagnosticCollector> diags;
  Classification cls;
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> hostModule, deviceModule;
  mlir::OwningOpRef<mlir::ModuleOp> deviceMlir;
  std::string hostBitcode;
  CompileOutcome outcome;
  bool offloading = true;
  bool offload() const { return offloading && job.device != DeviceKind::Host; }
};
} // namespace

std::optional<Failure> Compiler::lowerHost(mlir::ModuleOp host) {
  std::string error;
  auto tm = makeTargetMachine(kHostTriple, "x86-64", true, job.optLevel, error);
  if (!tm)
    return Failure{Stage::LowerHost, error, std::nullopt};
  auto offloadMod =
      llvm::cast<mlir::omp::OffloadModuleInterface>(host.getOperation());
  offloadMod.setIsTargetDevice(false);
  offloadMod.setIsGPU(false);
  // No targets: target regions become direct host calls (device "host").
  std::vector<std::string> triples;
  if (offload())
    triples.push_back(job.deviceTriple);
  offloadMod.setTargetTriples(triples);
  fir::setTargetTriple(host, kHostTriple);
  fir::setTargetCPU(host, "x86-64");
  fir::setTargetFeatures(host, "");
  fir::support::setMLIRDataLayout(host, tm->createDataLayout());
  if (cls.fir && mlir::failed(runFlangPipeline(host, cls, false, kHostTriple,
                                               job.optLevel, job.inputPath)))
    return diags->failure(Stage::LowerHost,
                          "lowering the host copy to the LLVM dialect failed");
  hostModule = mlir::translateModuleToLLVMIR(host, llvmContext, job.inputPath);
  if (!hostModule)
    return diags->failure(Stage::LowerHost,
                          "translating the host copy to LLVM IR failed "
                          "(see the build log below)");
  hostModule->setTargetTriple(tm->getTargetTriple());
  hostModule->setDataLayout(tm->createDataLayout());
  hostModule->setPICLevel(llvm::PICLevel::BigPIC);
  hostModule->setPIELevel(llvm::PIELevel::Large);
  // The device translation reads the host IR (offload entry order); a
  // missing file would abort inside OpenMPIRBuilder, so it must exist first.
  if (offload()) {
    hostBitcode = joinPath(job.workDir, "host.bc");
    std::error_code ec;
    llvm::raw_fd_ostream os(hostBitcode, ec, llvm::sys::fs::OF_None);
    if (ec)
      return Failure{Stage::LowerHost,
                     "cannot write " + hostBitcode + ": " + ec.message(),
                     std::nullopt};
    llvm::WriteBitcodeToFile(*hostModule, os);
  }
  return std::nullopt;
}

std::optional<Failure> Compiler::lowerDevice(mlir::ModuleOp device) {
  std::string error;
  auto tm = deviceTargetMachine(error);
  if (!tm)
    return Failure{Stage::LowerDevice, error, std::nullopt};
  auto offloadMod =
      llvm::cast<mlir::omp::OffloadModuleInterface>(device.getOperation());
  offloadMod.setIsTargetDevice(true);
  offloadMod.setIsGPU(deviceIsGPU());
  offloadMod.setTargetTriples({});
  offloadMod.setFlags(/*debugKind=*/0, false, false, false, false,
                      cls.openmpVersion, /*noGPULib=*/false);
  if (!llvm::sys::fs::exists(hostBitcode))
    return Failure{Stage::LowerDevice,
                   "the host IR file " + hostBitcode + " does not exist",
                   std::nullopt};
  offloadMod.setHostIRFilePath(hostBitcode);
  fir::setTargetTriple(device, job.deviceTriple);
  fir::setTargetCPU(device,
                    deviceIsGPU() ? StringRef(job.deviceArch) : "x86-64");
  fir::setTargetFeatures(device, "");
  fir::support::setMLIRDataLayout(device, tm->createDataLayout());
  markHostLLVMFunctions(device);
  if (auto f = rematerializeHostEval(device, *diags))
    return f;
  if (cls.fir &&
      mlir::failed(runFlangPipeline(device, cls, true, job.deviceTriple,
                                    job.optLevel, job.inputPath)))
    return diags->failure(
        Stage::LowerDevice,
        "lowering the device copy to the LLVM dialect failed");
  deviceModule =
      mlir::translateModuleToLLVMIR(device, llvmContext, job.inputPath);
  if (!deviceModule)
    return diags->failure(Stage::LowerDevice,
                          "translating the device copy to LLVM IR failed "
                          "(see the build log below)");
  deviceModule->setTargetTriple(tm->getTargetTriple());
  deviceModule->setDataLayout(tm->createDataLayout());
  {
    // Kept for inspection (--keep), like host.bc.
    std::error_code ec;
    llvm::raw_fd_ostream os(joinPath(job.workDir, "device.bc"), ec,
                            llvm::sys::fs::OF_None);
    if (!ec)
      llvm::WriteBitcodeToFile(*deviceModule, os);
  }
  std::string kernels;
  for (llvm::Function &f : *deviceModule)
    if (!f.isDeclaration() && f.getName().starts_with("__omp_offloading_") &&
        !f.getName().contains(".."))
      kernels += (kernels.empty() ? "" : ",") + f.getName().str();
  outcome.kernels = kernels;
  if (kernels.empty())
    log("note: the module has no target region; nothing is offloaded");
  if (job.device == DeviceKind::HostOffload)
    if (auto f = checkHostOffloadSupport(*deviceModule, device,
                                         job.hostDevRuntime, *diags,
                                         outcome.fortranRuntime))
      return f;
  return std::nullopt;
}

std::optional<Failure> Compiler::codegenDevice() {
  std::string error;
  auto tm = deviceTargetMachine(error);
  if (!tm)
    return Failure{Stage::Codegen, error, std::nullopt};
  optimize(*deviceModule, *tm, job.optLevel);
  llvm::SmallString<0> code;
  bool ptx = job.device == DeviceKind::NVPTX;
  if (!emit(*deviceModule, *tm,
            ptx ? llvm::CodeGenFileType::AssemblyFile
                : llvm::CodeGenFileType::ObjectFile,
            code, error))
    return Failure{Stage::Codegen, error, std::nullopt};
  std::string image;
  if (ptx) {
    std::string ptxFile = joinPath(job.workDir, "device.s");
    image = joinPath(job.workDir, "device.cubin");
    if (!writeFile(ptxFile, code, error))
      return Failure{Stage::Codegen, error, std::nullopt};
    ToolRun run = runTool(job.ptxas,
                          {"-m64", job.optLevel ? "-O3" : "-O0", "--gpu-name",
                           job.deviceArch, "-c", ptxFile, "-o", image},
                          300);
    if (run.exitCode != 0)
      return Failure{Stage::Codegen,
                     "ptxas failed on the device code for " + job.deviceArch +
                         ": " + StringRef(run.output).trim().str() + run.error,
                     std::nullopt};
  } else {
    image = joinPath(job.workDir, "device.o");
    if (!writeFile(image, code, error))
      return Failure{Stage::Codegen, error, std::nullopt};
  }
  outcome.deviceImage = image;
  auto buf = llvm::MemoryBuffer::getFile(image);
  if (!buf)
    return Failure{Stage::Codegen, "cannot read " + image, std::nullopt};
  llvm::object::OffloadBinary::OffloadingImage img;
  img.TheImageKind = ptx ? llvm::object::IMG_Cubin : llvm::object::IMG_Object;
  img.TheOffloadKind = llvm::object::OFK_OpenMP;
  img.StringData["triple"] = job.deviceTriple;
  img.StringData["arch"] =
      deviceIsGPU() ? StringRef(job.deviceArch) : "generic";
  img.Image = std::move(*buf);
  llvm::SmallString<0> blob = llvm::object::OffloadBinary::write(img);
  llvm::embedBufferInModule(
      *hostModule, llvm::MemoryBufferRef(blob, "device image"),
      ".llvm.offloading",
      llvm::Align(llvm::object::OffloadBinary::getAlignment()));
  return std::nullopt;
}

std::optional<Failure> Compiler::codegenHost() {
  std::string error;
  auto tm = makeTargetMachine(kHostTriple, "x86-64", true, job.optLevel, error);
  if (!tm)
    return Failure{Stage::Codegen, error, std::nullopt};
  if (!offload())
    addEmptyOffloadRegistration(*hostModule);
  optimize(*hostModule, *tm, job.optLevel);
  llvm::SmallString<0> code;
  if (!emit(*hostModule, *tm, llvm::CodeGenFileType::ObjectFile, code, error))
    return Failure{Stage::Codegen, error, std::nullopt};
  outcome.hostObject = joinPath(job.workDir, "host.o");
  if (!writeFile(outcome.hostObject, code, error))
    return Failure{Stage::Codegen, error, std::nullopt};
  return std::nullopt;
}

CompileOutcome Compiler::run() {
  auto fail = [&](Failure f) {
    outcome.ok = false;
    outcome.stage = f.stage;
    outcome.message = std::move(f.message);
    outcome.location = std::move(f.location);
    return outcome;
  };

  onStage(Stage::Parse, job.inputPath);
  mlir::DialectRegistry registry;
  ompx::registerOmpxDialects(registry);
  context.appendDialectRegistry(registry);
  ompx::loadFlangDialects(context);
  fir::support::registerLLVMTranslation(context);
  // Diagnostics name the op by its location; a dump of it helps nobody.
  context.printOpOnDiagnostic(false);
  diags.emplace(context, job.inputPath, log);

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(job.inputText, job.inputPath),
      llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return fail(diags->failure(Stage::Parse, "the file does not parse"));
  if (mlir::failed(mlir::verify(*module)))
    return fail(diags->failure(Stage::Parse, "the module does not verify"));
  cls = classify(*module);
  auto offloadIface =
      llvm::dyn_cast<mlir::omp::OffloadModuleInterface>(module->getOperation());
  if (offloadIface && offloadIface.getIsTargetDevice())
    return fail({Stage::Parse,
                 "this is the device half of a program (omp.is_target_device "
                 "= true, as `flang -fc1 -fopenmp-is-target-device` emits "
                 "it); launch the host form (flang -fc1 -emit-hlfir without "
                 "-fopenmp-is-target-device): ompx derives the device code "
                 "from it",
                 std::nullopt});
  outcome.hasMain = cls.hasMain;
  if (cls.llvm && !cls.fir)
    externalizeFlangNames(*module);
  log(std::string("input: ") +
      (cls.fir && cls.llvm ? "mixed FIR and LLVM dialect"
       : cls.fir           ? "HLFIR/FIR"
                           : "LLVM dialect") +
      (cls.fir ? (cls.flangOutput ? " (flang output: its OpenMP FIR passes "
                                    "already ran)"
                                  : " (not flang output: running flang's "
                                    "OpenMP FIR passes)")
               : "") +
      (cls.target ? ", has omp.target" : ", no omp.target"));

  if (cls.accAny) {
    mlir::Operation *accOp = cls.accCompute ? cls.accCompute : cls.accAny;
    std::string name = accOp->getName().getStringRef().str();
    if (offload())
      return fail({Stage::Parse,
                   "OpenACC cannot be offloaded with LLVM 22 (" + name +
                       " does not translate to LLVM IR); launch acc files "
                       "with --device=host (host fallback)",
                   diags->locate(accOp->getLoc())});
    if (cls.llvm && !cls.fir)
      return fail({Stage::Parse,
                   "OpenACC host fallback needs the HLFIR/FIR form (func.func "
                   "bodies); this LLVM-dialect file keeps " +
                       name + ", which LLVM 22 cannot translate",
                   diags->locate(accOp->getLoc())});
    bool passFailed = false;
    mlir::Operation *left = accHostFallback(*module, passFailed);
    if (passFailed) {
      Failure f = diags->failure(Stage::Parse, "failed");
      f.message = "OpenACC host fallback (acc-specialize-for-host, LLVM 22) "
                  "produced invalid IR: " +
                  f.message;
      return fail(f);
    }
    if (left)
      return fail({Stage::Parse,
                   "OpenACC host fallback left " +
                       left->getName().getStringRef().str() +
                       ", which LLVM 22 cannot translate",
                   diags->locate(left->getLoc())});
    outcome.openacc = true;
    log("OpenACC: every acc construct runs on the host (host fallback)");
  }

  // Without a target region there is nothing to offload: build for the host
  // (a device compile of such a module would only exercise LLVM bugs).
  if (offload() && !cls.target) {
    log("note: no omp.target in the module; nothing is offloaded");
    offloading = false;
  }
  outcome.offloaded = offload();

  // Clone before any lowering: the device copy starts from the same IR (and
  // the same locations, hence the same kernel names) as the host copy.
  if (offload()) {
    mapUnrecomputableHostEval(*module);
    deviceMlir = module->clone();
  }

  onStage(Stage::LowerHost, cls.fir ? "HLFIR/FIR -> LLVM IR (x86_64)"
                                    : "LLVM dialect -> LLVM IR (x86_64)");
  if (auto f = lowerHost(*module))
    return fail(*f);
  module = nullptr;

  if (offload()) {
    onStage(Stage::LowerDevice, "device copy -> LLVM IR (" + job.deviceTriple +
                                    ", " + job.deviceArch + ")");
    if (auto f = lowerDevice(*deviceMlir))
      return fail(*f);
    onStage(Stage::Codegen,
            job.device == DeviceKind::NVPTX
                ? "PTX -> " + job.deviceArch + " cubin (ptxas), host object"
                : "device object (" + job.deviceArch + "), host object");
    if (auto f = codegenDevice())
      return fail(*f);
  } else {
    onStage(Stage::Codegen, "host object (x86_64)");
  }
  if (auto f = codegenHost())
    return fail(*f);
  outcome.ok = true;
  return outcome;
}

CompileOutcome ompx::pipeline::compileInProcess(const CompileJob &job,
                                                const StageFn &onStage,
                                                const LogFn &log) {
  static bool initialized = [] {
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    return true;
  }();
  (void)initialized;
  Compiler compiler(job, onStage, log);
  return compiler.run();
}
