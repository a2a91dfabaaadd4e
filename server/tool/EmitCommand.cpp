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
#include "pipeline/compile/Emit.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace ompx::pipeline;
using llvm::StringRef;

static const char *kEmitUsage =
    "usage: ompx-lsp emit FILE.f90 [--hlfir|--fir|--llvm] [--device=ARCH]\n"
    "                     [--openmp|--openacc] [--toolchain=PREFIX] "
    "[-o FILE]\n";

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
    "                   !$acc directives and no !$omp, else -fopenmp)\n"
    "  --toolchain=PREFIX   LLVM install to find flang-22 in "
    "(/usr/lib/llvm-22)\n"
    "  -o FILE          write the MLIR to FILE (default: stdout)\n\n"
    "The flang command it runs (shown by -v):\n"
    "  flang-22 -fc1 -fopenmp -fopenmp-version=52 -I DIR -emit-hlfir\n"
    "           -mmlir --mlir-print-debuginfo FILE.f90 -o -\n"
    "Exit status: 0 ok, 1 flang-22 failed or is missing, 2 usage error.\n";

static int usage(const llvm::Twine &message) {
  llvm::errs() << "ompx-lsp emit: error: " << message << "\n" << kEmitUsage;
  return 2;
}

int ompx::runEmitCommand(int argc, char **argv) {
  EmitRequest request;
  std::string output = "-";
  bool verbose = false;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    StringRef arg(argv[i]);
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      llvm::outs() << kEmitUsage << kEmitHelp;
      return 0;
    }
    std::optional<IRLevel> level;
    if (arg.starts_with("--") && (level = parseIRLevel(arg.drop_front(2))))
      request.kind = *level;
    else if (arg == "--openmp")
      request.model = EmitModel::OpenMP;
    else if (arg == "--openacc")
      request.model = EmitModel::OpenACC;
    else if (arg == "-v")
      verbose = true;
    else if (arg.consume_front("--device=")) {
      std::string error;
      request.device = EmitDevice::parse(arg, error);
      if (!request.device)
        return usage(error);
    } else if (arg.consume_front("--toolchain="))
      request.toolchainPrefix = arg.str();
    else if (arg == "-o") {
      if (++i == argc)
        return usage("-o needs a FILE");
      output = argv[i];
    } else if (arg.consume_front("-o"))
      output = arg.str();
    else if (arg.starts_with("-") && arg != "-")
      return usage("unknown option '" + arg + "'");
    else
      positional.push_back(arg.str());
  }
  if (positional.size() != 1)
    return usage("emit takes one Fortran FILE");
  request.inputPath = positional.front();

  EmitResult result = emitFortran(request);
  if (verbose && !result.command.empty()) {
    llvm::errs() << "ompx-lsp emit:";
    for (const std::string &a : result.command)
      llvm::errs() << " " << a;
    llvm::errs() << "\n";
  }
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
  return 0;
}
