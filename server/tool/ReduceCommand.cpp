//===- ReduceCommand.cpp - `ompx-lsp reduce`: a minimal reproducer --------===//
//
// `ompx-lsp reduce FILE --crash | --diagnostic=TEXT | --lowering` takes the
// failure `ompx-lsp --check --lowering FILE` reports (a contained crash, a
// diagnostic with TEXT, a lowering "not yet implemented"), keeps its message
// and op as the signature, and runs MLIR's reducer (the reduction-tree pass
// of mlir-reduce, with ompx's dialects registered) in a child process with a
// deadline. Its interestingness test is ompx-lsp itself (`--reduce-test`):
// a candidate is interesting when `--check --lowering` reports the same
// message at the same op; each interesting candidate smaller than the best
// becomes the best, so a deadline keeps what was reached. The result is
// STEM.reduced.mlir with a RUN line for the upstream tool and the expected
// message: a lit test to attach to an LLVM report.
//
//===----------------------------------------------------------------------===//

#include "server/tool/ReduceCommand.h"
#include "dialects/ir/Registry.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/Emit.h"
#include "server/tool/Verb.h"
#include "support/FileRead.h"
#include "support/JsonParse.h"
#include "support/ParentWatch.h"
#include "support/Subprocess.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Reducer/Passes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>

using llvm::StringRef;
namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;

static std::atomic<bool> interrupted{false};
/// What `reduce` said along the way ("ompx-lsp: reduce: ..."), also for
/// --result.
static std::vector<std::string> notes;
static void note(const llvm::Twine &text) {
  notes.push_back(text.str());
  llvm::errs() << "ompx-lsp: reduce: " << notes.back() << "\n";
}
static void onInterrupt(int) { interrupted = true; }

static const char kUsage[] =
    "usage: ompx-lsp reduce FILE.mlir --crash | --diagnostic=TEXT | "
    "--lowering\n"
    "                       [-o OUT] [--timeout=SEC] [--result=FILE.json]\n";

static std::string selfPath() {
  static int anchor;
  return fs::getMainExecutable("ompx-lsp", &anchor);
}

namespace {
/// A failure as `--check --lowering` reports it: its message and the op on
/// the line it points at.
struct Reported {
  std::string message, op;
  unsigned line = 0; ///< in the checked file
};

/// What the reduced file must still fail with.
struct Signature {
  std::string message; ///< the whole message, or its start for a crash
  std::string op;
  bool contains = false; ///< --diagnostic: any message holding `message`
  /// The op's line in the file being reduced: where the reducer first cuts.
  unsigned line = 0;
  bool matches(const Reported &r) const {
    bool text = contains ? StringRef(r.message).contains(message)
                         : StringRef(r.message).starts_with(message);
    return text && r.op == op;
  }
};
} // namespace

/// The op a source line holds: `%x = omp.map.info ...` -> omp.map.info.
static std::string opOfLine(StringRef line) {
  StringRef t = line.ltrim();
  if (t.starts_with("%")) {
    size_t eq = t.find(" = ");
    t = eq == StringRef::npos ? StringRef() : t.drop_front(eq + 3);
  }
  if (t.consume_front("\""))
    return t.take_until([](char c) { return c == '"'; }).str();
  return t
      .take_while(
          [](char c) { return llvm::isAlnum(c) || c == '_' || c == '.'; })
      .str();
}

/// The errors of `--check` output: `F:L:C: error: MESSAGE`, the source
/// line under it.
static std::vector<Reported> errorsIn(StringRef output) {
  llvm::SmallVector<StringRef> lines;
  output.split(lines, '\n');
  llvm::Regex error("^.*:([0-9]+):[0-9]+: error: (.*)$");
  std::vector<Reported> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::SmallVector<StringRef> m;
    if (!error.match(lines[i], &m))
      continue;
    Reported r{m[2].str(), "", 0};
    m[1].getAsInteger(10, r.line);
    if (i + 1 < lines.size())
      r.op = opOfLine(lines[i + 1]);
    out.push_back(std::move(r));
  }
  return out;
}

/// `ompx-lsp --check --lowering FILE`, in its own processes (a crash there
/// is a report, not ours).
static std::optional<std::vector<Reported>>
check(StringRef file, unsigned timeout, std::string &why) {
  ompx::pipeline::ToolRun run = ompx::pipeline::runTool(
      selfPath(), {"--check", "--lowering", file.str()}, timeout);
  if (run.exitCode != 0 && run.exitCode != 1) {
    why = run.error.empty() ? run.output : run.error;
    return std::nullopt;
  }
  return errorsIn(run.output);
}

static llvm::json::Value toJSON(const Signature &s) {
  return llvm::json::Object{{"message", s.message},
                            {"op", s.op},
                            {"contains", s.contains},
                            {"line", int64_t(s.line)}};
}

static std::optional<Signature> readSignature(StringRef file) {
  auto text = ompx::readRegularFile(file);
  if (!text) {
    llvm::consumeError(text.takeError());
    return std::nullopt;
  }
  auto v = ompx::parseJson(*text);
  const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
  if (!o) {
    if (!v)
      llvm::consumeError(v.takeError());
    return std::nullopt;
  }
  return Signature{o->getString("message").value_or("").str(),
                   o->getString("op").value_or("").str(),
                   o->getBoolean("contains").value_or(false),
                   unsigned(o->getInteger("line").value_or(0))};
}

/// `--reduce-test SIGNATURE BEST CANDIDATE`: mlir-reduce's test (exit 1:
/// interesting). An interesting candidate smaller than BEST replaces it.
int ompx::runReduceTest(int argc, char **argv) {
  if (argc != 5)
    return 0;
  std::optional<Signature> sig = readSignature(argv[2]);
  StringRef best = argv[3], candidate = argv[4];
  std::string why;
  auto errors = sig ? check(candidate, 60, why) : std::nullopt;
  if (!errors || !llvm::any_of(*errors, [&](const Reported &r) {
        return sig->matches(r);
      }))
    return 0;
  uint64_t size = 0, bestSize = 0;
  if (!fs::file_size(candidate, size) &&
      (fs::file_size(best, bestSize) || size < bestSize)) {
    std::string tmp = best.str() + ".tmp";
    if (!fs::copy_file(candidate, tmp))
      fs::rename(tmp, best);
  }
  return 1;
}

namespace {
/// The interestingness test on a module in memory: printed (not verified:
/// the failure kept may be the verifier's) and given to --reduce-test.
/// MLIR's Tester verifies first, which would throw away every candidate of
/// a verifier error.
struct CandidateTest {
  std::string self, signature, best, candidate;
  bool operator()(mlir::ModuleOp module) const {
    {
      std::error_code ec;
      llvm::raw_fd_ostream os(candidate, ec);
      if (ec)
        return false;
      module->print(os, mlir::OpPrintingFlags().assumeVerified());
    }
    return ompx::pipeline::runTool(
               self, {"--reduce-test", signature, best, candidate}, 120)
               .exitCode == 1;
  }
};
} // namespace

/// Takes away `op` if the test holds without it; else puts it back.
static bool tryRemove(mlir::ModuleOp module, mlir::Operation *op,
                      const CandidateTest &test) {
  // Detached, not destroyed: put back where it was if still needed.
  mlir::Block *block = op->getBlock();
  auto next = std::next(op->getIterator());
  op->remove();
  if (test(module)) {
    op->destroy();
    return true;
  }
  block->getOperations().insert(next, op);
  return false;
}

/// Takes away, one at a time and while the test holds, each op nobody uses
/// (terminators stay), until none can go: the module's ops first (last
/// first), then every op in the walk's order (an op's nested ops before
/// it, so nothing visited later was destroyed with it).
static void removeOneByOne(mlir::ModuleOp module, const CandidateTest &test) {
  for (bool progress = true; progress;) {
    progress = false;
    std::vector<mlir::Operation *> top;
    for (mlir::Operation &op : module.getBody()->getOperations())
      top.push_back(&op);
    for (mlir::Operation *op : llvm::reverse(top))
      progress |= op->use_empty() && tryRemove(module, op, test);
    std::vector<mlir::Operation *> ops;
    module.walk([&](mlir::Operation *op) {
      if (op != module && op->use_empty() &&
          !op->hasTrait<mlir::OpTrait::IsTerminator>())
        ops.push_back(op);
    });
    for (mlir::Operation *op : ops)
      progress |= tryRemove(module, op, test);
  }
}

/// The module's op (a function, a global, a recipe) that holds `sig`'s op
/// on its line, or null.
static mlir::Operation *failingTopLevelOp(mlir::ModuleOp module,
                                          const Signature &sig) {
  mlir::Operation *found = nullptr;
  module.walk([&](mlir::Operation *op) {
    auto at = llvm::dyn_cast<mlir::FileLineColLoc>(op->getLoc());
    if (!at || at.getLine() != sig.line ||
        op->getName().getStringRef() != sig.op)
      return mlir::WalkResult::advance();
    found = op;
    return mlir::WalkResult::interrupt();
  });
  while (found && found->getParentOp() != module)
    found = found->getParentOp();
  return found;
}

/// A candidate: a copy of `module` cut to the failing op's function and the
/// symbols it refers to (transitively: callees, globals, privatizers,
/// reductions); with `declare`, the other functions kept become
/// declarations first, so that what only their bodies use goes too. Null
/// when the failing op is not found by its line.
static mlir::OwningOpRef<mlir::ModuleOp>
sliceToFailure(mlir::ModuleOp module, const Signature &sig, bool declare) {
  mlir::OwningOpRef<mlir::ModuleOp> copy(module.clone());
  mlir::Operation *root = sig.line ? failingTopLevelOp(*copy, sig) : nullptr;
  if (!root)
    return nullptr;
  mlir::Block *body = copy->getBody();
  if (declare)
    for (mlir::Operation &op : *body) {
      auto fn = llvm::dyn_cast<mlir::FunctionOpInterface>(op);
      if (&op == root || !fn || fn.isExternal())
        continue;
      fn.getFunctionBody().dropAllReferences();
      fn.getFunctionBody().getBlocks().clear();
      // What a declaration must be: external (llvm.func), private (func).
      if (auto llvmFn = llvm::dyn_cast<mlir::LLVM::LLVMFuncOp>(op))
        llvmFn.setLinkage(mlir::LLVM::Linkage::External);
      else if (llvm::isa<mlir::func::FuncOp>(op))
        fn.setPrivate();
    }
  mlir::SymbolTable symbols(*copy);
  llvm::SmallPtrSet<mlir::Operation *, 16> keep{root};
  llvm::SmallVector<mlir::Operation *> work{root};
  while (!work.empty()) {
    mlir::Operation *op = work.pop_back_val();
    // Every symbol reference of the op and of the ops nested in it.
    op->walk([&](mlir::Operation *nested) {
      for (mlir::NamedAttribute attr : nested->getAttrs())
        attr.getValue().walk([&](mlir::SymbolRefAttr ref) {
          if (mlir::Operation *def = symbols.lookup(ref.getRootReference()))
            if (keep.insert(def).second)
              work.push_back(def);
        });
    });
  }
  for (mlir::Operation &op : llvm::make_early_inc_range(*body))
    if (!keep.contains(&op)) {
      op.dropAllReferences();
      op.erase();
    }
  return copy;
}

/// `--mlir-reduce INPUT OUTPUT SIGNATURE BEST [--no-tree]`: MLIR's reducer
/// on INPUT (the reduction-tree pass of mlir-reduce, for a module that
/// verifies; not with --no-tree), then single ops taken away, tested by
/// --reduce-test; the result in OUTPUT. Its own process: the candidates are IR
/// that may crash whoever verifies or prints it.
int ompx::runMlirReduceChild(int argc, char **argv) {
  bool tree = argc == 7 && StringRef(argv[6]) == "--no-tree" ? false : true;
  if (argc != 6 && tree)
    return 2;
  // Candidates are printed without verifying them (a verifier that
  // crashes is often what is being reduced).
  mlir::registerAsmPrinterCLOptions();
  const char *flags[] = {argv[0], "--mlir-print-assume-verified"};
  cl::ParseCommandLineOptions(2, flags);
  mlir::DialectRegistry registry;
  ompx::registerOmpxDialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects();
  llvm::SourceMgr sources;
  auto text = ompx::readRegularFile(argv[2]);
  if (!text) {
    llvm::errs() << llvm::toString(text.takeError()) << "\n";
    return 2;
  }
  sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(*text, argv[2]), llvm::SMLoc());
  mlir::ParserConfig config(&context, /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sources, config);
  if (!module)
    return 2;
  std::optional<Signature> sig = readSignature(argv[4]);
  if (!sig)
    return 2;
  CandidateTest test{argv[0], argv[4], argv[5],
                     std::string(argv[3]) + ".candidate"};
  // The failing op's function alone first: one test instead of one per
  // function, and no candidate where a symbol is gone and its user is not
  // (LLVM 22's OpenMP verifiers crash on those).
  for (bool declare : {true, false})
    if (auto cut = sliceToFailure(*module, *sig, declare); cut && test(*cut)) {
      module = std::move(cut);
      break;
    }
  // The tree's tester verifies every candidate: only a failure past the
  // verifier (a lowering error, a translation crash) can use it.
  StringRef m = sig->message;
  if (tree &&
      (m.starts_with("not yet implemented") || m.starts_with("LLVM crashed"))) {
    mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
    pm.enableVerifier(false);
    mlir::ReductionTreePassOptions options;
    options.traversalModeId = 0; // single path: the smallest interesting one
    options.testerName = argv[0];
    options.testerArgs = {"--reduce-test", argv[4], argv[5]};
    pm.addPass(mlir::createReductionTreePass(options));
    if (mlir::failed(pm.run(*module)))
      return 1;
  }
  // The tree keeps an op whose removal needs another's with it (a value
  // and its last use): take the ops away one at a time as well.
  removeOneByOne(*module, test);
  std::error_code ec;
  llvm::raw_fd_ostream os(argv[3], ec);
  if (ec)
    return 2;
  module->print(os, mlir::OpPrintingFlags().assumeVerified());
  return 0;
}

namespace {
struct ReduceVerb : ompx::Verb {
  ReduceVerb()
      : Verb("reduce", "a crash, a diagnostic or a lowering error, reduced to "
                       "a minimal reproducer") {}
  std::string usage() const override { return kUsage; }
  int run(int argc, char **argv,
          const ompx::pipeline::LaunchHelpers &) override;
  std::optional<Signature> signatureOf(StringRef file, unsigned &lines);
  bool reduce(StringRef file, const std::string &sigFile,
              const std::string &best, const std::string &out);
  bool writeReproducer(const std::string &out, StringRef file,
                       const Signature &sig, StringRef body, unsigned before);

  cl::list<std::string> positional{cl::Positional, cl::sub(sub)};
  cl::opt<bool> crash{"crash", cl::sub(sub)};
  cl::opt<std::string> diagnostic{"diagnostic", cl::sub(sub)};
  cl::opt<bool> lowering{"lowering", cl::sub(sub)};
  cl::opt<std::string> output{"o", cl::sub(sub)};
  cl::opt<unsigned> timeout{"timeout", cl::sub(sub), cl::init(120)};
  /// The outcome as JSON (output, from, to, reduced, notes): what the
  /// editor reads, rather than the messages.
  cl::opt<std::string> result{"result", cl::sub(sub)};
};
} // namespace

void ompx::registerReduceCommand() { static ReduceVerb verb; }

static int usageError(const llvm::Twine &message) {
  llvm::errs() << "ompx-lsp: error: " << message << "\n" << kUsage;
  return 2;
}

static unsigned lineCount(StringRef text) {
  return llvm::count(text, '\n') + (text.ends_with("\n") ? 0 : 1);
}

/// The failure FILE has that the options ask for, as a signature.
std::optional<Signature> ReduceVerb::signatureOf(StringRef file,
                                                 unsigned &lines) {
  std::string why;
  auto errors = check(file, timeout, why);
  if (!errors) {
    llvm::errs() << "ompx-lsp: error: --check of " << file
                 << " did not finish: " << why << "\n";
    return std::nullopt;
  }
  for (const Reported &r : *errors) {
    StringRef m = r.message;
    if (crash && (m.contains("MLIR crashed (") || m.contains("LLVM crashed (")))
      // The crash and where: not the advice after it.
      return Signature{m.split(';').first.str(), r.op, false, r.line};
    if (lowering && m.starts_with("not yet implemented:"))
      return Signature{m.str(), r.op, false, r.line};
    if (!diagnostic.empty() && m.contains(diagnostic))
      return Signature{diagnostic, r.op, true, r.line};
  }
  llvm::errs() << "ompx-lsp: error: " << file << " does not fail that way ("
               << (crash      ? "no contained crash"
                   : lowering ? "no \"not yet implemented\" lowering error"
                              : "no error holding '" + diagnostic + "'")
               << "; its errors: " << errors->size() << ")\n";
  for (const Reported &r : *errors)
    llvm::errs() << "  " << r.op << ": " << r.message << "\n";
  (void)lines;
  return std::nullopt;
}

/// Runs the reducer child until it ends, the deadline or an interrupt. When
/// MLIR's reduction tree crashes (LLVM 22 does on some modules), the child
/// runs again on the best candidate without it.
bool ReduceVerb::reduce(StringRef file, const std::string &sigFile,
                        const std::string &best, const std::string &out) {
  auto deadline = ompx::Clock::now() + std::chrono::seconds(timeout);
  std::string input = file.str();
  for (bool tree : {true, false}) {
    ompx::SpawnOptions spawn;
    spawn.argv = {selfPath(), "--mlir-reduce", input, out, sigFile, best};
    if (!tree)
      spawn.argv.push_back("--no-tree");
    spawn.in = ompx::SpawnOptions::Stream::Null;
    // The tests it runs die with it.
    spawn.newProcessGroup = true;
    // MLIR's tester writes each candidate to a temporary file and a killed
    // reducer leaves its last one: in our folder, removed with it.
    spawn.env = ompx::environmentWith(
        {"TMPDIR=" + llvm::sys::path::parent_path(sigFile).str()});
    auto child = ompx::Subprocess::spawn(spawn);
    if (!child) {
      llvm::errs() << "ompx-lsp: error: " << llvm::toString(child.takeError())
                   << "\n";
      return false;
    }
    std::string log;
    auto keep = [&](StringRef data) { log.append(data); };
    ompx::Subprocess::Outcome o =
        (*child)->run(deadline, &interrupted, keep, keep);
    if (o.timedOut || o.cancelled) {
      note((o.timedOut
                ? "stopped after " + std::to_string(timeout) + " s (--timeout)"
                : std::string("interrupted")) +
           "; keeping the smallest candidate that still fails");
      return true;
    }
    if (!o.status.signaled && !o.status.code)
      return true;
    if (tree && o.status.signaled) {
      note("MLIR's reduction tree " + o.status.describe() +
           "; going on without it, from the smallest candidate");
      // A copy: the tests rewrite `best` while the child reads its input.
      std::string copy = best + ".input";
      input =
          fs::exists(best) && !fs::copy_file(best, copy) ? copy : file.str();
      continue;
    }
    note("the reducer " + o.status.describe() +
         "; keeping the smallest candidate that still fails");
    llvm::errs() << StringRef(log).take_back(2000);
    return true;
  }
  return true;
}

/// The upstream command that fails the same way, for the RUN line: FIR
/// needs fir-opt/tco, the rest mlir-opt/mlir-translate.
static std::string runLine(const Signature &sig, StringRef text) {
  // FIR types or ops (an LLVM-dialect file with fir.* attributes is read by
  // mlir-translate as it is).
  llvm::Regex firOp("(^ *|= )h?fir\\.[a-z_]+[ (<]");
  bool fir = text.contains("!fir.") || text.contains("!hlfir.") ||
             llvm::any_of(llvm::split(text, '\n'),
                          [&](StringRef l) { return firOp.match(l); });
  StringRef m = sig.message;
  std::string translate = fir ? "tco-22 %s -o /dev/null"
                              : "mlir-translate-22 --mlir-to-llvmir %s -o "
                                "/dev/null";
  std::string opt = fir ? "fir-opt-22 %s" : "mlir-opt-22 %s";
  if (m.starts_with("LLVM crashed"))
    return "not --crash " + translate;
  if (m.starts_with("MLIR crashed"))
    return "not --crash " + opt;
  if (m.starts_with("not yet implemented"))
    return "not " + translate + " 2>&1 | FileCheck %s";
  return "not " + opt + " 2>&1 | FileCheck %s";
}

/// The `// -----` chunk of `text` (as --check splits it) holding 1-based
/// `line`, and how many lines come before it; nullopt for a file of one
/// chunk.
static std::optional<std::pair<std::string, unsigned>> chunkAt(StringRef text,
                                                               unsigned line) {
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  auto marker = [](StringRef l) { return l.trim() == "// -----"; };
  if (llvm::none_of(lines, marker))
    return std::nullopt;
  unsigned begin = 0;
  for (unsigned i = 0; i <= lines.size(); ++i) {
    if (i < lines.size() && !marker(lines[i]))
      continue;
    if (line > begin && line <= i) {
      std::string chunk;
      for (unsigned j = begin; j < i; ++j)
        chunk += lines[j].str() + "\n";
      return std::make_pair(std::move(chunk), begin);
    }
    begin = i + 1;
  }
  return std::nullopt;
}

/// Whether `file` still fails as `sig` says.
static bool stillFails(StringRef file, const Signature &sig, unsigned timeout) {
  std::string why;
  auto errors = check(file, timeout, why);
  return errors && llvm::any_of(*errors, [&](const Reported &r) {
           return sig.matches(r);
         });
}

/// A file of `// -----` chunks (an upstream test): the chunk that holds
/// the failure, written to DIR/chunk.mlir, when it fails alone (the other
/// chunks may not even parse together); its path and text, `sig`'s line
/// moved into it.
static std::optional<std::pair<std::string, std::string>>
failingChunk(StringRef text, Signature &sig, StringRef dir, unsigned timeout) {
  auto chunk = chunkAt(text, sig.line);
  if (!chunk)
    return std::nullopt;
  std::string path = (dir + "/chunk.mlir").str();
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(path, ec);
    os << chunk->first;
  }
  if (ec || !stillFails(path, sig, timeout))
    return std::nullopt;
  note("the failure is in the `// -----` chunk from line " +
       llvm::Twine(chunk->second + 1) + " (" +
       llvm::Twine(lineCount(chunk->first)) + " lines); reducing it alone");
  sig.line -= chunk->second;
  return std::make_pair(path, std::move(chunk->first));
}

/// Writes the reproducer `out`: a RUN line for the upstream tool, the
/// message to check, where it came from, then `body`.
bool ReduceVerb::writeReproducer(const std::string &out, StringRef file,
                                 const Signature &sig, StringRef body,
                                 unsigned before) {
  std::string mode;
  if (crash || lowering) {
    mode = crash ? "--crash" : "--lowering";
  } else {
    // Quoted as a shell reads it back (the text holds quotes of its own).
    llvm::raw_string_ostream os(mode);
    os << "--diagnostic=";
    llvm::sys::printArg(os, diagnostic, /*Quote=*/true);
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(out, ec);
  if (ec) {
    llvm::errs() << "ompx-lsp: error: cannot write " << out << ": "
                 << ec.message() << "\n";
    return false;
  }
  std::string run = runLine(sig, body);
  os << "// RUN: " << run << "\n";
  if (!StringRef(run).starts_with("not --crash"))
    os << "// CHECK: " << sig.message << "\n";
  os << "// Reduced by `ompx-lsp reduce " << mode << "` from "
     << llvm::sys::path::filename(file) << " (" << before << " lines) to "
     << lineCount(body) << " lines.\n"
     << body;
  return true;
}

int ReduceVerb::run(int, char **, const ompx::pipeline::LaunchHelpers &) {
  if (help) {
    llvm::outs()
        << kUsage
        << "\nReduces FILE to a small MLIR file that fails the same way: a "
           "crash ompx contains\n(--crash), an error holding TEXT "
           "(--diagnostic=TEXT) or a lowering \"not yet\nimplemented\" "
           "(--lowering), as `ompx-lsp --check --lowering` reports it (the "
           "same\nmessage at the same op). MLIR's reduction-tree pass "
           "(mlir-reduce's) runs in a child\nprocess, stopped after --timeout "
           "seconds (default 120) keeping the smallest\ncandidate that still "
           "fails. Writes STEM.reduced.mlir here (-o OUT) with a RUN line\nfor "
           "the upstream tool and the expected message.\n\nExit status: 0, 1 "
           "FILE does not fail that way or cannot be read, 2 usage error.\n";
    return 0;
  }
  if (!unknown.empty())
    return usageError("unknown option '" + unknown[0] + "'");
  if (positional.size() != 1)
    return usageError("reduce takes one FILE");
  if (int(crash) + int(lowering) + int(!diagnostic.empty()) != 1)
    return usageError("give one of --crash, --diagnostic=TEXT, --lowering");
  // Started by the server: end with it, and the reducer with us.
  if (getenv(ompx::pipeline::kExitWithParentVariable)) {
    unsetenv(ompx::pipeline::kExitWithParentVariable);
    ompx::exitWithParent();
  }
  StringRef file = positional[0];
  auto text = ompx::readRegularFile(file);
  if (!text) {
    llvm::errs() << "ompx-lsp: error: cannot read " << file << ": "
                 << llvm::toString(text.takeError()) << "\n";
    return 1;
  }
  unsigned before = lineCount(*text);
  std::optional<Signature> sig = signatureOf(file, before);
  if (!sig)
    return 1;
  note("keeping '" + sig->message + "' at " +
       (sig->op.empty() ? "(no op)" : sig->op));
  llvm::SmallString<128> tmp;
  if (std::error_code ec = fs::createUniqueDirectory("ompx-reduce", tmp)) {
    llvm::errs() << "ompx-lsp: error: " << ec.message() << "\n";
    return 1;
  }
  llvm::scope_exit removeTmp([&] { fs::remove_directories(tmp); });
  std::string sigFile = (tmp + "/signature.json").str();
  std::string best = (tmp + "/best.mlir").str();
  std::string reduced = (tmp + "/reduced.mlir").str();
  std::string input = file.str(), original = *text;
  if (auto chunk = failingChunk(*text, *sig, tmp, timeout)) {
    input = chunk->first;
    original = chunk->second;
  }
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(sigFile, ec);
    os << toJSON(*sig);
  }
  for (int s : {SIGINT, SIGTERM, SIGHUP})
    signal(s, onInterrupt);
  reduce(input, sigFile, best, reduced);
  // The reducer's result, else the best candidate a test kept.
  std::string body = original;
  bool kept = false;
  for (const std::string &candidate : {reduced, best})
    if (fs::exists(candidate) && stillFails(candidate, *sig, timeout)) {
      auto t = ompx::readRegularFile(candidate);
      if (t && lineCount(*t) < lineCount(body)) {
        body = std::move(*t);
        kept = true;
      } else if (!t) {
        llvm::consumeError(t.takeError());
      }
    }
  if (!StringRef(body).ends_with("\n"))
    body += '\n';
  if (!kept)
    note("no smaller file fails the same way; FILE itself is the reproducer");
  std::string out = output;
  if (out.empty())
    out = (llvm::sys::path::filename(file).split('.').first + ".reduced.mlir")
              .str();
  if (!writeReproducer(out, file, *sig, body, before))
    return 1;
  llvm::errs() << "ompx-lsp: reduced " << file << " from " << before << " to "
               << lineCount(body) << " lines: " << out << "\n";
  if (!result.empty()) {
    llvm::SmallString<256> abs(out);
    fs::make_absolute(abs);
    llvm::json::Array said;
    for (const std::string &n : notes)
      said.push_back(n);
    llvm::json::Value outcome =
        llvm::json::Object{{"output", abs.str()},
                           {"from", int64_t(before)},
                           {"to", int64_t(lineCount(body))},
                           {"reduced", kept},
                           {"notes", std::move(said)}};
    if (llvm::Error e =
            ompx::writeTextFile(result, llvm::formatv("{0}", outcome).str())) {
      llvm::errs() << "ompx-lsp: error: cannot write " << result << ": "
                   << llvm::toString(std::move(e)) << "\n";
      return 1;
    }
  }
  return 0;
}
