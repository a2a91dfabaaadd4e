//===- ChunkAnalyzer.cpp - Parse and verify one chunk ---------------------===//

#include "server/analysis/ChunkAnalyzer.h"
#include "dialects/ir/Registry.h"
#include "pipeline/compile/Readiness.h"
#include "server/analysis/Breadcrumbs.h"
#include "server/analysis/DiagnosticMapper.h"
#include "server/analysis/MappingChecks.h"
#include "server/analysis/ParallelParse.h"
#include "server/analysis/RecordBuilder.h"
#include "server/analysis/WorkText.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <tuple>

using namespace ompx;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// AnalysisEngine
//===----------------------------------------------------------------------===//

AnalysisEngine::AnalysisEngine()
    : registry(std::make_unique<mlir::DialectRegistry>()) {
  registerOmpxDialects(*registry);
  // Threading starts off (an in-process analysis shares this context);
  // worker processes turn it on for themselves.
  ctx = std::make_unique<mlir::MLIRContext>(
      *registry, mlir::MLIRContext::Threading::DISABLED);
  // Generic-form ops of unknown dialects (`"test.op"()`), as upstream tests
  // use them; unknown ops of known dialects are still errors.
  ctx->allowUnregisteredDialects();
  // The op is in front of the user; a generic-form dump full of
  // <<UNKNOWN SSA VALUE>> in every diagnostic is noise.
  ctx->printOpOnDiagnostic(false);
  loadFlangDialects(*ctx);
}

AnalysisEngine::~AnalysisEngine() = default;

std::vector<std::string>
AnalysisEngine::registeredOps(StringRef dialect) const {
  if (mlir::Dialect *d = ctx->getOrLoadDialect(dialect))
    (void)d;
  std::vector<std::string> names;
  for (mlir::RegisteredOperationName op : ctx->getRegisteredOperations())
    if (op.getDialectNamespace() == dialect)
      names.push_back(op.getStringRef().str());
  llvm::sort(names);
  return names;
}

/// "map.info" / "declare_reduction" / "MapInfo" -> "mapinfo",
/// "declarereduction"
static std::string normalizeOpName(StringRef name) {
  std::string out;
  for (char c : name)
    if (c != '_' && c != '.')
      out.push_back(llvm::toLower(c));
  return out;
}

std::string AnalysisEngine::opNameForClass(StringRef cppClass) const {
  return ompx::opNameForClass(registeredOps(), cppClass);
}

std::vector<std::string> AnalysisEngine::registeredOps() const {
  std::vector<std::string> names;
  for (mlir::RegisteredOperationName op : ctx->getRegisteredOperations())
    names.push_back(op.getStringRef().str());
  return names;
}

std::string ompx::opNameForClass(llvm::ArrayRef<std::string> registeredOps,
                                 StringRef cppClass) {
  // "mlir::omp::MapInfoOp" -> dialect namespace "omp", class "MapInfo".
  llvm::SmallVector<StringRef> parts;
  cppClass.split(parts, "::");
  if (parts.size() < 2)
    return "";
  StringRef cls = parts.back();
  StringRef ns = parts[parts.size() - 2];
  if (!cls.consume_back("Op"))
    return "";
  std::string key = normalizeOpName(ns) + normalizeOpName(cls);
  for (StringRef full : registeredOps) {
    if (normalizeOpName(full) == key)
      return full.str();
    // Namespaces that differ from the dialect name (fir -> FIROps, ...).
    auto [dialect, op] = full.split('.');
    if (normalizeOpName(op) == normalizeOpName(cls) &&
        normalizeOpName(ns).find(normalizeOpName(dialect)) != std::string::npos)
      return full.str();
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Analysis of one chunk
//===----------------------------------------------------------------------===//

namespace {

/// Parses the chunk (in two halves at once where it can, else recovering
/// from parse errors by blanking units), verifies it, runs the checks that
/// read verified IR and records what the features read. The work itself is
/// in WorkText, ParallelParse, RecordBuilder and DiagnosticMapper; this
/// class orders it.
class Analyzer {
public:
  Analyzer(mlir::MLIRContext &ctx, StringRef doc, ChunkSpan span,
           const AnalyzerOptions &options, const AnalyzeHooks &hooks)
      : ctx(ctx), options(options), hooks(hooks),
        text(doc, span,
             hooks.mutableDoc ? hooks.mutableDoc + span.begin : nullptr),
        records(result, text), mapper(text, result) {}

  ChunkAnalysis run();

private:
  using Clock = std::chrono::steady_clock;
  void guardDepth();
  void guardLongLiterals();
  void reportNulByte();
  void guardByteOrderMark();
  bool parseInHalves(Clock::time_point start);
  void parseWithRecovery(Clock::time_point start);
  bool parseAttempt(Parse &parse);
  std::optional<uint32_t>
  reportParseErrors(const std::vector<RawDiagnostic> &diags,
                    std::optional<size_t> &firstError);
  std::optional<TextRange> nextUnit(std::optional<uint32_t> errorAt,
                                    unsigned parseErrors);
  bool repairFlangBlockArgType(const RawDiagnostic &raw, Diagnostic &reported);
  /// The op records of the parse being analyzed, made when first read: a
  /// clean chunk's diagnostics need none (1M ops: 160 ms).
  void collectPendingOps() {
    if (opsPending)
      records.collectOps(defTable);
    opsPending = false;
  }
  void analyzeParsed(mlir::Block &block, ParsedDefs &parsed,
                     const std::vector<RawDiagnostic> &diags,
                     unsigned parseErrors, Clock::time_point start);
  void relocate();
  mlir::OwningOpRef<mlir::ModuleOp> verify(mlir::Block &block,
                                           std::vector<RawDiagnostic> &diags);
  void verifyModule(mlir::ModuleOp module, std::vector<RawDiagnostic> &diags);
  void checkVerified(mlir::ModuleOp module,
                     const std::vector<RawDiagnostic> &diags, bool lowerAfter);
  void lower(mlir::ModuleOp module);
  void diagnosticsFinal();
  ChunkAnalysis finish();

  mlir::MLIRContext &ctx;
  const AnalyzerOptions &options;
  const AnalyzeHooks &hooks;
  ChunkAnalysis result;
  WorkText text; ///< the chunk's text, with blanked units and repairs
  RecordBuilder records;
  DiagnosticMapper mapper;
  bool diagnosticsSent = false;
  /// What the parser states said of the parse being analyzed.
  DefTable defTable;
  bool opsPending = false;
  /// The last structure scan (where the chunk can be cut in two).
  StructureScan scan;
};

} // namespace

ChunkAnalysis Analyzer::run() {
  ChunkSpan span = text.span();
  result.chunkBegin = span.begin;
  result.chunkEnd = span.end;
  for (const TextRange &r : options.preBlanked)
    text.blank({r.begin - span.begin, r.end - span.begin});
  reportNulByte();
  guardByteOrderMark();
  guardDepth();
  guardLongLiterals();
  auto start = Clock::now();
  if (!parseInHalves(start))
    parseWithRecovery(start);
  return finish();
}

/// The MLIR lexer skips NUL bytes like blanks; they are almost surely
/// corruption, so say where the first one is.
void Analyzer::reportNulByte() {
  size_t nul = text.find('\0');
  if (nul == std::string::npos)
    return;
  uint32_t at = uint32_t(nul) + text.span().begin;
  Diagnostic d;
  d.severity = Severity::Warning;
  d.kind = DiagKind::Parse;
  d.range = {at, at + 1};
  d.anchor = d.range.begin;
  d.message = "NUL byte in the text (the MLIR parser ignores it)";
  result.diagnostics.push_back(std::move(d));
}

/// A UTF-8 byte order mark opening the document (an editor's "UTF-8 with
/// BOM"): MLIR's lexer stops at it ("unexpected character") and the parse
/// of everything after failed with it. Said once; the rest is parsed as if
/// the mark were blank.
void Analyzer::guardByteOrderMark() {
  if (text.span().begin != 0 || !StringRef(text).starts_with("\xEF\xBB\xBF"))
    return;
  Diagnostic d;
  d.kind = DiagKind::Parse;
  d.range = {0, 3};
  d.anchor = 0;
  d.message = "a UTF-8 byte order mark starts the file: MLIR's parser "
              "rejects it (mlir-opt too); save the file as UTF-8 without "
              "BOM. The rest is analyzed as if it were not there";
  result.diagnostics.push_back(std::move(d));
  text.blank({0, 3});
}

/// Guards the recursive-descent parser's stack: blanks units nested deeper
/// than the worker's stack can parse, and says so.
void Analyzer::guardDepth() {
  for (unsigned guard = 0; guard < 64; ++guard) {
    scan = scanStructure(text, options.depthLimit);
    if (!scan.depthExceededAt)
      break;
    uint32_t at = *scan.depthExceededAt;
    Diagnostic d;
    d.kind = DiagKind::Limit;
    d.range = text.docRangeAt(at);
    d.anchor = d.range.begin;
    d.message = "nesting deeper than " + std::to_string(options.depthLimit) +
                " levels: this op is not parsed (the parser would run out "
                "of stack; mlir-opt and the upstream MLIR servers crash on "
                "such input)";
    result.diagnostics.push_back(std::move(d));
    std::optional<TextRange> unit = findRecoveryUnit(text, at);
    if (!unit)
      unit = TextRange{0, uint32_t(text.size())};
    text.blank(*unit);
  }
}

/// The offset of the first number token in `s` (outside strings and
/// comments) with more than `max` digits.
static std::optional<uint32_t> longNumberAt(StringRef s, size_t max) {
  // Most text has no such digit run anywhere: one quick pass first.
  size_t run = 0, n = s.size();
  bool any = false;
  for (size_t i = 0; i < n && !any; ++i)
    any = llvm::isDigit(s[i]) ? ++run > max : (run = 0);
  if (!any)
    return std::nullopt;
  for (size_t i = 0; i < n; ++i) {
    char c = s[i];
    if (c == '"') { // strings end at their quote or the line's end
      for (++i; i < n && s[i] != '"' && s[i] != '\n'; ++i)
        if (s[i] == '\\')
          ++i;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      i = std::min(n, s.find('\n', i));
    } else if (llvm::isDigit(c)) {
      // A name's digits (`%12`, `@f2`, `#loc3`, `x1`) are not a number.
      char before = i ? s[i - 1] : ' ';
      size_t end = i;
      while (end < n && llvm::isDigit(s[end]))
        ++end;
      if (end - i > max && !llvm::isAlnum(before) &&
          !StringRef("_%@^#$!.").contains(before))
        return uint32_t(i);
      i = end - 1;
    }
  }
  return std::nullopt;
}

/// MLIR's parser reads an integer literal in time growing with the cube of
/// its length (50,000 digits: minutes, which every other document waited
/// for): a unit with a number longer than any integer type's (i4096 has
/// 1234 digits) is not parsed, and says so.
void Analyzer::guardLongLiterals() {
  constexpr size_t kMaxDigits = 1500;
  for (unsigned guard = 0; guard < 64; ++guard) {
    std::optional<uint32_t> at = longNumberAt(text, kMaxDigits);
    if (!at)
      break;
    Diagnostic d;
    d.kind = DiagKind::Limit;
    d.range = text.docRangeAt(*at);
    d.anchor = d.range.begin;
    d.message = "a number of more than " + std::to_string(kMaxDigits) +
                " digits: this op is not parsed (MLIR's parser takes time "
                "growing with the cube of its length; no integer type has "
                "that many)";
    result.diagnostics.push_back(std::move(d));
    std::optional<TextRange> unit = findRecoveryUnit(text, *at);
    if (!unit)
      unit = TextRange{0, uint32_t(text.size())};
    text.blank(*unit);
  }
}

/// Analyzes the chunk parsed as two halves at once, if it can be.
bool Analyzer::parseInHalves(Clock::time_point start) {
  ParallelParse halves(ctx, text, hooks);
  ParsedDefs defs;
  if (!halves.run(scan, options.parallelParseMinBytes, defs))
    return false;
  result.parseCut = text.span().begin + halves.cut();
  if (hooks.parsedInHalves)
    hooks.parsedInHalves(result.parseCut);
  analyzeParsed(halves.block(), defs, {}, 0, start);
  return true;
}

/// Parses the chunk in one piece; at a parse error, reports it, keeps what
/// the parser saw of the failing unit, blanks the unit and parses again.
void Analyzer::parseWithRecovery(Clock::time_point start) {
  for (unsigned parseErrors = 0;;) {
    Parse parse;
    if (parseAttempt(parse)) {
      ParsedDefs defs(parse.state);
      analyzeParsed(parse.block, defs, parse.diags, parseErrors, start);
      return;
    }
    std::optional<size_t> firstError; ///< its index in result.diagnostics
    std::optional<uint32_t> errorAt =
        reportParseErrors(parse.diags, firstError);
    ++parseErrors;
    if (parseErrors < options.maxParseErrors && firstError &&
        repairFlangBlockArgType(parse.diags.front(),
                                result.diagnostics[*firstError]))
      continue;
    std::optional<TextRange> unit = nextUnit(errorAt, parseErrors);
    if (!unit) {
      records.collectPartial(parse.state, TextRange{0, uint32_t(text.size())});
      return;
    }
    // A misspelled module keyword fails at the module's first token; the
    // whole module blanked would hide every error of its body. Respelled,
    // the module keeps its attributes; else its header and `}` go.
    if (auto shell = errorAt ? misspelledModuleShell(text, *unit, *errorAt)
                             : std::nullopt) {
      TextRange head = shell->first;
      if (std::optional<std::string> respelled = respelledModuleHeader(
              StringRef(text).slice(head.begin, head.end))) {
        text.own().replace(head.begin, respelled->size(), *respelled);
        continue;
      }
      text.blank(head);
      text.blank(shell->second);
      continue;
    }
    records.collectPartial(parse.state, *unit);
    text.blank(*unit);
  }
}

/// Reports a failed parse's diagnostics, each once; returns where its first
/// error is, and sets `firstError` to the index of the first diagnostic in
/// result.diagnostics when it is new.
std::optional<uint32_t>
Analyzer::reportParseErrors(const std::vector<RawDiagnostic> &diags,
                            std::optional<size_t> &firstError) {
  std::optional<uint32_t> errorAt;
  for (const RawDiagnostic &raw : diags) {
    if (raw.severity == mlir::DiagnosticSeverity::Error && !errorAt) {
      errorAt = text.chunkOffset(raw.loc);
      // A value used before its definition in another op (a deleted
      // definition): the parser reports it at a later op's definition of
      // the same name, which is intact. The use is what to blank; the
      // definition's op would only move the error to the next one.
      if (StringRef(raw.message).starts_with("definition of SSA value"))
        for (const auto &[loc, note] : raw.notes)
          if (StringRef(note).starts_with("previously used here"))
            if (std::optional<uint32_t> use = text.chunkOffset(loc))
              errorAt = use;
    }
    Diagnostic d = mapper.convert(raw, DiagKind::Parse);
    // A re-parse can meet the same error again; say it once.
    bool seen = std::any_of(result.diagnostics.begin(),
                            result.diagnostics.end(), [&](const Diagnostic &o) {
                              return o.kind == d.kind && o.range == d.range &&
                                     o.message == d.message;
                            });
    if (!seen) {
      result.diagnostics.push_back(std::move(d));
      if (&raw == &diags.front())
        firstError = result.diagnostics.size() - 1;
    }
  }
  return errorAt;
}

/// The unit to blank for the parse error at `errorAt`; none when blanking
/// would not help or after too many errors (said, if more could be found).
std::optional<TextRange> Analyzer::nextUnit(std::optional<uint32_t> errorAt,
                                            unsigned parseErrors) {
  std::optional<TextRange> unit =
      errorAt ? findRecoveryUnit(text, *errorAt) : std::nullopt;
  bool progress =
      unit && llvm::none_of(text.blankedUnits(),
                            [&](const TextRange &b) { return b == *unit; });
  // Blanking must remove the error's own text or an unbalanced op before
  // it (which the parser noticed only later), or nothing changes.
  if (progress && errorAt && unit->end <= *errorAt && *errorAt < text.size() &&
      bracketsBalanced(text, *unit))
    progress = false;
  if (progress && parseErrors >= options.maxParseErrors) {
    // Say that the list is cut, not that the rest is clean.
    Diagnostic d;
    d.severity = Severity::Warning;
    d.kind = DiagKind::Limit;
    d.range = text.docRangeAt(*errorAt);
    // Re-parses can meet an error already said: count those shown.
    size_t shown = llvm::count_if(result.diagnostics, [](const Diagnostic &o) {
      return o.kind == DiagKind::Parse && o.severity == Severity::Error;
    });
    d.message = "stopped after " + std::to_string(shown) +
                " parse errors: later errors in this chunk are not shown "
                "and it is not analyzed";
    result.diagnostics.push_back(std::move(d));
  }
  if (!progress || parseErrors >= options.maxParseErrors)
    return std::nullopt;
  return unit;
}

/// flang-22's block-argument type defect (WorkText::repairBlockArgType):
/// the error stays; to analyze the region anyway, the text is repaired and
/// `reported` gets a note that explains. Returns whether it was.
bool Analyzer::repairFlangBlockArgType(const RawDiagnostic &raw,
                                       Diagnostic &reported) {
  std::optional<FlangTypeMismatch> m = mapper.flangTypeMismatch(raw);
  if (!m || !text.repairBlockArgType(m->useAt, m->priorAt, m->arg, m->used,
                                     m->printed))
    return false;
  reported.notes.push_back(DiagnosticMapper::flangRepairNote(*m));
  return true;
}

bool Analyzer::parseAttempt(Parse &parse) {
  DiagnosticCollector collect(ctx, parse.diags);
  if (Breadcrumbs *crumbs = currentBreadcrumbs())
    crumbs->phase = Phase::Parse;
  bool ok = parseText(ctx, text, parse);
  text.setBuffers(parse.buffer);
  return ok;
}

/// Translates a clone of the verified chunk as a launch would and reports
/// what that says; a crash in there is the worker's to contain (Phase::Lower).
void Analyzer::lower(mlir::ModuleOp module) {
  std::vector<RawDiagnostic> diags;
  {
    DiagnosticCollector collect(ctx, diags);
    Breadcrumbs *crumbs = currentBreadcrumbs();
    if (crumbs)
      crumbs->phase = Phase::Lower;
    pipeline::ReadinessOutcome outcome =
        pipeline::checkLoweringReadiness(module, kChunkBufferName);
    if (crumbs)
      crumbs->phase = Phase::Collect;
    result.lowered = !outcome.skipped;
    result.lowerMs = outcome.ms;
  }
  // The host and device views often say the same thing about one op.
  std::set<std::tuple<uint32_t, uint32_t, int, std::string>> seen;
  for (const RawDiagnostic &raw : diags) {
    Diagnostic d = mapper.convert(raw, DiagKind::Lowering);
    if (seen.insert({d.range.begin, d.range.end, int(d.severity), d.message})
            .second)
      result.diagnostics.push_back(std::move(d));
  }
}

/// Verifies what parsed as mlir-opt does and returns the module that now
/// owns the ops (null when there is none).
mlir::OwningOpRef<mlir::ModuleOp>
Analyzer::verify(mlir::Block &block, std::vector<RawDiagnostic> &diags) {
  // mlir-opt verifies the implicit top-level module too (symbol uniqueness).
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::detail::constructContainerOpForParserIfNecessary<mlir::ModuleOp>(
          &block, &ctx,
          mlir::FileLineColLoc::get(&ctx, kChunkBufferName, 1, 1));
  if (module)
    verifyModule(*module, diags);
  return module;
}

/// Runs the verifiers on `module`, collecting what they say into `diags`.
void Analyzer::verifyModule(mlir::ModuleOp module,
                            std::vector<RawDiagnostic> &diags) {
  DiagnosticCollector collect(ctx, diags);
  Breadcrumbs *crumbs = currentBreadcrumbs();
  if (crumbs)
    crumbs->phase = Phase::Verify;
  if (options.locateVerifierCrash) {
    // Op by op, innermost first, leaving a breadcrumb before each.
    module.walk([&](mlir::Operation *op) {
      if (crumbs) {
        std::optional<uint32_t> off = text.chunkOffset(op->getLoc());
        crumbs->currentOp = off ? text.toDoc(*off) - text.span().begin : ~0u;
      }
      (void)mlir::verify(op, /*verifyRecursively=*/false);
    });
  } else {
    (void)mlir::verify(module);
  }
  if (crumbs)
    crumbs->phase = Phase::Collect;
}

/// Reports the verifier's findings, then runs what reads only verified IR.
/// Reads op records only, and values, blocks and facts when `diags` is not
/// empty (a verifier message is refined with them).
void Analyzer::checkVerified(mlir::ModuleOp module,
                             const std::vector<RawDiagnostic> &diags,
                             bool lowerAfter) {
  if (!diags.empty() || lowerAfter)
    collectPendingOps();
  for (const RawDiagnostic &raw : diags) {
    if (!mapper.isFollowOn(raw)) {
      Diagnostic d = mapper.convert(raw, DiagKind::Verify);
      mapper.addRelatedLocations(d);
      result.diagnostics.push_back(std::move(d));
    }
  }
  // Both the mapping checks and the translation read only IR the verifiers
  // accepted: LLVM's translation assumes valid IR (and would report the
  // verifier's findings again).
  bool clean = llvm::none_of(result.diagnostics, [](const Diagnostic &d) {
    return d.severity == Severity::Error;
  });
  bool anyEnabled = llvm::any_of(mappingCheckNames(), [&](const char *name) {
    return !llvm::is_contained(options.disabledChecks, name);
  });
  if (options.mappingChecks && clean && anyEnabled) {
    std::vector<Diagnostic> mapping = runMappingChecks(
        *module.getBody(), text.doc(),
        [&](mlir::Operation *op) -> const OpRecord * {
          collectPendingOps();
          return records.recordOf(op);
        },
        options.explainMaps);
    dropSuppressed(mapping, text.doc(), options.disabledChecks);
    for (Diagnostic &d : mapping)
      result.diagnostics.push_back(std::move(d));
  }
  if (lowerAfter && clean)
    lower(module);
}

/// Hands the diagnostics to the caller as they will be in the result.
void Analyzer::diagnosticsFinal() {
  diagnosticsSent = true;
  if (!hooks.diagnosticsReady)
    return;
  std::vector<Diagnostic> sorted = result.diagnostics;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Diagnostic &a, const Diagnostic &b) {
                     return a.range.begin < b.range.begin;
                   });
  hooks.diagnosticsReady(sorted);
}

/// The work after a successful parse: op records, verification and the
/// checks after it, and (once the diagnostics are out when nothing needs
/// them) the records features read.
void Analyzer::analyzeParsed(mlir::Block &block, ParsedDefs &parsed,
                             const std::vector<RawDiagnostic> &diags,
                             unsigned parseErrors, Clock::time_point start) {
  result.parseMs =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (Breadcrumbs *crumbs = currentBreadcrumbs())
    crumbs->phase = Phase::Collect;
  size_t firstOp = result.ops.size();
  DefTable &defs = defTable;
  bool lowerAfter =
      options.lowering && parseErrors == 0 && text.blankedUnits().empty();
  // Op by op verification leaves each op's place in a breadcrumb; the
  // translation's messages are located like the verifier's.
  bool relocated = options.locateVerifierCrash || lowerAfter;
  bool verifying =
      options.verify && (parseErrors == 0 || options.verifyAfterRecovery);
  result.parsed = true;
  result.recovered = parseErrors > 0;
  auto verifyStart = Clock::now();
  std::vector<RawDiagnostic> verifyDiags;
  // Owns the ops from here on, until the records are collected.
  mlir::OwningOpRef<mlir::ModuleOp> module;
  // The parser states are copied and freed on the other core while the
  // verifiers run (1M ops: 115 of the 950 ms from the parse's end to the
  // diagnostics): the verifiers read the IR, the copy only the states.
  opsPending = true; // made from `defs` (filled in below) when first read
  if (verifying && !relocated && hooks.runBeside) {
    hooks.runBeside([&] { module = verify(block, verifyDiags); },
                    [&] { defs = records.tabulate(parsed); });
  } else {
    defs = records.tabulate(parsed);
    if (relocated)
      relocate();
    if (verifying)
      module = verify(block, verifyDiags);
  }
  if (!diags.empty())
    collectPendingOps();
  for (const RawDiagnostic &raw : diags)
    if (raw.severity != mlir::DiagnosticSeverity::Error)
      result.diagnostics.push_back(mapper.convert(raw, DiagKind::Parse));
  if (module && !verifyDiags.empty() && !relocated) {
    relocate();
    verifyDiags.clear();
    verifyModule(*module, verifyDiags);
  }
  // A verifier message is refined with values and facts; without one, the
  // diagnostics are final before those are recorded.
  bool early = verifyDiags.empty();
  if (early) {
    if (module)
      checkVerified(*module, verifyDiags, lowerAfter);
    diagnosticsFinal();
  }
  collectPendingOps();
  // What a pass would run on: verified IR, without an error (a recovered
  // parse verifies what is left).
  bool verified =
      module && llvm::none_of(verifyDiags, [](const RawDiagnostic &raw) {
        return raw.severity == mlir::DiagnosticSeverity::Error;
      });
  if (options.facts)
    records.collectRest(defs, firstOp, verified);
  defs = DefTable();
  records.retypeRepairedArgs();
  if (!early) {
    if (module)
      checkVerified(*module, verifyDiags, lowerAfter);
    diagnosticsFinal();
  }
  result.verifyMs =
      std::chrono::duration<double, std::milli>(Clock::now() - verifyStart)
          .count();
}

/// Locations of ops become their position in this text, so verifier
/// diagnostics land on the op even when it carries a Fortran loc(...). An
/// op written without one already has it (the parser's location of its
/// name): then nothing is made (a million ops' locations uniqued twice).
/// Made only when something reads them: on flang's output (a loc on every
/// op) they were ~10% of the time from the parse's end to the diagnostics,
/// so a clean verification goes without, and one with a message is redone.
void Analyzer::relocate() {
  // The records keep each op's own location (its Fortran line, say): a
  // fused one would name the chunk first.
  collectPendingOps();
  mlir::StringAttr chunkName = mlir::StringAttr::get(&ctx, kChunkBufferName);
  for (const DefTable::Op &def : defTable.ops) {
    auto [line, col] = text.lines().toLineColumn(def.name.begin);
    auto own = llvm::dyn_cast<mlir::FileLineColLoc>(def.op->getLoc());
    if (own && own.getFilename() == chunkName && own.getLine() == line &&
        own.getColumn() == col)
      continue;
    mlir::Location here = mlir::FileLineColLoc::get(chunkName, line, col);
    def.op->setLoc(mlir::FusedLoc::get(&ctx, {here, def.op->getLoc()}));
  }
}

ChunkAnalysis Analyzer::finish() {
  if (Breadcrumbs *crumbs = currentBreadcrumbs())
    crumbs->phase = Phase::Idle;
  // The server fills these units from the last analysis that parsed them.
  // `blanked` is in working-text offsets, which a flang-22 repair may move.
  for (const TextRange &b : text.blankedUnits())
    result.blankedUnits.push_back(text.docRange(b));
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic &a, const Diagnostic &b) {
                     return a.range.begin < b.range.begin;
                   });
  if (!diagnosticsSent)
    diagnosticsFinal();
  return std::move(result);
}

ChunkAnalysis ompx::analyzeChunk(mlir::MLIRContext &ctx, StringRef doc,
                                 ChunkSpan span, const AnalyzerOptions &options,
                                 const AnalyzeHooks &hooks) {
  return Analyzer(ctx, doc, span, options, hooks).run();
}
