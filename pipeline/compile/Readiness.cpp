//===- Readiness.cpp - Would this module translate to LLVM IR? ------------===//

#include "pipeline/compile/Readiness.h"
#include "pipeline/compile/Classify.h"
#include "pipeline/compile/Codegen.h"
#include "pipeline/compile/DeviceFixes.h"
#include "pipeline/compile/Lowering.h"
#include "pipeline/compile/TranslationDefects.h"

#include "flang/Optimizer/Support/InitFIR.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/LLVMTranslationInterface.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

using namespace ompx::pipeline;
using llvm::StringRef;

// What a launch uses (Compile.cpp, Launch.cpp's default GPU).
static constexpr const char *kDeviceTriple = "nvptx64-nvidia-cuda";
static constexpr const char *kDeviceArch = "sm_90";

/// The first op that no translation handles when Flang's pipeline does not
/// run (no FIR): such a module was written for mlir-opt, not for a launch.
static mlir::Operation *untranslatableOp(mlir::ModuleOp module) {
  mlir::Operation *found = nullptr;
  module->walk([&](mlir::Operation *op) {
    mlir::Dialect *d = op->getDialect();
    if (!d || llvm::isa<mlir::ModuleOp>(op) ||
        d->getRegisteredInterface<mlir::LLVMTranslationDialectInterface>())
      return mlir::WalkResult::advance();
    found = op;
    return mlir::WalkResult::interrupt();
  });
  return found;
}

namespace {
/// One view's diagnostics, caught on the thread that runs it and held until
/// both views are done, so that they reach the caller's handler in the same
/// order (host first) whichever view finished first. (Diagnostics of the
/// pass manager's own worker threads come back on this thread.)
class ViewDiagnostics {
public:
  explicit ViewDiagnostics(mlir::MLIRContext *ctx)
      : thread(std::this_thread::get_id()),
        handler(ctx, [this](mlir::Diagnostic &d) {
          if (std::this_thread::get_id() != thread)
            return mlir::failure(); // the other view's
          sawError |= d.getSeverity() == mlir::DiagnosticSeverity::Error;
          held.push_back(std::move(d));
          return mlir::success();
        }) {}
  bool sawError = false;
  std::vector<mlir::Diagnostic> held;

private:
  std::thread::id thread;
  mlir::ScopedDiagnosticHandler handler;
};

/// A copy of the module on its way to LLVM IR, with what it needs.
struct View {
  std::string name; ///< "host copy", "device copy (nvptx64-nvidia-cuda)"
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<mlir::PassManager> flang; ///< null: no FIR
  std::vector<mlir::Diagnostic> diagnostics;
};
} // namespace

/// A target machine for `triple`, as a launch makes it; null (after an
/// error at the module) when LLVM has no such target.
static std::unique_ptr<llvm::TargetMachine> targetMachine(mlir::ModuleOp m,
                                                          StringRef triple,
                                                          StringRef cpu,
                                                          StringRef features) {
  std::string error;
  auto tm = makeTargetMachine(triple, cpu, true, OptLevel::O0, error, features);
  if (!tm)
    mlir::emitError(m.getLoc()) << error;
  return tm;
}

/// Flang's pipeline (verified once at the end: the verifier after each of
/// its ~50 passes, as a launch runs it, costs as much again), then MLIR's
/// translation. Runs on one thread; its diagnostics stay in `view`.
static void lowerView(View &view, StringRef fileName) {
  ViewDiagnostics diags(view.module->getContext());
  auto done = [&] { view.diagnostics = std::move(diags.held); };
  if (view.flang) {
    if (mlir::failed(view.flang->run(*view.module)) ||
        mlir::failed(mlir::verify(*view.module)))
      return done();
  }
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> ir =
      mlir::translateModuleToLLVMIR(*view.module, llvmContext, fileName);
  if (!ir && !diags.sawError)
    // LLVM's IR verifier rejected the result; it prints only to stderr.
    mlir::emitError(view.module->getLoc())
        << "LLVM IR of the " << view.name
        << " does not verify after translation (a defect of the translation "
           "of some construct in this module)";
  done();
}

/// Flang's pipeline for `view`, built here so that the dialects its passes
/// need are loaded before any view runs (loading is not thread-safe).
static void addFlang(View &view, const Classification &c, bool isDevice,
                     StringRef triple, StringRef fileName) {
  if (!c.fir)
    return;
  mlir::MLIRContext *ctx = view.module->getContext();
  view.flang = std::make_unique<mlir::PassManager>(
      ctx, mlir::ModuleOp::getOperationName(),
      mlir::OpPassManager::Nesting::Implicit);
  addFlangPipeline(*view.flang, c, isDevice, triple, OptLevel::O0, fileName);
  view.flang->enableVerifier(false);
  mlir::DialectRegistry registry;
  view.flang->getDependentDialects(registry);
  ctx->appendDialectRegistry(registry);
  for (StringRef name : registry.getDialectNames())
    ctx->getOrLoadDialect(name);
}

/// Lowers the views, side by side when the context may be used from several
/// threads, and passes their diagnostics on in order.
static void lowerViews(llvm::MutableArrayRef<View> views, StringRef fileName) {
  mlir::MLIRContext *ctx = views.front().module->getContext();
  if (views.size() == 2 && ctx->isMultithreadingEnabled()) {
    std::thread second([&] { lowerView(views[1], fileName); });
    lowerView(views[0], fileName);
    second.join();
  } else {
    for (View &view : views)
      lowerView(view, fileName);
  }
  for (View &view : views)
    for (mlir::Diagnostic &d : view.diagnostics)
      ctx->getDiagEngine().emit(std::move(d));
}

/// What a device launch of OpenACC module `host` (acc-to-omp) cannot map,
/// as warnings: the module itself is checked as `launch --device=host`
/// builds it (host fallback), so that the two never disagree.
static void checkAccOffload(mlir::ModuleOp host, const Classification &c) {
  mlir::MLIRContext *ctx = host.getContext();
  mlir::OwningOpRef<mlir::ModuleOp> lowered = host.clone();
  std::vector<mlir::Diagnostic> held;
  bool mapped;
  {
    mlir::ScopedDiagnosticHandler hold(ctx, [&](mlir::Diagnostic &d) {
      held.push_back(std::move(d));
      return mlir::success();
    });
    mapped = mlir::succeeded(runInputPasses(*lowered, c, true));
  }
  if (mapped)
    return; // (it warns only where host fallback warns too)
  for (mlir::Diagnostic &d : held)
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error)
      mlir::emitWarning(d.getLocation())
          << d.str()
          << "; this file cannot be offloaded, --device=host runs it "
             "through host fallback";
}

ReadinessOutcome ompx::pipeline::checkLoweringReadiness(mlir::ModuleOp module,
                                                        StringRef fileName) {
  static std::once_flag targetsInitialized;
  std::call_once(targetsInitialized, [] {
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
  });
  auto start = std::chrono::steady_clock::now();
  ReadinessOutcome out;
  auto finish = [&] {
    out.ms = std::chrono::duration<double, std::milli>(
                 std::chrono::steady_clock::now() - start)
                 .count();
    return out;
  };
  mlir::MLIRContext *ctx = module.getContext();
  fir::support::registerLLVMTranslation(*ctx);
  Classification c = classify(module);
  if (!c.fir)
    if (mlir::Operation *op = untranslatableOp(module)) {
      out.skipped = true;
      out.reason = "'" + op->getName().getStringRef().str() +
                   "' has no translation to LLVM IR and the module holds no "
                   "FIR for Flang's pipeline";
      return finish();
    }

  // What a launch refuses before translating: the error at its op, not
  // translation's crash or invalid IR at the module.
  bool defective = false;
  for (auto defect : {findTargetTaskDepend(module), findDeviceCancel(module),
                      findDeviceLinear(module)})
    if (defect) {
      defect->op->emitError(defect->message);
      defective = true;
    }
  if (defective)
    return finish();

  auto offloadMod =
      llvm::dyn_cast<mlir::omp::OffloadModuleInterface>(module.getOperation());
  std::vector<View> views(1);
  views[0].module = module.clone();
  dropHostIRFilePaths(*views[0].module);
  if (offloadMod && offloadMod.getIsTargetDevice()) {
    // A device half: translated as it is, like mlir-translate does.
    views[0].name = "device module";
    addFlang(views[0], c, true, kDeviceTriple, fileName);
    lowerViews(views, fileName);
    return finish();
  }
  mlir::ModuleOp host = *views[0].module;

  // LLVM-dialect OpenACC is translated as it is (mlir-translate's view);
  // the host fallback needs func.func bodies.
  Classification input = c;
  if (c.llvmOnly())
    input.accAny = input.accCompute = nullptr;
  bool offload = c.target != nullptr;
  // Refused on every device: not a reason to fall back to the host.
  if (!refuseAccDataApi(host))
    return finish();
  if (input.accCompute && !offload)
    checkAccOffload(host, input);
  if (mlir::failed(runInputPasses(host, input, offload)))
    return finish();

  std::vector<std::string> triples;
  if (offload)
    triples.push_back(kDeviceTriple);
  auto hostTM = targetMachine(host, kHostTriple, "x86-64", "");
  if (!hostTM)
    return finish();
  views[0].name = "host copy";
  if (offload) {
    views.emplace_back();
    View &device = views.back();
    device.name = "device copy (" + std::string(kDeviceTriple) + ")";
    device.module = host.clone();
    std::string features = deviceTargetFeatures(kDeviceTriple, kDeviceArch);
    bool ready = false;
    if (auto deviceTM = targetMachine(*device.module, kDeviceTriple,
                                      kDeviceArch, features)) {
      setDeviceCopyAttributes(*device.module, /*gpu=*/true, c.openmpVersion,
                              kDeviceTriple, kDeviceArch, features, *deviceTM);
      ready = mlir::succeeded(runDeviceCopyPasses(*device.module));
    }
    if (ready)
      addFlang(device, c, true, kDeviceTriple, fileName);
    else
      views.pop_back(); // (its errors are at the module; the host goes on)
    out.deviceView = views.size() == 2;
  }
  setHostCopyAttributes(host, triples, *hostTM);
  addFlang(views[0], c, false, kHostTriple, fileName);
  lowerViews(views, fileName);
  return finish();
}
