//===- LaunchCommand.cpp - `ompx-lsp launch` and `ompx-lsp devices` -------===//
//
// Thin command-line layers over pipeline::launch and pipeline::listDevices,
// each a cl::SubCommand. `launch`'s flags are the rows of the launch schema
// (pipeline/LaunchOptions.h); everything after `--` belongs to the program.
//
//===----------------------------------------------------------------------===//

#include "server/tool/LaunchCommand.h"
#include "pipeline/compile/CompileDatabase.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/Emit.h"
#include "pipeline/compile/FlangCommand.h"
#include "pipeline/compile/MapSites.h"
#include "pipeline/compile/ProjectUnits.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/Launch.h"
#include "pipeline/launch/LaunchOptions.h"
#include "pipeline/launch/MapCheckReport.h"
#include "pipeline/launch/ProfileReport.h"
#include "pipeline/launch/Slurm.h"
#include "server/model/FortranInput.h"
#include "server/tool/SchemaFlags.h"
#include "server/tool/Verb.h"
#include "support/FileRead.h"
#include "support/JsonParse.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>
#include <memory>
#include <optional>
#include <vector>

using namespace ompx::pipeline;
using llvm::StringRef;
using ompx::SchemaFlags;

static std::atomic<bool> interrupted{false};
static void onInterrupt(int) { interrupted = true; }

namespace cl = llvm::cl;

/// `launch --help` after the usage: what each option does (docs/launch.md
/// has the long form). The rows come from the launch schema.
static std::string launchHelp() {
  return "\n"
         "Compiles an omp/acc MLIR file (flang-22 HLFIR/FIR output, or the "
         "LLVM dialect)\n"
         "for a device, links it and runs it; stages are printed on stderr.\n"
         "A Fortran FILE (.f90, .F90, ...) is emitted first, as `ompx-lsp "
         "emit` does (its\n"
         "compile_commands.json flags and modules), into --keep's folder or a "
         "temporary one.\n"
         "\n"
         "Options:\n" +
         launchOptionsHelp() +
         "  -v, --verbose        also print the pipeline log (input "
         "classification, kernels,\n"
         "                       the link command)\n"
         "  -- ARGS...           arguments of the program\n"
         "\n"
         "Exit status: the program's; 2 usage error, 3 the pipeline failed "
         "before the program\n"
         "ran, 124 --timeout, 130 interrupted. More: docs/launch.md.\n"
         "\n"
         "Examples:\n"
         "  ompx-lsp launch examples/launch/saxpy.hlfir.mlir --device=host\n"
         "  ompx-lsp launch examples/launch/map_bug.hlfir.mlir "
         "--device=host-offload\n"
         "  ompx-lsp launch lib.hlfir.mlir --device=host-offload "
         "--driver=main.f90\n"
         "  ompx-lsp launch saxpy.f90 --device=host-offload --check-maps\n"
         "  ompx-lsp launch examples/launch/saxpy.hlfir.mlir --device=nvptx "
         "--offload-arch=sm_90 --bundle=gpu\n"
         "  ompx-lsp launch examples/launch/saxpy.hlfir.mlir --device=nvptx "
         "--launcher=slurm --partition=gpu --gres=gpu:a100:1\n";
}

/// Says what is wrong and how the command is used; returns 2, the exit
/// status of a usage error.
static int usageError(const llvm::Twine &message, llvm::StringRef usage) {
  llvm::errs() << "ompx-lsp: error: " << message << "\n" << usage;
  return 2;
}

/// The launch schema's rows `devices` takes too: the tools and the device
/// runtime it checks are the ones a launch with the same flags would use.
static const llvm::StringRef kDevicesSchemaFlags[] = {"toolchain",
                                                      "device-runtime"};

static std::string devicesUsage() {
  std::string out = "usage: ompx-lsp devices [--format=text|json]";
  for (StringRef flag : kDevicesSchemaFlags)
    out += " [" + flagSpelling(*launchOptionByFlag(flag)) + "]";
  return out + "\n";
}

// `devices --help`: what the table says and what each option changes.
static std::string devicesHelp() {
  return "\n"
         "Lists the devices `ompx-lsp launch --device=` accepts on this "
         "machine: host,\n"
         "host-offload, then each NVIDIA and AMD GPU found, each available or "
         "with the\n"
         "reason it is not (no GPU visible, no device runtime, a missing "
         "tool).\n"
         "\n"
         "Options:\n"
         "  --format=text|json   a table (default), or the JSON array the "
         "editors read\n" +
         launchOptionsHelp(kDevicesSchemaFlags) +
         "\n"
         "With Slurm's client tools installed, the partitions of the cluster "
         "(and their GPU\n"
         "gres) follow: where `launch --launcher=slurm` can run.\n"
         "\n"
         "Exit status: 0 (also when no GPU is available), 2 usage error.\n";
}

static const char kSlurmUsage[] =
    "usage: ompx-lsp slurm list|release [--format=text|json]\n";

static const char *kSlurmHelp =
    "\n"
    "The Slurm allocations `launch --launcher=slurm --slurm-allocation=reuse` "
    "keeps\n"
    "for later launches (on the cluster SLURM_CONF names):\n"
    "  list      the allocations still alive, with the options that made "
    "them\n"
    "  release   scancel them all (a language server releases its own when "
    "it exits)\n"
    "\n"
    "Exit status: 0, 1 when a release failed, 2 usage error.\n";

namespace {
/// `ompx-lsp launch`: a flag per row of the launch schema; the values are
/// checked and stored by the schema, in the order given.
struct LaunchVerb : ompx::Verb {
  LaunchVerb() : Verb("launch", "compile and run on a device") {}
  /// The usage line, the options from the schema.
  std::string usage() const override {
    return "usage: ompx-lsp launch FILE.mlir " + launchUsageOptions(23, 80) +
           "\n                       [-v] [-- PROGRAM_ARGS...]\n";
  }
  int run(int argc, char **argv, const LaunchHelpers &helpers) override;
  /// The options in the order given, `--` and what follows as `args`.
  int apply(int argc, char **argv, LaunchRequest &request);

  SchemaFlags schema{sub};
  cl::list<std::string> positional{cl::Positional, cl::sub(sub),
                                   cl::desc("FILE.mlir [-- ARGS...]")};
  cl::opt<bool> verbose{"verbose", cl::sub(sub),
                        cl::desc("also print the pipeline log")};
  cl::alias v{"v", cl::aliasopt(verbose)};
  cl::opt<bool> printSchema{"print-schema", cl::sub(sub), cl::Hidden,
                            cl::desc("print the launch schema as JSON")};
};

struct DevicesVerb : ompx::Verb {
  DevicesVerb() : Verb("devices", "what can run here, and why not") {}
  std::string usage() const override { return devicesUsage(); }
  int run(int, char **, const LaunchHelpers &) override;
  cl::opt<std::string> format{"format", cl::sub(sub), cl::init("text")};
  /// --toolchain, --device-runtime: stored in a LaunchRequest, as launch's.
  SchemaFlags schema{sub, kDevicesSchemaFlags};
  cl::list<std::string> positional{cl::Positional, cl::sub(sub)};
};

struct SlurmVerb : ompx::Verb {
  SlurmVerb() : Verb("slurm", "Slurm allocations kept for reuse") {}
  std::string usage() const override { return kSlurmUsage; }
  int run(int, char **, const LaunchHelpers &) override;
  cl::list<std::string> positional{cl::Positional, cl::sub(sub)};
  cl::opt<std::string> format{"format", cl::sub(sub), cl::init("text")};
};

/// `ompx-lsp report FILE.json`: a recorded launch's report as text.
struct ReportVerb : ompx::Verb {
  ReportVerb() : Verb("report", "a recorded launch's report, as text") {}
  std::string usage() const override {
    return "usage: ompx-lsp report FILE.json [--top=N]\n"
           "       ompx-lsp report RECORD --bundle=DIR [--top=N]\n";
  }
  int run(int, char **, const LaunchHelpers &) override;
  cl::list<std::string> positional{cl::Positional, cl::sub(sub)};
  cl::opt<unsigned> top{"top", cl::sub(sub), cl::init(0)};
  cl::opt<std::string> bundle{"bundle", cl::sub(sub)};
};

struct Verbs {
  LaunchVerb launch;
  DevicesVerb devices;
  SlurmVerb slurm;
  ReportVerb report;
};
} // namespace

/// Made when main registers the verbs.
static Verbs &verbs() {
  static Verbs v;
  return v;
}

int LaunchVerb::apply(int argc, char **argv, LaunchRequest &request) {
  // Positions are argv indices: what follows `--` is the program's.
  int dashDash = argc;
  for (int i = 1; i < argc; ++i)
    if (StringRef(argv[i]) == "--") {
      dashDash = i;
      break;
    }
  static const LaunchOption *programArgs = launchOptionByField("args");
  struct Given {
    unsigned position;
    const LaunchOption *option;
    std::string value;
  };
  std::vector<Given> given;
  std::vector<std::string> files;
  for (auto &[option, list] : schema.values)
    for (unsigned i = 0; i < list->size(); ++i)
      given.push_back({list->getPosition(i), option, (*list)[i]});
  for (auto &[option, flag] : schema.flags)
    if (*flag)
      given.push_back({flag->getPosition(), option, "true"});
  // An unknown option is reported where it stands, as the schema's errors.
  for (unsigned i = 0; i < unknown.size(); ++i)
    given.push_back({unknown.getPosition(i), nullptr, unknown[i]});
  for (unsigned i = 0; i < positional.size(); ++i) {
    if (int(positional.getPosition(i)) > dashDash)
      given.push_back({positional.getPosition(i), programArgs, positional[i]});
    else
      files.push_back(positional[i]);
  }
  llvm::stable_sort(given, [](const Given &a, const Given &b) {
    return a.position < b.position;
  });
  const LaunchOption *slurmOnly = nullptr;
  for (const Given &g : given) {
    if (!g.option)
      return usageError("unknown option '" + g.value + "'", usage());
    if (auto error =
            applyLaunchOption(*g.option, g.value, request, Spelling::Flag))
      return usageError(*error, usage());
    if (g.option->slurm && !slurmOnly)
      slurmOnly = g.option;
  }
  if (!request.program.empty() && !files.empty())
    return usageError("--program runs a built program: give no FILE.mlir",
                      usage());
  if (files.size() != 1 && request.program.empty())
    return usageError(files.empty() ? "launch needs FILE.mlir"
                                    : "launch takes one FILE.mlir; put program "
                                      "arguments after --",
                      usage());
  if (slurmOnly && request.launcher != LauncherKind::Slurm)
    return usageError("--" + slurmOnly->flag + " needs --launcher=slurm",
                      usage());
  if (!request.bundleStore.empty() && request.bundleDir.empty())
    return usageError("--bundle-store needs --bundle=DIR", usage());
  request.inputPath = files.empty() ? request.program : files.front();
  return 0;
}

void ompx::registerLaunchCommands() { verbs(); }

/// The launch's progress on stderr, the program's output as it comes.
static LaunchCallbacks printingCallbacks(bool verbose) {
  LaunchCallbacks callbacks;
  callbacks.onStage = [](Stage stage, const std::string &message) {
    llvm::errs() << "ompx-lsp: [" << stageName(stage) << "] " << message
                 << "\n";
  };
  callbacks.onStatus = [](const std::string &status) {
    llvm::errs() << "ompx-lsp: [run] " << status << "\n";
  };
  callbacks.onOutput = [verbose](OutputStream stream, const std::string &text) {
    if (stream == OutputStream::Stdout) {
      llvm::outs() << text;
      llvm::outs().flush();
    } else if (stream == OutputStream::Stderr) {
      llvm::errs() << text;
    } else if (verbose) {
      llvm::errs() << "ompx-lsp: " << text;
    }
  };
  return callbacks;
}

/// What `launch` says when it is done, and its exit status.
static int reportLaunch(const LaunchRequest &request,
                        const LaunchResult &result) {
  for (const MapFinding &f : result.mapFindings)
    llvm::errs() << formatMapFinding(f);
  if (result.profile) {
    llvm::errs() << "ompx-lsp: " << formatProfileSummary(*result.profile, 10);
    std::vector<std::string> files;
    for (const std::string &f : {result.profileReport, result.profileHtml})
      if (!f.empty())
        files.push_back(f);
    if (!files.empty())
      llvm::errs() << "ompx-lsp: profile: " << llvm::join(files, ", ") << "\n";
  }
  if (request.checkMaps && result.exitCode)
    llvm::errs() << "ompx-lsp: check-maps: " << result.mapFindings.size()
                 << (result.mapFindings.size() == 1 ? " finding" : " findings")
                 << "\n";
  if (result.status == LaunchStatus::Ok) {
    if (!result.bundleDir.empty()) {
      llvm::errs() << "ompx-lsp: bundle " << result.bundleDir << " ("
                   << result.bundleBytes << " bytes)";
      if (!result.bundleTarball.empty())
        llvm::errs() << ", " << result.bundleTarball << " ("
                     << result.bundleTarballBytes << " bytes)";
      llvm::errs() << "; on the GPU node run "
                   << llvm::sys::path::filename(result.bundleDir)
                   << "/run.sh\n";
    } else if (request.noRun)
      llvm::errs() << "ompx-lsp: built " << result.executable << "\n";
    return 0;
  }
  if (result.location)
    llvm::errs() << result.location->file << ":" << result.location->line << ":"
                 << result.location->column << ": ";
  else
    llvm::errs() << "ompx-lsp: ";
  llvm::errs() << (result.status == LaunchStatus::Failed
                       ? "error"
                       : statusName(result.status))
               << ": [" << stageName(result.stage) << "] " << result.message
               << "\n";
  switch (result.status) {
  case LaunchStatus::Timeout:
    return 124;
  case LaunchStatus::Cancelled:
    return 130;
  default:
    if (result.exitCode)
      return *result.exitCode > 0 ? *result.exitCode : 1;
    return 3;
  }
}

/// emit names a source as flang was given it, from the folder flang ran in
/// (the build entry's `directory`, `b/` of `cmake -B b`): the launch's
/// findings, profile and errors named `../src/core/ops.F90`, a file relative
/// to a folder the user is not in. Each relative file location is made
/// absolute from `workDir`.
static std::string absoluteLocations(StringRef mlir, StringRef workDir) {
  std::string out;
  out.reserve(mlir.size());
  constexpr StringRef kOpen = "loc(\"";
  size_t last = 0;
  for (size_t at = mlir.find(kOpen); at != StringRef::npos;
       at = mlir.find(kOpen, at + 1)) {
    size_t begin = at + kOpen.size();
    size_t end = mlir.find('"', begin);
    if (end == StringRef::npos)
      break;
    StringRef file = mlir.slice(begin, end);
    // A file location (`"f.f90":3:7`), not a name (`loc("total")`).
    if (file.empty() || file.contains('\\') ||
        llvm::sys::path::is_absolute(file) || end + 2 >= mlir.size() ||
        mlir[end + 1] != ':' || !llvm::isDigit(mlir[end + 2]))
      continue;
    llvm::SmallString<256> absolute(file);
    llvm::sys::path::make_absolute(workDir, absolute);
    llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
    out.append(mlir.data() + last, begin - last).append(absolute.str());
    last = end;
  }
  out.append(mlir.data() + last, mlir.size() - last);
  return out;
}

/// The Fortran files of `folder` as a database without flags: a project
/// without compile_commands.json (emit finds module sources there too).
static CompileDatabase folderDatabase(StringRef folder) {
  CompileDatabase db;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(folder, ec), end;
       it != end && !ec && db.entries.size() < 4096; it.increment(ec)) {
    llvm::SmallString<256> file;
    if (isFortranSource(it->path()) &&
        llvm::sys::fs::is_regular_file(it->path()) &&
        !llvm::sys::fs::real_path(it->path(), file)) {
      CompileEntry e;
      e.file = file.str().str();
      e.directory = folder.str();
      db.entries.push_back(std::move(e));
    }
  }
  llvm::sort(db.entries, [](const CompileEntry &a, const CompileEntry &b) {
    return a.file < b.file;
  });
  db.path = folder.str();
  return db;
}

/// In a project: its other files that define the modules the input and its
/// drivers use (their procedures and variables were undefined at the
/// link), and the main program that reaches the input's modules when
/// nothing else gives one, join `request`'s drivers. The project is the
/// compile database that lists the input, else the Fortran files of its
/// folder. Returns an exit status on failure (after saying why), else 0.
static int addProjectUnits(LaunchRequest &request, const EmitResult &result,
                           StringRef fortran, bool hasMain,
                           const std::vector<std::string> &projectRoots) {
  StringRef name = llvm::sys::path::filename(fortran);
  std::optional<CompileDatabase> db;
  if (!result.compileDatabase.empty()) {
    auto read = loadCompileDatabase(result.compileDatabase);
    if (!read) {
      llvm::errs() << "ompx-lsp: error: [emit] "
                   << llvm::toString(read.takeError()) << "\n";
      return 3;
    }
    db = std::move(*read);
  }
  // Only a build of the input's: a database without its entry (one of a
  // project above) says nothing of what it links with.
  llvm::SmallString<256> real;
  std::string where;
  if (!llvm::sys::fs::real_path(fortran, real) && db && db->find(real)) {
    where = "the files of " + db->path;
  } else {
    db = folderDatabase(llvm::sys::path::parent_path(real));
    where = "the Fortran files of " + db->path;
  }
  bool wantMain = request.drivers.empty() && !hasMain;
  ProjectUnits units =
      launchProjectUnits(*db, fortran, request.drivers, wantMain, projectRoots);
  if (wantMain && units.programs.size() > 1) {
    llvm::errs() << "ompx-lsp: error: [emit] " << name
                 << " has no main program, and several programs of " << where
                 << " use its modules: " << llvm::join(units.programs, ", ")
                 << "; give the one to run with --driver=FILE\n";
    return 3;
  }
  if (!units.mainProgram.empty()) {
    llvm::errs() << "ompx-lsp: [emit] note: the main program is "
                 << units.mainProgram << ", the one program of " << where
                 << " that uses " << name << "'s modules\n";
    request.drivers.push_back(units.mainProgram);
  }
  if (!units.moduleFiles.empty()) {
    llvm::errs() << "ompx-lsp: [emit] note: linked with " << where
                 << " that define the modules it uses: "
                 << llvm::join(units.moduleFiles, ", ") << "\n";
    llvm::append_range(request.drivers, units.moduleFiles);
  }
  if (!units.ambiguous.empty())
    llvm::errs() << "ompx-lsp: [emit] note: module"
                 << (units.ambiguous.size() > 1 ? "s " : " ")
                 << llvm::join(units.ambiguous, ", ")
                 << (units.ambiguous.size() > 1 ? " are" : " is")
                 << " defined by several of " << where
                 << ": none is linked (give the one the build uses with "
                    "--driver=FILE)\n";
  return 0;
}

/// `launch FILE.f90`: flang-22's HLFIR of the file (`emit`'s, with the
/// flags and modules of its compile_commands.json entry) is written to
/// --keep's folder, else to a temporary folder (`emittedDir`, removed after
/// the launch), and launched from there; the driver next to the Fortran file
/// (STEM.driver.*) stays the default. Returns an exit status on failure.
int ompx::emitForLaunch(LaunchRequest &request, std::string &emittedDir,
                        const std::vector<std::string> &projectRoots) {
  std::string fortran = request.inputPath;
  EmitRequest emit;
  emit.inputPath = fortran;
  emit.toolchainPrefix = request.toolchainPrefix;
  emit.compileCommands = request.compileCommands;
  EmitResult result = emitFortran(emit);
  for (const std::string &note : result.notes)
    llvm::errs() << "ompx-lsp: [emit] note: " << note << "\n";
  llvm::errs() << result.flangStderr;
  if (!result.ok) {
    llvm::errs() << "ompx-lsp: error: [emit] " << result.message << "\n";
    return 3;
  }
  llvm::SmallString<256> dir(request.keepDir);
  if (dir.empty()) {
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory("ompx-emit", dir)) {
      llvm::errs() << "ompx-lsp: error: [emit] cannot make a temporary "
                      "folder: "
                   << ec.message() << "\n";
      return 3;
    }
    emittedDir = dir.str().str();
  } else if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    llvm::errs() << "ompx-lsp: error: [emit] cannot make " << dir << ": "
                 << ec.message() << "\n";
    return 3;
  }
  StringRef name = llvm::sys::path::filename(fortran);
  llvm::SmallString<256> mlir(dir);
  llvm::sys::path::append(
      mlir, name.take_until([](char c) { return c == '.'; }) + ".hlfir.mlir");
  std::error_code ec;
  llvm::raw_fd_ostream os(mlir, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    llvm::errs() << "ompx-lsp: error: [emit] cannot write " << mlir << ": "
                 << ec.message() << "\n";
    return 3;
  }
  // Relative to the folder flang ran in, when that is not this one.
  if (!result.workingDirectory.empty())
    os << absoluteLocations(result.mlir, result.workingDirectory);
  else
    os << result.mlir;
  os.close();
  llvm::errs() << "ompx-lsp: [emit] " << fortran << " -> " << mlir
               << (emittedDir.empty() ? "" : " (removed after the launch)")
               << "\n";
  // A module without a main program: the driver next to the Fortran file,
  // as next to an .mlir.
  // (emit prints a function in MLIR's generic form where flang's printer
  // makes text that does not parse: `sym_name = "_QQmain"`.)
  StringRef emitted = result.mlir;
  bool hasMain = emitted.contains("func.func @_QQmain(") ||
                 emitted.contains("sym_name = \"_QQmain\"");
  if (request.drivers.empty() && !hasMain) {
    std::string stem = sidecarStem(fortran);
    for (const char *ext : {".driver.f90", ".driver.F90", ".driver.c"})
      if (llvm::sys::fs::exists(stem + ext)) {
        request.drivers.push_back(stem + ext);
        break;
      }
  }
  if (int status =
          addProjectUnits(request, result, fortran, hasMain, projectRoots))
    return status;
  if (request.drivers.empty() && !hasMain) {
    std::string stem = sidecarStem(fortran);
    if (!request.noRun) {
      llvm::errs() << "ompx-lsp: error: [emit] nothing to launch: " << name
                   << " has no main program; give it one that calls it: "
                      "--driver=FILE (.f90, .c or .o), or a file "
                   << stem << ".driver.f90 (or .c) next to it\n";
      return 3;
    }
  }
  // Fortran drivers are built as the project builds them (their entries'
  // -D, -I, ...), seeing the modules the input was compiled with, or not at
  // all: built apart with other macros they would disagree with it.
  request.driverFlags.clear();
  for (const std::string &driver : request.drivers) {
    ProjectDriverFlags flags;
    if (driverKind(driver) == DriverKind::Fortran)
      flags = projectDriverFlags(result, fortran, driver);
    if (!flags.error.empty()) {
      llvm::errs() << "ompx-lsp: error: [emit] " << flags.error << "\n";
      return 3;
    }
    if (!flags.note.empty())
      llvm::errs() << "ompx-lsp: [emit] note: " << flags.note << "\n";
    request.driverFlags.push_back(std::move(flags.flags));
  }
  request.inputPath = mlir.str().str();
  request.emittedFrom = fortran;
  request.emittedIsTemporary = !emittedDir.empty();
  // The report of a recorded launch goes next to the Fortran file (the
  // emitted one may be temporary).
  if (request.profile && request.profileReport.empty())
    request.profileReport = sidecarStem(fortran) + ".profile.json";
  return 0;
}

int LaunchVerb::run(int argc, char **argv, const LaunchHelpers &helpers) {
  if (help) {
    llvm::outs() << usage() << launchHelp();
    return 0;
  }
  if (printSchema) {
    llvm::outs() << llvm::formatv("{0:2}\n", launchSchemaJSON());
    return 0;
  }
  LaunchRequest request;
  request.buildChildCommand = helpers.buildChild;
  request.guardCommand = helpers.guard;
  if (int status = apply(argc, argv, request))
    return status;
  // Fortran: what launches is flang-22's HLFIR of it, as `emit` makes it.
  std::string emittedDir;
  llvm::scope_exit removeEmitted([&] {
    if (!emittedDir.empty())
      llvm::sys::fs::remove_directories(emittedDir);
  });
  bool fortranInput =
      ompx::hasFortranExtension(request.inputPath) && request.program.empty();
  if (fortranInput)
    if (int status = ompx::emitForLaunch(request, emittedDir))
      return status;

  // Each stops the launch the same way: the build's or the program's process
  // group is killed and the temporary directory removed before we exit. A
  // SIGKILL cannot be caught: the launch's guard then does the same.
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    signal(sig, onInterrupt);
  LaunchResult result =
      launch(request, printingCallbacks(verbose), &interrupted);
  llvm::outs().flush();
  int status = reportLaunch(request, result);
  // One Fortran file of a project whose other files hold what it uses: the
  // host link misses their procedures, the device code their device copies
  // (what it calls or uses from another file's module is no unit's here).
  StringRef message = result.message;
  if (fortranInput)
    if ((result.stage == Stage::Link &&
         (message.contains("undefined symbol _Q") ||
          message.contains("undefined symbols _Q"))) ||
        (message.contains("compiles for the device") &&
         message.contains(" module ")))
      llvm::errs() << "ompx-lsp: note: a launch builds one Fortran file, "
                      "its drivers and the files of its compile_commands.json "
                      "(else of its folder) that define the modules they use; "
                      "what it uses from elsewhere is missing: build the "
                      "project with ompx-flang (`make FC=ompx-flang`, "
                      "docs/projects.md) and run it with `ompx-lsp launch "
                      "--program=EXE`\n";
  return status;
}

static const char *kReportHelp =
    "\n"
    "Prints the report `ompx-lsp launch --profile` wrote: the run, then its "
    "kernels and\n"
    "map entries, each at its op in the .mlir and its Fortran line, most time "
    "first.\n"
    "\n"
    "With --bundle=DIR, RECORD is what a bundle built with `launch "
    "--bundle=DIR\n"
    "--profile` recorded where it ran (OMPX_PROFILE_LOG=RECORD DIR/run.sh): "
    "it\n"
    "is made into the report with what the bundle keeps of its build, written\n"
    "next to RECORD (.json and .html; only an earlier report of ompx's there\n"
    "is replaced), then printed.\n"
    "\n"
    "Options:\n"
    "  --top=N              the N kernels and map entries with the most time "
    "(default: all)\n"
    "  --bundle=DIR         RECORD was recorded by the program of bundle DIR\n"
    "\n"
    "Exit status: 0, 1 when the file is not a readable report, 2 usage "
    "error.\n";

/// `report RECORD --bundle=DIR`: the record a bundle's program wrote where
/// it ran, made into its report with the bundle's profile/ folder.
static int reportFromBundle(StringRef record, StringRef dir, unsigned top) {
  auto fail = [](const llvm::Twine &message) {
    llvm::errs() << "ompx-lsp: error: " << message << "\n";
    return 1;
  };
  // What the bundle keeps of its build is small: a line per map op and per
  // kernel.
  auto read = [&](StringRef name) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, kBundledProfileDir, name);
    return ompx::readRegularFile(p, uint64_t(64) << 20);
  };
  auto originText = read(kProfileOriginFile);
  if (!originText) {
    llvm::consumeError(originText.takeError());
    return fail(dir + " is not a bundle built with --profile (no " +
                kBundledProfileDir + "/" + kProfileOriginFile + ")");
  }
  ProfileOrigin origin;
  llvm::Expected<llvm::json::Value> json = ompx::parseJson(*originText);
  llvm::json::Path::Root root("origin");
  if (!json || !fromJSON(*json, origin, root))
    return fail(dir + "/" + kBundledProfileDir + "/" + kProfileOriginFile +
                " is not what ompx wrote (" +
                (json ? llvm::toString(root.getError())
                      : "not JSON: " + llvm::toString(json.takeError())) +
                ")");
  auto log = ompx::readRegularFile(record, uint64_t(1) << 30);
  if (!log)
    return fail("cannot read " + record + ": " +
                llvm::toString(log.takeError()));
  const char *const names[] = {kMapSitesFile, kKernelSitesFile};
  std::string sites[2];
  for (int i = 0; i < 2; ++i) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, kBundledProfileDir, names[i]);
    if (!llvm::sys::fs::exists(p))
      continue; // a build without that sidecar
    auto text = read(names[i]);
    if (!text)
      return fail("cannot read " + p + ": " + llvm::toString(text.takeError()));
    sites[i] = std::move(*text);
  }
  ProfileReport report = reportFromRecord(*log, sites[0], sites[1], origin);
  if (!report.started)
    return fail(record + " is not a record of ompx's recorder");
  llvm::SmallString<256> out(record);
  llvm::sys::path::replace_extension(out, ".json");
  if (out == record)
    llvm::sys::path::replace_extension(out, ".report.json");
  llvm::SmallString<256> html(out);
  llvm::sys::path::replace_extension(html, ".html");
  // Next to the record may be the user's own b.json or b.html: only an
  // earlier report of ompx's is replaced.
  for (StringRef path : {StringRef(out), StringRef(html)})
    if (!isReplaceableReport(path))
      return fail(path + " exists and is not a report ompx wrote; not "
                         "replaced (name the record otherwise)");
  for (auto [path, text] :
       {std::pair<StringRef, std::string>{out, profileReportText(report)},
        {html, profileHtml(report)}})
    if (llvm::Error e = ompx::writeTextFile(path, text))
      return fail("cannot write " + path + ": " + llvm::toString(std::move(e)));
  llvm::outs() << formatProfileSummary(report, top)
               << "ompx-lsp: profile: " << out << ", " << html << "\n";
  return 0;
}

int ReportVerb::run(int, char **, const LaunchHelpers &) {
  if (help) {
    llvm::outs() << usage() << kReportHelp;
    return 0;
  }
  if (!unknown.empty())
    return usageError("unknown option '" + unknown[0] + "'", usage());
  if (positional.size() != 1)
    return usageError(positional.empty() ? "report needs FILE.json"
                                         : "report takes one FILE.json",
                      usage());
  if (!bundle.empty())
    return reportFromBundle(positional[0], bundle, top);
  auto text = ompx::readRegularFile(positional[0], uint64_t(256) << 20);
  if (!text) {
    llvm::errs() << "ompx-lsp: error: cannot read " << positional[0] << ": "
                 << llvm::toString(text.takeError()) << "\n";
    return 1;
  }
  llvm::Expected<ProfileReport> report = readProfileReport(*text);
  if (!report) {
    llvm::errs() << "ompx-lsp: error: " << positional[0] << ": "
                 << llvm::toString(report.takeError()) << "\n";
    return 1;
  }
  llvm::outs() << formatProfileSummary(*report, top);
  return 0;
}

int DevicesVerb::run(int, char **, const LaunchHelpers &) {
  if (help) {
    llvm::outs() << usage() << devicesHelp();
    return 0;
  }
  if (!unknown.empty() || !positional.empty())
    return usageError("unknown argument '" +
                          (unknown.empty() ? positional : unknown)[0] + "'",
                      usage());
  if (format != "text" && format != "json")
    return usageError("unknown argument '--format=" + format + "'", usage());
  bool json = format == "json";
  LaunchRequest request;
  for (auto &[option, list] : schema.values)
    for (const std::string &value : *list)
      if (auto error =
              applyLaunchOption(*option, value, request, Spelling::Flag))
        return usageError(*error, usage());
  Toolchain tools(request.toolchainPrefix);
  std::vector<DeviceInfo> devices =
      listDevices(tools, request.deviceRuntimeDir);
  // Slurm's partitions where its tools are installed (a login node): what
  // --launcher=slurm can reach.
  std::optional<SlurmInfo> slurm;
  std::string problem;
  if (!findSlurmTool(SlurmOptions(), "sinfo", problem).empty())
    slurm = querySlurm(SlurmOptions());
  if (json) {
    llvm::json::Array list;
    for (const DeviceInfo &d : devices)
      list.push_back(toJSON(d));
    llvm::json::Object answer{{"devices", std::move(list)}};
    if (slurm)
      answer["slurm"] = toJSON(*slurm);
    llvm::outs() << llvm::formatv("{0:2}\n",
                                  llvm::json::Value(std::move(answer)));
    return 0;
  }
  for (const DeviceInfo &d : devices) {
    llvm::outs() << llvm::left_justify(d.id, 16)
                 << (d.available ? "available    " : "unavailable  ")
                 << d.description << "\n";
    if (!d.reason.empty())
      llvm::outs() << llvm::left_justify("", 16)
                   << (d.available ? "note: " : "why: ") << d.reason << "\n";
  }
  if (!slurm || (!slurm->reachable && !slurm->configured))
    return 0;
  if (!slurm->reachable) {
    llvm::outs() << "\nslurm: not reachable: " << slurm->message << "\n";
    return 0;
  }
  llvm::outs() << "\nslurm partitions"
               << (slurm->cluster.empty() ? "" : " of " + slurm->cluster)
               << " (--launcher=slurm --partition=P):\n";
  for (const SlurmPartition &p : slurm->partitions) {
    llvm::outs() << "  "
                 << llvm::left_justify(p.name + (p.isDefault ? "*" : ""), 14)
                 << llvm::left_justify(p.availability, 6) << p.nodes
                 << (p.nodes == 1 ? " node " : " nodes");
    if (p.gres.empty())
      llvm::outs() << "  no GPU gres";
    else
      llvm::outs() << "  gres " << llvm::join(p.gres, ", ");
    if (!p.offloadArch.empty())
      llvm::outs() << " (" << p.offloadArch << ")";
    llvm::outs() << "\n";
  }
  return 0;
}

int SlurmVerb::run(int, char **, const LaunchHelpers &) {
  if (help) {
    llvm::outs() << kSlurmUsage << kSlurmHelp;
    return 0;
  }
  if (!unknown.empty())
    return usageError("unknown argument '" + unknown[0] + "'", kSlurmUsage);
  if (format != "text" && format != "json")
    return usageError("unknown argument '--format=" + format + "'",
                      kSlurmUsage);
  bool json = format == "json";
  if (positional.size() > 1 ||
      (positional.size() == 1 && positional[0] != "list" &&
       positional[0] != "release"))
    return usageError("unknown argument '" + positional[positional.size() - 1] +
                          "'",
                      kSlurmUsage);
  if (positional.empty())
    return usageError("slurm needs list or release", kSlurmUsage);
  std::string verb = positional.front();
  SlurmOptions options;
  if (verb == "list") {
    std::vector<SlurmAllocation> list = listSlurmAllocations(options);
    if (json) {
      llvm::json::Array a;
      for (const SlurmAllocation &al : list)
        a.push_back(llvm::json::Object{{"job", al.jobId}, {"options", al.key}});
      llvm::outs() << llvm::formatv(
          "{0:2}\n",
          llvm::json::Value(llvm::json::Object{{"allocations", std::move(a)}}));
      return 0;
    }
    if (list.empty())
      llvm::outs() << "no allocation kept\n";
    for (const SlurmAllocation &al : list)
      llvm::outs() << "job " << al.jobId << "  "
                   << (al.key.empty() ? "(default options)" : al.key) << "\n";
    return 0;
  }
  std::string error;
  std::vector<std::string> released =
      releaseSlurmAllocations(options, /*onlyThisProcess=*/false, error);
  if (json)
    llvm::outs() << llvm::formatv(
        "{0:2}\n", llvm::json::Value(llvm::json::Object{
                       {"released", llvm::json::Array(released)}}));
  else if (released.empty())
    llvm::outs() << "no allocation to release\n";
  else
    llvm::outs() << "released job" << (released.size() == 1 ? " " : "s ")
                 << llvm::join(released, ", ") << "\n";
  if (!error.empty()) {
    llvm::errs() << "ompx-lsp: error: " << error << "\n";
    return 1;
  }
  return 0;
}
