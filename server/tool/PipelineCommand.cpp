//===- PipelineCommand.cpp - `ompx-lsp pipeline`: every pass --------------===//
//
// `ompx-lsp pipeline FILE` runs the build a launch runs (the build child,
// the same device set-up) with a snapshot of the IR after every pass that
// changed it, into a snapshot folder (pipeline/snapshots); `pipeline show
// DIR [N]` lists the snapshots or prints one, and `--follow=LINE[:COL]`
// follows the ops of a source line through them.
//
//===----------------------------------------------------------------------===//

#include "server/tool/PipelineCommand.h"
#include "pipeline/compile/Emit.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/Launch.h"
#include "pipeline/launch/LaunchOptions.h"
#include "pipeline/snapshots/Follow.h"
#include "pipeline/snapshots/SnapshotStore.h"
#include "server/model/FortranInput.h"
#include "server/tool/EmitCommand.h"
#include "server/tool/LaunchCommand.h"
#include "server/tool/SchemaFlags.h"
#include "server/tool/Verb.h"
#include "support/FileRead.h"
#include "support/ParentWatch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>

using namespace ompx::pipeline;
using namespace ompx::snapshots;
using llvm::StringRef;
namespace cl = llvm::cl;

static std::atomic<bool> interrupted{false};
static void onInterrupt(int) { interrupted = true; }

/// The launch options a pipeline takes: what decides the build.
static const StringRef kPipelineSchemaFlags[] = {
    "device", "offload-arch", "O", "timeout", "toolchain", "device-runtime"};

static const char kUsage[] =
    "usage: ompx-lsp pipeline FILE [--device=DEV] [--offload-arch=ARCH] "
    "[-O0..-O3]\n"
    "                         [--after=changed|all|none] [-o DIR] "
    "[--follow=LINE[:COL]] [-v]\n"
    "       ompx-lsp pipeline show DIR [N] [--follow=LINE[:COL]]\n";

static std::string pipelineHelp() {
  return "\n"
         "Runs the build `ompx-lsp launch` runs for FILE (.mlir, or a Fortran "
         "file emitted\n"
         "first), compiling only, and keeps the IR after every pass that "
         "changed it: MLIR\n"
         "(HLFIR -> FIR -> LLVM dialect) for the input, the host and the "
         "device copy, then\n"
         "LLVM IR and the device's PTX/GCN/assembly. Each snapshot is a "
         "numbered name\n"
         "(003-host-convert-hlfir-to-fir.mlir) in DIR/index.json; its text is "
         "shared with\n"
         "the others (a function is stored once until a pass changes it). "
         "Locations are kept,\n"
         "so --follow lists what became of the ops of a source line.\n"
         "\n"
         "Options:\n" +
         launchOptionsHelp(kPipelineSchemaFlags) +
         "  --after=changed|all|none  a snapshot after each pass that changed "
         "the IR (default),\n"
         "                       after every pass, or none (the plain "
         "build)\n"
         "  -o DIR               the snapshot folder (default: "
         "STEM.pipeline here)\n"
         "  --follow=LINE[:COL]  the passes that changed the ops of that line "
         "of FILE (an\n"
         "                       .mlir line: the source its op's location "
         "names), and what\n"
         "                       they became at each stage\n"
         "  -v, --verbose        also print the build log\n"
         "  --confine --project-root=DIR...  read only DIR, FILE's folder "
         "and the toolchain,\n"
         "                       write only the snapshot folder and the cache "
         "(Landlock; what\n"
         "                       the language server runs for "
         "ompx.pipeline)\n"
         "\n"
         "  show DIR             the snapshots of DIR; show DIR N prints "
         "snapshot N (its number\n"
         "                       or name) as text\n"
         "\n"
         "Exit status: 0, 2 usage error, 3 the build failed (the snapshots up "
         "to the failing\n"
         "pass are kept and the index marks it). More: docs/features.md "
         "(Pipeline).\n";
}

namespace {
struct PipelineVerb : ompx::Verb {
  PipelineVerb()
      : Verb("pipeline", "the IR after every pass of a launch's build") {}
  std::string usage() const override { return kUsage; }
  int run(int argc, char **argv, const LaunchHelpers &helpers) override;
  int runBuild(const LaunchHelpers &helpers);
  int show();

  ompx::SchemaFlags schema{sub, kPipelineSchemaFlags};
  cl::list<std::string> positional{cl::Positional, cl::sub(sub)};
  cl::opt<std::string> after{"after", cl::sub(sub), cl::init("changed")};
  cl::opt<std::string> output{"o", cl::sub(sub)};
  cl::opt<std::string> followSpec{"follow", cl::sub(sub)};
  cl::opt<bool> verbose{"verbose", cl::sub(sub)};
  cl::alias v{"v", cl::aliasopt(verbose)};
  // Started for a document (ompx.pipeline): read only the project and the
  // toolchain (support/Confine.h).
  cl::opt<bool> confine{"confine", cl::sub(sub)};
  cl::list<std::string> projectRoots{"project-root", cl::sub(sub)};
};
} // namespace

void ompx::registerPipelineCommand() { static PipelineVerb verb; }

static int usageError(const llvm::Twine &message) {
  llvm::errs() << "ompx-lsp: error: " << message << "\n" << kUsage;
  return 2;
}

/// The counts a row of the table shows, by stage.
static std::string countsOf(const SnapshotRecord &r) {
  static const StringRef mlirKeys[] = {"omp.target", "omp.map.info",
                                       "func.func", "llvm.func"};
  static const StringRef llvmKeys[] = {"functions", "kernels",
                                       "kernel launches"};
  bool mlir = StringRef(r.name).ends_with(".mlir");
  std::string out;
  for (StringRef key :
       mlir ? llvm::ArrayRef(mlirKeys) : llvm::ArrayRef(llvmKeys)) {
    auto it = r.opCounts.find(key.str());
    if (it == r.opCounts.end())
      continue;
    out += (out.empty() ? "" : ", ") + key.str() + " " +
           std::to_string(it->second);
  }
  return out;
}

static void printTable(const Store &store, llvm::raw_ostream &os) {
  for (const SnapshotRecord &r : store.snapshots()) {
    std::string fns;
    if (r.failed)
      fns = "FAILED";
    else if (!r.changed)
      fns = "unchanged";
    else if (r.changedFunctions.empty())
      fns = "module";
    else if (r.changedFunctions.size() == 1)
      fns = r.changedFunctions.front();
    else
      fns = std::to_string(r.changedFunctions.size()) + " changed";
    os << llvm::formatv("{0,-52} {1,-12} {2,-24} {3}\n", r.name, r.stage,
                        StringRef(fns).take_front(24), countsOf(r));
  }
}

static void printFailure(const Store &store, llvm::raw_ostream &os) {
  const std::optional<FailureRecord> &f = store.failure();
  if (!f)
    return;
  os << "failed";
  if (!f->pass.empty())
    os << (f->crashed ? ": crashed in " : ": in ") << f->view << " " << f->pass;
  if (f->afterSnapshot >= 0)
    os << ", after snapshot " << llvm::format("%03d", f->afterSnapshot);
  os << "\n";
}

static void printFollow(const Store &store, const FollowTarget &target,
                        llvm::raw_ostream &os) {
  std::vector<FollowStep> steps = follow(store, target);
  os << "following " << target.str() << ":\n";
  unsigned shown = 0;
  for (const FollowStep &s : steps) {
    if (!s.changed)
      continue;
    ++shown;
    std::string what =
        s.found.empty() ? std::string("(gone)") : llvm::join(s.found, "; ");
    os << llvm::formatv("  {0,-52} {1,-12} {2}\n", s.snapshot->name,
                        s.snapshot->stage, what);
  }
  if (!shown)
    os << "  no op of the snapshots has this location\n";
}

/// How `launch`'s result reads in the index.
static RunEnd runEndOf(const LaunchResult &result) {
  RunEnd end;
  end.ok = result.status == LaunchStatus::Ok;
  end.stage = stageName(result.stage);
  end.message = result.message;
  if (result.location) {
    end.file = result.location->file;
    end.line = result.location->line;
    end.column = result.location->column;
  }
  return end;
}

/// The folder's snapshot files of an earlier run: gone before this one, so
/// a run that stops before its first snapshot leaves none that look new.
static void clearSnapshots(StringRef dir) {
  for (const char *name : {kIndexFile, kJournalFile, kPiecesFile}) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    llvm::sys::fs::remove(p);
  }
}

int PipelineVerb::run(int, char **, const LaunchHelpers &helpers) {
  if (help) {
    llvm::outs() << kUsage << pipelineHelp();
    return 0;
  }
  if (!unknown.empty())
    return usageError("unknown option '" + unknown[0] + "'");
  if (!positional.empty() && positional[0] == "show")
    return show();
  // Started by the server: end with it, and the build with us.
  if (getenv(kExitWithParentVariable)) {
    unsetenv(kExitWithParentVariable);
    ompx::exitWithParent();
  }
  return runBuild(helpers);
}

/// What `--follow=SPEC` names in `source` (the user's FILE): a line of a
/// Fortran file, or the source an .mlir line's op comes from.
static std::optional<FollowTarget>
followTarget(StringRef spec, StringRef source, std::string &why) {
  auto lineCol = parseLineSpec(spec);
  if (!lineCol) {
    why = "--follow takes LINE or LINE:COL, not '" + spec.str() + "'";
    return std::nullopt;
  }
  StringRef name = llvm::sys::path::filename(source);
  if (!name.ends_with(".mlir"))
    return FollowTarget{name.str(), lineCol->first, lineCol->second};
  auto text = ompx::readRegularFile(source);
  if (!text) {
    why =
        "cannot read " + source.str() + ": " + llvm::toString(text.takeError());
    return std::nullopt;
  }
  auto target = targetOfMlirLine(*text, name, lineCol->first, why);
  if (target && lineCol->second)
    target->column = 0; // the op's own column in its source
  return target;
}

/// Confines a pipeline started for a document (support/Confine.h) to the
/// project and the toolchain; its temporary files go to a folder of its own
/// inside the snapshot folder (removable from inside the confinement),
/// which is returned ("" without one).
static std::string confineBuild(LaunchRequest &request,
                                const std::vector<std::string> &roots,
                                StringRef source) {
  std::string confinedTemp;
  llvm::SmallString<128> temp;
  std::error_code ec;
  if (!request.snapshots.dir.empty()) {
    temp = request.snapshots.dir;
    llvm::sys::path::append(temp, ".ompx-tmp");
    ec = llvm::sys::fs::create_directories(temp);
  } else {
    ec = llvm::sys::fs::createUniqueDirectory("ompx-confined", temp);
  }
  if (!ec) {
    confinedTemp = temp.str().str();
    setenv("TMPDIR", confinedTemp.c_str(), 1);
  }
  ompx::Confinement c =
      ompx::documentConfinement(request.toolchainPrefix, roots, source);
  if (!confinedTemp.empty())
    c.write.push_back(confinedTemp);
  if (!request.snapshots.dir.empty()) {
    (void)llvm::sys::fs::create_directories(request.snapshots.dir);
    c.write.push_back(request.snapshots.dir);
  }
  if (llvm::Error e = ompx::confineFileAccess(c))
    llvm::errs() << "ompx-lsp: note: not confined to the project: "
                 << llvm::toString(std::move(e)) << "\n";
  return confinedTemp;
}

int PipelineVerb::runBuild(const LaunchHelpers &helpers) {
  if (positional.size() != 1)
    return usageError(positional.empty() ? "pipeline needs FILE"
                                         : "pipeline takes one FILE");
  if (after != "changed" && after != "all" && after != "none")
    return usageError("--after takes changed, all or none, not '" + after +
                      "'");
  LaunchRequest request;
  request.buildChildCommand = helpers.buildChild;
  request.guardCommand = helpers.guard;
  for (auto &[option, list] : schema.values)
    for (const std::string &value : *list)
      if (auto error =
              applyLaunchOption(*option, value, request, Spelling::Flag))
        return usageError(*error);
  std::string source = positional[0];
  request.inputPath = source;
  request.noRun = true;
  request.snapshots.compileOnly = true;
  request.snapshots.everyPass = after == "all";
  std::string dir = output;
  if (dir.empty())
    dir = llvm::sys::path::filename(sidecarStem(source)).str() + ".pipeline";
  if (after != "none") {
    llvm::SmallString<256> abs(dir);
    llvm::sys::fs::make_absolute(abs);
    request.snapshots.dir = abs.str().str();
  }
  std::optional<FollowTarget> target;
  if (!followSpec.empty()) {
    if (after == "none")
      return usageError("--follow needs snapshots (not --after=none)");
    std::string why;
    if (!(target = followTarget(followSpec, source, why)))
      return usageError(why);
  }
  std::string confinedTemp;
  llvm::scope_exit removeTemp([&] {
    if (!confinedTemp.empty())
      llvm::sys::fs::remove_directories(confinedTemp);
  });
  std::vector<std::string> documentRoots; // what it names: read inside only
  if (confine) {
    documentRoots.assign(projectRoots.begin(), projectRoots.end());
    confinedTemp = confineBuild(request, documentRoots, source);
  }
  std::string emittedDir;
  llvm::scope_exit removeEmitted([&] {
    if (!emittedDir.empty())
      llvm::sys::fs::remove_directories(emittedDir);
  });
  if (ompx::hasFortranExtension(source))
    if (int status = ompx::emitForLaunch(request, emittedDir, documentRoots))
      return status;
  if (!request.snapshots.dir.empty())
    clearSnapshots(request.snapshots.dir);

  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    signal(sig, onInterrupt);
  LaunchCallbacks callbacks;
  callbacks.onStage = [](Stage stage, const std::string &message) {
    llvm::errs() << "ompx-lsp: [" << stageName(stage) << "] " << message
                 << "\n";
  };
  bool verboseLog = verbose;
  callbacks.onOutput = [verboseLog](OutputStream stream,
                                    const std::string &text) {
    if (stream == OutputStream::Log && verboseLog)
      llvm::errs() << "ompx-lsp: " << text;
  };
  LaunchResult result = launch(request, callbacks, &interrupted);
  bool ok = result.status == LaunchStatus::Ok;
  if (!ok) {
    if (result.location)
      llvm::errs() << result.location->file << ":" << result.location->line
                   << ":" << result.location->column << ": ";
    else
      llvm::errs() << "ompx-lsp: ";
    llvm::errs() << "error: [" << stageName(result.stage) << "] "
                 << result.message << "\n";
  }
  if (request.snapshots.dir.empty())
    return ok ? 0 : 3;
  llvm::SmallString<256> journal(request.snapshots.dir);
  llvm::sys::path::append(journal, kJournalFile);
  // Refused before the first snapshot (it does not parse or verify).
  if (!llvm::sys::fs::exists(journal)) {
    llvm::errs() << "ompx-lsp: no snapshots were taken\n";
    return ok ? 0 : 3;
  }
  RunEnd end = runEndOf(result);
  end.source = source;
  auto failure = finalizeIndex(request.snapshots.dir, end);
  if (!failure) {
    llvm::errs() << "ompx-lsp: error: " << llvm::toString(failure.takeError())
                 << "\n";
    return 3;
  }
  auto store = Store::open(request.snapshots.dir);
  if (!store) {
    llvm::errs() << "ompx-lsp: error: " << llvm::toString(store.takeError())
                 << "\n";
    return 3;
  }
  printTable(*store, llvm::outs());
  printFailure(*store, llvm::outs());
  llvm::outs() << store->snapshots().size() << " snapshots in "
               << request.snapshots.dir << ": " << store->pieceCount()
               << " pieces, " << store->pieceBytes() << " bytes of text in "
               << store->storedBytes() << " bytes\n";
  if (target) {
    if (llvm::Error e = store->loadPieces()) {
      llvm::errs() << "ompx-lsp: error: " << llvm::toString(std::move(e))
                   << "\n";
      return 3;
    }
    printFollow(*store, *target, llvm::outs());
  }
  return ok ? 0 : 3;
}

int PipelineVerb::show() {
  if (positional.size() < 2 || positional.size() > 3)
    return usageError("pipeline show needs DIR, and at most one snapshot");
  auto store = Store::open(positional[1]);
  if (!store) {
    llvm::errs() << "ompx-lsp: error: " << llvm::toString(store.takeError())
                 << "\n";
    return 1;
  }
  if (positional.size() == 3 || !followSpec.empty())
    if (llvm::Error e = store->loadPieces()) {
      llvm::errs() << "ompx-lsp: error: " << llvm::toString(std::move(e))
                   << "\n";
      return 1;
    }
  if (positional.size() == 3) {
    const SnapshotRecord *r = store->find(positional[2]);
    if (!r)
      return usageError("no snapshot " + positional[2] + " in " +
                        positional[1]);
    llvm::outs() << store->text(*r);
    return 0;
  }
  if (!followSpec.empty()) {
    StringRef source = store->header().getString("source").value_or(
        store->header().getString("input").value_or(""));
    std::string why;
    auto target = followTarget(followSpec, source, why);
    if (!target)
      return usageError(why);
    printFollow(*store, *target, llvm::outs());
    return 0;
  }
  printTable(*store, llvm::outs());
  printFailure(*store, llvm::outs());
  return 0;
}
