//===- Emit.cpp - Fortran -> MLIR through flang-22 ------------------------===//

#include "pipeline/compile/Emit.h"
#include "dialects/ir/Registry.h"
#include "pipeline/Types.h"
#include "pipeline/compile/Classify.h"
#include "pipeline/compile/CompileDatabase.h"
#include "pipeline/compile/DeclareRecords.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/DirectiveScan.h"
#include "pipeline/compile/FlangCommand.h"
#include "pipeline/compile/Includes.h"
#include "pipeline/compile/LoopBind.h"
#include "pipeline/compile/Lowering.h"
#include "pipeline/compile/ModuleCache.h"
#include "pipeline/compile/Preprocessed.h"
#include "pipeline/compile/PrinterRepair.h"
#include "pipeline/compile/WideFloats.h"
#include "support/FileAccess.h"
#include "support/FileRead.h"
#include "support/FlangMessage.h"
#include "support/Subprocess.h"

#include "flang/Optimizer/Dialect/FIRType.h"
#include "mlir/Dialect/OpenMP/OpenMPInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
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

/// Whether `source` has OpenACC and OpenMP directives: a sentinel after
/// blanks, a free-form `!$acc` or a fixed-form `c$acc`/`*$acc`, any case.
static std::pair<bool, bool> directiveModels(StringRef source) {
  bool acc = false, omp = false;
  for (StringRef line : llvm::split(source, '\n')) {
    StringRef t = line.ltrim();
    if (t.size() < 5 || t[1] != '$' || !StringRef("!cC*").contains(t[0]))
      continue;
    StringRef word = t.substr(2, 3);
    acc |= word.equals_insensitive("acc");
    omp |= word.equals_insensitive("omp");
  }
  return {acc, omp};
}

EmitModel ompx::pipeline::detectModel(StringRef source) {
  auto [acc, omp] = directiveModels(source);
  if (acc && omp)
    return EmitModel::Both;
  return acc ? EmitModel::OpenACC : EmitModel::OpenMP;
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
  if (model != EmitModel::OpenMP)
    args.push_back("-fopenacc");
  if (model != EmitModel::OpenACC) {
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
    args.insert(args.end(),
                {"-module-dir", moduleDir.str(), "-I", moduleDir.str()});
  // ompx's openacc module (flang-22 has none), after the program's folders.
  if (std::string acc = openaccModuleDir(); !acc.empty())
    args.insert(args.end(), {"-I", acc});
  args.push_back(request.kind == IRLevel::HLFIR ? "-emit-hlfir" : "-emit-fir");
  // Locations on every op: `loc("file.f90":L:C)`, what maps MLIR to source.
  args.insert(args.end(), {"-mmlir", "--mlir-print-debuginfo"});
  args.push_back(request.inputPath);
  args.insert(args.end(), {"-o", "-"});
  return args;
}

/// Why the LLVM dialect of an OpenACC file is for reading only. launch
/// lowers OpenACC on the HLFIR/FIR form (acc-to-omp, or host fallback): its
/// compute constructs need the func.func bodies, which this form no longer
/// has, and LLVM 22 translates no acc op.
static std::string readOnlyAccWarning(mlir::ModuleOp module, StringRef file) {
  mlir::Operation *kept = nullptr;
  module->walk([&](mlir::Operation *op) {
    if (!kept && op->getName().getDialectNamespace() == "acc")
      kept = op;
  });
  std::string what = "this LLVM dialect of the OpenACC file " +
                     path::filename(file).str() + " is for reading only";
  std::string keeps;
  if (kept) {
    keeps = "; it keeps " + kept->getName().getStringRef().str();
    if (auto loc = kept->getLoc()->findInstanceOf<mlir::FileLineColLoc>())
      keeps += " (line " + std::to_string(loc.getLine()) + ")";
    keeps += ", which LLVM 22 cannot translate";
  }
  return what +
         ": ompx-lsp launch lowers OpenACC on the HLFIR/FIR form "
         "(acc-to-omp, or host fallback on --device=host)" +
         keeps +
         ". To run it, emit without --llvm (HLFIR, the default) and "
         "launch that";
}

/// Flang's FIR -> LLVM dialect pipeline on flang's own output, printed with
/// its locations (tco-22 --emit-final-mlir drops them).
static bool lowerToLLVMDialect(EmitResult &result, StringRef file) {
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  ompx::setUpOmpxContext(context);
  std::string errors;
  llvm::raw_string_ostream es(errors);
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    es << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(exactWideFloatLiterals(result.mlir),
                                           "<flang -emit-fir>"),
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
  if (c.accAny)
    result.warnings.push_back(readOnlyAccWarning(*module, file));
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

/// flang's stderr without the line it prints on every OpenMP 5.2 compile
/// ("warning: OpenMP support for version 52 in flang is still incomplete").
static std::string withoutVersionWarning(StringRef err) {
  std::string kept;
  for (StringRef line : llvm::split(err, '\n')) {
    if (line.contains("warning: OpenMP support for version") &&
        line.contains("is still incomplete"))
      continue;
    kept += line;
    kept += '\n';
  }
  kept.pop_back(); // the split's last piece had no newline
  return kept;
}

/// `file` as named from `dir`: inside it, relative; inside its parent (a
/// build folder next to the sources), `../...`; else absolute.
static std::string pathFrom(StringRef file, StringRef dir) {
  llvm::SmallString<256> realFile, realDir;
  if (fs::real_path(file, realFile) || fs::real_path(dir, realDir))
    return file.str();
  StringRef f = realFile, d = realDir;
  if (f.starts_with(d) && f.size() > d.size() && f[d.size()] == '/')
    return f.drop_front(d.size() + 1).str();
  StringRef up = path::parent_path(d);
  if (!up.empty() && f.starts_with(up) && f[up.size()] == '/')
    return ("../" + f.drop_front(up.size() + 1)).str();
  return f.str();
}

namespace {
/// How flang compiles one Fortran file.
struct Unit {
  std::string path;      ///< the file, as this process names it
  std::string workDir;   ///< flang's working folder; empty: this one
  std::string sourceArg; ///< the file as flang is given it (from workDir)
  std::optional<std::vector<std::string>> flags; ///< nullopt: the defaults
  std::string refused; ///< its database entry's refusal: it is not compiled
};

/// What one emit shares among the files it compiles.
struct EmitRun {
  const EmitRequest &request;
  EmitResult &result;
  std::string flang;
  std::string cacheDir;
  std::optional<CompileDatabase> db;
  /// The input has no entry in `db` (a file added since the build ran):
  /// `db` gives only the files of its modules, after the input's folder.
  bool entryless = false;
  /// The build's folders hold .mod files older than their sources
  /// (staleBuildModules): the folder of those modules compiled again, which
  /// flang runs in and so reads first.
  std::string staleDir;
  /// A database above the project, not read (keepInsideProject).
  std::string outsideDb;
  std::vector<std::string> built; ///< modules compiled into the cache
};

enum class RunStatus { Ok, FlangFailed, Error };
} // namespace

/// `name` as flang's command line must spell a file: a name starting with
/// `-` (`-fpass-plugin=x.f90`, a file a project may hold) is an option to
/// flang, so it gets `./` first.
static std::string fileArgument(StringRef name) {
  return name.starts_with("-") ? ("./" + name).str() : name.str();
}

/// How `e`'s file is compiled by that entry.
static Unit entryUnit(const EmitRun &run, const CompileEntry &e) {
  return {e.file, e.directory, fileArgument(pathFrom(e.file, e.directory)),
          e.flags, e.refused.empty() ? "" : run.db->path + ": " + e.refused};
}

/// How `file` is compiled: its database entry, else the request's flags,
/// else the defaults in its folder.
static Unit unitFor(const EmitRun &run, StringRef file) {
  llvm::SmallString<256> real, input;
  if (run.db && !fs::real_path(file, real)) {
    if (const CompileEntry *e = run.db->find(real))
      return {file.str(), e->directory,
              fileArgument(pathFrom(file, e->directory)), e->flags,
              e->refused.empty() ? "" : run.db->path + ": " + e->refused};
    // A module's file the database does not list (`bear -- make` after an
    // incremental build sees only what it recompiled): built with the flags
    // of the file using it, not the defaults, which change what it means
    // (-fdefault-real-8, -D), and said so.
    if (!fs::real_path(run.request.inputPath, input) && input != real)
      if (const CompileEntry *m = run.db->find(input)) {
        std::string note = file.str() + " has no entry in " + run.db->path +
                           ": compiled with the flags of " +
                           run.request.inputPath + "'s entry";
        // Once, though a module's file may be compiled more than once.
        if (!llvm::is_contained(run.result.notes, note))
          run.result.notes.push_back(std::move(note));
        return {file.str(), m->directory, fileArgument(real), m->flags,
                m->refused.empty() ? "" : run.db->path + ": " + m->refused};
      }
  }
  if (run.request.flangFlags)
    return {file.str(), "", fileArgument(file), run.request.flangFlags};
  return {file.str(), path::parent_path(file).str(),
          fileArgument(path::filename(file)), std::nullopt};
}

/// Sets `-flag VALUE` in a -fc1 command, adding it at the end when absent.
static void setOption(std::vector<std::string> &fc1, StringRef flag,
                      StringRef value) {
  for (size_t i = 1; i + 1 < fc1.size(); ++i)
    if (fc1[i] == flag) {
      fc1[i + 1] = value.str();
      return;
    }
  fc1.insert(fc1.end(), {flag.str(), value.str()});
}

/// `flags` without those that pick offload targets (a build through
/// ompx-flang), which go to `dropped`: emit compiles one side, the host or
/// the device of --device. ompx-flang's own -fompx-check-maps (a checked
/// build's watches, which launch --check-maps adds itself) goes too: flang
/// stopped at it ("unknown argument").
static std::vector<std::string>
withoutOffloadFlags(llvm::ArrayRef<std::string> flags,
                    std::vector<std::string> &dropped) {
  std::vector<std::string> kept;
  for (size_t i = 0; i < flags.size(); ++i) {
    StringRef flag = flags[i];
    if (!flag.starts_with("--offload-") &&
        !flag.starts_with("-fopenmp-targets=") &&
        !flag.starts_with("-Xopenmp-target") && flag != "-fompx-check-maps") {
      kept.push_back(flag.str());
      continue;
    }
    dropped.push_back(flag.str());
    if (flag.starts_with("-Xopenmp-target") && i + 1 < flags.size())
      dropped.push_back(flags[++i]); // the flag it passes
  }
  return kept;
}

/// flang-22's own -fc1 command for `unit`'s driver flags, with what emit
/// needs: the action, the module cache, the device, the locations.
static std::optional<std::vector<std::string>>
driverCommand(const EmitRun &run, const Unit &unit,
              llvm::ArrayRef<StringRef> modelFlags, StringRef action,
              std::string &error) {
  llvm::SmallString<256> absolute;
  if (fs::real_path(unit.path, absolute))
    absolute = unit.path;
  std::vector<std::string> driver{"-c", absolute.str().str()};
  std::vector<std::string> offload; // noted once, by emitFortran
  llvm::append_range(driver, withoutOffloadFlags(*unit.flags, offload));
  llvm::append_range(driver, modelFlags);
  // flang's default is 3.1; 5.2 is what the corpus was made with.
  if (llvm::is_contained(driver, "-fopenmp") &&
      llvm::none_of(driver, [](StringRef a) {
        return a.starts_with("-fopenmp-version=");
      }))
    driver.push_back("-fopenmp-version=52");
  auto fc1 = flangFrontendJob(run.flang, driver, error);
  if (!fc1)
    return std::nullopt;
  // flang ran in this folder for -###; the source as named from workDir.
  for (std::string &a : *fc1)
    if (a == absolute)
      a = unit.sourceArg;
  setFrontendAction(*fc1, action, "-");
  // The build's module folder is read, never written: .mod files of emit's
  // compiles go to the cache.
  if (std::optional<std::string> buildModules =
          frontendOption(*fc1, "-module-dir"))
    fc1->insert(fc1->end(), {"-I", *buildModules});
  setOption(*fc1, "-module-dir", run.cacheDir);
  fc1->insert(fc1->end(), {"-I", run.cacheDir});
  if (std::string acc = openaccModuleDir(); !acc.empty())
    fc1->insert(fc1->end(), {"-I", acc});
  if (const std::optional<EmitDevice> &device = run.request.device) {
    setOption(*fc1, "-triple", device->triple);
    if (!device->cpu.empty())
      setOption(*fc1, "-target-cpu", device->cpu);
    llvm::erase(*fc1, "-pic-is-pie");
    fc1->push_back("-fopenmp-is-target-device");
  }
  fc1->insert(fc1->end(), {"-mmlir", "--mlir-print-debuginfo"});
  return fc1;
}

/// The flang command line (program first) that compiles `unit`.
static std::optional<std::vector<std::string>> unitCommand(const EmitRun &run,
                                                           const Unit &unit,
                                                           StringRef action,
                                                           std::string &error) {
  EmitModel model = run.request.model;
  if (model == EmitModel::Auto) {
    auto source = ompx::readRegularFile(unit.path);
    if (!source) {
      error = "cannot read " + unit.path + ": " +
              llvm::toString(source.takeError());
      return std::nullopt;
    }
    model = detectModel(*source);
  }
  std::vector<std::string> command{run.flang};
  if (unit.flags) {
    // The build's own -fopenmp/-fopenacc is the model; a file with both
    // kinds of directives gets both (a preprocessed one's -D may then pick).
    std::vector<StringRef> modelFlags;
    if (run.request.model == EmitModel::Auto &&
        (llvm::is_contained(*unit.flags, "-fopenmp") ||
         llvm::is_contained(*unit.flags, "-fopenacc")))
      modelFlags = {};
    else if (model == EmitModel::Both)
      modelFlags = {"-fopenmp", "-fopenacc"};
    else
      modelFlags = {model == EmitModel::OpenACC ? "-fopenacc" : "-fopenmp"};
    auto fc1 = driverCommand(run, unit, modelFlags, action, error);
    if (!fc1)
      return std::nullopt;
    llvm::append_range(command, *fc1);
    return command;
  }
  EmitRequest asked = run.request;
  asked.inputPath = unit.sourceArg;
  llvm::append_range(command, flangEmitArguments(asked, model, run.cacheDir));
  for (std::string &a : command)
    if (StringRef(a).starts_with("-emit-"))
      a = action.str();
  return command;
}

/// The folders flang looked for .mod files (and includes) in, in its order:
/// its -I and -module-dir ones, absolute, each once (includeSearchDirs).
static std::vector<std::string>
moduleFolders(llvm::ArrayRef<std::string> command, StringRef workDir) {
  return includeSearchDirs(command.drop_front(), workDir);
}

static std::string searchedFolders(llvm::ArrayRef<std::string> command,
                                   StringRef workDir) {
  return llvm::join(moduleFolders(command, workDir), ", ");
}

/// `cmd` (run in `workDir`) as run in `cacheDir` (the stale modules'
/// folder), which flang then reads .mod files from before all others: its
/// folders and source absolute, and `workDir` (which flang read first)
/// right after it.
static std::vector<std::string> runInCache(llvm::ArrayRef<std::string> cmd,
                                           StringRef workDir,
                                           StringRef absoluteSource,
                                           StringRef sourceArg,
                                           StringRef cacheDir) {
  llvm::SmallString<256> base(workDir.empty() ? "." : workDir);
  fs::make_absolute(base);
  auto absolute = [&](StringRef p) {
    llvm::SmallString<256> a = p;
    path::make_absolute(base, a);
    return a.str().str();
  };
  std::vector<std::string> out{cmd.front()};
  bool placed = false;
  for (size_t i = 1; i < cmd.size(); ++i) {
    StringRef a = cmd[i];
    if (!placed && a.starts_with("-I")) {
      out.insert(out.end(), {"-I", cacheDir.str(), "-I", base.str().str()});
      placed = true;
    }
    if (a == sourceArg) {
      out.push_back(absoluteSource.str());
      continue;
    }
    bool folderNext = false;
    for (StringRef flag :
         {"-I", "-J", "-module-dir", "-fintrinsic-modules-path"})
      if (a == flag) {
        folderNext = i + 1 < cmd.size();
      } else if (a.starts_with(flag) && a.size() > flag.size() &&
                 (flag == "-I" || flag == "-J")) {
        out.push_back(flag.str() + absolute(a.drop_front(flag.size())));
        a = "";
      }
    if (a.empty())
      continue;
    out.push_back(a.str());
    if (folderNext)
      out.push_back(absolute(cmd[++i]));
  }
  if (!placed)
    out.insert(out.end(), {"-I", cacheDir.str(), "-I", base.str().str()});
  return out;
}

static RunStatus compileUnit(EmitRun &run, const Unit &unit, StringRef action,
                             std::vector<std::string> &stack, std::string *out,
                             std::vector<std::string> *command);

/// The path flang makes of `unit`'s source (its working folder, symbolic
/// links resolved, joined with the name it was given); empty if unknown.
static std::string absoluteSource(const Unit &unit) {
  llvm::SmallString<256> dir;
  if (fs::real_path(unit.workDir.empty() ? "." : unit.workDir, dir))
    return "";
  llvm::SmallString<256> source = StringRef(unit.sourceArg);
  path::make_absolute(dir, source);
  path::remove_dots(source, /*remove_dot_dot=*/true);
  return source.str().str();
}

/// flang names the source by its absolute path in the literals its runtime
/// calls get (`fir.string_lit "/abs/f.f90\00"` of a `print` or `stop`);
/// this names it as flang was given it, like the locations. Only a module
/// with such a literal is parsed and printed again; one that does not parse
/// stays as it is.
static void relativeSourceLiterals(std::string &mlir, const Unit &unit) {
  std::string absolute = absoluteSource(unit);
  if (absolute.empty() || absolute == unit.sourceArg ||
      mlir.find("fir.string_lit \"" + absolute + "\\00\"") == std::string::npos)
    return;
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  ompx::setUpOmpxContext(context);
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(exactWideFloatLiterals(mlir),
                                              &context);
  if (!module)
    return;
  std::string from = absolute + '\0', to = unit.sourceArg + '\0';
  llvm::StringMap<mlir::Type> retyped; // global -> its new character type
  module->walk([&](mlir::Operation *op) {
    auto value = op->getAttrOfType<mlir::StringAttr>("value");
    auto size = op->getAttrOfType<mlir::IntegerAttr>("size");
    auto type =
        op->getNumResults() == 1
            ? mlir::dyn_cast<fir::CharacterType>(op->getResult(0).getType())
            : fir::CharacterType();
    mlir::Operation *global = op->getParentOp();
    auto name = global ? global->getAttrOfType<mlir::StringAttr>("sym_name")
                       : mlir::StringAttr();
    if (op->getName().getStringRef() != "fir.string_lit" || !value ||
        value.getValue() != from || !size || !type || !name ||
        global->getName().getStringRef() != "fir.global")
      return;
    auto newType =
        fir::CharacterType::get(&context, type.getFKind(), to.size());
    op->setAttr("value", mlir::StringAttr::get(&context, to));
    op->setAttr("size", mlir::IntegerAttr::get(size.getType(), to.size()));
    op->getResult(0).setType(newType);
    global->setAttr("type", mlir::TypeAttr::get(newType));
    retyped[name.getValue()] = newType;
  });
  module->walk([&](mlir::Operation *op) {
    auto symbol = op->getAttrOfType<mlir::FlatSymbolRefAttr>("symbol");
    if (op->getName().getStringRef() == "fir.address_of" && symbol &&
        retyped.count(symbol.getValue()))
      op->getResult(0).setType(
          fir::ReferenceType::get(retyped[symbol.getValue()]));
  });
  if (retyped.empty() || mlir::failed(mlir::verify(*module)))
    return;
  mlir.clear();
  llvm::raw_string_ostream os(mlir);
  module->print(os, mlir::OpPrintingFlags().enableDebugInfo());
}

/// flang prints the absolute path of a source in its locations; this names
/// the main file as flang was given it (relative to the project folder),
/// other files of that folder (includes) relative to it and .mod files of
/// the cache by their names, so emitted MLIR carries no machine's folder.
static void relativeLocations(std::string &mlir, const Unit &unit,
                              StringRef cacheDir) {
  llvm::SmallString<256> dir;
  if (fs::real_path(unit.workDir.empty() ? "." : unit.workDir, dir))
    return;
  std::string source = absoluteSource(unit);
  auto replaceAll = [&](const std::string &from, const std::string &to) {
    std::string out;
    size_t last = 0;
    for (size_t at = mlir.find(from); at != std::string::npos;
         at = mlir.find(from, last)) {
      out.append(mlir, last, at - last).append(to);
      last = at + from.size();
    }
    out.append(mlir, last);
    mlir = std::move(out);
  };
  replaceAll("loc(\"" + source + "\"", "loc(\"" + unit.sourceArg + "\"");
  replaceAll(("loc(\"" + dir + "/").str(), "loc(\"");
  replaceAll(("loc(\"" + cacheDir + "/").str(), "loc(\"");
}

/// Whether `p` lies in one of the request's project roots; always with no
/// roots.
static bool insideProject(const EmitRequest &request, StringRef p) {
  return ompx::insideFolders(request.projectRoots, p);
}

/// A database above the project (the editor's workspace folders): not read,
/// and said so, or a file using the project's modules fails with no word
/// of the flags and modules the database holds.
static void noteOutsideDatabase(EmitRun &run, StringRef db) {
  run.outsideDb = db.str();
  run.result.notes.push_back(db.str() +
                             " lies outside the project; not used (open the "
                             "folder holding it to use its flags and modules)");
}

/// A database outside the project is ignored, and entries whose file or
/// folder lie outside are dropped (with a note each time).
static void keepInsideProject(EmitRun &run, EmitResult &result) {
  if (!insideProject(run.request, run.db->path)) {
    noteOutsideDatabase(run, run.db->path);
    run.db.reset();
    return;
  }
  size_t before = run.db->entries.size();
  llvm::erase_if(run.db->entries, [&](const CompileEntry &e) {
    return !insideProject(run.request, e.file) ||
           !insideProject(run.request, e.directory);
  });
  if (run.db->entries.size() != before)
    result.notes.push_back(
        std::to_string(before - run.db->entries.size()) + " entries of " +
        run.db->path + " name files or folders outside the project; not used");
  // Module and include folders outside (an installed library's): flang
  // cannot read them for a document, and says only "Permission denied".
  if (run.request.projectRoots.empty())
    return;
  std::vector<std::string> outside;
  for (const CompileEntry &e : run.db->entries)
    for (size_t i = 0; i < e.flags.size(); ++i) {
      StringRef f = e.flags[i];
      std::string dir;
      if ((f == "-I" || f == "-J" || f == "-module-dir") &&
          i + 1 < e.flags.size())
        dir = e.flags[++i];
      else if ((f.starts_with("-I") || f.starts_with("-J")) && f.size() > 2)
        dir = f.drop_front(2).str();
      if (dir.empty())
        continue;
      llvm::SmallString<256> abs(dir);
      if (!llvm::sys::path::is_absolute(abs)) {
        abs = e.directory;
        llvm::sys::path::append(abs, dir);
      }
      if (!insideProject(run.request, abs) &&
          !llvm::is_contained(outside, abs.str().str()))
        outside.push_back(abs.str().str());
    }
  for (const std::string &dir : outside)
    result.notes.push_back(dir + ", a module or include folder of " +
                           run.db->path +
                           ", lies outside the project: not read for an "
                           "open file (a module there is not found, or "
                           "\"Permission denied\"); add the folder to the "
                           "workspace to use it");
}

/// The input has no entry in the database: a file added since the build
/// ran, or one of an enclosing project. The default flags, and the
/// database's files for its modules after its own folder's (a new file's
/// `use` of the project's modules).
static void markEntryless(EmitRun &run) {
  run.result.notes.push_back(run.db->path + " has no entry for " +
                             run.request.inputPath +
                             "; using the default flags (its modules are "
                             "looked for in its folder, then in the "
                             "database's files)");
  run.entryless = true;
}

/// The files that may define a module: the database's, then the Fortran
/// files of the source's folder (for a source without an entry, the other
/// way round).
static std::vector<std::string> moduleCandidates(const EmitRun &run) {
  std::vector<std::string> files, local;
  if (run.db && !run.entryless)
    for (const CompileEntry &e : run.db->entries)
      files.push_back(e.file);
  llvm::SmallString<256> dir = path::parent_path(run.request.inputPath);
  if (dir.empty())
    dir = ".";
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (isFortranSource(it->path()))
      local.push_back(it->path());
  llvm::sort(local);
  llvm::append_range(files, local);
  if (run.db && run.entryless)
    for (const CompileEntry &e : run.db->entries)
      if (!llvm::is_contained(files, e.file))
        files.push_back(e.file);
  return files;
}

/// The moduleCandidates whose text has `module name`, in their order (one
/// may hold it under a `#ifdef` its flags leave out).
static std::vector<std::string> definersOf(const EmitRun &run, StringRef name) {
  std::vector<std::string> definers;
  for (const std::string &file : moduleCandidates(run)) {
    // A link among the source's folder's files may lead out of the project:
    // checked on the opened file's real path.
    auto text = ompx::readRegularFile(
        file, ompx::kMaxInputFileBytes, [&](StringRef real) -> llvm::Error {
          if (insideProject(run.request, real))
            return llvm::Error::success();
          run.result.notes.push_back(
              file + " lies outside the project (it is " + real.str() +
              "); not read for module '" + name.str() + "'");
          return llvm::createStringError("outside the project");
        });
    if (!text) {
      llvm::consumeError(text.takeError());
      continue;
    }
    if (llvm::is_contained(definedModules(*text), name))
      definers.push_back(file);
  }
  return definers;
}

/// Compiles the file defining `name` into the module cache (the modules it
/// uses first); false with `result.message` set when it cannot.
static bool buildModule(EmitRun &run, const std::string &name,
                        StringRef searched, std::vector<std::string> &stack,
                        const CompileEntry *only = nullptr) {
  if (llvm::is_contained(stack, name)) {
    run.result.message =
        "modules use each other in a cycle: " + llvm::join(stack, " -> ") +
        " -> " + name;
    return false;
  }
  std::vector<std::string> definers =
      only ? std::vector<std::string>{only->file} : definersOf(run, name);
  if (definers.empty()) {
    llvm::SmallString<256> folder = path::parent_path(run.request.inputPath);
    fs::make_absolute(folder);
    std::string files = "the Fortran files of " + folder.str().str();
    std::string where = !run.db ? files
                        : run.entryless
                            ? files + " and the files of " + run.db->path
                            : "the files of " + run.db->path + " and " + files;
    run.result.message = "module '" + name + "' not found: no " + name +
                         ".mod in " + searched.str() + ", and no `module " +
                         name + "` in " + where;
    if (!run.outsideDb.empty())
      run.result.message += " (" + run.outsideDb +
                            " lies outside the project and was not read: "
                            "open the folder holding it)";
    return false;
  }
  stack.push_back(name);
  std::vector<std::string> command;
  // Its HLFIR, not only its .mod file: flang-22's .mod files drop `declare
  // target` and `acc declare`, which the units using it need
  // (DeclareRecords.h).
  std::string hlfir;
  // The first file that makes NAME.mod: one that names the module under a
  // `#ifdef` its flags leave out (an MPI and a serial variant) makes none.
  llvm::SmallString<256> mod(run.cacheDir);
  path::append(mod, name + ".mod");
  const std::string *definer = nullptr;
  RunStatus status = RunStatus::Ok;
  std::string firstFailure;
  for (const std::string &file : definers) {
    // One file a build compiles twice (-DSP into one -J, without into
    // another) is compiled as the entry that made the stale .mod.
    status = compileUnit(run, only ? entryUnit(run, *only) : unitFor(run, file),
                         "-emit-hlfir", stack, &hlfir, &command);
    if (status == RunStatus::Ok && fs::exists(mod)) {
      definer = &file;
      break;
    }
    if (status == RunStatus::FlangFailed)
      run.result.message += ", which defines module '" + name + "'";
    if (status == RunStatus::Ok)
      run.result.notes.push_back(file + " names module '" + name +
                                 "' but compiled it to no " + name +
                                 ".mod (a #if its flags leave out)");
    else if (firstFailure.empty())
      firstFailure = run.result.message;
  }
  stack.pop_back();
  if (!definer) {
    if (status == RunStatus::Ok || !firstFailure.empty())
      run.result.message =
          !firstFailure.empty()
              ? firstFailure
              : "module '" + name +
                    "' not found: " + llvm::join(definers, ", ") +
                    " name it, and none makes " + name + ".mod with its flags";
    return false;
  }
  run.built.push_back(name);
  if (auto text = ompx::readRegularFile(*definer)) {
    recordModuleSources(run.cacheDir, definedModules(*text), *definer);
    std::string why;
    if (!writeDeclareRecords(hlfir, *text, run.cacheDir, declareRecordRoot(),
                             why))
      run.result.notes.push_back(why);
  }
  run.result.notes.push_back("compiled module '" + name + "' from " + *definer +
                             " into " + run.cacheDir);
  return true;
}

/// The folder an entry's compile writes its .mod files to: its -J or
/// -module-dir, else its working folder.
static std::string moduleOutputFolder(const CompileEntry &e) {
  std::string out = e.directory;
  for (size_t i = 0; i < e.flags.size(); ++i) {
    StringRef f = e.flags[i];
    if ((f == "-J" || f == "-module-dir") && i + 1 < e.flags.size())
      out = e.flags[++i];
    else if (f.consume_front("-module-dir=") ||
             f.consume_front("-module-dir") || f.consume_front("-J"))
      out = f.str();
  }
  llvm::SmallString<256> p(out);
  path::make_absolute(e.directory, p);
  path::remove_dots(p, /*remove_dot_dot=*/true);
  llvm::SmallString<256> real;
  return fs::real_path(p, real) ? p.str().str() : real.str().str();
}

/// The modules of the build's .mod files that the project's sources changed
/// since (an edit the build has not seen yet), and those using them, each
/// after those it uses, with the file to compile each from: the one entry
/// of the database whose compile writes to that .mod's folder and whose
/// file defines the module. flang would read them as they were. Without a
/// database the build's flags are unknown (`-DBIG`): its .mod files are
/// trusted, as they are when any module of the set has no such entry (two
/// programs' modules of one name, variants). `main`'s folders: its working
/// folder, which flang reads first, and its -I, -J.
static std::vector<std::pair<std::string, const CompileEntry *>>
staleBuildModules(EmitRun &run, const Unit &main) {
  if (!run.db)
    return {};
  llvm::SmallString<256> work(main.workDir.empty() ? "." : main.workDir);
  fs::make_absolute(work);
  std::vector<std::string> folders{work.str().str()};
  if (main.flags)
    llvm::append_range(folders, includeSearchDirs(*main.flags, main.workDir));
  std::vector<ModFile> mods = modFiles(folders);
  if (mods.empty())
    return {};
  llvm::StringMap<const ModFile *> modOf;
  for (const ModFile &m : mods)
    modOf[m.name] = &m;
  // Each entry's modules, read once it may matter.
  llvm::DenseMap<size_t, std::vector<std::string>> defined;
  auto modulesOf = [&](size_t i) -> const std::vector<std::string> & {
    auto [it, fresh] = defined.try_emplace(i);
    if (!fresh)
      return it->second;
    if (auto text = ompx::readRegularFile(run.db->entries[i].file))
      it->second = definedModules(*text);
    else
      llvm::consumeError(text.takeError());
    return it->second;
  };
  // Each emit asks (every save in the editor): the common case, no file of
  // the database newer than the oldest .mod file, costs a stat per entry.
  std::vector<llvm::sys::TimePoint<>> times(run.db->entries.size());
  llvm::sys::TimePoint<> oldest = mods.front().time;
  for (const ModFile &m : mods)
    oldest = std::min(oldest, m.time);
  bool anyNewer = false;
  for (size_t i = 0; i < times.size(); ++i) {
    fs::file_status status;
    if (!fs::status(run.db->entries[i].file, status))
      times[i] = status.getLastModificationTime();
    anyNewer |= times[i] > oldest;
  }
  if (!anyNewer)
    return {};
  // The entries writing each folder's .mod files.
  llvm::StringMap<std::vector<size_t>> writers;
  for (size_t i = 0; i < run.db->entries.size(); ++i)
    writers[moduleOutputFolder(run.db->entries[i])].push_back(i);
  auto writersOf = [&](const ModFile &m) {
    llvm::SmallString<256> folder;
    if (fs::real_path(path::parent_path(m.path), folder))
      return std::vector<size_t>();
    return writers.lookup(folder);
  };
  auto definerOf = [&](const ModFile &m) -> std::optional<size_t> {
    std::optional<size_t> found;
    for (size_t i : writersOf(m))
      if (llvm::is_contained(modulesOf(i), m.name)) {
        if (found)
          return std::nullopt; // two files of that folder define it
        found = i;
      }
    return found;
  };
  // A module whose defining file is newer than its .mod file.
  llvm::StringMap<llvm::sys::TimePoint<>> sourceTimes;
  llvm::StringMap<size_t> definer;
  for (const ModFile &m : mods) {
    // Only files newer than it are read first; the others of its folder
    // only to see that one file alone defines it.
    std::vector<size_t> ws = writersOf(m);
    if (llvm::none_of(ws, [&](size_t i) {
          return times[i] > m.time && llvm::is_contained(modulesOf(i), m.name);
        }))
      continue;
    std::optional<size_t> i = definerOf(m);
    if (i && times[*i] > m.time) {
      sourceTimes[m.name] = times[*i];
      definer[m.name] = *i;
    }
  }
  if (sourceTimes.empty())
    return {};
  std::vector<std::pair<std::string, const CompileEntry *>> out;
  for (const std::string &name : staleModules(mods, sourceTimes)) {
    std::optional<size_t> i = definer.count(name)
                                  ? std::optional<size_t>(definer[name])
                                  : definerOf(*modOf[name]);
    if (!i || !run.db->entries[*i].refused.empty()) {
      run.result.notes.push_back(
          "module '" + name + "' of " + modOf[name]->path +
          " uses a module changed since the build made it, but no one entry "
          "of the database compiles it into that folder: the build's .mod "
          "files are read as they are");
      return {};
    }
    out.push_back({name, &run.db->entries[*i]});
  }
  return out;
}

/// Compiles the `stale` modules (staleBuildModules), each from its file,
/// into a folder of their own in the cache, which flang then reads first
/// (only they: another module the cache holds, maybe another program's of
/// that name, does not come before the build's). Kept for the next emit
/// while the files are as they were.
static bool refreshStaleModules(
    EmitRun &run,
    llvm::ArrayRef<std::pair<std::string, const CompileEntry *>> stale) {
  std::string key;
  for (const auto &[name, entry] : stale) {
    fs::file_status status;
    key += name + "\n" + entry->file + "\n" + entry->directory + "\n" +
           llvm::join(entry->flags, "\x1f") + "\n";
    if (!fs::status(entry->file, status))
      key += std::to_string(
          status.getLastModificationTime().time_since_epoch().count());
    key += "\n";
  }
  llvm::SmallString<256> dir(run.cacheDir);
  path::append(dir, "stale-" + llvm::utohexstr(llvm::xxh3_64bits(key),
                                               /*LowerCase=*/true));
  run.staleDir = dir.str().str();
  auto have = [&](StringRef name) {
    llvm::SmallString<256> mod(dir);
    path::append(mod, name + ".mod");
    return fs::exists(mod);
  };
  if (llvm::all_of(stale, [&](const auto &m) { return have(m.first); }))
    return true;
  if (std::error_code ec = fs::create_directories(dir)) {
    run.result.message =
        "cannot create " + dir.str().str() + ": " + ec.message();
    return false;
  }
  for (const auto &[name, entry] : stale) {
    std::vector<std::string> stack;
    if (!buildModule(run, name, run.cacheDir, stack, entry))
      return false;
    llvm::SmallString<256> from(run.cacheDir), to(dir);
    path::append(from, name + ".mod");
    path::append(to, name + ".mod");
    if (std::error_code ec = fs::copy_file(from, to)) {
      run.result.message = "cannot copy " + from.str().str() + " to " +
                           to.str().str() + ": " + ec.message();
      return false;
    }
    run.result.notes.push_back("module '" + name +
                               "' changed since the build made its .mod file: "
                               "compiled again from " +
                               entry->file + " into " + run.staleDir +
                               ", which is read first");
  }
  return true;
}

/// Runs flang on `unit` (MLIR to `out`, when given); when flang finds no
/// .mod file of a module, compiles the file defining it into the cache
/// (depth-first, in the order flang names them) and runs it again.
static RunStatus compileUnit(EmitRun &run, const Unit &unit, StringRef action,
                             std::vector<std::string> &stack, std::string *out,
                             std::vector<std::string> *command) {
  if (!unit.refused.empty()) {
    run.result.message = "compile database " + unit.refused;
    return RunStatus::Error;
  }
  while (true) {
    std::string error;
    auto cmd = unitCommand(run, unit, action, error);
    if (!cmd) {
      run.result.message = error;
      return RunStatus::Error;
    }
    std::string workDir = unit.workDir;
    if (!run.staleDir.empty()) {
      *cmd = runInCache(*cmd, unit.workDir, absoluteSource(unit),
                        unit.sourceArg, run.staleDir);
      workDir = run.staleDir;
    }
    if (command)
      *command = *cmd;
    if (std::optional<IncludeRefusal> refused = refusedInclude(
            absoluteSource(unit), moduleFolders(*cmd, unit.workDir),
            !run.request.projectRoots.empty(), [&](StringRef real) {
              return includable(run.request.projectRoots, real);
            })) {
      run.result.message = refused->message;
      run.result.flangStderr = refused->flangStyle() + "\n";
      return RunStatus::FlangFailed;
    }
    if (std::optional<IncludeRefusal> refused = refusedModuleFile(
            absoluteSource(unit), workDir, moduleFolders(*cmd, unit.workDir))) {
      run.result.message = refused->message;
      run.result.flangStderr = refused->flangStyle() + "\n";
      return RunStatus::FlangFailed;
    }
    if (!unit.workDir.empty() && !fs::is_directory(unit.workDir)) {
      run.result.message = "cannot run flang-22 for " + unit.path + " in " +
                           unit.workDir +
                           " (its compile database entry's "
                           "directory): no such folder";
      return RunStatus::Error;
    }
    ompx::SpawnOptions spawn;
    spawn.argv = *cmd;
    spawn.workingDirectory = workDir;
    std::string err;
    if (out)
      out->clear();
    auto outcome = runEmitChild(
        spawn, run.request, run.result,
        [&](StringRef data) {
          if (out)
            out->append(data);
        },
        [&](StringRef data) { err.append(data); });
    if (!outcome)
      return RunStatus::Error;
    // A gap of flang-22's on valid code: its cause and a way around it.
    run.result.flangStderr =
        withoutVersionWarning(err) + ompx::flangLimitNotes(err);
    if (!outcome->status.signaled && outcome->status.code == 0) {
      // An error flang-22 reports with status 0 still means its output is
      // not the program (flangErrorDiagnostic): running it would be wrong.
      if (flangErrorDiagnostic(err)) {
        run.result.message = "flang-22 reported an error compiling " +
                             unit.path + " (and exited with status 0)";
        return RunStatus::FlangFailed;
      }
      return RunStatus::Ok;
    }
    std::vector<std::string> missing = missingModules(err);
    run.result.message =
        "flang-22 " + outcome->status.describe() + " compiling " + unit.path;
    if (missing.empty())
      return RunStatus::FlangFailed;
    std::string searched = searchedFolders(*cmd, unit.workDir);
    bool builtOne = false;
    for (const std::string &name : missing) {
      if (llvm::is_contained(run.built, name))
        continue;
      if (!buildModule(run, name, searched, stack))
        return RunStatus::Error;
      builtOne = true;
    }
    if (!builtOne) {
      run.result.message = "module '" + missing.front() +
                           "' still not found after compiling it into " +
                           run.cacheDir + " (searched: " + searched + ")";
      return RunStatus::Error;
    }
  }
}

/// The module cache of this emit: .mod files differ with the model, the
/// device and the flags, and belong to a project (database, or folder).
static std::string cacheKey(const EmitRun &run, const Unit &main,
                            EmitModel model) {
  // The cache's format: 2 since a module built here leaves its declare
  // target record (DeclareRecords.h); a cache of 1 has .mod files without.
  std::string key = "2\n";
  key += model == EmitModel::OpenACC ? "openacc"
         : model == EmitModel::Both  ? "openmp+openacc"
                                     : "openmp";
  if (run.request.device)
    key += "\n" + run.request.device->triple + " " + run.request.device->cpu;
  key += "\n";
  key += main.flags ? llvm::join(*main.flags, "\x1f") : "<default flags>";
  // Per project too: two projects' modules of one name must not meet.
  llvm::SmallString<256> root;
  if (run.db && !run.entryless)
    root = run.db->path;
  else if (fs::real_path(main.workDir.empty() ? "." : main.workDir, root))
    root = main.workDir;
  return key + "\n" + root.str().str();
}

/// flang-22's clause-entry printer defect (PrinterRepair.h) repaired in
/// `run.result.mlir`, with a note; false with the message set when it
/// cannot be.
static bool repairPrinterDefect(EmitRun &run, const Unit &main) {
  EmitResult &result = run.result;
  PrinterRepair repair = repairFlangPrinterDefect(result.mlir, [&] {
    ompx::SpawnOptions spawn;
    spawn.argv = result.command;
    spawn.argv.insert(spawn.argv.end(), {"-mmlir", "--mlir-print-op-generic"});
    spawn.workingDirectory = main.workDir;
    std::string out;
    EmitResult scratch;
    auto outcome = runEmitChild(
        spawn, run.request, scratch, [&](StringRef d) { out.append(d); },
        [](StringRef) {});
    return outcome && !outcome->status.signaled && outcome->status.code == 0
               ? std::optional<std::string>(std::move(out))
               : std::nullopt;
  });
  if (!repair.error.empty()) {
    result.message = repair.error;
    return false;
  }
  if (repair.repaired)
    result.notes.push_back(repair.note());
  return true;
}

/// What the model leaves out of `source`, or that it takes both kinds.
static std::optional<std::string> modelNote(StringRef source, EmitModel model) {
  auto [acc, omp] = directiveModels(source);
  if (model == EmitModel::Both)
    return std::string("the file has both !$omp and !$acc directives: "
                       "flang-22 compiles both (-fopenmp -fopenacc)");
  if (model == EmitModel::OpenMP && acc)
    return std::string("--openmp: the file's !$acc directives are comments "
                       "to flang-22 (without --openmp it compiles both)");
  if (model == EmitModel::OpenACC && omp)
    return std::string("--openacc: the file's !$omp directives are comments "
                       "to flang-22 (without --openacc it compiles both)");
  return std::nullopt;
}

/// Records what the modules behind `unrecorded` (.mod files of the build's
/// folders that ompx did not make) declare for the device, from the files
/// defining them (compiled to HLFIR here, their .mod files into the cache):
/// each record goes with the build's .mod file. False when none was made.
static bool recordBuildModules(EmitRun &run,
                               llvm::ArrayRef<std::string> unrecorded) {
  EmitResult &result = run.result;
  // Its own compile's outcome is the result's; this one's is not.
  std::string stderrText = result.flangStderr, message = result.message;
  bool any = false;
  for (const std::string &mod : unrecorded) {
    std::string name = path::stem(mod).str();
    llvm::SmallString<256> cached(run.cacheDir);
    path::append(cached, name + ".mod");
    // The first file whose compile writes NAME.mod (one may name the module
    // under a #if its flags leave out).
    for (const std::string &file : definersOf(run, name)) {
      auto text = ompx::readRegularFile(file);
      if (!text) {
        llvm::consumeError(text.takeError());
        continue;
      }
      (void)fs::remove(cached);
      std::string hlfir, why;
      std::vector<std::string> stack;
      if (compileUnit(run, unitFor(run, file), "-emit-hlfir", stack, &hlfir,
                      nullptr) != RunStatus::Ok ||
          !fs::exists(cached))
        continue;
      if (writeDeclareRecords(hlfir, *text, path::parent_path(mod),
                              declareRecordRoot(), why)) {
        result.notes.push_back(
            "read what module '" + name + "' declares for the device from " +
            file + " (its .mod file, " + mod + ", was not made by ompx)");
        any = true;
      }
      break;
    }
  }
  result.flangStderr = stderrText;
  result.message = message;
  return any;
}

/// The module variables of `result.mlir` that their module declares for the
/// device (`declare target`, `acc declare`), which flang-22's .mod files
/// drop: marked as ompx-flang marks them (DeclareRecords.h), from the
/// records of the modules this emit or ompx-flang compiled, or, for a
/// module of the build's folders made by something else, from its source.
static void markUsedModules(EmitRun &run, EmitResult &result,
                            StringRef source) {
  std::vector<std::string> searchDirs =
      moduleFolders(result.command, result.workingDirectory);
  // flang reads .mod files from the folder it runs in too: an in-place
  // build's (a database entry without -J), whose records ompx-flang wrote
  // beside them. Missed, a module's declare target variable read as a host
  // one ("host.o was compiled before its module declared it").
  if (!result.workingDirectory.empty() &&
      !llvm::is_contained(searchDirs, result.workingDirectory))
    searchDirs.push_back(result.workingDirectory);
  if (searchDirs.empty())
    searchDirs.push_back(run.cacheDir);
  std::vector<std::string> used =
      unitUsedModules(run.request.inputPath, source, searchDirs);
  std::vector<std::string> marked, unrecorded;
  std::string mlir = markDeclaredElsewhere(
      result.mlir, searchDirs, declareRecordRoot(), used, marked, &unrecorded);
  // Only where it matters: a unit with device regions.
  if (!unrecordedModulesWarning(mlir, unrecorded).empty() &&
      recordBuildModules(run, unrecorded)) {
    marked.clear();
    unrecorded.clear();
    mlir = markDeclaredElsewhere(result.mlir, searchDirs, declareRecordRoot(),
                                 used, marked, &unrecorded);
  }
  result.mlir = std::move(mlir);
  if (std::string w = unrecordedModulesWarning(result.mlir, unrecorded);
      !w.empty())
    result.notes.push_back(w);
  for (const std::string &name : marked)
    result.notes.push_back(declaredElsewhereNote(name));
}

/// The launch's one-line reason for refused element reductions, the first
/// of them named.
static std::string refusedSummary(StringRef file, const ElementReduction &r) {
  return llvm::formatv("{0}:{1}: {2}: flang-22 reduces all of '{3}' for this "
                       "array {4} (refused, above)",
                       file, r.line, r.clause, r.array,
                       r.section ? "section" : "element")
      .str();
}

/// The line that sums up `f`'s refusals: its first element reduction,
/// else its first common-block clause.
static std::string refusalSummary(const FileRefusals &f) {
  if (!f.reductions.empty())
    return refusedSummary(f.file, f.reductions.front());
  return (f.file + ":" + llvm::Twine(f.blocks.front().line) +
          ": a clause naming a common block that flang-22 lowers to "
          "another program (refused, above)")
      .str();
}

/// False, with the refusal in `result` (an error at each item's line, in
/// flang's form), when `source` has reduction items flang-22 lowers as
/// their whole array (elementReductions) or clauses naming common blocks it
/// lowers to another program (commonBlockRefusals): its MLIR is another
/// program.
static bool refuseSourceDefects(EmitResult &result, StringRef source,
                                StringRef path) {
  FileRefusals refused{path.str(), elementReductions(source),
                       commonBlockRefusals(source)};
  if (refused.empty())
    return true;
  result.flangStderr += refused.diagnostics();
  result.message = refusalSummary(refused);
  return false;
}

/// The same for the files `source` includes (`searchDirs`: flang's).
static bool
refuseIncludedElementReductions(EmitResult &result, StringRef source,
                                llvm::ArrayRef<std::string> searchDirs) {
  std::vector<FileElementReduction> items =
      includedElementReductions(source, searchDirs);
  if (items.empty())
    return true;
  result.mlir.clear();
  result.flangStderr.clear();
  for (const FileElementReduction &r : items)
    result.flangStderr += r.reduction.diagnostic(r.file) + "\n";
  result.message = refusedSummary(items.front().file, items.front().reduction);
  return false;
}

/// The same for what the unit shows as flang's preprocessor leaves it (a
/// macro spelling a clause, a header's directive; Preprocessed.h), flang's
/// command `result.command` run again for -E in `workDir`.
static bool refusePreprocessedDefects(EmitResult &result, StringRef path,
                                      StringRef source, StringRef workDir) {
  if (!preprocessingMayMatter(path, source, result.command))
    return true;
  std::optional<std::vector<PreprocessedFile>> files =
      preprocessUnit(result.command, workDir);
  if (!files)
    return true;
  std::vector<FileRefusals> refused =
      preprocessedRefusals(path, source, *files);
  if (refused.empty())
    return true;
  result.mlir.clear();
  result.flangStderr.clear();
  for (const FileRefusals &f : refused)
    result.flangStderr += f.diagnostics();
  result.message = refusalSummary(refused.front());
  return false;
}

/// The input's own modules went to the cache with their .mod files: their
/// sources are recorded, and their declare records go with them, or a unit
/// using one later would read the record of an earlier version (flang's
/// .mod file is the same with and without `declare target`).
static void recordOwnModules(EmitRun &run, StringRef source) {
  std::vector<std::string> defined = definedModules(source);
  recordModuleSources(run.cacheDir, defined, run.request.inputPath);
  std::string why;
  if (!defined.empty() &&
      !writeDeclareRecords(run.result.mlir, source, run.cacheDir,
                           declareRecordRoot(), why))
    run.result.notes.push_back(why);
}

/// The request's compile database (given, else the nearest one above the
/// input), kept to the project; false with the message when it does not
/// read.
static bool loadDatabase(EmitRun &run) {
  std::string unreadable;
  bool given = !run.request.compileCommands.empty();
  std::string dbPath =
      given ? run.request.compileCommands
            : findCompileDatabase(run.request.inputPath, &unreadable);
  if (dbPath.empty() && !unreadable.empty())
    noteOutsideDatabase(run, unreadable);
  std::optional<CompileDatabase> db;
  if (!dbPath.empty()) {
    auto read = loadCompileDatabase(dbPath);
    if (!read) {
      run.result.message = llvm::toString(read.takeError());
      return false;
    }
    db = std::move(*read);
  }
  // None in the file's folder or above (nor their build/) that lists the
  // file: a build folder of another name that does is the build's, when
  // it is the only one (`cmake -B build-gpu`); of several, which is meant
  // is the user's choice.
  llvm::SmallString<256> real;
  if (!given && unreadable.empty() &&
      !fs::real_path(run.request.inputPath, real) && (!db || !db->find(real))) {
    std::vector<std::string> side =
        buildFolderDatabases(run.request.inputPath, run.request.projectRoots);
    if (side.size() == 1) {
      if (auto read = loadCompileDatabase(side.front())) {
        db = std::move(*read);
        run.result.notes.push_back(
            "flags and modules from " + side.front() +
            ", the one build folder that lists " + run.request.inputPath +
            " (no compile_commands.json in its folder or above, nor in their "
            "build/, has an entry for it)");
      } else {
        llvm::consumeError(read.takeError());
      }
    } else if (side.size() > 1) {
      run.result.notes.push_back(
          "several build folders list " + run.request.inputPath + ": " +
          llvm::join(side, ", ") +
          "; none is used (give one with --compile-commands=JSON)");
    }
  }
  if (!db)
    return true;
  run.db = std::move(*db);
  keepInsideProject(run, run.result);
  return true;
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
  if (!refuseSourceDefects(result, *source, request.inputPath))
    return result;
  Toolchain tools(request.toolchainPrefix);
  const Tool &flang = tools.flang();
  if (!flang) {
    result.message = "cannot emit MLIR: " + flang.problem +
                     " (install the Debian package flang-22)";
    return result;
  }
  EmitRun run{request, result, flang.path, "", std::nullopt, {}};
  if (!request.flangFlags && !loadDatabase(run))
    return result;
  Unit main = unitFor(run, request.inputPath);
  if (!main.refused.empty()) {
    result.message = "compile database " + main.refused;
    return result;
  }
  if (run.db && !main.flags)
    markEntryless(run);
  // The build's own -fopenmp/-fopenacc, when it has one, is the model.
  bool buildModel = request.model == EmitModel::Auto && main.flags &&
                    (llvm::is_contained(*main.flags, "-fopenmp") ||
                     llvm::is_contained(*main.flags, "-fopenacc"));
  if (std::optional<std::string> note = modelNote(*source, model);
      note && !buildModel)
    result.notes.push_back(*note);
  if (main.flags) {
    std::vector<std::string> offload;
    withoutOffloadFlags(*main.flags, offload);
    if (!offload.empty())
      result.notes.push_back(
          "not passed to flang: " + llvm::join(offload, " ") +
          " (emit compiles one side: the host, or the "
          "device of --device)");
  }
  auto cacheDir = moduleCacheDir(cacheKey(run, main, model));
  if (!cacheDir) {
    result.message = llvm::toString(cacheDir.takeError());
    return result;
  }
  run.cacheDir = *cacheDir;
  result.moduleCache = run.cacheDir;
  if (run.db)
    result.compileDatabase = run.db->path;
  for (const std::string &changed : dropStaleModules(run.cacheDir))
    result.notes.push_back(changed + " changed: the modules of " +
                           run.cacheDir + " are compiled again");
  if (auto stale = staleBuildModules(run, main);
      !stale.empty() && !refreshStaleModules(run, stale))
    return result;
  result.workingDirectory = run.staleDir.empty() ? main.workDir : run.staleDir;
  std::vector<std::string> stack;
  StringRef action =
      request.kind == IRLevel::HLFIR ? "-emit-hlfir" : "-emit-fir";
  if (compileUnit(run, main, action, stack, &result.mlir, &result.command) !=
      RunStatus::Ok)
    return result;
  // Its includes were let through (refusedInclude) by now.
  if (!refuseIncludedElementReductions(
          result, absoluteSource(main),
          moduleFolders(result.command, main.workDir)))
    return result;
  if (!refusePreprocessedDefects(result, request.inputPath, *source,
                                 main.workDir))
    return result;
  if (std::vector<std::string> loops =
          threadBoundLoopRefusals(request.inputPath, *source, result.mlir);
      !loops.empty()) {
    result.mlir.clear();
    result.flangStderr = llvm::join(loops, "\n") + "\n";
    result.message = request.inputPath +
                     ": loop bind(thread) in a parallel construct: flang-22 "
                     "shares its iterations out (refused, above)";
    return result;
  }
  // Before the repair: it prints the module again (and a text with the
  // defect, which does not parse, keeps its literals).
  relativeSourceLiterals(result.mlir, main);
  if (!repairPrinterDefect(run, main))
    return result;
  relativeLocations(result.mlir, main, run.cacheDir);
  recordOwnModules(run, *source);
  markUsedModules(run, result, *source);
  std::vector<std::string> blockData;
  result.mlir = markBlockDataDeclareTarget(result.mlir, *source, blockData);
  if (request.kind == IRLevel::LLVM &&
      !lowerToLLVMDialect(result, request.inputPath))
    return result;
  result.ok = true;
  return result;
}

/// `flags` with each folder of -I, -J and -module-dir absolute (from `dir`,
/// where the build ran the compile), the build's module folder read (-I) and
/// never written: the driver's .mod files go to the launch's own folder.
static std::vector<std::string>
absoluteFolders(llvm::ArrayRef<std::string> flags, StringRef dir) {
  auto absolute = [&](StringRef folder) {
    llvm::SmallString<256> p = folder;
    path::make_absolute(dir, p);
    path::remove_dots(p, /*remove_dot_dot=*/true);
    return p.str().str();
  };
  std::vector<std::string> out;
  for (size_t i = 0; i < flags.size(); ++i) {
    StringRef f = flags[i];
    bool separate = f == "-I" || f == "-J" || f == "-module-dir";
    if (separate && i + 1 < flags.size()) {
      out.insert(out.end(), {"-I", absolute(flags[++i])});
      continue;
    }
    // flang's -module-dir is JoinedOrSeparate: CMake writes `-module-dirDIR`.
    if (f.consume_front("-module-dir=") || f.consume_front("-module-dir") ||
        f.consume_front("-I") || f.consume_front("-J")) {
      out.push_back("-I" + absolute(f));
      continue;
    }
    out.push_back(flags[i]);
  }
  return out;
}

/// The flags of `flags` that change what a shared module's declarations
/// mean to a file: the preprocessor's -D and -U, and the default kinds
/// (-fdefault-real-8, ...); each as one word, sorted.
static std::vector<std::string> macroFlags(llvm::ArrayRef<std::string> flags) {
  std::vector<std::string> macros;
  for (size_t i = 0; i < flags.size(); ++i) {
    StringRef f = flags[i];
    if ((f == "-D" || f == "-U") && i + 1 < flags.size())
      macros.push_back(f.str() + flags[++i]);
    else if ((f.size() > 2 && (f.starts_with("-D") || f.starts_with("-U"))) ||
             f.starts_with("-fdefault-"))
      macros.push_back(f.str());
  }
  llvm::sort(macros);
  return macros;
}

/// What the -D and -U of `flags` leave each macro: NAME -> "=VALUE" ("=1"
/// for -DNAME), or "" for -UNAME; the last word of a name wins, as on
/// flang's command line. Default kinds are not macros: left out.
static std::map<std::string, std::string>
macroStates(llvm::ArrayRef<std::string> flags) {
  std::map<std::string, std::string> states;
  for (size_t i = 0; i < flags.size(); ++i) {
    StringRef f = flags[i];
    std::string word;
    if ((f == "-D" || f == "-U") && i + 1 < flags.size())
      word = f.str() + flags[++i];
    else if (f.size() > 2 && (f.starts_with("-D") || f.starts_with("-U")))
      word = f.str();
    else
      continue;
    StringRef body = StringRef(word).drop_front(2);
    auto [name, value] = body.split('=');
    states[name.str()] = word[1] == 'U'       ? std::string()
                         : body.contains('=') ? "=" + value.str()
                                              : std::string("=1");
  }
  return states;
}

/// Whether `text` names `macro` as a word (case aside: conservative, a
/// Fortran name spelled in other case may still be the macro's).
static bool namesWord(StringRef text, StringRef macro) {
  auto isWord = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  for (size_t at = 0;
       (at = text.find_insensitive(macro, at)) != StringRef::npos;
       at += macro.size()) {
    if ((at == 0 || !isWord(text[at - 1])) &&
        (at + macro.size() == text.size() || !isWord(text[at + macro.size()])))
      return true;
  }
  return false;
}

/// The macros of `differ` that `file` (with `flags`) names, itself or in a
/// file it includes; all of them when it has an include ompx cannot follow
/// (a computed `#include MACRO`).
static std::vector<std::string>
macrosNamed(StringRef file, llvm::ArrayRef<std::string> flags,
            StringRef workDir, llvm::ArrayRef<std::string> differ) {
  auto text = ompx::readRegularFile(file);
  if (!text) {
    llvm::consumeError(text.takeError());
    return {differ.begin(), differ.end()};
  }
  std::vector<std::string> texts{*text};
  for (const IncludeLine &inc : includeLines(*text))
    if (inc.name.empty())
      return {differ.begin(), differ.end()};
  for (const std::string &inc :
       includedFiles(file, *text, includeSearchDirs(flags, workDir))) {
    auto t = ompx::readRegularFile(inc);
    if (!t) {
      llvm::consumeError(t.takeError());
      return {differ.begin(), differ.end()};
    }
    for (const IncludeLine &line : includeLines(*t))
      if (line.name.empty())
        return {differ.begin(), differ.end()};
    texts.push_back(std::move(*t));
  }
  std::vector<std::string> named;
  for (const std::string &m : differ)
    if (llvm::any_of(texts,
                     [&](const std::string &t) { return namesWord(t, m); }))
      named.push_back(m);
  return named;
}

/// The modules `file` defines and uses.
static std::vector<std::string> modulesOf(StringRef file) {
  auto text = ompx::readRegularFile(file);
  if (!text) {
    llvm::consumeError(text.takeError());
    return {};
  }
  std::vector<std::string> names = definedModules(*text);
  for (const std::string &name : usedModules(*text))
    if (!llvm::is_contained(names, name))
      names.push_back(name);
  return names;
}

/// `file`'s entry in `db` (by its real path), if it has one.
static const CompileEntry *entryOf(const CompileDatabase &db, StringRef file) {
  llvm::SmallString<256> real;
  return fs::real_path(file, real) ? nullptr : db.find(real);
}

/// A driver's flags from `entry`: offload flags dropped (the launch's device
/// replaces them), folders absolute.
static std::vector<std::string> driverFlagsOf(const CompileEntry &entry) {
  std::vector<std::string> offload;
  return absoluteFolders(withoutOffloadFlags(entry.flags, offload),
                         entry.directory);
}

ProjectDriverFlags
ompx::pipeline::ownDriverFlags(StringRef driver,
                               llvm::ArrayRef<std::string> projectRoots) {
  ProjectDriverFlags out;
  // The nearest database that lists it, else the one build folder of
  // another name that does, as emit takes the input's.
  auto db = listingDatabase(driver, projectRoots);
  if (!db) {
    out.error = llvm::toString(db.takeError());
    return out;
  }
  if (!*db)
    return out;
  const CompileEntry *entry = entryOf(**db, driver);
  if (!entry || !ompx::insideFolders(projectRoots, entry->directory))
    return out;
  if (!entry->refused.empty()) {
    out.error = "compile database " + (*db)->path + ": " + entry->refused;
    return out;
  }
  out.flags = driverFlagsOf(*entry);
  out.note = "the driver " + driver.str() + " is compiled with its entry in " +
             (*db)->path + ": " + llvm::join(out.flags, " ");
  return out;
}

ProjectDriverFlags ompx::pipeline::projectDriverFlags(const EmitResult &emitted,
                                                      StringRef input,
                                                      StringRef driver) {
  ProjectDriverFlags out;
  // No project: the driver sees the input's own modules (emit wrote their
  // .mod files into its cache, not next to the source) and the two folders.
  auto noProject = [&] {
    if (emitted.moduleCache.empty())
      return out;
    out.flags = {"-I", emitted.moduleCache};
    for (StringRef file : {input, driver}) {
      llvm::SmallString<256> dir(file);
      llvm::sys::fs::make_absolute(dir);
      llvm::sys::path::remove_filename(dir);
      out.flags.insert(out.flags.end(), {"-I", dir.str().str()});
    }
    return out;
  };
  if (emitted.compileDatabase.empty())
    return noProject();
  auto db = loadCompileDatabase(emitted.compileDatabase);
  if (!db) {
    out.error = llvm::toString(db.takeError());
    return out;
  }
  const CompileEntry *inputEntry = entryOf(*db, input);
  if (!inputEntry)
    return noProject();
  const CompileEntry *entry = entryOf(*db, driver);
  for (const CompileEntry *e : {inputEntry, entry})
    if (e && !e->refused.empty()) {
      out.error = "compile database " + db->path + ": " + e->refused;
      return out;
    }
  if (!entry) {
    entry = inputEntry;
    out.note = db->path + " has no entry for the driver " + driver.str() +
               "; it is compiled with the flags of " + input.str() + "'s entry";
  }
  out.flags = {"-I", emitted.moduleCache};
  llvm::append_range(out.flags, driverFlagsOf(*entry));
  std::vector<std::string> ours = macroFlags(inputEntry->flags),
                           theirs = macroFlags(entry->flags);
  if (ours == theirs)
    return out;
  std::vector<std::string> inputModules = modulesOf(input), shared;
  for (const std::string &name : modulesOf(driver))
    if (llvm::is_contained(inputModules, name))
      shared.push_back(name);
  if (shared.empty())
    return out;
  auto spell = [](llvm::ArrayRef<std::string> macros) {
    return macros.empty() ? std::string("no -D, -U or -fdefault-*")
                          : llvm::join(macros, " ");
  };
  // Other default kinds change what every `real` of the module means to the
  // driver. Another macro matters only where both files (or files they
  // include) name it: one a file never names preprocesses it the same either
  // way, as the build compiles it (a CMake library's PRIVATE definitions).
  auto kinds = [](llvm::ArrayRef<std::string> macros) {
    std::vector<std::string> k;
    for (const std::string &m : macros)
      if (StringRef(m).starts_with("-fdefault-"))
        k.push_back(m);
    return k;
  };
  std::map<std::string, std::string> mine = macroStates(inputEntry->flags),
                                     yours = macroStates(entry->flags);
  std::vector<std::string> differ;
  for (const auto &[name, state] : mine)
    if (!yours.count(name) || yours[name] != state)
      differ.push_back(name);
  for (const auto &[name, state] : yours)
    if (!mine.count(name))
      differ.push_back(name);
  // Named by both: each file's own code takes the macro's other value (a
  // size in the module's arrays and in the driver's loops). One only the
  // driver names, or only the input, is that file's own business, as in
  // the build (a library's PRIVATE -DFAST in the module's file).
  std::vector<std::string> named =
      macrosNamed(input, inputEntry->flags, inputEntry->directory,
                  macrosNamed(driver, entry->flags, entry->directory, differ));
  std::string both =
      " (their entries in " + db->path + "), and both use module" +
      (shared.size() > 1 ? "s " : " ") + llvm::join(shared, ", ");
  if (kinds(ours) == kinds(theirs) && differ.empty())
    return out; // the same macros, spelled twice or in another order
  if (kinds(ours) == kinds(theirs) && named.empty()) {
    out.note = "the driver " + driver.str() + " is compiled with " +
               spell(theirs) + " and the input " + input.str() + " with " +
               spell(ours) + both + "; no macro of " +
               llvm::join(differ, ", ") +
               " is named by both, so each reads them as the build does";
    return out;
  }
  out.error =
      "the driver " + driver.str() + " is compiled with " + spell(theirs) +
      " and the input " + input.str() + " with " + spell(ours) + both +
      (named.empty() ? std::string()
                     : " (both name " + llvm::join(named, ", ") + ")") +
      ": built apart, the two files would see it differently (a "
      "wrong answer without a word). Give both the same -D, -U and "
      "-fdefault-* flags, or build the program with ompx-flang and run it with "
      "`ompx-lsp launch --program=EXE` (docs/projects.md)";
  return out;
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
  for (const std::string &root : request.projectRoots)
    spawn.argv.push_back("--project-root=" + root);
  if (!request.compileCommands.empty())
    spawn.argv.push_back("--compile-commands=" + request.compileCommands);
  // A document's child (bounded by project roots; the command line is
  // not): flang may read only the project and the toolchain
  // (support/Confine.h), whatever the source includes or uses.
  if (!request.projectRoots.empty())
    spawn.argv.push_back("--confine");
  spawn.argv.insert(spawn.argv.end(), {"-v", "-o", tmp});
  // Its own group: a cancel or timeout kills flang-22 too, and so does the
  // editor's server dying (the child watches it: support/ParentWatch.h).
  spawn.newProcessGroup = true;
  spawn.env = environmentWith({std::string(kExitWithParentVariable) + "=1"});
  result.command = spawn.argv;
  std::string err;
  auto outcome = runEmitChild(
      spawn, request, result, [](StringRef) {},
      [&](StringRef data) { err.append(data); });
  llvm::scope_exit cleanup([&] { fs::remove(tmp); });
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
