//===- Compile.cpp - In-process MLIR -> host object with offload ----------===//
//
// parse once -> classify -> ompx input passes -> clone for host and device
// -> offload attributes -> (device) ompx device-copy passes -> Flang's
// lowering where the input holds FIR -> LLVM IR -> device code (+ ptxas) ->
// OffloadBinary embedded in the host object. Host and device copies come
// from one parse, so kernel names (derived from op locations) always agree.
//
// The steps live by concern: Classify (what the module is), Lowering (ompx
// passes, Flang's MLIR pipeline), Codegen (LLVM, objects, embedding),
// HostOffloadCheck (the serial device runtime), CompileDiagnostics.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/Compile.h"
#include "dialects/ir/Registry.h"
#include "pipeline/compile/Classify.h"
#include "pipeline/compile/Codegen.h"
#include "pipeline/compile/CompileDiagnostics.h"
#include "pipeline/compile/DeviceFixes.h"
#include "pipeline/compile/DeviceImage.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/HostCopies.h"
#include "pipeline/compile/HostOffloadCheck.h"
#include "pipeline/compile/KernelSources.h"
#include "pipeline/compile/Lowering.h"
#include "pipeline/compile/MapSites.h"
#include "pipeline/compile/TranslationDefects.h"
#include "pipeline/compile/WideFloats.h"
#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Support/InitFIR.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>

using namespace ompx::pipeline;
using llvm::StringRef;

namespace {
class Compiler {
public:
  Compiler(const CompileJob &job, const StageFn &onStage, const LogFn &log)
      : job(job), onStage(onStage), log(log) {}
  CompileOutcome run();

private:
  CompileOutcome runStages();
  std::optional<Failure> parse(mlir::OwningOpRef<mlir::ModuleOp> &module);
  std::optional<Failure> runInput(mlir::ModuleOp module);
  std::optional<Failure> lowerHost(mlir::ModuleOp host);
  void fixHostModule();
  std::optional<Failure> lowerDevice(mlir::ModuleOp device);
  std::optional<Failure> refuseNvptxComplexCalls(mlir::ModuleOp device);
  std::optional<Failure> passLoopChunksOrRefuse(mlir::ModuleOp device);
  std::optional<Failure> refuseAmdgcnTargetTask(mlir::ModuleOp device);
  std::optional<Failure> refuseDefect(std::optional<TranslationDefect> defect,
                                      Stage stage);
  std::optional<Failure> refuseX87OnGpu(mlir::ModuleOp device);
  std::optional<Failure> codegenDevice();
  void embedDevice();
  std::optional<Failure> codegenHost();
  bool deviceIsGPU() const {
    return job.device == DeviceKind::NVPTX || job.device == DeviceKind::AMDGPU;
  }
  /// The device's TargetMachine: the GPU arch, or x86-64 for host-offload.
  auto deviceTargetMachine(std::string &error) {
    return makeTargetMachine(
        job.deviceTriple, deviceIsGPU() ? StringRef(job.deviceArch) : "x86-64",
        /*pic=*/true, job.optLevel, error,
        deviceTargetFeatures(job.deviceTriple, job.deviceArch));
  }

  std::optional<Failure> startTrace();
  /// A snapshot of a compile step (PassTrace), when traced.
  void step(TraceView view, StringRef name, mlir::ModuleOp m) {
    if (trace)
      trace->mlirStep(view, name, m);
  }
  void step(TraceView view, StringRef name, const llvm::Module &m) {
    if (trace)
      trace->llvmStep(view, name, m);
  }
  /// A crash from here on is in step `name`.
  void running(TraceView view, StringRef name) {
    if (trace)
      trace->running(view, name);
  }

  /// Announces `s` (the stage its warnings are shown under).
  void enter(Stage s, const std::string &what) {
    stage = s;
    onStage(s, what);
  }

  const CompileJob &job;
  const StageFn &onStage;
  const LogFn &log;
  Stage stage = Stage::Parse;
  mlir::MLIRContext context{mlir::MLIRContext::Threading::DISABLED};
  llvm::SourceMgr sourceMgr;
  std::optional<DiagnosticCollector> diags;
  Classification cls;
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> hostModule, deviceModule;
  mlir::OwningOpRef<mlir::ModuleOp> deviceMlir;
  /// Other units' module variables the target regions copy in (kHostCopiesKey).
  std::string hostCopies;
  /// A host build's first offload construct (kHostOnlySection).
  std::string hostOnlyConstruct;
  std::string hostBitcode;
  CompileOutcome outcome;
  MapSiteIndex mapSites; ///< job.namesSites()
  std::unique_ptr<PassTrace> trace; ///< job.snapshots.dir
  bool offloading = true;
  /// Offloaded only for Classification::namedData: the device copy keeps
  /// no module variable of its own (dropModuleVariables).
  bool namedDataOnly = false;
  bool offload() const { return offloading && job.device != DeviceKind::Host; }
};
} // namespace

/// LLVM IR fixes of the host module, right after translation.
void Compiler::fixHostModule() {
  DescriptorCopies copies = placeDescriptorCopies(*hostModule);
  if (copies.inTasks + copies.onStack)
    log("host: " + std::to_string(copies.inTasks + copies.onStack) +
        " descriptor map(s) of target regions map a copy made when the "
        "construct is met (" +
        std::to_string(copies.inTasks) +
        " in a deferred region's task): regions running at once shared "
        "LLVM 22's one device descriptor");
  if (copies.unrecognized)
    log("host: warning: " + std::to_string(copies.unrecognized) +
        " descriptor copies of target regions not matched to their launch; "
        "those regions map the host's descriptor, which regions running at "
        "once share");
  step(TraceView::Host, "descriptor-copies", *hostModule);
  HostCompositeChunks chunks = fixHostCompositeChunks(*hostModule);
  if (chunks.rewritten)
    log("host: " + std::to_string(chunks.rewritten) +
        " composite loop(s) with chunks now run each iteration once "
        "(LLVM 22 ran some twice)");
  if (chunks.unserialized)
    log("host: " + std::to_string(chunks.unserialized) +
        " composite loop(s) with an if clause on their parallel form a team "
        "of one thread where it is false (libomp aborted serializing them)");
  if (chunks.oneTeamGuarded)
    log("host: " + std::to_string(chunks.oneTeamGuarded) +
        " composite loop schedule(s) of one team run without libomp's "
        "composite entry (it aborted for a league serialized inside an "
        "active team: a nowait region's host fallback, a parallel region)");
  for (const std::string &where : chunks.refused)
    log("host: " + (where.empty() ? std::string("a") : where + ": a") +
        " composite loop with chunks at both levels runs on the host only "
        "with one team or one thread per team (stops, saying so, "
        "otherwise)");
  step(TraceView::Host, "host-composite-chunks", *hostModule);
  HostTeamsCombines combines = lockHostTeamsCombines(*hostModule);
  if (combines.locked)
    log("host: " + std::to_string(combines.locked) +
        " teams reduction combine(s) now take one lock for all teams "
        "(LLVM 22's excluded a team's threads, not the teams)" +
        (combines.alone ? "; " + std::to_string(combines.alone) +
                              " made by a team's initial thread alone "
                              "combine without libomp's reduce, whose "
                              "barrier waited for the team's other threads"
                        : std::string()));
  if (combines.barriers)
    log("host: " + std::to_string(combines.barriers) +
        " barrier(s) in teams regions' own code removed (one thread of "
        "each team runs it; they waited for the others)");
  if (combines.unrecognized)
    log("host: warning: " + std::to_string(combines.unrecognized) +
        " teams reduction combine(s) not recognized, left without the lock");
  step(TraceView::Host, "host-teams-combines", *hostModule);
  if (unsigned asked = askTeamsLeague(*hostModule))
    log("host: " + std::to_string(asked) +
        " teams region(s) without num_teams ask libomp for the default "
        "league each time (libomp 19 aborted forking one from a pool thread "
        "its last league had left a size on)");
  step(TraceView::Host, "host-teams-league", *hostModule);
  DeferredFallbacks fallbacks = captureDeferredFallbacks(*hostModule);
  if (fallbacks.rewired)
    log("host: " + std::to_string(fallbacks.rewired) +
        " firstprivate value(s) of deferred target regions' host fallback "
        "now come from the task's copy (LLVM 22 read them when it ran)");
  if (fallbacks.unrecognized)
    log("host: warning: " + std::to_string(fallbacks.unrecognized) +
        " firstprivate value(s) of deferred target regions not matched to "
        "their host fallback, left as they were");
  step(TraceView::Host, "deferred-fallbacks", *hostModule);
}

std::optional<Failure> Compiler::lowerHost(mlir::ModuleOp host) {
  std::string error;
  auto tm = makeTargetMachine(kHostTriple, "x86-64", true, job.optLevel, error);
  if (!tm)
    return Failure{Stage::LowerHost, error, std::nullopt};
  // No targets: target regions become direct host calls (device "host").
  std::vector<std::string> triples;
  if (offload())
    triples.push_back(job.deviceTriple);
  setHostCopyAttributes(host, triples, *tm);
  step(TraceView::Host, "set-host-attributes", host);
  KernelSourceTable sources = collectKernelSources(host);
  // Before Flang's lowering, which makes new map ops of the parsed ones
  // (keeping their locations).
  if (job.namesSites() && offload())
    if (llvm::Error e = mapSites.tag(host, job.inputPath,
                                     joinPath(job.workDir, kMapSitesFile)))
      return Failure{Stage::LowerHost, llvm::toString(std::move(e)),
                     std::nullopt};
  if (job.mapWatches && !job.namesSites() && offload())
    MapSiteIndex::tagFlangNames(host);
  if (cls.fir &&
      mlir::failed(runFlangPipeline(host, cls, false, kHostTriple, job.optLevel,
                                    job.inputPath, trace.get(), job.debugInfo)))
    return diags->failure(Stage::LowerHost,
                          "lowering the host copy to the LLVM dialect failed");
  if (job.namesSites() && offload())
    MapSiteIndex::tagDerived(host, job.inputPath);
  if (offload())
    widenX87MapElements(host);
  if (mlir::failed(runHostTranslationFixes(host, trace.get())))
    return diags->failure(Stage::LowerHost,
                          "mending the host copy's teams constructs failed");
  nameMapLocations(host);
  step(TraceView::Host, "name-map-locations", host);
  if (auto f = refuseDefect(findTargetTaskDepend(host), Stage::LowerHost))
    return f;
  running(TraceView::Host, "translate-to-llvm-ir");
  hostModule = mlir::translateModuleToLLVMIR(host, llvmContext, job.inputPath);
  if (!hostModule && trace)
    trace->stepFailed(TraceView::Host, "translate-to-llvm-ir");
  if (!hostModule)
    return diags->failure(Stage::LowerHost,
                          "translating the host copy to LLVM IR failed "
                          "(see the build log below)");
  step(TraceView::Host, "translate-to-llvm-ir", *hostModule);
  fixHostModule();
  nameKernelLaunches(*hostModule, sources);
  step(TraceView::Host, "name-kernel-launches", *hostModule);
  if (job.device == DeviceKind::HostOffload) {
    requestHostTeams(*hostModule);
    step(TraceView::Host, "request-host-teams", *hostModule);
  }
  // A checked or recorded launch's tool reads the strings in flang's order
  // (its map sites name the .mlir op), so they stay as they are there.
  // A checked build keeps them too: the checker pairs a watch with its
  // data by the file and variable fields.
  if (!job.namesSites() && !job.mapWatches)
    nameMapEntries(*hostModule);
  if (job.mapWatches)
    new llvm::GlobalVariable(
        *hostModule, llvm::Type::getInt8Ty(llvmContext), /*isConstant=*/true,
        llvm::GlobalValue::WeakAnyLinkage,
        llvm::ConstantInt::get(llvm::Type::getInt8Ty(llvmContext), 1),
        kMapWatchesSymbol);
  step(TraceView::Host, "name-map-entries", *hostModule);
  hostModule->setTargetTriple(tm->getTargetTriple());
  hostModule->setDataLayout(tm->createDataLayout());
  hostModule->setPICLevel(llvm::PICLevel::BigPIC);
  hostModule->setPIELevel(llvm::PIELevel::Large);
  step(TraceView::Host, "set-target", *hostModule);
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

/// LLVM 22's OpenMPIRBuilder segfaults finalizing an amdgcn device module
/// whose target region holds a task (llvm/llvm-project#84606; nvptx and a
/// task beside the target region are fine): refused at the task instead.
std::optional<Failure> Compiler::refuseAmdgcnTargetTask(mlir::ModuleOp device) {
  mlir::omp::TaskOp task;
  device.walk([&](mlir::omp::TaskOp t) {
    if (!t->getParentOfType<mlir::omp::TargetOp>())
      return mlir::WalkResult::advance();
    task = t;
    return mlir::WalkResult::interrupt();
  });
  if (!task)
    return std::nullopt;
  std::string message =
      "a task inside a target region is refused for amdgcn: LLVM 22's "
      "OpenMPIRBuilder crashes translating it for " +
      job.deviceArch +
      " (llvm/llvm-project#84606); build it for nvptx, or "
      "move the task out of the target region";
  task.emitError(message);
  return diags->failure(Stage::LowerDevice, message);
}

/// A construct LLVM 22 cannot translate (TranslationDefects.h), refused
/// at its op.
std::optional<Failure>
Compiler::refuseDefect(std::optional<TranslationDefect> defect, Stage stage) {
  if (!defect)
    return std::nullopt;
  defect->op->emitError(defect->message);
  return diags->failure(stage, defect->message);
}

/// GPUs have no 80-bit floating-point type: NVPTX's code generation aborts
/// on x86_fp80 ("unsupported library call operation"). Refused at the first
/// op of device code that uses REAL(10)/COMPLEX(10), before translation.
std::optional<Failure> Compiler::refuseX87OnGpu(mlir::ModuleOp device) {
  mlir::Operation *op = findX87DeviceOp(device);
  if (!op)
    return std::nullopt;
  std::string message =
      "`" + op->getName().getStringRef().str() +
      "` uses REAL(10)/COMPLEX(10) (x87 80-bit extended) in device code, "
      "which " +
      job.deviceArch +
      " has no type for: use REAL(8) in target regions, or run them with "
      "--device=host-offload";
  op->emitError(message);
  return diags->failure(Stage::LowerDevice, message);
}

/// nvptx device code in `op`: inside a target region or a declare target
/// function (the filter drops the rest of the device copy).
static bool inNvptxDeviceCode(mlir::Operation *op) {
  auto fn = op->getParentOfType<mlir::func::FuncOp>();
  return op->getParentOfType<mlir::omp::TargetOp>() ||
         (fn && fn->hasAttr("omp.declare_target"));
}

/// The complex library calls flang-22 makes for EXP, LOG, SQRT, SIN, COS,
/// TAN, TANH, ABS, ** (complex exponent) and division of a COMPLEX, as
/// complex dialect ops, which MLIR's complex-to-standard then expands into
/// real arithmetic and math ops (llvm.exp, llvm.sin, atan2, ... which
/// libdevice provides): a complex passed by value never reaches flang's
/// target-rewrite, which has no NVPTX ABI for it. Returns how many.
static unsigned mapNvptxComplexCalls(mlir::ModuleOp device) {
  std::vector<std::pair<fir::CallOp, std::string>> calls;
  device.walk([&](fir::CallOp call) {
    std::optional<mlir::SymbolRefAttr> callee = call.getCallee();
    // Host code of the device copy too (a target region's host function
    // keeps its host part until translation drops it): target-rewrite
    // would abort on its calls as well.
    if (!callee || call->getNumResults() != 1)
      return;
    StringRef name = callee->getRootReference().getValue();
    StringRef base = name == "__divsc3" ? "__divdc3" : name;
    // cexpf is cexp of a complex(4).
    if (base.ends_with("f") && base.starts_with("c"))
      base = base.drop_back();
    if (llvm::is_contained({"cexp", "clog", "csqrt", "csin", "ccos", "ctan",
                            "ctanh", "cabs", "cpow", "__divdc3"},
                           base))
      calls.emplace_back(call, base.str());
  });
  for (auto &[call, base] : calls) {
    mlir::OpBuilder b(call);
    mlir::Location loc = call.getLoc();
    mlir::OperandRange a = call.getArgs();
    mlir::Value r;
    if (base == "cexp" && a.size() == 1)
      r = mlir::complex::ExpOp::create(b, loc, a[0]);
    else if (base == "clog" && a.size() == 1)
      r = mlir::complex::LogOp::create(b, loc, a[0]);
    else if (base == "csqrt" && a.size() == 1)
      r = mlir::complex::SqrtOp::create(b, loc, a[0]);
    else if (base == "csin" && a.size() == 1)
      r = mlir::complex::SinOp::create(b, loc, a[0]);
    else if (base == "ccos" && a.size() == 1)
      r = mlir::complex::CosOp::create(b, loc, a[0]);
    else if (base == "ctan" && a.size() == 1)
      r = mlir::complex::TanOp::create(b, loc, a[0]);
    else if (base == "ctanh" && a.size() == 1)
      r = mlir::complex::TanhOp::create(b, loc, a[0]);
    else if (base == "cabs" && a.size() == 1)
      r = mlir::complex::AbsOp::create(b, loc, a[0]);
    else if (base == "cpow" && a.size() == 2)
      r = mlir::complex::PowOp::create(b, loc, a[0], a[1]);
    else if (base == "__divdc3" && a.size() == 4) {
      mlir::Type t = call->getResult(0).getType();
      r = mlir::complex::DivOp::create(
          b, loc, mlir::complex::CreateOp::create(b, loc, t, a[0], a[1]),
          mlir::complex::CreateOp::create(b, loc, t, a[2], a[3]));
    }
    if (!r || r.getType() != call->getResult(0).getType()) {
      if (r)
        r.getDefiningOp()->erase();
      continue;
    }
    call->getResult(0).replaceAllUsesWith(r);
    call->erase();
  }
  // What remains in host code of the device copy (CASIN, ...) is never
  // translated for the device: its value is left undefined there.
  std::vector<fir::CallOp> hostCalls;
  device.walk([&](fir::CallOp call) {
    auto isComplex = [](mlir::Type t) {
      return mlir::isa<mlir::ComplexType>(t);
    };
    if (!inNvptxDeviceCode(call) &&
        (llvm::any_of(call->getOperandTypes(), isComplex) ||
         llvm::any_of(call->getResultTypes(), isComplex)))
      hostCalls.push_back(call);
  });
  for (fir::CallOp call : hostCalls) {
    mlir::OpBuilder b(call);
    for (mlir::Value r : call->getResults())
      r.replaceAllUsesWith(
          fir::UndefOp::create(b, call.getLoc(), r.getType()).getResult());
    call->erase();
  }
  return calls.size();
}

/// flang-22's target-rewrite has no NVPTX ABI for a COMPLEX passed or
/// returned by value (it aborted the build with a bare "LLVM ERROR:
/// aborting"); CUDA's libdevice has no complex functions. What
/// mapNvptxComplexCalls does not expand (casin, cacos, csinh, ...) is
/// refused at the call in device code.
std::optional<Failure>
Compiler::refuseNvptxComplexCalls(mlir::ModuleOp device) {
  mlir::CallOpInterface bad;
  std::string callee;
  device.walk([&](mlir::CallOpInterface call) {
    if (!inNvptxDeviceCode(call))
      return mlir::WalkResult::advance();
    auto target =
        llvm::dyn_cast_if_present<mlir::func::FuncOp>(call.resolveCallable());
    if (!target || !target.isExternal())
      return mlir::WalkResult::advance();
    auto isComplex = [](mlir::Type t) {
      return mlir::isa<mlir::ComplexType>(t);
    };
    if (llvm::none_of(call->getOperandTypes(), isComplex) &&
        llvm::none_of(call->getResultTypes(), isComplex))
      return mlir::WalkResult::advance();
    bad = call;
    callee = target.getSymName().str();
    return mlir::WalkResult::interrupt();
  });
  if (!bad)
    return std::nullopt;
  std::string message =
      "this complex math function in a target region is refused for nvptx: "
      "it calls " +
      callee +
      " with a COMPLEX value, which flang-22 cannot pass on nvptx (its "
      "target-rewrite has no NVPTX ABI for complex arguments and aborts), "
      "CUDA's libdevice has no complex functions, and ompx expands only EXP, "
      "LOG, SQRT, SIN, COS, TAN, TANH, ABS, ** and division of a COMPLEX; "
      "run such target regions with --device=host-offload, or compute with "
      "the real and imaginary parts (REAL, AIMAG)";
  bad->emitError(message);
  return diags->failure(Stage::LowerDevice, message);
}

/// The chunks the translation dropped (DeviceFixes.h, j), passed to the
/// runtime; a loop whose chunk cannot be, or whose runtime would lose
/// iterations with one, is refused at its op.
std::optional<Failure> Compiler::passLoopChunksOrRefuse(mlir::ModuleOp device) {
  // LLVM 22's runtime deals chunks wrongly: a blocked schedule without a
  // chunk is left to its cyclic default there (docs/launch.md).
  LoopChunkFix fix = passLoopChunks(
      *deviceModule,
      !(deviceIsGPU() && job.gpuRuntime.kind == GpuRuntime::Kind::LLVM22));
  step(TraceView::Device, "ompx-pass-loop-chunks", *deviceModule);
  if (!fix.passedSites.empty())
    log("note: " + std::to_string(fix.passedSites.size()) +
        " dist_schedule/schedule chunk(s) passed to the device runtime");
  std::vector<unsigned> refused = fix.refusedSites;
  std::string message =
      "this loop's chunk cannot be given to the device runtime: LLVM 22's "
      "translation drops dist_schedule/schedule chunks in device code, ompx "
      "passes a chunk it can compute before the loop (a constant, or a value "
      "the target region reads), and this one is neither; iterations would "
      "go to other teams or threads than the clause says. Give the chunk as "
      "a constant or a variable of the target region, or drop the chunk";
  // LLVM 22's runtime deals chunks as 19's did (ChunkedLoop.h says how it
  // loses iterations); only ompx's runtimes are given them.
  if (refused.empty() && deviceIsGPU() &&
      job.gpuRuntime.kind == GpuRuntime::Kind::LLVM22) {
    refused = fix.passedSites;
    message = "this loop's dist_schedule/schedule chunk is refused with "
              "--device-runtime: LLVM 22's device runtime deals chunks "
              "wrongly (a distribute alone runs no iteration, a worksharing "
              "loop never ends), and ompx's own chunked loops are in its "
              "LLVM 19 route; launch without --device-runtime, or drop the "
              "chunk";
  }
  if (refused.empty())
    return std::nullopt;
  device.walk([&](mlir::LLVM::CallOp call) {
    auto callee = call.getCallee();
    if (!callee || *callee != ompx::passes::kLoopChunkMark ||
        call.getArgOperands().size() != 3)
      return;
    llvm::APInt site;
    if (mlir::matchPattern(call.getArgOperands()[2],
                           mlir::m_ConstantInt(&site)) &&
        llvm::is_contained(refused, site.getZExtValue()))
      call.emitError(message);
  });
  return diags->failure(Stage::LowerDevice, message);
}

/// The kernels of `device`, comma-separated.
static std::string kernelNames(llvm::Module &device) {
  std::string kernels;
  for (llvm::Function &f : device)
    if (!f.isDeclaration() && f.getName().starts_with("__omp_offloading_") &&
        !f.getName().contains(".."))
      kernels += (kernels.empty() ? "" : ",") + f.getName().str();
  return kernels;
}

std::optional<Failure> Compiler::lowerDevice(mlir::ModuleOp device) {
  std::string error;
  auto tm = deviceTargetMachine(error);
  if (!tm)
    return Failure{Stage::LowerDevice, error, std::nullopt};
  if (!llvm::sys::fs::exists(hostBitcode))
    return Failure{Stage::LowerDevice,
                   "the host IR file " + hostBitcode + " does not exist",
                   std::nullopt};
  setDeviceCopyAttributes(
      device, deviceIsGPU(), cls.openmpVersion, job.deviceTriple,
      deviceIsGPU() ? StringRef(job.deviceArch) : "x86-64",
      deviceTargetFeatures(job.deviceTriple, job.deviceArch), *tm);
  llvm::cast<mlir::omp::OffloadModuleInterface>(device.getOperation())
      .setHostIRFilePath(hostBitcode);
  step(TraceView::Device, "set-device-attributes", device);
  if (job.device == DeviceKind::AMDGPU)
    if (auto f = refuseAmdgcnTargetTask(device))
      return f;
  if (auto f = refuseDefect(findDeviceCancel(device), Stage::LowerDevice))
    return f;
  if (auto f = refuseDefect(findDeviceLinear(device), Stage::LowerDevice))
    return f;
  if (deviceIsGPU())
    if (auto f = refuseX87OnGpu(device))
      return f;
  if (job.device == DeviceKind::NVPTX && cls.fir) {
    // complex.powi (** of a COMPLEX by an integer) too: flang's
    // convert-complex-pow would make it a _FortranAzpowi call, a complex by
    // value again.
    unsigned n = mapNvptxComplexCalls(device);
    bool complexOps = false;
    device.walk([&](mlir::Operation *op) {
      complexOps = mlir::isa<mlir::complex::ComplexDialect>(op->getDialect());
      return complexOps ? mlir::WalkResult::interrupt()
                        : mlir::WalkResult::advance();
    });
    if (complexOps) {
      mlir::PassManager pm(device->getName());
      pm.addPass(mlir::createConvertComplexToStandardPass());
      if (mlir::failed(pm.run(device)))
        return diags->failure(Stage::LowerDevice,
                              "expanding complex math for nvptx failed");
      log("complex math for nvptx: expanded in place (complex-to-standard), " +
          std::to_string(n) + " library calls with it");
      step(TraceView::Device, "ompx-expand-complex-math", device);
    }
    if (auto f = refuseNvptxComplexCalls(device))
      return f;
  }
  if (mlir::failed(runDeviceCopyPasses(
          device, cls.llvmOnly() && job.device == DeviceKind::AMDGPU,
          trace.get())))
    return diags->failure(Stage::LowerDevice,
                          "the ompx passes on the device copy failed");
  if (cls.fir &&
      mlir::failed(runFlangPipeline(device, cls, true, job.deviceTriple,
                                    job.optLevel, job.inputPath, trace.get())))
    return diags->failure(
        Stage::LowerDevice,
        "lowering the device copy to the LLVM dialect failed");
  widenX87MapElements(device);
  if (mlir::failed(runLoopChunkMarks(device, trace.get())))
    return diags->failure(Stage::LowerDevice,
                          "marking the device copy's loop chunks failed");
  {
    // The device copy as translation sees it (--keep), in bytecode, which
    // keeps use-list orders: mlir-translate reproduces a translation crash.
    std::error_code ec;
    llvm::raw_fd_ostream os(joinPath(job.workDir, "device.mlirbc"), ec,
                            llvm::sys::fs::OF_None);
    if (!ec)
      (void)mlir::writeBytecodeToFile(device, os);
  }
  running(TraceView::Device, "translate-to-llvm-ir");
  deviceModule =
      mlir::translateModuleToLLVMIR(device, llvmContext, job.inputPath);
  if (!deviceModule && trace)
    trace->stepFailed(TraceView::Device, "translate-to-llvm-ir");
  if (!deviceModule)
    return diags->failure(Stage::LowerDevice,
                          "translating the device copy to LLVM IR failed "
                          "(see the build log below)");
  step(TraceView::Device, "translate-to-llvm-ir", *deviceModule);
  deviceModule->setTargetTriple(tm->getTargetTriple());
  deviceModule->setDataLayout(tm->createDataLayout());
  step(TraceView::Device, "set-target", *deviceModule);
  if (auto f = passLoopChunksOrRefuse(device))
    return f;
  {
    // Kept for inspection (--keep), like host.bc.
    std::error_code ec;
    llvm::raw_fd_ostream os(joinPath(job.workDir, "device.bc"), ec,
                            llvm::sys::fs::OF_None);
    if (!ec)
      llvm::WriteBitcodeToFile(*deviceModule, os);
  }
  outcome.kernels = kernelNames(*deviceModule);
  if (outcome.kernels.empty())
    log("note: the module has no target region; nothing is offloaded");
  // A unit's calls into other units are resolved at the program's link,
  // which checks the linked device code instead.
  if (!job.relocatable) {
    std::vector<std::string> guarded = guardUnbuiltBindings(*deviceModule);
    if (!guarded.empty())
      log("note: type-bound procedures not built for the device (not declare "
          "target), which trap if a kernel calls them: " +
          llvm::join(guarded, ", "));
  }
  if (job.device == DeviceKind::HostOffload && !job.relocatable)
    if (auto f =
            checkHostOffloadSupport(*deviceModule, device, job.hostDevRuntime,
                                    *diags, outcome.fortranRuntime))
      return f;
  return std::nullopt;
}

std::optional<Failure> Compiler::codegenDevice() {
  // LLVM 22.1.8's GPU defects (DeviceFixes.h) are worked around on the
  // module as MLIR's translation left it, before the runtime joins it.
  running(TraceView::Device, "ompx-fix-device-ir");
  fixDeviceModule(*deviceModule, job.deviceTriple, job.deviceArch, log);
  step(TraceView::Device, "ompx-fix-device-ir", *deviceModule);
  running(TraceView::Device, "device-codegen");
  DeviceImageJob imageJob{job.device,     job.deviceTriple, job.deviceArch,
                          job.workDir,    job.ptxas,        job.ldLld,
                          job.gpuRuntime, job.optLevel,     trace.get()};
  DeviceImage image;
  auto locate = [&](StringRef kernel, StringRef outlined) {
    return locateKernel(*deviceMlir, kernel, outlined, *diags);
  };
  if (auto f = buildDeviceImage(*deviceModule, imageJob, locate, log, image))
    return f;
  outcome.kernelModes = image.kernelModes;
  // The modes the image holds (the GPU's after its optimization).
  if (job.profile)
    if (llvm::Error e = mapSites.writeKernels(
            *deviceMlir, kernelExecModes(*deviceModule), job.inputPath,
            joinPath(job.workDir, kKernelSitesFile)))
      return Failure{Stage::Codegen, llvm::toString(std::move(e)),
                     std::nullopt};
  outcome.deviceImage = image.path;
  auto buf = llvm::MemoryBuffer::getFile(image.path);
  if (!buf)
    return Failure{Stage::Codegen, "cannot read " + image.path, std::nullopt};
  bool ptx = job.device == DeviceKind::NVPTX;
  std::string error;
  if (deviceIsGPU()) {
    if (!registerOffloadImage(
            *hostModule, std::move(*buf), ptx, job.deviceTriple, job.deviceArch,
            job.cudaSetup.empty() ? "" : kCudaSetupFunction, error))
      return Failure{Stage::Codegen, error, std::nullopt};
    step(TraceView::Host, "register-offload-image", *hostModule);
  } else {
    embedOffloadImage(*hostModule, std::move(*buf), ptx, job.deviceTriple,
                      "generic");
    step(TraceView::Host, "embed-offload-image", *hostModule);
  }
  return std::nullopt;
}

/// A translation unit: the device code as bitcode (after the per-module
/// fixes) in the host object, with where each kernel came from.
/// The module variables `device` defines, made declarations: a unit built
/// for the device only for its named data (a directive-free module with
/// named constants) must not give other units' device code a copy of its
/// variables that the host never maps; the device link refuses their use
/// (checkModuleVariables) and says which directive to write.
static void dropModuleVariables(llvm::Module &device) {
  for (llvm::GlobalVariable &g : device.globals()) {
    if (g.isDeclaration() || !g.getName().starts_with("_Q"))
      continue;
    auto [kind, parts] = fir::NameUniquer::deconstruct(g.getName());
    if (kind != fir::NameUniquer::NameKind::VARIABLE || parts.modules.empty())
      continue;
    g.setInitializer(nullptr);
    g.setLinkage(llvm::GlobalValue::ExternalLinkage);
    g.setComdat(nullptr);
  }
}

void Compiler::embedDevice() {
  if (namedDataOnly)
    dropModuleVariables(*deviceModule);
  fixDeviceModule(*deviceModule, job.deviceTriple, job.deviceArch, log);
  std::string locations;
  for (StringRef kernel : llvm::split(outcome.kernels, ',')) {
    if (kernel.empty())
      continue;
    if (auto at = locateKernel(*deviceMlir, kernel, "", *diags))
      locations += kernel.str() + "\t" + at->file + ":" +
                   std::to_string(at->line) + ":" + std::to_string(at->column) +
                   "\n";
  }
  embedDeviceBitcode(*hostModule, *deviceModule, job.deviceTriple,
                     deviceIsGPU() ? StringRef(job.deviceArch) : "generic",
                     locations, hostCopies);
}

std::optional<Failure> Compiler::codegenHost() {
  std::string error;
  auto tm = makeTargetMachine(kHostTriple, "x86-64", true, job.optLevel, error);
  if (!tm)
    return Failure{Stage::Codegen, error, std::nullopt};
  if (!offload()) {
    addEmptyOffloadRegistration(*hostModule);
    step(TraceView::Host, "empty-offload-registration", *hostModule);
  }
  if (!offload() && !hostOnlyConstruct.empty())
    embedHostOnlyConstruct(*hostModule, hostOnlyConstruct);
  if (trace) {
    optimize(*hostModule, *tm, job.optLevel,
             &trace->llvmCallbacks(TraceView::Host, *hostModule));
    trace->finishLlvmRun();
  } else {
    optimize(*hostModule, *tm, job.optLevel);
  }
  llvm::SmallString<0> code;
  running(TraceView::Host, "codegen");
  if (!emitCode(*hostModule, *tm, llvm::CodeGenFileType::ObjectFile, code,
                error))
    return Failure{Stage::Codegen, error, std::nullopt};
  outcome.hostObject = joinPath(job.workDir, "host.o");
  if (!writeFile(outcome.hostObject, code, error))
    return Failure{Stage::Codegen, error, std::nullopt};
  return std::nullopt;
}

/// Sets up the context, parses and verifies the input and classifies it.
std::optional<Failure>
Compiler::parse(mlir::OwningOpRef<mlir::ModuleOp> &module) {
  enter(Stage::Parse, job.inputPath);
  ompx::setUpOmpxContext(context);
  fir::support::registerLLVMTranslation(context);
  // Warnings are shown under the stage that raised them.
  diags.emplace(context, job.inputPath, log,
                [this](const std::string &w) { onStage(stage, w); });

  // REAL(10)/REAL(16) constants in hexadecimal: MLIR's parser reads
  // decimals through a double (WideFloats.h).
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          exactWideFloatLiterals(job.inputText), job.inputPath),
      llvm::SMLoc());
  if (job.namesSites()) {
    // The parser's record of where each op is: the map clauses' and the
    // kernels' positions.
    mlir::Block block;
    mlir::AsmParserState state;
    mlir::ParserConfig config(&context);
    if (mlir::succeeded(
            mlir::parseAsmSourceFile(sourceMgr, &block, config, &state))) {
      mapSites.record(state, sourceMgr);
      module = mlir::detail::constructContainerOpForParserIfNecessary<
          mlir::ModuleOp>(&block, &context,
                          mlir::FileLineColLoc::get(&context, job.inputPath,
                                                    /*line=*/0, /*column=*/0));
    }
  } else {
    module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  }
  if (!module)
    return diags->failure(Stage::Parse, "the file does not parse");
  if (mlir::failed(mlir::verify(*module)))
    return diags->failure(Stage::Parse, "the module does not verify");
  if (auto f = startTrace())
    return f;
  step(TraceView::Input, "parse", *module);
  cls = classify(*module);
  auto offloadIface =
      llvm::dyn_cast<mlir::omp::OffloadModuleInterface>(module->getOperation());
  if (offloadIface && offloadIface.getIsTargetDevice())
    return Failure{Stage::Parse,
                   "this is the device half of a program (omp.is_target_device "
                   "= true, as `flang -fc1 -fopenmp-is-target-device` emits "
                   "it); launch the host form (flang -fc1 -emit-hlfir without "
                   "-fopenmp-is-target-device): ompx derives the device code "
                   "from it",
                   std::nullopt};
  outcome.hasMain = cls.hasMain;
  log(describeInput(cls));

  if (cls.accAny) {
    mlir::Operation *accOp = cls.accCompute ? cls.accCompute : cls.accAny;
    std::string name = accOp->getName().getStringRef().str();
    if (cls.llvmOnly())
      return Failure{Stage::Parse,
                     std::string(offload() ? "OpenACC offload (acc-to-omp)"
                                           : "OpenACC host fallback") +
                         " needs the HLFIR/FIR form (func.func bodies); this "
                         "LLVM-dialect file keeps " +
                         name + ", which LLVM 22 cannot translate",
                     diags->locate(accOp->getLoc())};
  }
  return std::nullopt;
}

/// The first construct of `module` that offloads when the unit is built
/// for a device, as `file:line:col\tconstruct` (kHostOnlySection); "" when
/// there is none.
static std::string firstOffloadConstruct(mlir::ModuleOp module,
                                         const DiagnosticCollector &diags) {
  std::string found;
  module->walk([&](mlir::Operation *op) {
    StringRef name = op->getName().getStringRef();
    bool omp =
        llvm::isa<mlir::omp::TargetOp, mlir::omp::TargetDataOp,
                  mlir::omp::TargetEnterDataOp, mlir::omp::TargetExitDataOp,
                  mlir::omp::TargetUpdateOp>(op);
    bool acc =
        llvm::is_contained({"acc.parallel", "acc.kernels", "acc.serial",
                            "acc.data", "acc.enter_data", "acc.exit_data",
                            "acc.update", "acc.host_data", "acc.declare_enter"},
                           name);
    if (!omp && !acc)
      return mlir::WalkResult::advance();
    std::string construct = name.drop_front(4).str();
    if (construct == "declare_enter")
      construct = "declare";
    else if (construct != "host_data")
      llvm::replace(construct, '_', ' ');
    construct = (omp ? "!$omp " : "!$acc ") + construct;
    std::optional<SourceLocation> at = diags.locate(op->getLoc());
    found = (at ? at->file + ":" + std::to_string(at->line) + ":" +
                      std::to_string(at->column)
                : std::string("?")) +
            "\t" + construct + "\n";
    return mlir::WalkResult::interrupt();
  });
  return found;
}

/// Runs the ompx input passes (OpenACC lowered to OpenMP offload or to the
/// host) and decides whether anything is offloaded.
std::optional<Failure> Compiler::runInput(mlir::ModuleOp module) {
  if (job.device == DeviceKind::Host)
    hostOnlyConstruct = firstOffloadConstruct(module, *diags);
  // Without a target region there is nothing to offload: build for the host
  // (a device compile of such a module would only exercise LLVM bugs).
  // OpenACC compute constructs become target regions below. A unit of a
  // program also offloads what another unit's kernels use, and one calling
  // the device memory API needs the device (libomptarget found no image and
  // stopped a program of acc_copyin calls).
  if (offload() && !cls.target && !cls.targetData && !cls.accAny &&
      !cls.deviceApi &&
      !(job.relocatable && (cls.declareTarget || cls.namedData))) {
    log("note: no omp.target in the module; nothing is offloaded");
    offloading = false;
  }
  namedDataOnly = offload() && !cls.target && !cls.targetData && !cls.accAny &&
                  !cls.deviceApi && !cls.declareTarget && cls.namedData;

  dropHostIRFilePaths(module);
  step(TraceView::Input, "drop-host-ir-filepath", module);
  if (mlir::failed(runInputPasses(module, cls, offload(),
                                  job.mapCheck || job.mapWatches, trace.get())))
    return diags->failure(Stage::Parse,
                          cls.accAny && offload()
                              ? "OpenACC cannot be lowered to OpenMP "
                                "offload (acc-to-omp); --device=host "
                                "runs it through host fallback"
                              : "the ompx input passes failed");
  if (cls.accAny) {
    outcome.openacc = true;
    if (offload()) {
      // The module is OpenMP offload code now: classify it again, and let
      // flang's OpenMP FIR passes (map-info finalization, declare target
      // marking, function filtering) run on what acc-to-omp built.
      cls = classify(module);
      cls.flangOutput = false;
      log("OpenACC: lowered to OpenMP offload (acc-to-omp)");
      if (!cls.target && !cls.targetData && !cls.deviceApi &&
          !(job.relocatable && (cls.declareTarget || cls.namedData)))
        offloading = false;
    } else {
      log("OpenACC: every acc construct runs on the host (host fallback)");
    }
  }
  outcome.offloaded = offload();
  return std::nullopt;
}

/// `ompx-lsp pipeline`: the store, once the input is known to verify.
std::optional<Failure> Compiler::startTrace() {
  if (job.snapshots.dir.empty())
    return std::nullopt;
  llvm::json::Object header{
      {"input", job.inputPath},
      {"device", deviceKindName(job.device)},
      {"deviceTriple", job.deviceTriple},
      {"deviceArch", job.deviceArch},
      {"optLevel", optLevelName(job.optLevel)},
      {"after", job.snapshots.everyPass ? "all" : "changed"}};
  auto started = PassTrace::create(job.snapshots, header);
  if (!started)
    return Failure{Stage::Parse,
                   "cannot keep the snapshots: " +
                       llvm::toString(started.takeError()),
                   std::nullopt};
  trace = std::move(*started);
  return std::nullopt;
}

CompileOutcome Compiler::run() {
  CompileOutcome result = runStages();
  if (!trace)
    return result;
  if (llvm::Error e = trace->takeError()) {
    std::string why =
        "writing the snapshots failed: " + llvm::toString(std::move(e));
    if (result.ok) {
      result.ok = false;
      result.stage = Stage::Codegen;
      result.message = why;
    } else {
      log(why);
    }
  }
  return result;
}

CompileOutcome Compiler::runStages() {
  auto fail = [&](Failure f) {
    outcome.ok = false;
    outcome.stage = f.stage;
    outcome.message = std::move(f.message);
    outcome.location = std::move(f.location);
    return outcome;
  };
  mlir::OwningOpRef<mlir::ModuleOp> module;
  if (auto f = parse(module))
    return fail(*f);
  if (auto f = runInput(*module))
    return fail(*f);
  // The last check of the parse stage (after the input passes, whose
  // refusals name an op): without main, lowering would be for nothing.
  if (!outcome.hasMain && !job.noMainAdvice.empty())
    return fail({Stage::Parse,
                 "nothing to launch: " +
                     llvm::sys::path::filename(job.inputPath).str() +
                     " has no main program (`_QQmain` from a Fortran main "
                     "program, or `main`); " +
                     job.noMainAdvice,
                 std::nullopt});

  // Clone before any lowering: the device copy starts from the same IR (and
  // the same locations, hence the same kernel names) as the host copy.
  if (offload() && cls.fir)
    hostCopies = hostCopiedModuleVariables(
        *module, [&](mlir::Location loc) { return diags->locate(loc); });
  dropDeclaredElsewhereMarks(*module);
  if (offload())
    deviceMlir = module->clone();

  enter(Stage::LowerHost, cls.fir ? "HLFIR/FIR -> LLVM IR (x86_64)"
                                  : "LLVM dialect -> LLVM IR (x86_64)");
  if (auto f = lowerHost(*module))
    return fail(*f);
  module = nullptr;

  if (offload()) {
    enter(Stage::LowerDevice, "device copy -> LLVM IR (" + job.deviceTriple +
                                  ", " + job.deviceArch + ")");
    if (auto f = lowerDevice(*deviceMlir))
      return fail(*f);
  }
  if (offload() && job.relocatable) {
    enter(Stage::Codegen, "host object with " + job.deviceTriple +
                              " device bitcode (linked with the program)");
    embedDevice();
  } else if (offload()) {
    enter(Stage::Codegen,
          job.device == DeviceKind::NVPTX
              ? "PTX -> " + job.deviceArch +
                    " cubin (ptxas, complete), host object"
          : job.device == DeviceKind::AMDGPU
              ? "device code object (" + job.deviceArch +
                    ", ld.lld, complete), host object"
              : "device object (" + job.deviceArch + "), host object");
    if (auto f = codegenDevice())
      return fail(*f);
  } else {
    enter(Stage::Codegen, "host object (x86_64)");
  }
  if (auto f = codegenHost())
    return fail(*f);
  outcome.ok = true;
  return outcome;
}

CompileOutcome ompx::pipeline::compileInProcess(const CompileJob &job,
                                                const StageFn &onStage,
                                                const LogFn &log) {
  initializeTargets();
  Compiler compiler(job, onStage, log);
  return compiler.run();
}
