//===- FlangDriver.cpp - ompx-flang: flang-22 with ompx's offload ---------===//

#include "pipeline/driver/FlangDriver.h"
#include "pipeline/compile/Codegen.h"
#include "pipeline/compile/Compile.h"
#include "pipeline/compile/DeclareRecords.h"
#include "pipeline/compile/DeviceLink.h"
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
#include "pipeline/driver/DriverArgs.h"
#include "pipeline/driver/ProgramLink.h"
#include "support/FileRead.h"
#include "support/FlangMessage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <iterator>
#include <optional>
#include <string_view>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// Whether a directive statement (lower case) is one flang-22 or LLVM 22's
/// host translation gets wrong, which ompx's lowering mends or refuses: a
/// composite distribute parallel do whose schedule the translation does
/// not distribute, or distributes with chunks, or with an `if` clause
/// (ompx-host-composite-schedule, HostCompositeChunks.cpp), a teams
/// construct with a reduction, whose teams it gives one shared copy
/// (ompx-host-teams-reduction; where it gets it right, a reduction used
/// only in a distribute, the pass changes nothing), a workshare block,
/// which flang's lower-workshare often splits wrongly
/// (ompx-workshare-single), a `loop bind(thread)`, which flang may lower as
/// a worksharing loop (LoopBind.h), or a simd loop, whose variable flang's
/// default OpenMP 3.1 lowering leaves without its last value (ompx builds
/// at 5.2).
static bool loweringAtRisk(StringRef statement) {
  std::string compact;
  for (char c : statement)
    if (c != ' ' && c != '\t')
      compact += c;
  StringRef s(compact);
  if (s.starts_with("workshare") || s.starts_with("parallelworkshare"))
    return true;
  if (s.starts_with("loop") && s.contains("bind(thread)"))
    return true;
  // A simd loop: flang-22's default OpenMP 3.1 lowering loses its
  // variable's last value (ompx builds it at 5.2, or refuses an explicit
  // older version: refuseLinearPrivates).
  if (s.contains("simd") && !s.starts_with("declare"))
    return true;
  // linear with a schedule other than static loses the last value
  // (refuseLinearPrivates says so at the loop).
  if (s.contains("linear(") && s.contains("schedule(") &&
      !s.contains("schedule(static"))
    return true;
  if ((s.starts_with("teams") || s.starts_with("targetteams")) &&
      s.contains("reduction("))
    return true;
  if (!s.contains("distributeparalleldo"))
    return false;
  // dist_schedule, and an `if` (the parallel part's: libomp aborts the
  // serialized composite), go through ompx's host fixes.
  if (s.contains("dist_schedule(") || s.contains("if("))
    return true;
  for (size_t at = s.find("schedule("); at != StringRef::npos;
       at = s.find("schedule(", at + 1)) {
    if (s.substr(0, at).ends_with("dist_"))
      continue;
    if (s.substr(at + 9).take_until([](char c) { return c == ')'; }) !=
        "static")
      return true;
  }
  return false;
}

/// Whether a code line (lower case) is an I/O statement with an implied DO
/// in its list (`write(u, f) (a(i), i = 1, n)`): `, name =` outside its
/// strings, name not a control specifier.
static bool impliedDoIo(StringRef line) {
  StringRef code = line.trim();
  if (!code.starts_with("write") && !code.starts_with("print") &&
      !code.starts_with("read"))
    return false;
  std::string bare;
  char quote = 0;
  for (char c : code) {
    if (quote)
      quote = c == quote ? 0 : quote;
    else if (c == '\'' || c == '"')
      quote = c;
    else if (c == '!')
      break;
    else if (c != ' ' && c != '\t')
      bare += c;
  }
  static const char *const kControl[] = {
      "unit",    "fmt",   "iostat", "err",   "end",  "advance",      "iomsg",
      "rec",     "pos",   "size",   "nml",   "id",   "asynchronous", "blank",
      "decimal", "delim", "pad",    "round", "sign", "eor"};
  StringRef s(bare);
  for (size_t eq = s.find('='); eq != StringRef::npos;
       eq = s.find('=', eq + 1)) {
    if (eq + 1 < s.size() && s[eq + 1] == '=')
      continue; // ==
    StringRef before = s.take_front(eq);
    StringRef name = before.take_back(
        before.size() -
        before.find_last_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") - 1);
    if (name.empty() || before.size() == name.size() ||
        before[before.size() - name.size() - 1] != ',')
      continue;
    if (!llvm::is_contained(kControl, name))
      return true;
  }
  return false;
}

OmpxNeeds ompx::pipeline::sourceNeedsOmpx(StringRef text, bool openacc) {
  OmpxNeeds needs;
  bool parallel = false, impliedDo = false;
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (size_t i = 0; i < lines.size() && !(needs.offload && needs.hostFixes);
       ++i) {
    StringRef line = lines[i];
    if (openacc && isDirective(line, "acc"))
      needs.offload = true;
    if (!isDirective(line, "omp")) {
      // An I/O implied DO in a unit with a parallel construct: flang-22
      // may leave its variable shared (refuseSharedImpliedDo).
      impliedDo |= impliedDoIo(line.lower());
      needs.hostFixes |= parallel && impliedDo;
      continue;
    }
    std::string statement = directiveStatement(lines, i);
    parallel |= StringRef(statement).contains("parallel");
    needs.hostFixes |= parallel && impliedDo;
    if (StringRef(statement).take_front(300).contains("target"))
      needs.offload = true;
    if (loweringAtRisk(statement))
      needs.hostFixes = true;
  }
  return needs;
}

OmpxNeeds
ompx::pipeline::fileNeedsOmpx(StringRef path, bool openacc,
                              llvm::ArrayRef<std::string> includeDirs) {
  llvm::Expected<std::string> text = ompx::readRegularFile(path);
  if (!text) {
    llvm::consumeError(text.takeError());
    return {}; // flang-22 says why it cannot read it, in its words
  }
  return fileNeedsOmpx(path, *text, openacc, includeDirs);
}

OmpxNeeds
ompx::pipeline::fileNeedsOmpx(StringRef path, StringRef text, bool openacc,
                              llvm::ArrayRef<std::string> includeDirs) {
  OmpxNeeds needs = sourceNeedsOmpx(text, openacc);
  // The files flang reads for its include lines, found as flang finds
  // them (Includes.h: beside the including file, then -I); one it cannot
  // find or read is flang's to report.
  for (const std::string &file : includedFiles(path, text, includeDirs)) {
    if (needs.offload && needs.hostFixes)
      break;
    llvm::Expected<std::string> included = ompx::readRegularFile(file);
    if (!included) {
      llvm::consumeError(included.takeError());
      continue;
    }
    OmpxNeeds in = sourceNeedsOmpx(*included, openacc);
    needs.offload |= in.offload;
    needs.hostFixes |= in.hostFixes;
  }
  return needs;
}

std::string ompx::pipeline::accDataApiRefusal(StringRef object,
                                              StringRef source) {
  auto file = llvm::object::ObjectFile::createObjectFile(object);
  if (!file) {
    llvm::consumeError(file.takeError());
    return "";
  }
  std::string name;
  for (const llvm::object::SymbolRef &sym : file->getBinary()->symbols()) {
    llvm::Expected<StringRef> symName = sym.getName();
    if (!symName) {
      llvm::consumeError(symName.takeError());
      continue;
    }
    StringRef n = *symName;
    if (n.consume_front("ompx_acc_data_api__")) {
      name = n.split("__").first.str();
      break;
    }
  }
  if (name.empty())
    return "";
  // The object keeps no line: the first that names the procedure, outside
  // a USE statement.
  std::string where = source.str();
  if (source == object)
    return where + ": error: " + name + ": " + accDataApiReason(name);
  if (llvm::Expected<std::string> text = ompx::readRegularFile(source)) {
    unsigned number = 0;
    for (StringRef line : llvm::split(*text, '\n')) {
      ++number;
      std::string lower = line.trim().lower();
      size_t at = lower.find(name);
      if (at != std::string::npos && !StringRef(lower).starts_with("use ") &&
          !StringRef(lower).starts_with("!") &&
          (at + name.size() == lower.size() ||
           (!llvm::isAlnum(lower[at + name.size()]) &&
            lower[at + name.size()] != '_'))) {
        where += ":" + std::to_string(number);
        break;
      }
    }
  } else {
    llvm::consumeError(text.takeError());
  }
  return where + ": error: " + name + ": " + accDataApiReason(name);
}

namespace {
class FlangDriver {
public:
  explicit FlangDriver(DriverArgs args) : args(std::move(args)) {}
  int run();

private:
  int error(const std::string &message) {
    llvm::errs() << "ompx-flang: error: " << message << "\n";
    return 1;
  }
  void note(const std::string &message) {
    if (args.verbose)
      llvm::errs() << "ompx-flang: " << message << "\n";
  }
  void warning(const std::string &message) {
    llvm::errs() << "ompx-flang: warning: " << message << "\n";
  }
  bool runFlang(const std::vector<std::string> &argv);
  std::vector<std::string> unitArgs(size_t index, const std::string &object);
  bool compile(size_t index, const std::string &object);
  bool compileSource(size_t index, const std::string &object,
                     const std::string &text);
  bool scanPreprocessed(size_t index, const std::string &object, StringRef text,
                        OmpxNeeds &needs);
  void markUsedModules(const std::string &source, StringRef sourceText,
                       StringRef moduleDir, llvm::ArrayRef<std::string> fc1,
                       std::string &hlfir);
  bool compileWithOmpx(size_t index, const std::string &object,
                       llvm::ArrayRef<OffloadTarget> targets);
  bool compileUnit(const std::string &source, const std::string &hlfir,
                   const OffloadTarget &target, const std::string &workDir,
                   std::string &hostObject);
  bool offloading() const { return targets.front().kind != DeviceKind::Host; }
  /// Whether the link's objects carry device code (linkDevice).
  bool deviceCode = false;
  int link(const std::vector<std::string> &objects);
  bool linkEmptyRegistration(std::vector<std::string> &linkArgs);
  bool mayDefineNamedDataIn(StringRef source, StringRef text);
  bool allocatesAccDeclared(StringRef source, StringRef text);
  /// Whether the link takes every member of its archives.
  bool wholeArchives() const {
    return llvm::any_of(
        args.args, [](StringRef a) { return a.contains("--whole-archive"); });
  }
  bool refuseHostOnlyUnits(const LinkedInputs &linked,
                           llvm::ArrayRef<std::string> sharedLibraries,
                           llvm::ArrayRef<DeviceTarget> otherUnits);
  bool linkDevice(const std::vector<std::string> &inputs,
                  const std::vector<std::string> &sharedLibraries,
                  std::vector<std::string> &linkArgs);
  std::string scratch(StringRef name);
  bool markHostOnly(const std::string &object, StringRef construct);

  DriverArgs args;
  Toolchain tools;
  /// The program's offload targets; one Host target without offload.
  std::vector<OffloadTarget> targets{OffloadTarget()};
  std::string flang;
  llvm::SmallString<128> tmpDir;
  unsigned scratchCount = 0;
  /// ompx chose the OpenMP version of a unit's frontend (5.2): flang's
  /// warning that its 5.2 is incomplete is no news then.
  bool impliedVersion = false;
  /// The unit's `-g`, from its frontend command (`-debug-info-kind=`).
  llvm::codegenoptions::DebugInfoKind debugInfo =
      llvm::codegenoptions::NoDebugInfo;
  static constexpr const char *kVersionWarning =
      "warning: OpenMP support for version 52 in flang is still incomplete\n";
};
} // namespace

/// Runs flang-22 (the driver) with `argv` on this process's own standard
/// streams: `-E` output reaches whatever stdout the build redirected, and
/// flang's messages reach the build's log as flang wrote them.
bool FlangDriver::runFlang(const std::vector<std::string> &argv) {
  note(flang + " " + llvm::join(argv, " "));
  std::vector<StringRef> command{flang};
  command.insert(command.end(), argv.begin(), argv.end());
  // flang's stderr goes through a file: an error it reports with status 0
  // (flangErrorDiagnostic) must fail the compile too.
  std::string errFile = scratch("flang.stderr");
  std::optional<StringRef> redirects[] = {std::nullopt, std::nullopt,
                                          StringRef(errFile)};
  std::string why;
  int status = llvm::sys::ExecuteAndWait(flang, command, std::nullopt,
                                         redirects, 0, 0, &why);
  std::string err;
  if (llvm::Expected<std::string> text = ompx::readRegularFile(errFile))
    err = std::move(*text);
  else
    llvm::consumeError(text.takeError());
  fs::remove(errFile);
  // The version ompx chose itself is no news to the user.
  if (impliedVersion)
    if (size_t at = err.find(kVersionWarning); at != std::string::npos)
      err.erase(at, std::string_view(kVersionWarning).size());
  llvm::errs() << err;
  // A gap of flang-22's on valid code: its cause and a way around it.
  std::string notes = ompx::flangLimitNotes(err);
  for (StringRef line : llvm::split(notes, '\n'))
    if (!line.empty())
      llvm::errs() << "ompx-flang: " << line.drop_front(6) << "\n";
  if (status < 0)
    error(flang + ": " + why);
  if (status == 0 && flangErrorDiagnostic(err)) {
    error("flang-22 reported an error (and exited with status 0): its "
          "output is not the program");
    return false;
  }
  return status == 0;
}

std::string FlangDriver::scratch(StringRef name) {
  if (tmpDir.empty() &&
      fs::createUniqueDirectory("ompx-flang", tmpDir)) // error: stays empty
    return name.str();
  llvm::SmallString<128> p(tmpDir);
  path::append(p, std::to_string(scratchCount++) + "-" + name.str());
  return p.str().str();
}

/// Adds kHostOnlySection holding `construct` to `object` (a unit flang
/// compiled for the host alone): an object of its own, joined by ld.lld -r.
bool FlangDriver::markHostOnly(const std::string &object, StringRef construct) {
  std::string why;
  initializeTargets();
  llvm::LLVMContext context;
  llvm::Module mark("ompx.host_only", context);
  auto tm = makeTargetMachine(kHostTriple, "x86-64", true, OptLevel::O0, why);
  if (tm) {
    mark.setTargetTriple(tm->getTargetTriple());
    mark.setDataLayout(tm->createDataLayout());
    embedHostOnlyConstruct(mark, construct);
  }
  llvm::SmallString<0> code;
  std::string markObject = scratch("host-only.o"), joined = scratch("joined.o");
  if (!tm ||
      !emitCode(mark, *tm, llvm::CodeGenFileType::ObjectFile, code, why) ||
      !writeFile(markObject, code, why)) {
    error("cannot mark " + object + " as built for the host alone: " + why);
    return false;
  }
  if (!tools.ldLld()) {
    error(tools.ldLld().problem);
    return false;
  }
  ToolRun run = runTool(tools.ldLld().path,
                        {"-r", object, markObject, "-o", joined}, 300);
  if (run.exitCode != 0) {
    error("ld.lld -r cannot mark " + object + " as built for the host alone: " +
          StringRef(run.output).trim().str() + run.error);
    return false;
  }
  if (std::error_code ec = fs::rename(joined, object)) {
    if (std::error_code copy = fs::copy_file(joined, object)) {
      error("cannot write " + object + ": " + copy.message());
      return false;
    }
  }
  return true;
}

/// Whether a conditional's expression (after `#if`, `#ifdef`, ...) is one
/// ompx can evaluate from the flags: `defined(M)`, `defined M` or `M` of
/// `_OPENMP`/`_OPENACC`, negated or not. Its value, or nullopt.
static std::optional<bool> modelCondition(StringRef keyword, StringRef expr,
                                          bool openmp, bool openacc) {
  expr = expr.trim();
  bool negate = keyword == "ifndef";
  if (keyword == "if" || keyword == "elif") {
    negate = expr.consume_front("!");
    expr = expr.ltrim();
    if (expr.consume_front("defined")) {
      expr = expr.trim();
      if (expr.consume_front("(") && !expr.consume_back(")"))
        return std::nullopt;
      expr = expr.trim();
    }
  }
  if (expr != "_OPENMP" && expr != "_OPENACC")
    return std::nullopt;
  return (expr == "_OPENMP" ? openmp : openacc) != negate;
}

/// The directive kind `text` has that the flags leave out, if any:
/// flang-22 reads such directives as comments. Directives in a branch the
/// flags disable (`#ifdef _OPENACC` built with -fopenmp: a dual-model
/// source) are the user's choice, not an oversight; under a condition
/// ompx cannot evaluate they count.
static std::optional<StringRef> commentedModel(StringRef text, bool openmp,
                                               bool openacc) {
  if (openmp == openacc)
    return std::nullopt;
  StringRef missing = openmp ? "acc" : "omp";
  struct Branch {
    std::optional<bool> active; ///< nullopt: not known
    bool taken = false;         ///< an earlier branch was active
  };
  llvm::SmallVector<Branch> open;
  for (StringRef line : llvm::split(text, '\n')) {
    StringRef t = line.ltrim();
    if (t.consume_front("#")) {
      t = t.ltrim();
      StringRef keyword = t.take_while([](char c) { return isalpha(c); });
      StringRef rest = t.drop_front(keyword.size());
      if (keyword == "if" || keyword == "ifdef" || keyword == "ifndef") {
        std::optional<bool> v = modelCondition(keyword, rest, openmp, openacc);
        open.push_back({v, v.value_or(false)});
      } else if (keyword == "elif" && !open.empty()) {
        Branch &b = open.back();
        std::optional<bool> v = modelCondition(keyword, rest, openmp, openacc);
        b.active =
            b.active && v ? std::optional<bool>(!b.taken && *v) : std::nullopt;
        b.taken |= b.active.value_or(false);
      } else if (keyword == "else" && !open.empty()) {
        Branch &b = open.back();
        if (b.active)
          b.active = !b.taken;
      } else if (keyword == "endif" && !open.empty()) {
        open.pop_back();
      }
      continue;
    }
    if (isDirective(line, missing) &&
        llvm::none_of(open, [](const Branch &b) { return b.active == false; }))
      return missing;
  }
  return std::nullopt;
}

/// False, with an error at each, when `text` (of `path`) or a file it
/// includes (found beside it, then in `includeDirs`) has reduction items
/// flang-22 lowers as their whole array (elementReductions), or `text` has
/// clauses naming common blocks it lowers to another program
/// (commonBlockRefusals).
static bool refuseSourceDefects(StringRef path, StringRef text,
                                llvm::ArrayRef<std::string> includeDirs) {
  std::vector<ElementReduction> items = elementReductions(text);
  for (const ElementReduction &r : items)
    llvm::errs() << r.diagnostic(path) << "\n";
  std::vector<SourceRefusal> blocks = commonBlockRefusals(text);
  for (const SourceRefusal &r : blocks)
    llvm::errs() << r.diagnostic(path) << "\n";
  std::vector<FileElementReduction> included =
      includedElementReductions(path, includeDirs);
  for (const FileElementReduction &r : included)
    llvm::errs() << r.reduction.diagnostic(r.file) << "\n";
  return items.empty() && included.empty() && blocks.empty();
}

/// The debug information a frontend command asks for (`-debug-info-kind=`).
static llvm::codegenoptions::DebugInfoKind
debugInfoOf(llvm::ArrayRef<std::string> fc1) {
  llvm::codegenoptions::DebugInfoKind kind = llvm::codegenoptions::NoDebugInfo;
  for (StringRef a : fc1)
    if (a.consume_front("-debug-info-kind="))
      kind = a == "line-tables-only" ? llvm::codegenoptions::DebugLineTablesOnly
             : a == "line-directives-only"
                 ? llvm::codegenoptions::DebugDirectivesOnly
                 : llvm::codegenoptions::FullDebugInfo;
  return kind;
}

/// The folder a compile writes .mod files to (`-J DIR`, `-JDIR`,
/// `-module-dir DIR`, `-module-dir=DIR`, `-module-dirDIR` as CMake writes
/// it); empty: the current one.
static std::string moduleDirOf(llvm::ArrayRef<std::string> args) {
  std::string dir;
  for (size_t i = 0; i < args.size(); ++i) {
    StringRef a = args[i];
    if ((a == "-J" || a == "-module-dir") && i + 1 < args.size())
      dir = args[++i];
    else if (a.starts_with("-J") && a.size() > 2)
      dir = a.drop_front(2).str();
    else if (a.consume_front("-module-dir") && !a.empty())
      dir = a.starts_with("=") ? a.drop_front().str() : a.str();
  }
  return dir;
}

/// flang's arguments compiling source `index`, with ompx's openacc module
/// searched after the build's own folders.
std::vector<std::string> FlangDriver::unitArgs(size_t index,
                                               const std::string &object) {
  std::vector<std::string> argv = args.compileArgs(index, object);
  if (std::string acc = openaccModuleDir(); !acc.empty())
    argv.insert(argv.end() - 3, {"-I", acc}); // before -c -o OBJECT
  return argv;
}

bool FlangDriver::compile(size_t index, const std::string &object) {
  const std::string &source = args.args[args.sources[index]];
  // Read once for every scan; one that cannot be read is flang-22's to
  // report, in its words.
  llvm::Expected<std::string> read = ompx::readRegularFile(source);
  std::optional<std::string> text;
  if (read)
    text = std::move(*read);
  else
    llvm::consumeError(read.takeError());
  if (!text)
    return runFlang(unitArgs(index, object));
  if (!compileSource(index, object, *text))
    return false;
  // A unit whose only offload directives the flags made comments (a CMake
  // library without OpenMP::OpenMP_Fortran) runs their code on the host:
  // an offloading program's link refuses the object, which it would run on
  // the host's stale copies. One with directives of a model it builds
  // (`!$acc` and `!$omp` both written, built for one) is left alone.
  // Not for an output that is no object (`-o -`, LTO's bitcode, -S).
  bool objectOut = object != "-" && llvm::none_of(args.args, [](StringRef a) {
                     return a.starts_with("-flto") || a == "-S" ||
                            a == "-emit-llvm" || a == "-E" ||
                            a == "-fsyntax-only";
                   });
  std::string commented =
      commentedOffload(source, *text, args.openmp, args.openacc);
  if (objectOut && !commented.empty() &&
      !hasEnabledDirective(*text, args.openmp, args.openacc))
    return markHostOnly(object, commented);
  return true;
}

bool FlangDriver::compileSource(size_t index, const std::string &object,
                                const std::string &sourceText) {
  const std::string &source = args.args[args.sources[index]];
  std::optional<std::string> text = sourceText;
  if (std::optional<StringRef> kind =
          commentedModel(*text, args.openmp, args.openacc))
    llvm::errs() << "ompx-flang: warning: " << source << " has !$" << *kind
                 << " directives, which flang-22 reads as comments "
                    "without "
                 << (*kind == "acc" ? "-fopenacc" : "-fopenmp")
                 << " (add it to compile them)\n";
  if (args.openmp && !refuseSourceDefects(source, *text, args.includeDirs()))
    return false;
  OmpxNeeds needs =
      fileNeedsOmpx(source, *text, args.openacc, args.includeDirs());
  if (!scanPreprocessed(index, object, *text, needs))
    return false;
  if (needs.any() && offloading())
    return compileWithOmpx(index, object, targets);
  // A BLOCK DATA's common block or an initialized BIND(C) variable: other
  // units' device code reads it by name, and only this unit's device image
  // can give it its initial value (Classification::namedData).
  if (offloading() && mayDefineNamedDataIn(source, *text))
    return compileWithOmpx(index, object, targets);
  // An ALLOCATE or DEALLOCATE of another module's `acc declare`d
  // allocatable makes or drops its device copy through the module's hooks,
  // which flang-22 alone does not call (the .mod omits the directive): a
  // later `update device` aborted ("device mapping required by 'present'").
  if (args.openacc && offloading() && allocatesAccDeclared(source, *text))
    return compileWithOmpx(index, object, targets);
  if (needs.offload &&
      args.openacc) // flang-22 cannot build OpenACC for the host
    return compileWithOmpx(index, object, OffloadTarget());
  // A host build of target regions too: LLVM 22's host code writes their
  // firstprivate scalars through to the host's variables
  // (ompx-host-target-firstprivate).
  if ((needs.hostFixes || needs.offload) && args.openmp)
    return compileWithOmpx(index, object, OffloadTarget());
  if (!runFlang(unitArgs(index, object)))
    return false;
  // Its modules declare nothing target now (a record of none, with the new
  // .mod file's hash): an old record would make the units using them
  // capture plain variables by reference.
  std::string why;
  if (!writeDeclareRecords("", *text, moduleDirOf(args.args),
                           declareRecordRoot(), why)) {
    error(why);
    return false;
  }
  return true;
}

/// Whether flang reads `source` as fixed form: its extension, unless
/// -ffixed-form or -ffree-form says otherwise.
static bool fixedFormSource(StringRef source,
                            llvm::ArrayRef<std::string> args) {
  for (const std::string &a : llvm::reverse(args))
    if (a == "-ffixed-form" || a == "-ffree-form")
      return a == "-ffixed-form";
  StringRef ext = path::extension(source);
  return llvm::is_contained({".f", ".F", ".for", ".FOR", ".f77", ".F77", ".ftn",
                             ".FTN", ".fpp", ".FPP"},
                            ext);
}

/// Whether `source` (its text `text`) has an ALLOCATE or DEALLOCATE
/// statement and uses a module whose record names an `acc declare`d
/// variable.
bool FlangDriver::allocatesAccDeclared(StringRef source, StringRef text) {
  std::string lower = text.lower();
  if (!StringRef(lower).contains("allocate"))
    return false;
  std::string moduleDir = moduleDirOf(args.args);
  std::vector<std::string> searchDirs{moduleDir.empty() ? "." : moduleDir};
  llvm::append_range(searchDirs, args.includeDirs());
  return modulesDeclareAcc(unitUsedModules(source, text, searchDirs),
                           searchDirs, declareRecordRoot());
}

/// mayDefineNamedData of `source` with the files its include lines name.
bool FlangDriver::mayDefineNamedDataIn(StringRef source, StringRef text) {
  std::string all = text.str();
  for (const std::string &file :
       includedFiles(source, text, args.includeDirs())) {
    llvm::Expected<std::string> included = ompx::readRegularFile(file);
    if (included)
      all += "\n" + *included;
    else
      llvm::consumeError(included.takeError());
  }
  return mayDefineNamedData(all, fixedFormSource(source, args.args));
}

/// The scans again on the unit as flang's preprocessor leaves it, where
/// that may differ (Preprocessed.h): a directive a macro spells is routed
/// and refused as one written out. False, with the errors, for a refusal.
bool FlangDriver::scanPreprocessed(size_t index, const std::string &object,
                                   StringRef text, OmpxNeeds &needs) {
  const std::string &source = args.args[args.sources[index]];
  if ((!args.openmp && !args.openacc) ||
      !preprocessingMayMatter(source, text, args.args))
    return true;
  std::string why;
  auto fc1 = flangFrontendJobCached(flang, unitArgs(index, object), source,
                                    object, why);
  if (!fc1)
    return true; // the compile reports flang's message
  std::vector<std::string> command{flang};
  llvm::append_range(command, *fc1);
  std::optional<std::vector<PreprocessedFile>> files =
      preprocessUnit(command, "");
  if (!files)
    return true;
  note("scanning " + source + " as preprocessed");
  if (args.openmp) {
    std::vector<FileRefusals> refused =
        preprocessedRefusals(source, text, *files);
    for (const FileRefusals &f : refused)
      llvm::errs() << f.diagnostics();
    if (!refused.empty())
      return false;
  }
  for (const PreprocessedFile &f : *files) {
    OmpxNeeds in = sourceNeedsOmpx(f.text, args.openacc);
    needs.offload |= in.offload;
    needs.hostFixes |= in.hostFixes;
  }
  return true;
}

/// The unit's HLFIR compiled for `target`: a host object (with the
/// target's device bitcode when offloading) in `workDir`.
bool FlangDriver::compileUnit(const std::string &source,
                              const std::string &hlfir,
                              const OffloadTarget &target,
                              const std::string &workDir,
                              std::string &hostObject) {
  CompileJob job;
  job.workDir = workDir;
  fs::create_directories(job.workDir);
  job.inputPath = source;
  job.inputText = hlfir;
  job.device = target.kind;
  job.deviceTriple = target.triple;
  job.deviceArch = target.arch;
  job.optLevel = args.optLevel;
  job.debugInfo = debugInfo;
  job.relocatable = target.kind != DeviceKind::Host;
  job.mapWatches = args.checkMaps && target.kind == DeviceKind::HostOffload;
  CompileOutcome out = compileInProcess(
      job, [&](Stage, const std::string &msg) { note(msg); },
      [&](const std::string &msg) { note(msg); });
  if (!out.ok) {
    if (out.location)
      llvm::errs() << out.location->file << ":" << out.location->line << ":"
                   << out.location->column << ": ";
    else
      llvm::errs() << source << ": ";
    llvm::errs() << "error: " << out.message << "\n";
    return false;
  }
  hostObject = out.hostObject;
  return true;
}

bool FlangDriver::compileWithOmpx(size_t index, const std::string &object,
                                  llvm::ArrayRef<OffloadTarget> targets) {
  const std::string &source = args.args[args.sources[index]];
  note("compiling " + source + " through ompx (" +
       deviceKindName(targets.front().kind) +
       (targets.size() > 1
            ? " and " + std::to_string(targets.size() - 1) + " more target(s)"
            : std::string()) +
       ")");
  std::string why;
  auto fc1 = flangFrontendJobCached(flang, unitArgs(index, object), source,
                                    object, why);
  if (!fc1) {
    error(why);
    return false;
  }
  // ompx's OpenMP is 5.2 unless the build says otherwise (as emit's):
  // flang-22's default 3.1 lowers some constructs to other programs (a simd
  // loop's variable, refuseLinearPrivates).
  if (llvm::is_contained(*fc1, "-fopenmp") &&
      llvm::none_of(*fc1, [](StringRef a) {
        return a.starts_with("-fopenmp-version=");
      })) {
    fc1->push_back("-fopenmp-version=52");
    impliedVersion = true;
  }
  // flang's own -g: debug information in the host code, as flang-22 gives.
  debugInfo = debugInfoOf(*fc1);
  std::string workDir = scratch(path::stem(source).str() + ".d");
  fs::create_directories(workDir);
  std::string hlfir = workDir + "/unit.hlfir.mlir";
  setFrontendAction(*fc1, "-emit-hlfir", hlfir);
  fc1->insert(fc1->end(), {"-mmlir", "--mlir-print-debuginfo"});
  if (!runFlang(*fc1))
    return false;
  llvm::Expected<std::string> text = ompx::readRegularFile(hlfir);
  if (!text) {
    error(hlfir + " " + llvm::toString(text.takeError()));
    return false;
  }
  PrinterRepair repair = repairFlangPrinterDefect(*text, [&] {
    std::vector<std::string> generic = *fc1;
    std::string out = workDir + "/unit.generic.hlfir.mlir";
    setFrontendAction(generic, "-emit-hlfir", out);
    generic.insert(generic.end(), {"-mmlir", "--mlir-print-op-generic"});
    llvm::Expected<std::string> g = runFlang(generic)
                                        ? ompx::readRegularFile(out)
                                        : llvm::createStringError("failed");
    if (g)
      return std::optional<std::string>(std::move(*g));
    llvm::consumeError(g.takeError());
    return std::optional<std::string>();
  });
  if (!repair.error.empty()) {
    error(source + ": " + repair.error);
    return false;
  }
  if (repair.repaired)
    note(repair.note());
  // flang-22's .mod files drop `declare target`: record this unit's modules'
  // declare target variables, and mark those of the modules it uses
  // (DeclareRecords.h).
  std::string moduleDir = frontendOption(*fc1, "-module-dir").value_or("");
  std::string sourceText;
  if (llvm::Expected<std::string> src = ompx::readRegularFile(source)) {
    sourceText = *src;
    std::vector<std::string> loops =
        threadBoundLoopRefusals(source, *src, *text);
    for (const std::string &refusal : loops)
      llvm::errs() << refusal << "\n";
    if (!loops.empty())
      return false;
    if (!writeDeclareRecords(*text, *src, moduleDir, declareRecordRoot(),
                             why)) {
      error(why);
      return false;
    }
    std::vector<std::string> blockData;
    *text = markBlockDataDeclareTarget(*text, *src, blockData);
  } else {
    llvm::consumeError(src.takeError());
  }
  markUsedModules(source, sourceText, moduleDir, *fc1, *text);
  // One compile per target; the first's host object carries the others'
  // device bitcode too (the host code is the same for every target).
  std::vector<std::string> hostObjects;
  for (size_t i = 0; i < targets.size(); ++i) {
    std::string host;
    if (!compileUnit(source, *text, targets[i],
                     workDir + "/" + std::to_string(i), host))
      return false;
    hostObjects.push_back(host);
  }
  if (hostObjects.size() > 1) {
    if (!tools.ldLld()) {
      error(tools.ldLld().problem);
      return false;
    }
    if (!mergeDeviceCode(hostObjects.front(),
                         llvm::ArrayRef(hostObjects).drop_front(),
                         tools.ldLld().path, workDir, object, why)) {
      error(why);
      return false;
    }
    return true;
  }
  if (std::error_code ec = fs::copy_file(hostObjects.front(), object)) {
    error("cannot write " + object + ": " + ec.message());
    return false;
  }
  return true;
}

/// The variables of the modules `source` uses that their module declares
/// for the device, marked in its HLFIR from the modules' records (flang-22's
/// .mod files drop `declare target`; DeclareRecords.h), with a note each and
/// a warning for modules without a record.
void FlangDriver::markUsedModules(const std::string &source,
                                  StringRef sourceText, StringRef moduleDir,
                                  llvm::ArrayRef<std::string> fc1,
                                  std::string &hlfir) {
  std::vector<std::string> searchDirs{moduleDir.empty() ? "."
                                                        : moduleDir.str()};
  for (size_t i = 0; i + 1 < fc1.size(); ++i)
    if (fc1[i] == "-I")
      searchDirs.push_back(fc1[i + 1]);
  std::vector<std::string> used =
      unitUsedModules(source, sourceText, searchDirs);
  std::vector<std::string> marked, unrecorded;
  hlfir = markDeclaredElsewhere(hlfir, searchDirs, declareRecordRoot(), used,
                                marked, &unrecorded);
  if (std::string w = unrecordedModulesWarning(hlfir, unrecorded); !w.empty())
    warning(source + ": " + w);
  for (const std::string &name : marked)
    note(declaredElsewhereNote(name));
}

/// The device link: the units' device code for the program's target, the
/// image, and the host object registering it; adds what the host link
/// needs to `linkArgs`.
bool FlangDriver::linkDevice(const std::vector<std::string> &inputs,
                             const std::vector<std::string> &sharedLibraries,
                             std::vector<std::string> &linkArgs) {
  std::string why;
  // Read once: the objects and the archive members the link pulls in.
  auto linked =
      std::make_unique<LinkedInputs>(inputs, wholeArchives(), sharedLibraries);
  auto found = deviceTargetsIn(*linked, why);
  if (!found) {
    error(why);
    return false;
  }
  // A unit built for the host alone, in an object, an archive or a shared
  // library, refused when anything of the program offloads (a shared
  // library may carry the program's only device image).
  std::vector<DeviceTarget> libraryTargets =
      libraryImageTargets(sharedLibraries);
  if (offloading() || !found->empty() || !libraryTargets.empty()) {
    std::vector<DeviceTarget> others = *found;
    llvm::append_range(others, libraryTargets);
    if (!refuseHostOnlyUnits(*linked, sharedLibraries, others))
      return false;
  }
  deviceCode = !found->empty();
  if (found->empty()) {
    if (!offloading())
      return linkEmptyRegistration(linkArgs);
    // No unit has device code, but the build asks for devices: the program
    // must see them (omp_get_num_devices, omp_target_alloc), as flang-22's
    // objects make it.
    std::string dir = scratch("device");
    fs::create_directories(dir);
    std::string empty = joinPath(dir, "empty-device-code.o");
    if (!writeEmptyDeviceCode(empty, targets, why)) {
      error(why);
      return false;
    }
    std::vector<std::string> withDevice(inputs.begin(), inputs.end());
    withDevice.push_back(empty);
    linked = std::make_unique<LinkedInputs>(withDevice, wholeArchives(),
                                            sharedLibraries);
  }
  // A link without offload flags takes the targets the objects carry.
  if (!offloading()) {
    targets.clear();
    for (const DeviceTarget &t : *found)
      targets.push_back(offloadTargetOf(t));
  }
  ProgramLinkOutcome out = linkProgramDevice(
      targets, *linked, tools, args.optLevel, scratch("device"),
      [&](const std::string &m) { note(m); }, sharedLibraries);
  if (!out.ok) {
    if (out.location)
      llvm::errs() << out.location->file << ":" << out.location->line << ":"
                   << out.location->column << ": error: " << out.message
                   << "\n";
    else
      error(out.message);
    return false;
  }
  llvm::append_range(linkArgs, out.linkArgs);
  return true;
}

/// False, with an error for each, when an input of this offloading link
/// was built without the offload targets although its unit has offload
/// constructs: they would run on the host, on the host's copies of data
/// that the other units' constructs map to the device (a kernel's results
/// unseen, silently), and flang-22 links it so.
bool FlangDriver::refuseHostOnlyUnits(
    const LinkedInputs &linked, llvm::ArrayRef<std::string> sharedLibraries,
    llvm::ArrayRef<DeviceTarget> otherUnits) {
  std::vector<HostOnlyUnit> units = hostOnlyUnitsIn(linked);
  // A shared library is a unit of its own (its objects' marks are kept).
  llvm::append_range(units, hostOnlyUnitsIn(LinkedInputs(
                                sharedLibraries, /*wholeArchives=*/false)));
  bool anyDevice = !otherUnits.empty();
  // The link's targets, else those the other units carry.
  std::vector<OffloadTarget> wanted(targets);
  if (!offloading()) {
    wanted.clear();
    llvm::transform(otherUnits, std::back_inserter(wanted), offloadTargetOf);
  }
  std::vector<std::string> flags;
  for (const OffloadTarget &t : wanted) {
    bool gpu = t.kind == DeviceKind::NVPTX || t.kind == DeviceKind::AMDGPU;
    std::string flag =
        gpu ? "--offload-arch=" + t.arch : "-fopenmp-targets=" + t.triple;
    if (!llvm::is_contained(flags, flag))
      flags.push_back(flag);
  }
  for (const HostOnlyUnit &u : units) {
    if (u.unmarked) {
      llvm::errs() << u.input << ": error: " << u.input
                   << " was compiled by flang without ompx-flang and without "
                      "offload targets, but the program offloads: its target "
                      "region at "
                   << u.construct
                   << " would run on the host, on the host's copies of the "
                      "data other units map to the device (and its target "
                      "data constructs do nothing); compile it again with "
                      "ompx-flang and "
                   << llvm::join(flags, " ") << "\n";
      continue;
    }
    for (StringRef line : llvm::split(StringRef(u.construct).trim(), '\n')) {
      auto [at, rest] = line.split('\t');
      // A third field: the flag without which flang read it as a comment.
      auto [construct, flag] = rest.split('\t');
      if (!flag.empty()) {
        llvm::errs() << at << ": error: " << u.input << " was compiled without "
                     << flag << ", so its " << construct
                     << " directive is a comment and the code under it runs "
                        "on the host, on the host's copies of the data other "
                        "units map to the device, but the program offloads; "
                        "compile it again with "
                     << flag << " " << llvm::join(flags, " ") << "\n";
        continue;
      }
      llvm::errs() << at << ": error: " << u.input
                   << " was compiled without offload targets, but the program "
                      "offloads: its "
                   << construct
                   << " construct would run on the host, on the host's copies "
                      "of the data other units map to the device; compile it "
                      "again with "
                   << llvm::join(flags, " ")
                   << (anyDevice ? ", as the other units are\n"
                                 : ", as the link asks\n");
    }
  }
  return units.empty();
}

/// Whether a link line names libomptarget itself.
static bool namesLibomptarget(llvm::ArrayRef<std::string> argv) {
  return llvm::any_of(argv, [](StringRef a) {
    return a == "-lomptarget" || path::filename(a).starts_with("libomptarget");
  });
}

/// A program of -fopenmp without device code links libomptarget 22 for its
/// device memory routines (or names it, as CMake's FindOpenMP does after
/// reading this driver's link line); registering nothing leaves
/// libomptarget unset, and omp_get_num_devices (which libomp passes on to
/// it) crashed.
bool FlangDriver::linkEmptyRegistration(std::vector<std::string> &linkArgs) {
  if (!(args.openmp || args.openacc || offloading() ||
        namesLibomptarget(args.args)))
    return true;
  std::string dir = scratch("device");
  fs::create_directories(dir);
  std::string object = joinPath(dir, "empty-registration.o");
  std::string why;
  if (!writeEmptyRegistration(object, why)) {
    error(why);
    return false;
  }
  linkArgs.push_back(object);
  return true;
}

/// The library `-lNAME` (`-l:FILE`) names, searched as the linker searches
/// it: in each `-L` folder of the line in turn, a `libNAME.so` there first.
/// Empty when none of those folders has it (a system library).
static std::string findLibrary(StringRef name,
                               llvm::ArrayRef<std::string> searchDirs) {
  bool exact = name.consume_front(":");
  for (const std::string &dir : searchDirs) {
    llvm::SmallString<256> p(dir);
    if (exact) {
      path::append(p, name);
      if (fs::is_regular_file(p))
        return p.str().str();
      continue;
    }
    path::append(p, "lib" + name + ".so");
    if (fs::exists(p))
      return p.str().str();
    path::replace_extension(p, ".a");
    if (fs::is_regular_file(p))
      return p.str().str();
  }
  return "";
}

/// Whether `file` names a shared library (`libx.so`, `libx.so.1`).
static bool isSharedLibrary(StringRef file) {
  StringRef name = path::filename(file);
  return name.ends_with(".so") || name.contains(".so.");
}

int FlangDriver::link(const std::vector<std::string> &objects) {
  std::vector<std::string> linkArgs, inputs, sharedLibraries;
  // Every -L folder applies to every -l, wherever it stands (GNU ld).
  std::vector<std::string> searchDirs;
  for (size_t i = 0; i < args.args.size(); ++i) {
    StringRef a = args.args[i];
    if (a == "-L" && i + 1 < args.args.size())
      searchDirs.push_back(args.args[++i]);
    else if (a.starts_with("-L") && a.size() > 2)
      searchDirs.push_back(a.drop_front(2).str());
  }
  for (size_t i = 0, next = 0; i < args.args.size(); ++i) {
    if (next < args.sources.size() && args.sources[next] == i) {
      linkArgs.push_back(objects[next]);
      inputs.push_back(objects[next++]);
      continue;
    }
    // The module folder served the compiles: the link alone would warn
    // that it is unused.
    if (StringRef a = args.args[i]; a == "-J" || a == "-module-dir") {
      ++i;
      continue;
    } else if (a.starts_with("-J") && a.size() > 2) {
      continue;
    }
    linkArgs.push_back(args.args[i]);
    StringRef ext = path::extension(args.args[i]);
    if (!StringRef(args.args[i]).starts_with("-") &&
        (ext == ".o" || ext == ".a") && fs::is_regular_file(args.args[i]))
      inputs.push_back(args.args[i]);
    // An archive of ompx units given as -lNAME: its device code too, or
    // the program's kernels and declare target variables are missing from
    // the image and the program dies at its first target region.
    StringRef a = args.args[i];
    std::optional<StringRef> lib;
    if (a == "-l" && i + 1 < args.args.size())
      lib = args.args[i + 1];
    else if (a.starts_with("-l") && a.size() > 2)
      lib = a.drop_front(2);
    // A shared library (-lNAME or a path) has its own device image, which
    // the program's device code cannot call into: the device link checks.
    std::string library;
    if (lib)
      library = findLibrary(*lib, searchDirs);
    else if (!a.starts_with("-") && isSharedLibrary(a) &&
             fs::is_regular_file(a))
      library = a.str();
    if (library.empty())
      continue;
    if (isSharedLibrary(library))
      sharedLibraries.push_back(library);
    else if (path::extension(library) == ".a" && lib)
      inputs.push_back(library);
  }
  // Before the link, which would only say that a label is undefined.
  for (const std::string &input : inputs) {
    // A unit compiled here is named by its source, an object by itself.
    auto unit = llvm::find(objects, input);
    std::string source = unit == objects.end()
                             ? input
                             : args.args[args.sources[unit - objects.begin()]];
    if (std::string refusal = accDataApiRefusal(input, source);
        !refusal.empty()) {
      llvm::errs() << refusal << "\n";
      return 1;
    }
  }
  if (!linkDevice(inputs, sharedLibraries, linkArgs))
    return 1;
  // Objects with device code were built with -fopenmp (they call the
  // OpenMP runtime): a link rule without $(FFLAGS) gets its runtime too.
  bool openmp = args.openmp || args.openacc || offloading() || deviceCode;
  if (openmp && !args.openmp)
    linkArgs.push_back("-fopenmp");
  if (openmp) {
    std::string problem;
    std::string libomp = tools.libompDir(scratch("lib"), problem);
    if (!problem.empty())
      return error(problem);
    // ompx's runtime folders go before the build's own -L and -rpath: a
    // build whose LDFLAGS name another LLVM's folder (-L/usr/lib/llvm-14/lib
    // -Wl,-rpath,...) got that libomptarget at the link (undefined
    // __tgt_target_kernel) or that libomp at run time (libomptarget 22:
    // "undefined symbol: __kmpc_omp_has_task_team" at the first nowait).
    // DT_RPATH rather than DT_RUNPATH: an LD_LIBRARY_PATH naming such a
    // folder (an environment module's) does not override them either.
    std::vector<std::string> front;
    if (!libomp.empty())
      front.push_back("-L" + libomp);
    // libomptarget 22 (device memory routines, the offload runtime): ompx's
    // own copy or the toolchain's, found at run time without
    // LD_LIBRARY_PATH.
    std::string lib = tools.offloadLibDir(problem);
    if (!problem.empty())
      return error(problem);
    front.push_back("-L" + lib);
    llvm::append_range(front, tools.runtimeRunPaths());
    front.push_back("-Wl,-rpath," + lib);
    front.push_back("-Wl,--disable-new-dtags");
    linkArgs.insert(linkArgs.begin(), front.begin(), front.end());
    // The openacc module's code, for the units that use it (an archive).
    if (std::string acc = openaccLibrary(); !acc.empty())
      linkArgs.push_back(acc);
    // GNU ld would check libomptarget's own dependencies (libLLVM's 100k
    // symbols) for undefined references, five times the rest of the link;
    // the loader resolves them at run time anyway.
    linkArgs.insert(linkArgs.end(),
                    {"-Wl,--as-needed", "-lomptarget", "-Wl,--no-as-needed",
                     "-Wl,--allow-shlib-undefined",
                     // Last: a link line's own --enable-new-dtags would
                     // make the run paths RUNPATH again.
                     "-Wl,--disable-new-dtags"});
  }
  return runFlang(linkArgs) ? 0 : 1;
}

/// Whether a link's objects or archives carry device code: units built
/// with -fopenmp and offload targets, linked by a rule without $(FFLAGS).
static bool linksDeviceCode(llvm::ArrayRef<std::string> argv) {
  std::vector<std::string> objects;
  for (StringRef a : argv) {
    StringRef ext = path::extension(a);
    if (!a.starts_with("-") && (ext == ".o" || ext == ".a") &&
        fs::is_regular_file(a))
      objects.push_back(a.str());
  }
  std::string why;
  auto found = objects.empty() ? std::nullopt : deviceTargetsIn(objects, why);
  return found && !found->empty();
}

int FlangDriver::run() {
  if (!tools.flang())
    return error(tools.flang().problem + "; install the Debian package "
                                         "flang-22");
  flang = tools.flang().path;
  if (args.passThrough ||
      (args.sources.empty() && !args.offload() && !args.openmp &&
       !args.openacc && !namesLibomptarget(args.args) &&
       !linksDeviceCode(args.args)))
    return runFlang(args.args) ? 0 : 1;
  // flang-22 ignores offload targets without -fopenmp/-fopenacc, and CMake
  // gives CMAKE_Fortran_FLAGS to its compiler check alone (FindOpenMP adds
  // -fopenmp later): a refusal would stop the build's configuration. Said,
  // and the unit is built as flang-22 builds it: without device code. A
  // link alone keeps them: CMake links with CMAKE_Fortran_FLAGS and
  // FindOpenMP's libraries, not -fopenmp, and objects with device code
  // linked without their image crashed at the first target region.
  if (args.offload() && !args.openmp && !args.openacc &&
      !args.sources.empty()) {
    llvm::errs() << "ompx-flang: warning: offload targets without -fopenmp "
                    "(or -fopenacc) are ignored, as flang-22 ignores them: "
                    "no device code is built\n";
    // A source with offload directives (comments now) is compiled unit by
    // unit, for its object to carry that mark (compile).
    bool commented = llvm::any_of(args.sources, [&](size_t i) {
      llvm::Expected<std::string> text = ompx::readRegularFile(args.args[i]);
      if (!text) {
        llvm::consumeError(text.takeError());
        return false;
      }
      return !commentedOffload(args.args[i], *text, false, false).empty();
    });
    if (!commented)
      return runFlang(args.args) ? 0 : 1;
    args.offloadTriples.clear();
    args.offloadArchs.clear();
  }
  std::string why;
  std::vector<std::string> probed;
  if (args.offload() && args.offloadArchs.empty() &&
      !llvm::any_of(args.offloadTriples,
                    [](StringRef t) { return t.starts_with("x86_64"); }))
    for (DeviceKind k : {DeviceKind::NVPTX, DeviceKind::AMDGPU})
      llvm::append_range(probed, probeGpus(tools, k).archs);
  auto resolved = resolveOffloadTargets(args, probed, why);
  if (!resolved)
    return error(why);
  targets = std::move(*resolved);
  if (args.compileOnly && args.sources.size() > 1 && !args.output.empty())
    return error("cannot specify -o when generating multiple output files");
  std::vector<std::string> objects;
  bool ok = true;
  for (size_t i = 0; i < args.sources.size(); ++i) {
    StringRef source = args.args[args.sources[i]];
    std::string object =
        !args.compileOnly      ? scratch(path::stem(source).str() + ".o")
        : !args.output.empty() ? args.output
                               : (path::stem(source) + ".o").str();
    ok = compile(i, object) && ok;
    objects.push_back(object);
  }
  int status = !ok ? 1 : args.compileOnly ? 0 : link(objects);
  if (!tmpDir.empty() && !getenv("OMPX_FLANG_KEEP"))
    fs::remove_directories(tmpDir);
  else if (!tmpDir.empty())
    llvm::errs() << "ompx-flang: intermediates kept in " << tmpDir << "\n";
  return status;
}

int ompx::pipeline::runFlangDriver(llvm::ArrayRef<std::string> argv) {
  // `@file` arguments (CMake's response files of a long link line) as
  // flang-22 reads them: the objects in them must reach the device link.
  llvm::BumpPtrAllocator alloc;
  llvm::SmallVector<const char *> expanded;
  for (const std::string &a : argv)
    expanded.push_back(a.c_str());
  llvm::cl::ExpansionContext context(alloc, llvm::cl::TokenizeGNUCommandLine);
  if (llvm::Error e = context.expandResponseFiles(expanded)) {
    llvm::errs() << "ompx-flang: error: " << llvm::toString(std::move(e))
                 << "\n";
    return 1;
  }
  std::vector<std::string> all(expanded.begin(), expanded.end());
  std::string why;
  std::optional<DriverArgs> args = parseDriverArgs(all, why);
  if (!args) {
    llvm::errs() << "ompx-flang: error: " << why << "\n";
    return 1;
  }
  return FlangDriver(std::move(*args)).run();
}
