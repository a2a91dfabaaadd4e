//===- FixDeviceIRCommand.cpp - `ompx-lsp fix-device-ir` ------------------===//
//
// The device-module workarounds run on the translated module inside a
// launch; this runs them alone on LLVM IR (a launch's --keep device.bc, or a
// trimmed .ll), so each has a lit + FileCheck test (test/device-fixes/):
//   ompx-lsp fix-device-ir --triple=nvptx64-nvidia-cuda --arch=sm_90
//     --only=critical-names in.ll
// As in a launch: the fixes, the optimization pipeline at -On (default: none),
// the fixes of the optimized module (atomic-orders, barrier-ids),
// then the generic-parallel check (`--only` may name it, `generic-parallel`).
//
//===----------------------------------------------------------------------===//

#include "server/tool/FixDeviceIRCommand.h"
#include "pipeline/compile/Codegen.h"
#include "pipeline/compile/DeviceFixes.h"
#include "support/FileRead.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

using llvm::StringRef;

static const char *kUsage =
    "usage: ompx-lsp fix-device-ir [--triple=TRIPLE] [--arch=ARCH]\n"
    "         [--only=target-features,reduction-buffer,critical-names,\n"
    "                 unused-declarations,atomic-orders,barrier-ids,\n"
    "                 generic-parallel]\n"
    "         [-O0..-O3]\n"
    "         [-o OUT.ll] IN.ll|-\n";

static int usage(const llvm::Twine &message) {
  llvm::errs() << "ompx-lsp fix-device-ir: error: " << message << "\n"
               << kUsage;
  return 2;
}

int ompx::runFixDeviceIRCommand(int argc, char **argv) {
  std::string triple, arch, input, output = "-";
  unsigned fixes = pipeline::AllDeviceFixes, optLevel = 0;
  bool check = true;
  for (int i = 1; i < argc; ++i) {
    StringRef arg(argv[i]);
    if (arg.consume_front("--triple=")) {
      triple = arg.str();
    } else if (arg.consume_front("--arch=")) {
      arch = arg.str();
    } else if (arg.consume_front("--only=")) {
      fixes = 0;
      check = false;
      llvm::SmallVector<StringRef> names;
      arg.split(names, ',', -1, /*KeepEmpty=*/false);
      for (StringRef name : names) {
        if (name == "generic-parallel") {
          check = true;
          continue;
        }
        unsigned fix = pipeline::deviceFixByName(name);
        if (!fix)
          return usage("unknown fix '" + name + "'");
        fixes |= fix;
      }
    } else if (arg.size() == 3 && arg.starts_with("-O") && arg[2] >= '0' &&
               arg[2] <= '3') {
      optLevel = arg[2] - '0';
    } else if (arg == "-o" && i + 1 < argc) {
      output = argv[++i];
    } else if (arg == "-h" || arg == "--help") {
      llvm::outs() << kUsage;
      return 0;
    } else if (arg.starts_with("-") && arg != "-") {
      return usage("unknown option '" + arg + "'");
    } else if (input.empty()) {
      input = arg.str();
    } else {
      return usage("more than one input file");
    }
  }
  if (input.empty())
    return usage("no input file");

  // A regular file (or stdin), never a FIFO or a device.
  auto text = readRegularFile(input);
  if (!text) {
    llvm::errs() << "ompx-lsp fix-device-ir: error: cannot read '" << input
                 << "': " << llvm::toString(text.takeError()) << "\n";
    return 2;
  }
  llvm::LLVMContext context;
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> module = llvm::parseIR(
      llvm::MemoryBufferRef(*text, input == "-" ? "<stdin>" : input), diag,
      context);
  if (!module) {
    diag.print("ompx-lsp fix-device-ir", llvm::errs());
    return 2;
  }
  if (triple.empty())
    triple = module->getTargetTriple().str();
  if (arch.empty()) // the arch of the first kernel, as the launch set it
    for (llvm::Function &f : *module)
      if (f.hasFnAttribute("target-cpu")) {
        arch = f.getFnAttribute("target-cpu").getValueAsString().str();
        break;
      }

  auto log = [](const std::string &line) { llvm::errs() << line << "\n"; };
  pipeline::fixDeviceModule(*module, triple, arch, log, fixes);
  if (optLevel > 0) {
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    std::string error;
    auto tm = pipeline::makeTargetMachine(
        triple, arch, /*pic=*/true, optLevel, error,
        pipeline::deviceTargetFeatures(triple, arch));
    if (!tm)
      return usage(error);
    pipeline::optimize(*module, *tm, optLevel);
  }
  pipeline::fixOptimizedDeviceModule(*module, triple, log, fixes);
  std::string broken;
  llvm::raw_string_ostream brokenOs(broken);
  if (llvm::verifyModule(*module, &brokenOs)) {
    llvm::errs() << "ompx-lsp fix-device-ir: error: the fixed module does "
                    "not verify:\n"
                 << broken;
    return 2;
  }
  int status = 0;
  if (check)
    for (const pipeline::NullWrapperParallel &p :
         pipeline::findNullWrapperParallels(*module)) {
      llvm::errs() << "error: generic-mode kernel " << p.kernel << " calls "
                   << p.entry << " with a null wrapper function for "
                   << p.outlined << "\n";
      status = 1;
    }

  std::error_code ec;
  llvm::raw_fd_ostream os(output, ec, llvm::sys::fs::OF_None);
  if (ec)
    return usage("cannot write " + output + ": " + ec.message());
  module->print(os, nullptr);
  return status;
}
