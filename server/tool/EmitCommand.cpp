//===- EmitCommand.cpp - `ompx-lsp emit`: Fortran -> MLIR -----------------===//
//
// The MLIR this server analyzes, from the Fortran it came from: flang-22
// with the corpus's flags and every op's location printed, so hovers and
// `ompx.fortranLocation` can name the Fortran line of an op. The editor
// command `ompx.emitMLIR` runs this same command as a child process.
//
//===----------------------------------------------------------------------===//

#include "server/tool/EmitCommand.h"
#include "pipeline/Types.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/Emit.h"
#include "pipeline/launch/BuildProtocol.h"
#include "server/tool/Verb.h"
#include "support/Confine.h"
#include "support/ParentWatch.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace ompx::pipeline;
using llvm::StringRef;

static const char *kEmitUsage =
    "usage: ompx-lsp emit FILE.f90 [--hlfir|--fir|--llvm] [--device=ARCH]\n"
    "                     [--openmp|--openacc] [--toolchain=PREFIX] "
    "[-o FILE]\n"
    "                     [--compile-commands=JSON | -- FLANG-FLAGS...]\n";

static const char *kEmitHelp =
    "\nRuns flang-22 on a Fortran file and prints the MLIR it lowers to, with\n"
    "each op's location (loc(\"FILE.f90\":LINE:COL)), ready for the editor\n"
    "or `ompx-lsp --check` / `launch`.\n\n"
    "  --hlfir          HLFIR, what `flang-22 -fc1 -emit-hlfir` prints "
    "(default)\n"
    "  --fir            FIR (`-emit-fir`)\n"
    "  --llvm           the LLVM dialect (Flang's MLIR pipeline on the FIR)\n"
    "  --device=ARCH    the device-side module (-fopenmp-is-target-device):\n"
    "                   nvptx, amdgpu, host, or an arch: sm_90, gfx90a, ...\n"
    "  --openmp, --openacc  the model (default: -fopenacc when the file has\n"
    "                   !$acc directives and no !$omp, both -fopenmp\n"
    "                   -fopenacc when it has both, else -fopenmp)\n"
    "  --toolchain=PREFIX   LLVM install to find flang-22 in "
    "(/usr/lib/llvm-22)\n"
    "  -o FILE          write the MLIR to FILE (default: stdout)\n"
    "  --compile-commands=JSON  the compile database to take FILE's flags\n"
    "                   from (default: compile_commands.json in FILE's folder\n"
    "                   or the nearest one above it, or in their build/; else\n"
    "                   the one build folder of the project that lists FILE)\n"
    "  --confine --project-root=DIR...  read only DIR, FILE's folder and the\n"
    "                   toolchain, write only the output's folder and the\n"
    "                   cache (Landlock; what the language server runs for a\n"
    "                   document: docs/design/threat-model.md)\n"
    "  -- FLANG-FLAGS   flang-22 driver flags (-D, -I, -J, -cpp, -ffree-form,\n"
    "                   -std=, -fopenmp-version=, ...) instead of a "
    "database's\n\n"
    "The flang command it runs (shown by -v) is flang-22's own -fc1 command\n"
    "for `flang-22 -c FILE FLAGS -fopenmp` (flags from `--` or the database,\n"
    "run in the current folder or the entry's directory); with neither, in\n"
    "FILE's folder:\n"
    "  flang-22 -fc1 -fopenmp -fopenmp-version=52 -I . -module-dir CACHE\n"
    "           -I CACHE -emit-hlfir -mmlir --mlir-print-debuginfo FILE.f90 -o "
    "-\n"
    "A module FILE uses that flang finds no .mod of is compiled first from\n"
    "the file defining it (the database's files, then FILE's folder) into\n"
    "CACHE: $XDG_CACHE_HOME/ompx/modules/HASH (~/.cache/...), per project\n"
    "and flags.\n"
    "Exit status: 0 ok, 1 flang-22 failed or is missing, 2 usage error.\n";

static int usage(const llvm::Twine &message) {
  llvm::errs() << "ompx-lsp emit: error: " << message << "\n" << kEmitUsage;
  return 2;
}

namespace cl = llvm::cl;

namespace {
struct EmitVerb : ompx::Verb {
  EmitVerb() : Verb("emit", "the MLIR flang-22 makes of a Fortran file") {
    // --hlfir, --fir, --llvm: the names of Types.h's one table.
    for (const EnumName<IRLevel> &row : kIRLevelNames)
      kind.getParser().addLiteralOption(row.name, row.value, row.name);
  }
  std::string usage() const override { return kEmitUsage; }
  int run(int, char **, const LaunchHelpers &) override;

  cl::opt<IRLevel> kind{cl::sub(sub), cl::init(IRLevel::HLFIR)};
  cl::opt<EmitModel> model{
      cl::sub(sub), cl::init(EmitModel::Auto),
      cl::values(clEnumValN(EmitModel::OpenMP, "openmp", "-fopenmp"),
                 clEnumValN(EmitModel::OpenACC, "openacc", "-fopenacc"))};
  cl::opt<std::string> device{"device", cl::sub(sub)};
  cl::opt<std::string> toolchain{"toolchain", cl::sub(sub)};
  cl::opt<std::string> compileCommands{"compile-commands", cl::sub(sub)};
  cl::list<std::string> projectRoots{"project-root", cl::sub(sub)};
  cl::opt<std::string> output{"o", cl::sub(sub), cl::Prefix, cl::init("-")};
  cl::opt<bool> verbose{"v", cl::sub(sub)};
  cl::opt<bool> confine{"confine", cl::sub(sub)};
  cl::list<std::string> files{cl::Positional, cl::sub(sub)};
};
} // namespace

void ompx::registerEmitCommand() { static EmitVerb verb; }

ompx::Confinement ompx::documentConfinement(StringRef toolchainPrefix,
                                            llvm::ArrayRef<std::string> roots,
                                            StringRef input) {
  namespace path = llvm::sys::path;
  ompx::Confinement c;
  c.read = {"/usr", "/lib",  "/lib32",           "/lib64",           "/libx32",
            "/bin", "/sbin", "/etc/ld.so.cache", "/etc/alternatives"};
  if (!toolchainPrefix.empty())
    c.read.push_back(toolchainPrefix.str());
  // flang where it is found (a toolchain under $HOME or /opt), links
  // resolved: its install folder holds its runtime's modules.
  llvm::SmallString<256> flang;
  Toolchain tools(toolchainPrefix.str());
  if (const Tool &tool = tools.flang();
      tool && !llvm::sys::fs::real_path(tool.path, flang))
    c.read.push_back(path::parent_path(path::parent_path(flang)).str());
  // ompx's programs and its library folder (runtime pieces, the openacc
  // module), not all of its prefix: a build tree holds the test outputs.
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  c.read.push_back(path::parent_path(exe).str());
  if (std::string lib = ompxLibraryFile(""); !lib.empty())
    c.read.push_back(lib);
  llvm::append_range(c.read, roots);
  llvm::SmallString<256> file(input);
  llvm::sys::fs::make_absolute(file);
  c.read.push_back(path::parent_path(file).str());
  llvm::SmallString<256> cache;
  if (path::cache_directory(cache)) {
    path::append(cache, "ompx");
    (void)llvm::sys::fs::create_directories(cache);
    c.write.push_back(cache.str().str());
  }
  c.write.push_back("/dev/null");
  return c;
}

void ompx::confineDocumentBuild(const pipeline::BuildPlan &plan) {
  namespace fs = llvm::sys::fs;
  namespace path = llvm::sys::path;
  if (plan.projectRoots.empty())
    return;
  const pipeline::CompileJob &job = plan.job;
  std::string tmp = job.workDir + "/tmp";
  if (!fs::create_directories(tmp))
    setenv("TMPDIR", tmp.c_str(), 1);
  Confinement c = documentConfinement("", plan.projectRoots, job.inputPath);
  // The toolchain the parent chose: the tools' install folders, the
  // libraries' folders and the runtime files (the system's /opt too).
  c.read.push_back("/opt");
  for (const std::string &tool :
       {plan.flang, plan.clang, job.ptxas, job.ldLld}) {
    llvm::SmallString<256> real;
    if (!tool.empty() && !fs::real_path(tool, real))
      c.read.push_back(path::parent_path(path::parent_path(real)).str());
  }
  for (const std::string &dir :
       {plan.libompDir, plan.llvmLibDir, plan.offloadLibDir, plan.includeDir})
    if (!dir.empty())
      c.read.push_back(dir);
  llvm::append_range(c.read, plan.runPaths);
  std::vector<std::string> files = {job.hostDevRuntime, job.cudaSetup,
                                    job.gpuRuntime.archive,
                                    job.gpuRuntime.fortran};
  llvm::append_range(files, job.gpuRuntime.bitcode);
  for (const std::string &file : files)
    if (!file.empty())
      c.read.push_back(path::parent_path(file).str());
  c.write.push_back(job.workDir);
  if (llvm::Error e = confineFileAccess(c))
    llvm::errs() << "ompx-lsp: note: the build is not confined to the "
                    "project: "
                 << llvm::toString(std::move(e)) << "\n";
}

int EmitVerb::run(int argc, char **argv, const LaunchHelpers &) {
  if (help) {
    llvm::outs() << kEmitUsage << kEmitHelp;
    return 0;
  }
  // Started by the server: end with it, and flang with us.
  if (getenv(kExitWithParentVariable)) {
    unsetenv(kExitWithParentVariable);
    ompx::exitWithParent();
  }
  EmitRequest request;
  request.kind = kind;
  request.model = model;
  request.toolchainPrefix = toolchain;
  if (!unknown.empty())
    return ::usage("unknown option '" + unknown[0] + "'");
  if (device.getNumOccurrences()) {
    std::string error;
    request.device = EmitDevice::parse(device, error);
    if (!request.device)
      return ::usage(error);
  }
  // cl hands what follows `--` to the positionals: flang's flags.
  unsigned dashDash = argc;
  for (int i = 1; i < argc; ++i)
    if (StringRef(argv[i]) == "--") {
      dashDash = i;
      break;
    }
  std::vector<std::string> inputs;
  if (dashDash < unsigned(argc))
    request.flangFlags.emplace();
  for (unsigned i = 0; i < files.size(); ++i)
    if (files.getPosition(i) < dashDash)
      inputs.push_back(files[i]);
    else
      request.flangFlags->push_back(files[i]);
  if (request.flangFlags && compileCommands.getNumOccurrences())
    return ::usage("--compile-commands and flang flags after -- exclude each "
                   "other");
  request.compileCommands = compileCommands;
  request.projectRoots.assign(projectRoots.begin(), projectRoots.end());
  if (inputs.size() != 1)
    return ::usage("emit takes one Fortran FILE");
  request.inputPath = inputs.front();
  // Started for a document: flang reads only the project and the
  // toolchain, whatever the source spells (support/Confine.h).
  if (confine) {
    ompx::Confinement c = ompx::documentConfinement(
        request.toolchainPrefix, request.projectRoots, request.inputPath);
    if (StringRef(output) != "-") {
      llvm::SmallString<256> out(output);
      llvm::sys::fs::make_absolute(out);
      c.write.push_back(llvm::sys::path::parent_path(out).str());
    }
    if (llvm::Error e = ompx::confineFileAccess(c))
      llvm::errs() << "ompx-lsp emit: note: not confined to the project: "
                   << llvm::toString(std::move(e)) << "\n";
  }
  EmitResult result = emitFortran(request);
  if (verbose && !result.command.empty()) {
    llvm::errs() << "ompx-lsp emit:";
    for (const std::string &a : result.command)
      llvm::errs() << " " << a;
    llvm::errs() << "\n";
    if (!result.workingDirectory.empty())
      llvm::errs() << "ompx-lsp emit: note: flang-22 ran in "
                   << result.workingDirectory << "\n";
  }
  for (const std::string &note : result.notes)
    llvm::errs() << "ompx-lsp emit: note: " << note << "\n";
  // flang's own words (warnings too) first, as flang prints them.
  llvm::errs() << result.flangStderr;
  if (!result.ok) {
    llvm::errs() << "ompx-lsp emit: error: " << result.message << "\n";
    return 1;
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(output, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    llvm::errs() << "ompx-lsp emit: error: cannot write " << output << ": "
                 << ec.message() << "\n";
    return 1;
  }
  os << result.mlir;
  for (const std::string &warning : result.warnings)
    llvm::errs() << "ompx-lsp emit: warning: " << warning << "\n";
  return 0;
}
