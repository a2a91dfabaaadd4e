//===- ompx-lsp.cpp - Language server and checker for MLIR omp/acc --------===//
//
// `ompx-lsp`                 the language server, on stdio
// `ompx-lsp --check FILE...` the same diagnostics in a terminal or CI
// `ompx-lsp launch FILE`     compile and run on a device (pipeline/)
// `ompx-lsp devices`         what can run here, and why not
// `ompx-lsp slurm`           Slurm allocations kept for reuse
// `ompx-lsp opt [FILE]`      the pipeline's passes alone, as mlir-opt
// `ompx-lsp emit FILE.f90`   the MLIR flang-22 makes of it, locations kept
// `ompx-lsp fix-device-ir`  (tests) the GPU device-module workarounds alone
// `ompx-lsp fc ARGS`         flang-22's command line with ompx's offload (also
//                           run as `ompx-flang`; no cl parsing)
//
// Each verb is a cl::SubCommand (server/tool/Verb.h), parsed with the
// server's options by one cl::ParseCommandLineOptions; `opt` then hands the
// command line to MLIR's parser (mlir-opt's grammar).
//
// Hidden modes, started by ompx-lsp itself (support/Subprocess):
// `ompx-lsp --worker`        an analysis worker (server/worker/Worker.h)
// `ompx-lsp --convert-bytecode=to-text|to-bytecode [NAME]`  .mlirbc for the
//                            server
// `ompx-lsp --build-child`   a launch's build (pipeline/launch/Launch.h)
//
//===----------------------------------------------------------------------===//

#include "OmpxCommit.h"
#include "server/analysis/Bytecode.h"
#include "server/analysis/MappingChecks.h"
#include "server/lsp/Server.h"
#include "server/service/LaunchService.h"
#include "server/service/Scheduler.h"
#include "server/tool/Check.h"
#include "server/tool/EmitCommand.h"
#include "server/tool/FixDeviceIRCommand.h"
#include "server/tool/LaunchCommand.h"
#include "server/tool/OptCommand.h"
#include "server/tool/PipelineCommand.h"
#include "server/tool/ReduceCommand.h"
#include "server/tool/Verb.h"

#include "pipeline/driver/FlangDriver.h"
#include "pipeline/launch/Launch.h"
#include "support/ParentWatch.h"
#include "support/ProcessGuard.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdio>
#include <malloc.h>
#include <memory>
#include <optional>

using namespace llvm;

namespace {
enum class LogLevel { Error, Info, Verbose };

cl::OptionCategory category("ompx-lsp options");

cl::opt<bool> checkMode("check",
                        cl::desc("Print the diagnostics of FILE... and exit "
                                 "(0 clean, 1 diagnostics, 2 usage/IO error)"),
                        cl::cat(category));
cl::list<std::string> files(cl::Positional, cl::desc("FILE..."),
                            cl::cat(category));
cl::opt<ompx::OutputFormat> outputFormat(
    "format", cl::desc("Output of --check"),
    cl::values(clEnumValN(ompx::OutputFormat::Text, "text",
                          "file:line:col: error: message (default)"),
               clEnumValN(ompx::OutputFormat::Json, "json", "JSON"),
               clEnumValN(ompx::OutputFormat::Sarif, "sarif",
                          "SARIF 2.1.0, for code scanning in CI")),
    cl::init(ompx::OutputFormat::Text), cl::cat(category));
cl::opt<bool> verifyExpected(
    "verify-expected",
    cl::desc("With --check: check `// expected-error@+1 {{...}}` "
             "annotations as mlir-opt --verify-diagnostics does"),
    cl::cat(category));
cl::opt<bool> lowering(
    "lowering",
    cl::desc("With --check: also translate each chunk that verifies to LLVM "
             "IR as a launch would and report what the translation says "
             "(\"not yet implemented: ...\"); with --verify-expected, checks "
             "annotations as mlir-translate --mlir-to-llvmir "
             "--verify-diagnostics does"),
    cl::cat(category));
cl::opt<bool> noSplit("no-split",
                      cl::desc("With --check: do not split files at "
                               "`// -----` (the editor always splits)"),
                      cl::cat(category));
cl::opt<std::string> compileCommands(
    "compile-commands",
    cl::desc("With --check: the compile database to take Fortran files' "
             "flags from (default: the nearest compile_commands.json, as "
             "`emit` finds it)"),
    cl::value_desc("JSON"), cl::cat(category));
// cl::Prefix: `-j1` as make and clang take it, and `-j 1`, `-j=1`.
cl::opt<unsigned> jobs("j",
                       cl::desc("With --check: files analyzed in parallel "
                                "(default: one per core)"),
                       cl::init(0), cl::Prefix, cl::cat(category));
cl::opt<unsigned> timeout("timeout",
                          cl::desc("Seconds one chunk's analysis may take "
                                   "before it is stopped (default 120)"),
                          cl::init(120), cl::cat(category));
cl::opt<LogLevel> logLevel(
    "log", cl::desc("Server log on stderr"),
    cl::values(clEnumValN(LogLevel::Error, "error", "errors only (default)"),
               clEnumValN(LogLevel::Info, "info", "every message"),
               clEnumValN(LogLevel::Verbose, "verbose", "everything")),
    cl::init(LogLevel::Error), cl::cat(category));
cl::opt<bool> litTest("lit-test",
                      cl::desc("Test mode: messages separated by `// -----` "
                               "without headers, pretty output, analysis "
                               "before the next message"),
                      cl::cat(category));
cl::opt<unsigned> maxMessageSize(
    "max-message-size",
    cl::desc("Largest LSP message read, in MiB (default 256); a larger one is "
             "skipped and answered with an error"),
    cl::init(256), cl::cat(category));
cl::list<std::string>
    listOps("list-ops",
            cl::desc("Print the registered ops of these dialects (e.g. "
                     "omp,acc) and exit"),
            cl::value_desc("dialect,..."), cl::CommaSeparated,
            cl::cat(category));
cl::opt<bool> stdioTransport(
    "stdio",
    cl::desc("Serve LSP on stdin/stdout: the default and only transport, "
             "accepted because many clients pass it"),
    cl::cat(category));
cl::opt<std::string> sarifRoot(
    "sarif-root",
    cl::desc("With --format=sarif: artifact URIs relative to DIR (default: "
             "the current directory), named %SRCROOT% in originalUriBaseIds"),
    cl::value_desc("DIR"), cl::cat(category));
cl::opt<bool> syncAnalysis(
    "sync",
    cl::desc("Analyze each change before reading the next message (tests)"),
    cl::cat(category), cl::Hidden);
cl::list<std::string> disabledChecks(
    "disable-checks",
    cl::desc("Data-mapping checks not to report (names as in their "
             "messages, e.g. map-from-not-written; `all`: every one)"),
    cl::value_desc("name,..."), cl::CommaSeparated, cl::cat(category));
cl::opt<bool> explainMaps(
    "explain-maps",
    cl::desc("With --check: per map entry and mapped variable without a "
             "finding, a remark saying why (what the mapping checks followed, "
             "or why they stayed silent)"),
    cl::cat(category));
cl::opt<bool> noIsolation(
    "no-isolation",
    cl::desc("Analyze in this process (no crash containment; debugging)"),
    cl::cat(category), cl::Hidden);
} // namespace

static void printVersion(raw_ostream &os) {
  os << "ompx-lsp " << OMPX_VERSION << " (commit " << OMPX_COMMIT
     << "; LLVM/MLIR " << LLVM_VERSION_STRING
     << ", omp and acc dialects, flang-22 FIR/HLFIR)\n";
}

/// This executable, to start its hidden modes with.
static std::string selfPath() {
  static int anchor;
  return llvm::sys::fs::getMainExecutable("ompx-lsp", &anchor);
}

/// The hidden modes, started by ompx-lsp itself with one flag (a prefix
/// when it ends in `=`): they read their work from stdin and run before
/// anything else. The server's helpers end with it, SIGKILL included
/// (support/ParentWatch.h).
struct HiddenMode {
  llvm::StringLiteral flag;
  int (*run)(llvm::StringRef value, int argc, char **argv);
};
static const HiddenMode kHiddenModes[] = {
    {"--worker",
     [](llvm::StringRef, int argc, char **argv) {
       ompx::exitWithParent();
       return ompx::runWorkerProcess(
           llvm::ArrayRef<const char *>(argv + 2, argc - 2));
     }},
    {"--convert-bytecode=",
     [](llvm::StringRef direction, int argc, char **argv) {
       ompx::exitWithParent();
       return ompx::runConvertBytecode(direction, argc > 2 ? argv[2] : "");
     }},
    // A compiler crash then leaves its stack in build.log, which the
    // launch's error quotes.
    {"--build-child",
     [](llvm::StringRef, int, char **argv) {
       llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
       // A build for a document reads only the project and the toolchain.
       return ompx::pipeline::runBuildChild(ompx::confineDocumentBuild);
     }},
    // A launch's guard: cleans up if the launching process dies
    // (support/ProcessGuard.h).
    {"--launch-guard",
     [](llvm::StringRef, int, char **) { return ompx::runProcessGuard(); }},
    // `reduce`: MLIR's reducer, and its interestingness test.
    {"--mlir-reduce",
     [](llvm::StringRef, int argc, char **argv) {
       return ompx::runMlirReduceChild(argc, argv);
     }},
    {"--reduce-test",
     [](llvm::StringRef, int argc, char **argv) {
       return ompx::runReduceTest(argc, argv);
     }},
};

/// Registers the verbs. `opt` parses mlir-opt's grammar after the server's
/// options step aside, and lists LLVM's options in its help as mlir-opt does
/// (the server's --help hides them).
static void registerVerbs() {
  // Each top-level option's visibility before HideUnrelatedOptions.
  std::vector<std::pair<cl::Option *, cl::OptionHidden>> visibility;
  for (auto &entry : cl::getRegisteredOptions())
    visibility.push_back({entry.second, entry.second->getOptionHiddenFlag()});
  ompx::registerOptCommand([visibility] {
    for (auto [option, hidden] : visibility)
      option->setHiddenFlag(hidden);
    SmallVector<cl::Option *> server = {std::addressof(files)};
    for (auto &entry : cl::getRegisteredOptions())
      if (is_contained(entry.second->Categories, &category))
        server.push_back(entry.second);
    for (cl::Option *option : server)
      option->removeArgument();
  });
  ompx::registerLaunchCommands();
  ompx::registerEmitCommand();
  ompx::registerFixDeviceIRCommand();
  ompx::registerPipelineCommand();
  ompx::registerReduceCommand();
  cl::HideUnrelatedOptions(category);
}

static const char kOverview[] =
    "ompx-lsp: language server for MLIR's OpenMP (omp) and OpenACC (acc) "
    "dialects\n\n"
    "  ompx-lsp [--stdio] [options]       serve LSP 3.17 on stdin/stdout\n"
    "  ompx-lsp --check [options] FILE... print diagnostics (- reads "
    "stdin)\n"
    "  ompx-lsp --list-ops=omp,acc        the registered ops of dialects\n"
    "  ompx-lsp SUBCOMMAND --help         a subcommand's usage (below)\n";

/// The analysis workers' options, from the server's flags; nullopt after
/// saying what is wrong with them.
static std::optional<ompx::WorkerOptions> workerOptions() {
  ompx::WorkerOptions worker;
  for (const std::string &name : disabledChecks) {
    llvm::ArrayRef<const char *> known = ompx::mappingCheckNames();
    if (name == "all") {
      worker.analyzer.disabledChecks.assign(known.begin(), known.end());
      continue;
    }
    if (!llvm::is_contained(known, llvm::StringRef(name))) {
      errs() << "ompx-lsp: error: unknown check '" << name
             << "' in --disable-checks (known: all";
      for (const char *k : known)
        errs() << ", " << k;
      errs() << ")\n";
      return std::nullopt;
    }
    worker.analyzer.disabledChecks.push_back(name);
  }
  worker.isolate = !noIsolation;
  worker.timeoutMs = timeout * 1000;
  worker.command = {selfPath(), "--worker"};
  return worker;
}

/// `--check FILE...`.
static int runCheckMode(const ompx::WorkerOptions &worker) {
  if (files.empty()) {
    errs() << "ompx-lsp: error: --check needs at least one FILE\n";
    return 2;
  }
  ompx::CheckOptions options;
  options.format = outputFormat;
  options.verifyExpected = verifyExpected;
  options.split = !noSplit;
  options.jobs = jobs;
  options.sarifRoot = sarifRoot;
  options.compileCommands = compileCommands;
  options.worker = worker;
  options.worker.analyzer.lowering = lowering;
  options.worker.analyzer.explainMaps = explainMaps;
  return ompx::runCheck(files, options, outs(), errs());
}

/// The language server on stdin/stdout.
static int runServer(const ompx::WorkerOptions &worker,
                     const ompx::pipeline::LaunchHelpers &helpers) {
  using llvm::lsp::Logger;
  Logger::setLogLevel(logLevel == LogLevel::Error  ? Logger::Level::Error
                      : logLevel == LogLevel::Info ? Logger::Level::Info
                                                   : Logger::Level::Debug);
  // No MLIRContext here: analyses run in worker processes.
  ompx::lsp::Connection connection(stdin, outs(),
                                   litTest
                                       ? llvm::lsp::JSONStreamStyle::Delimited
                                       : llvm::lsp::JSONStreamStyle::Standard,
                                   /*pretty=*/litTest,
                                   ompx::lsp::MessageLimits{
                                       uint64_t(maxMessageSize) << 20});
  int code;
  {
    bool synchronous = litTest || syncAnalysis;
    ompx::Scheduler scheduler(worker, synchronous);
    ompx::FileAccess files;
    ompx::LaunchService launches(
        [&](const std::string &uri) { return scheduler.text(uri); },
        [&](const std::string &uri) { scheduler.republish(uri); }, synchronous,
        /*finishOnExit=*/synchronous, helpers, files);
    ompx::FortranDocuments fortran(worker, ompx::lsp::Server::emitCommand(),
                                   synchronous);
    ompx::lsp::Server server(connection, scheduler, launches, files, fortran);
    code = connection.run();
  }
  outs().flush();
  return code;
}

/// `ompx-flang ARGS` and `ompx-lsp fc ARGS`: flang-22's command line, no
/// cl parsing (every flag is flang's).
static int runFlangDriver(int argc, char **argv) {
  std::vector<std::string> args(argv, argv + argc);
  return ompx::pipeline::runFlangDriver(args);
}

int main(int argc, char **argv) {
  if (llvm::sys::path::filename(argv[0]) == "ompx-flang")
    return runFlangDriver(argc - 1, argv + 1);
  llvm::StringRef first = argc > 1 ? argv[1] : "";
  for (const HiddenMode &mode : kHiddenModes)
    if (mode.flag.ends_with("=") ? first.starts_with(mode.flag)
                                 : first == mode.flag)
      return mode.run(first.drop_front(mode.flag.size()), argc, argv);
  // A client that goes away must not kill us mid-write; writes then fail.
  signal(SIGPIPE, SIG_IGN);
  // flang's whole command line after the verb, before any cl parsing
  // (every flag is flang's).
  if (first == "fc")
    return runFlangDriver(argc - 2, argv + 2);
  registerVerbs();
  cl::SetVersionPrinter(printVersion);
  bool parsed = cl::ParseCommandLineOptions(argc, argv, kOverview, &errs());
  ompx::Verb *verb = ompx::Verb::chosen();
  if (!parsed && verb)
    errs() << verb->usage();
  if (!parsed)
    return verb ? 2 : 1;
  ompx::pipeline::LaunchHelpers helpers{{selfPath(), "--build-child"},
                                        {selfPath(), "--launch-guard"}};
  if (verb)
    return verb->run(argc, argv, helpers);

  std::optional<ompx::WorkerOptions> worker = workerOptions();
  if (!worker)
    return 2;
  if (!listOps.empty()) {
    ompx::AnalysisEngine engine;
    for (const std::string &dialect : listOps)
      for (const std::string &op : engine.registeredOps(dialect))
        outs() << op << "\n";
    return 0;
  }
  if (checkMode)
    return runCheckMode(*worker);
  if (!files.empty()) {
    errs() << "ompx-lsp: error: FILE arguments need --check\n";
    return 2;
  }
  return runServer(*worker, helpers);
}
