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
#include "server/tool/Verb.h"
#include "support/FileRead.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <variant>

using llvm::StringRef;
namespace pipeline = ompx::pipeline;

static const char *kUsage =
    "usage: ompx-lsp fix-device-ir [--triple=TRIPLE] [--arch=ARCH]\n"
    "         [--only=target-features,reduction-buffer,critical-names,\n"
    "                 unused-declarations,atomic-orders,barrier-ids,\n"
    "                 stack-save,host-teams,loop-chunks,\n"
    "                 reduction-descriptors,generic-parallel,\n"
    "                 host-composite-chunks,host-teams-combines,\n"
    "                 deferred-fallbacks,link-references,\n"
    "                 host-teams-league]\n"
    "         [-O0..-O3]\n"
    "         [-o OUT.ll] IN.ll|-\n";

static int usage(const llvm::Twine &message) {
  llvm::errs() << "ompx-lsp fix-device-ir: error: " << message << "\n"
               << kUsage;
  return 2;
}

namespace cl = llvm::cl;

namespace {
/// What the command line asks for.
struct FixRequest {
  std::string triple, arch, input, output;
  unsigned fixes = pipeline::AllDeviceFixes;
  pipeline::OptLevel optLevel = pipeline::OptLevel::O0;
  bool check = true;
};

struct FixDeviceIRVerb : ompx::Verb {
  FixDeviceIRVerb()
      : Verb("fix-device-ir", "(tests) the GPU device-module workarounds "
                              "alone, on LLVM IR") {}
  std::string usage() const override { return kUsage; }
  int run(int, char **, const pipeline::LaunchHelpers &) override;
  /// The request, or the exit status of a usage error.
  std::variant<FixRequest, int> request() const;

  cl::opt<std::string> triple{"triple", cl::sub(sub)};
  cl::opt<std::string> arch{"arch", cl::sub(sub)};
  /// Each `--only` starts over, as before: the last one counts.
  cl::list<std::string> only{"only", cl::sub(sub)};
  /// `-O2`: the level after the prefix.
  cl::list<std::string> level{"O", cl::sub(sub), cl::Prefix};
  cl::opt<std::string> output{"o", cl::sub(sub), cl::init("-")};
  cl::list<std::string> inputs{cl::Positional, cl::sub(sub)};
};
} // namespace

void ompx::registerFixDeviceIRCommand() { static FixDeviceIRVerb verb; }

std::variant<FixRequest, int> FixDeviceIRVerb::request() const {
  FixRequest r{triple, arch, "", output};
  if (!unknown.empty())
    return ::usage("unknown option '" + unknown.front() + "'");
  for (StringRef list : only) {
    r.fixes = 0;
    r.check = false;
    llvm::SmallVector<StringRef> names;
    list.split(names, ',', -1, /*KeepEmpty=*/false);
    for (StringRef name : names) {
      if (name == "generic-parallel") {
        r.check = true;
        continue;
      }
      unsigned fix = pipeline::deviceFixByName(name);
      if (!fix)
        return ::usage("unknown fix '" + name + "'");
      r.fixes |= fix;
    }
  }
  for (const std::string &value : level) {
    std::optional<pipeline::OptLevel> parsed = pipeline::parseOptLevel(value);
    if (!parsed)
      return ::usage("unknown option '-O" + value + "'");
    r.optLevel = *parsed;
  }
  if (inputs.size() > 1)
    return ::usage("more than one input file");
  if (inputs.empty())
    return ::usage("no input file");
  r.input = inputs.front();
  return r;
}

int FixDeviceIRVerb::run(int, char **, const pipeline::LaunchHelpers &) {
  if (help) {
    llvm::outs() << kUsage;
    return 0;
  }
  std::variant<FixRequest, int> parsed = request();
  if (int *status = std::get_if<int>(&parsed))
    return *status;
  FixRequest &r = std::get<FixRequest>(parsed);
  std::string triple = r.triple, arch = r.arch, input = r.input,
              output = r.output;
  unsigned fixes = r.fixes;
  pipeline::OptLevel optLevel = r.optLevel;
  bool check = r.check;

  // A regular file (or stdin), never a FIFO or a device.
  auto text = ompx::readRegularFile(input);
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
  if (optLevel != pipeline::OptLevel::O0) {
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    std::string error;
    auto tm = pipeline::makeTargetMachine(
        triple, arch, /*pic=*/true, optLevel, error,
        pipeline::deviceTargetFeatures(triple, arch));
    if (!tm)
      return ::usage(error);
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
    return ::usage("cannot write " + output + ": " + ec.message());
  module->print(os, nullptr);
  return status;
}
