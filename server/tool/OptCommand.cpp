//===- OptCommand.cpp - `ompx-lsp opt`: mlir-opt with ompx passes ---------===//
//
// The launch pipeline's rewrites are MLIR passes; this runs them alone, so
// each has lit + FileCheck tests on small IR (test/passes/) and a failing
// launch can be reproduced one rewrite at a time:
//   ompx-lsp opt --ompx-host-eval-remat in.mlir
//
//===----------------------------------------------------------------------===//

#include "server/tool/OptCommand.h"
#include "dialects/ir/Registry.h"
#include "pipeline/passes/Passes.h"
#include "server/tool/Verb.h"
#include "support/FileRead.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

#include <utility>

namespace {
/// `ompx-lsp opt`: a verb whose grammar is mlir-opt's. The first parse only
/// chooses it (its options fall in the verb's sink, FILE in `files`); run()
/// then registers MLIR's options and parses the command line again with
/// them, as mlir-opt does.
struct OptVerb : ompx::Verb {
  explicit OptVerb(std::function<void()> stepAside)
      : Verb("opt", "the pipeline's passes alone, as mlir-opt (see opt "
                    "--help)"),
        stepAside(std::move(stepAside)) {}
  std::string usage() const override {
    return "usage: ompx-lsp opt [mlir-opt options] [FILE]\n";
  }
  int run(int argc, char **argv,
          const ompx::pipeline::LaunchHelpers &) override {
    stepAside();
    // MLIR's parser sees `opt ...`, as it always did; a verb's name there
    // is a file name.
    ompx::Verb::retireAll();
    return runMlirOpt(argc - 1, argv + 1);
  }
  static int runMlirOpt(int argc, char **argv);

  std::function<void()> stepAside;
  llvm::cl::list<std::string> files{llvm::cl::Positional, llvm::cl::sub(sub)};
};
} // namespace

void ompx::registerOptCommand(std::function<void()> stepAside) {
  static OptVerb verb(std::move(stepAside));
}

int OptVerb::runMlirOpt(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ompx::registerOmpxDialects(registry);
  ompx::passes::registerOmpxPasses();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv,
      "ompx-lsp opt: run the ompx pipeline passes (--ompx-*) on MLIR, as "
      "mlir-opt does\n",
      registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, input, output, registry));
  // mlir-opt's own reading would take a FIFO or /dev/zero: read the input
  // here (a regular file or stdin), then run the same driver on it.
  auto text = ompx::readRegularFile(input);
  if (!text) {
    llvm::errs() << "ompx-lsp opt: error: cannot read '" << input
                 << "': " << llvm::toString(text.takeError()) << "\n";
    return 1;
  }
  std::string error;
  auto out = mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(
      *text, input == "-" ? "<stdin>" : input);
  if (mlir::failed(
          mlir::MlirOptMain(out->os(), std::move(buffer), registry, config)))
    return 1;
  out->keep();
  return 0;
}
