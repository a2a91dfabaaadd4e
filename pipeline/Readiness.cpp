//===- Readiness.cpp - Would this module translate to LLVM IR? ------------===//

#include "pipeline/Readiness.h"
#include "pipeline/Classify.h"
#include "pipeline/Codegen.h"
#include "pipeline/DeviceFixes.h"
#include "pipeline/Lowering.h"

#include "flang/Optimizer/Support/InitFIR.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/LLVMTranslationInterface.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <mutex>

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
/// Passes diagnostics on to the caller's handler, remembering whether an
/// error went by: a translation that fails without one still gets reported.
struct ErrorWatch {
  explicit ErrorWatch(mlir::MLIRContext *ctx)
      : handler(ctx, [this](mlir::Diagnostic &d) {
          sawError |= d.getSeverity() == mlir::DiagnosticSeverity::Error;
          return mlir::failure(); // not handled: the outer handler reports
        }) {}
  bool sawError = false;
  mlir::ScopedDiagnosticHandler handler;
};
} // namespace

/// A target machine for `triple`, as a launch makes it; null (after an
/// error at the module) when LLVM has no such target.
static std::unique_ptr<llvm::TargetMachine> targetMachine(mlir::ModuleOp m,
                                                          StringRef triple,
                                                          StringRef cpu,
                                                          StringRef features) {
  std::string error;
  auto tm = makeTargetMachine(triple, cpu, true, 0, error, features);
  if (!tm)
    mlir::emitError(m.getLoc()) << error;
  return tm;
}

static void translate(mlir::ModuleOp m, StringRef fileName, StringRef view) {
  ErrorWatch watch(m.getContext());
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> ir =
      mlir::translateModuleToLLVMIR(m, llvmContext, fileName);
  if (!ir && !watch.sawError)
    // LLVM's IR verifier rejected the result; it prints only to stderr.
    mlir::emitError(m.getLoc())
        << "LLVM IR of the " << view
        << " does not verify after translation (a defect of the translation "
           "of some construct in this module)";
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

  auto offloadMod =
      llvm::dyn_cast<mlir::omp::OffloadModuleInterface>(module.getOperation());
  mlir::OwningOpRef<mlir::ModuleOp> host = module.clone();
  if (offloadMod && offloadMod.getIsTargetDevice()) {
    // A device half: translated as it is, like mlir-translate does.
    if (c.fir && mlir::failed(runFlangPipeline(*host, c, true, kDeviceTriple, 0,
                                               fileName)))
      return finish();
    translate(*host, fileName, "device module");
    return finish();
  }

  // LLVM-dialect OpenACC is translated as it is (mlir-translate's view);
  // the host fallback needs func.func bodies.
  Classification input = c;
  if (c.llvmOnly())
    input.accAny = input.accCompute = nullptr;
  bool offload = c.target != nullptr;
  if (mlir::failed(runInputPasses(*host, input, offload)))
    return finish();
  mlir::OwningOpRef<mlir::ModuleOp> device;
  if (offload)
    device = host->clone();

  std::vector<std::string> triples;
  if (offload)
    triples.push_back(kDeviceTriple);
  auto hostTM = targetMachine(*host, kHostTriple, "x86-64", "");
  if (!hostTM)
    return finish();
  setHostCopyAttributes(*host, triples, *hostTM);
  if (c.fir &&
      mlir::failed(runFlangPipeline(*host, c, false, kHostTriple, 0, fileName)))
    return finish();
  translate(*host, fileName, "host copy");
  host = nullptr;

  if (!device)
    return finish();
  out.deviceView = true;
  std::string features = deviceTargetFeatures(kDeviceTriple, kDeviceArch);
  auto deviceTM = targetMachine(*device, kDeviceTriple, kDeviceArch, features);
  if (!deviceTM)
    return finish();
  setDeviceCopyAttributes(*device, /*gpu=*/true, c.openmpVersion, kDeviceTriple,
                          kDeviceArch, features, *deviceTM);
  if (mlir::failed(runDeviceCopyPasses(*device)))
    return finish();
  if (c.fir && mlir::failed(runFlangPipeline(*device, c, true, kDeviceTriple, 0,
                                             fileName)))
    return finish();
  translate(*device, fileName,
            "device copy (" + std::string(kDeviceTriple) + ")");
  return finish();
}
