//===- Emit.cpp - Fortran -> MLIR through flang-22 ------------------------===//

#include "pipeline/compile/Emit.h"
#include "dialects/ir/Registry.h"
#include "pipeline/Types.h"
#include "pipeline/compile/Classify.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/Lowering.h"
#include "support/FileRead.h"
#include "support/Subprocess.h"

#include "mlir/Dialect/OpenMP/OpenMPInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <unistd.h>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::optional<EmitDevice> EmitDevice::parse(StringRef spec,
                                            std::string &error) {
  EmitDevice d;
  std::optional<DeviceKind> kind = parseDeviceKind(spec);
  if (kind == DeviceKind::NVPTX || spec.starts_with("sm_")) {
    d.triple = "nvptx64-nvidia-cuda";
    d.cpu = kind ? "sm_90" : spec.str();
  } else if (kind == DeviceKind::AMDGPU || spec.starts_with("gfx")) {
    d.triple = "amdgcn-amd-amdhsa";
    d.cpu = kind ? "gfx90a" : spec.str();
  } else if (kind == DeviceKind::Host || kind == DeviceKind::HostOffload ||
             spec == "x86_64") {
    d.triple = kHostTriple;
  } else {
    error = "unknown device '" + spec.str() +
            "' (nvptx, amdgpu, host, or an arch such as sm_90 or gfx90a)";
    return std::nullopt;
  }
  return d;
}

EmitModel ompx::pipeline::detectModel(StringRef source) {
  // Directives start with a sentinel after blanks; a free-form `!$acc` or a
  // fixed-form `c$acc`/`*$acc`, any case.
  bool acc = false, omp = false;
  for (StringRef line : llvm::split(source, '\n')) {
    StringRef t = line.ltrim();
    if (t.size() < 5 || t[1] != '$' || !StringRef("!cC*").contains(t[0]))
      continue;
    StringRef word = t.substr(2, 3);
    acc |= word.equals_insensitive("acc");
    omp |= word.equals_insensitive("omp");
  }
  return acc && !omp ? EmitModel::OpenACC : EmitModel::OpenMP;
}

std::vector<std::string>
ompx::pipeline::flangEmitArguments(const EmitRequest &request, EmitModel model,
                                   StringRef moduleDir) {
  std::vector<std::string> args{"-fc1"};
  if (request.device) {
    args.insert(args.end(), {"-triple", request.device->triple});
    if (!request.device->cpu.empty())
      args.insert(args.end(), {"-target-cpu", request.device->cpu});
  }
  if (model == EmitModel::OpenACC) {
    args.push_back("-fopenacc");
  } else {
    // The -fc1 default is OpenMP 3.1, which rejects many clauses; 5.2 is
    // what the corpus was made with.
    args.insert(args.end(), {"-fopenmp", "-fopenmp-version=52"});
    if (request.device)
      args.push_back("-fopenmp-is-target-device");
  }
  // Preprocessed spellings (.F90, .F): the driver adds -cpp for them.
  StringRef ext = path::extension(request.inputPath);
  if (!ext.empty() && llvm::isUpper(ext[1]))
    args.push_back("-cpp");
  // `use`d modules and `include`d files next to the source; the .mod files
  // of this source go to a scratch folder, not into the caller's directory.
  llvm::SmallString<256> dir = path::parent_path(request.inputPath);
  if (dir.empty())
    dir = ".";
  args.insert(args.end(), {"-I", dir.str().str()});
  if (!moduleDir.empty())
    args.insert(args.end(), {"-module-dir", moduleDir.str()});
  args.push_back(request.kind == IRLevel::HLFIR ? "-emit-hlfir" : "-emit-fir");
  // Locations on every op: `loc("file.f90":L:C)`, what maps MLIR to source.
  args.insert(args.end(), {"-mmlir", "--mlir-print-debuginfo"});
  args.push_back(request.inputPath);
  args.insert(args.end(), {"-o", "-"});
  return args;
}

/// Flang's FIR -> LLVM dialect pipeline on flang's own output, printed with
/// its locations (tco-22 --emit-final-mlir drops them).
static bool lowerToLLVMDialect(EmitResult &result, StringRef file) {
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  mlir::DialectRegistry registry;
  ompx::registerOmpxDialects(registry);
  context.appendDialectRegistry(registry);
  ompx::loadFlangDialects(context);
  context.printOpOnDiagnostic(false);
  std::string errors;
  llvm::raw_string_ostream es(errors);
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    es << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(result.mlir, "<flang -emit-fir>"),
      llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sm, &context);
  if (!module || mlir::failed(mlir::verify(*module))) {
    result.message = "flang-22's FIR does not parse here:\n" + errors;
    return false;
  }
  Classification c = classify(*module);
  bool device = false;
  if (auto iface = llvm::dyn_cast<mlir::omp::OffloadModuleInterface>(
          module->getOperation()))
    device = iface.getIsTargetDevice();
  std::string triple = kHostTriple;
  if (auto t = (*module)->getAttrOfType<mlir::StringAttr>("llvm.target_triple"))
    triple = t.getValue().str();
  if (c.fir && mlir::failed(runFlangPipeline(*module, c, device, triple,
                                             OptLevel::O0, file))) {
    result.message =
        "lowering flang's FIR to the LLVM dialect failed:\n" + errors;
    return false;
  }
  result.mlir.clear();
  llvm::raw_string_ostream os(result.mlir);
  module->print(os, mlir::OpPrintingFlags().enableDebugInfo());
  os << "\n";
  return true;
}

/// Runs `spawn` (no input) to its end, to the request's deadline or until it
/// is cancelled. Without an outcome to look at (the spawn failed, it was
/// cancelled or timed out), `result.message` says why.
static std::optional<ompx::Subprocess::Outcome>
runEmitChild(ompx::SpawnOptions spawn, const EmitRequest &request,
             EmitResult &result, llvm::function_ref<void(StringRef)> onStdout,
             llvm::function_ref<void(StringRef)> onStderr) {
  spawn.in = ompx::SpawnOptions::Stream::Null;
  spawn.stderrTailBytes = 0;
  auto proc = ompx::Subprocess::spawn(spawn);
  if (!proc) {
    result.message = llvm::toString(proc.takeError());
    return std::nullopt;
  }
  std::optional<ompx::Clock::time_point> deadline;
  if (request.timeoutSeconds)
    deadline =
        ompx::Clock::now() + std::chrono::seconds(request.timeoutSeconds);
  auto outcome = (*proc)->run(deadline, request.cancel, onStdout, onStderr);
  if (outcome.cancelled)
    result.message = "cancelled";
  else if (outcome.timedOut)
    result.message = "flang-22 did not finish in " +
                     std::to_string(request.timeoutSeconds) + " s";
  else
    return outcome;
  return std::nullopt;
}

EmitResult ompx::pipeline::emitFortran(const EmitRequest &request) {
  EmitResult result;
  auto source = ompx::readRegularFile(request.inputPath);
  if (!source) {
    result.message = "cannot read " + request.inputPath + ": " +
                     llvm::toString(source.takeError());
    return result;
  }
  EmitModel model =
      request.model == EmitModel::Auto ? detectModel(*source) : request.model;
  if (model == EmitModel::OpenACC && request.device) {
    result.message = "--device is for OpenMP: flang-22 has no device-side "
                     "compile for OpenACC";
    return result;
  }
  Toolchain tools(request.toolchainPrefix);
  const Tool &flang = tools.flang();
  if (!flang) {
    result.message = "cannot emit MLIR: " + flang.problem +
                     " (install the Debian package flang-22)";
    return result;
  }
  llvm::SmallString<128> moduleDir;
  if (fs::createUniqueDirectory("ompx-emit", moduleDir)) {
    result.message = "cannot create a temporary folder for flang's .mod files";
    return result;
  }
  auto removeDir =
      llvm::make_scope_exit([&] { fs::remove_directories(moduleDir); });

  EmitRequest asked = request;
  if (request.kind == IRLevel::LLVM)
    asked.kind = IRLevel::FIR;
  std::vector<std::string> args = flangEmitArguments(asked, model, moduleDir);
  result.command.push_back(flang.path);
  llvm::append_range(result.command, args);

  ompx::SpawnOptions spawn;
  spawn.argv = result.command;
  auto outcome = runEmitChild(
      spawn, request, result, [&](StringRef data) { result.mlir.append(data); },
      [&](StringRef data) { result.flangStderr.append(data); });
  if (!outcome)
    return result;
  if (outcome->status.signaled || outcome->status.code != 0) {
    result.message = "flang-22 " + outcome->status.describe() + " compiling " +
                     request.inputPath;
    return result;
  }
  if (request.kind == IRLevel::LLVM &&
      !lowerToLLVMDialect(result, request.inputPath))
    return result;
  result.ok = true;
  return result;
}

std::string ompx::pipeline::emitOutputPath(StringRef fortranPath, IRLevel kind,
                                           bool device) {
  StringRef name = path::filename(fortranPath);
  StringRef stem = name.take_until([](char c) { return c == '.'; });
  if (stem.empty())
    stem = name;
  llvm::SmallString<256> out = path::parent_path(fortranPath);
  path::append(out, stem + (device ? ".device." : ".") + irLevelName(kind) +
                        ".mlir");
  return out.str().str();
}

EmitResult ompx::pipeline::emitInChild(llvm::ArrayRef<std::string> emit,
                                       const EmitRequest &request,
                                       StringRef outputPath) {
  EmitResult result;
  // One name per emit: two emits of one file (a save during an emit) must
  // not write, rename or remove each other's temporary file.
  static std::atomic<unsigned> counter{0};
  std::string tmp = (outputPath + ".tmp" + std::to_string(getpid()) + "-" +
                     std::to_string(counter++))
                        .str();
  ompx::SpawnOptions spawn;
  spawn.argv.assign(emit.begin(), emit.end());
  spawn.argv.push_back(request.inputPath);
  spawn.argv.push_back(std::string("--") + irLevelName(request.kind));
  if (request.device)
    spawn.argv.push_back("--device=" + (request.device->cpu.empty()
                                            ? std::string("host")
                                            : request.device->cpu));
  if (request.model == EmitModel::OpenMP)
    spawn.argv.push_back("--openmp");
  else if (request.model == EmitModel::OpenACC)
    spawn.argv.push_back("--openacc");
  if (!request.toolchainPrefix.empty())
    spawn.argv.push_back("--toolchain=" + request.toolchainPrefix);
  spawn.argv.insert(spawn.argv.end(), {"-v", "-o", tmp});
  // Its own group: a cancel or timeout kills flang-22 too, and so does the
  // editor's server dying (the child watches it: support/ParentWatch.h).
  spawn.newProcessGroup = true;
  spawn.env.emplace();
  for (char **e = environ; *e; ++e)
    spawn.env->push_back(*e);
  spawn.env->push_back(std::string(kExitWithParentVariable) + "=1");
  result.command = spawn.argv;
  std::string err;
  auto outcome = runEmitChild(
      spawn, request, result, [](StringRef) {},
      [&](StringRef data) { err.append(data); });
  auto cleanup = llvm::make_scope_exit([&] { fs::remove(tmp); });
  // The child's stderr: `ompx-lsp emit: <flang command>`, flang's own
  // words, then `ompx-lsp emit: error: ...` when it failed.
  StringRef rest = err;
  constexpr StringRef kPrefix = "ompx-lsp emit: ", kError = "error: ";
  if (rest.starts_with(kPrefix) &&
      !rest.drop_front(kPrefix.size()).starts_with(kError)) {
    auto [first, others] = rest.split('\n');
    result.command.clear();
    for (StringRef a : llvm::split(first.drop_front(kPrefix.size()), ' '))
      result.command.push_back(a.str());
    rest = others;
  }
  size_t errorAt = rest.find("ompx-lsp emit: error: ");
  result.flangStderr = rest.substr(0, errorAt).str();
  if (!outcome)
    return result;
  if (outcome->status.signaled || outcome->status.code != 0) {
    result.message =
        errorAt != StringRef::npos
            ? rest.substr(errorAt + StringRef("ompx-lsp emit: error: ").size())
                  .trim()
                  .str()
            : "ompx-lsp emit " + outcome->status.describe();
    return result;
  }
  if (std::error_code ec = fs::rename(tmp, outputPath)) {
    result.message = "cannot write " + outputPath.str() + ": " + ec.message();
    return result;
  }
  result.ok = true;
  return result;
}
