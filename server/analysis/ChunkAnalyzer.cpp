//===- ChunkAnalyzer.cpp - Parse and verify one chunk ---------------------===//

#include "server/analysis/ChunkAnalyzer.h"
#include "dialects/OdsTables.h"
#include "dialects/ir/ClauseModelBuilder.h"
#include "dialects/ir/Registry.h"
#include "pipeline/Readiness.h"
#include "server/analysis/AccPlanFacts.h"
#include "server/analysis/Breadcrumbs.h"
#include "server/analysis/MappingChecks.h"
#include "server/syntax/Lexer.h"
#include "support/Pages.h"
#include "support/ParseHeap.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Memory.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>
#include <set>
#include <thread>
#include <tuple>

using namespace ompx;
using llvm::StringRef;

static constexpr StringRef kChunkBufferName = "<ompx-chunk>";

// The parse in flight on this thread, for the crash handler of a worker
// (see currentParseProgress), which runs on the thread that crashed: a chunk
// parsed in two halves has a parse on each of two threads.
static thread_local const mlir::AsmParserState *activeParseState = nullptr;
static thread_local const char *activeParseBuffer = nullptr;
/// Where this thread's text starts to count (the second half's cut): a
/// crash before its first op is past everything the first half holds.
static thread_local uint32_t activeParseFloor = 0;

uint32_t ompx::currentParseProgress() {
  if (!activeParseState || !activeParseBuffer)
    return ~0u;
  uint32_t progress = activeParseFloor;
  for (const auto &def : activeParseState->getOpDefs())
    progress = std::max<uint32_t>(progress, def.scopeLoc.End.getPointer() -
                                                activeParseBuffer);
  return progress;
}

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

/// Diagnostics collected from MLIR, with locations still as MLIR locations.
struct RawDiagnostic {
  mlir::DiagnosticSeverity severity;
  mlir::Location loc;
  std::string message;
  std::vector<std::pair<mlir::Location, std::string>> notes;
};

static RawDiagnostic toRaw(mlir::Diagnostic &diag) {
  RawDiagnostic raw{diag.getSeverity(), diag.getLocation(), diag.str(), {}};
  for (mlir::Diagnostic &note : diag.getNotes())
    raw.notes.emplace_back(note.getLocation(), note.str());
  return raw;
}

/// While alive, every diagnostic of `ctx` (parse, verify, lowering) is kept
/// in `out` instead of being printed.
class DiagnosticCollector {
public:
  DiagnosticCollector(mlir::MLIRContext &ctx, std::vector<RawDiagnostic> &out)
      : handler(&ctx, [&out](mlir::Diagnostic &diag) {
          out.push_back(toRaw(diag));
          return mlir::success();
        }) {}

private:
  mlir::ScopedDiagnosticHandler handler;
};

/// One parse of the chunk text and what must stay alive while its results
/// are read (the parser state points into the buffer).
struct Parse {
  llvm::SourceMgr sourceMgr;
  mlir::AsmParserState state;
  mlir::Block block;
  std::vector<RawDiagnostic> diags;
  const char *buffer = nullptr;
};

/// The chunk's text as the parser sees it: units blanked, types repaired.
/// Until something changes it, it is the caller's own copy of the document
/// where one is lent (AnalyzeHooks::mutableDoc), so that the worker does not
/// hold a 76 MB chunk twice; a lasting change first takes a copy, and the
/// document that records are read from stays as it was sent.
class WorkingText {
public:
  WorkingText(StringRef text, char *lent) {
    if (!lent) {
      copy = text.str();
      return;
    }
    lentBytes = lent;
    lentSize = text.size();
    savedEnd = lent[lentSize]; // the byte after the chunk: its terminator
    lent[lentSize] = '\0';
  }
  WorkingText(const WorkingText &) = delete;
  WorkingText &operator=(const WorkingText &) = delete;
  ~WorkingText() { giveBack(); }

  bool isLent() const { return lentBytes != nullptr; }
  char *data() { return lentBytes ? lentBytes : copy.data(); }
  const char *data() const { return lentBytes ? lentBytes : copy.data(); }
  size_t size() const { return lentBytes ? lentSize : copy.size(); }
  operator StringRef() const { return {data(), size()}; }
  size_t find(char c, size_t from = 0) const {
    return StringRef(*this).find(c, from);
  }
  /// The text as a string of its own, for a change that lasts.
  std::string &own() {
    if (lentBytes) {
      copy.assign(lentBytes, lentSize);
      giveBack();
    }
    return copy;
  }

private:
  void giveBack() {
    if (lentBytes)
      lentBytes[lentSize] = savedEnd;
    lentBytes = nullptr;
  }
  std::string copy;
  char *lentBytes = nullptr;
  size_t lentSize = 0;
  char savedEnd = 0;
};

/// The definitions one parse recorded, or two half parses merged in the
/// order a single parse records them.
struct ParsedDefs {
  std::vector<const mlir::AsmParserState::OperationDefinition *> ops;
  std::vector<const mlir::AsmParserState::BlockDefinition *> blocks;
  /// The parser states the definitions are in.
  std::vector<mlir::AsmParserState *> states;

  explicit ParsedDefs(mlir::AsmParserState &state) : states{&state} {
    for (const auto &def : state.getOpDefs())
      ops.push_back(&def);
    for (const auto &def : state.getBlockDefs())
      blocks.push_back(&def);
  }
  ParsedDefs() = default;

  /// Frees the parser states (a third of the IR's memory on flang's output,
  /// ~250 bytes an op) once DefTable has what the records need of them.
  void release() {
    ops = {};
    blocks = {};
    for (mlir::AsmParserState *state : states)
      *state = mlir::AsmParserState();
    states.clear();
    // Their pages went back with them, but for those of anything else the
    // parse made of their sizes that is still alive: give back the rest.
    ParseHeap::trim();
  }
};

/// What the records need of the parser states, in offsets into `working`:
/// ~40 bytes an op where the states hold ~250 (with their use lists). Taken
/// right after the parse, so that the states are freed before any record is
/// built: held beside the records, they made the worker's peak (1M ops:
/// 208 MB of op definitions beside 156 MB of records).
struct DefTable {
  /// A definition and its uses: a result group (with its first result's
  /// index) or a block argument.
  struct Def {
    unsigned startIndex = 0;
    TextRange loc;
    uint32_t uses = 0, usesEnd = 0; ///< into `uses`
  };
  struct Op {
    mlir::Operation *op;
    TextRange name, full;
    uint32_t groups, groupsEnd; ///< into `defs`
  };
  struct Block {
    mlir::Block *block;
    bool hasDef;
    TextRange def;
    uint32_t uses, usesEnd; ///< into `uses`
    uint32_t args, argsEnd; ///< into `defs`
  };
  /// In the order of ParsedDefs (a single parse's order).
  std::vector<Op> ops;
  std::vector<Block> blocks;
  std::vector<Def> defs;
  std::vector<TextRange> uses;
  /// Symbol uses by the index of their op in `ops`, in that order.
  std::vector<std::pair<uint32_t, TextRange>> symbolUses;

  llvm::ArrayRef<Def> groupsOf(const Op &o) const {
    return llvm::ArrayRef(defs).slice(o.groups, o.groupsEnd - o.groups);
  }
  llvm::ArrayRef<Def> argsOf(const Block &b) const {
    return llvm::ArrayRef(defs).slice(b.args, b.argsEnd - b.args);
  }
  llvm::ArrayRef<TextRange> usesOf(uint32_t begin, uint32_t end) const {
    return llvm::ArrayRef(uses).slice(begin, end - begin);
  }
};

class Analyzer {
public:
  Analyzer(mlir::MLIRContext &ctx, StringRef doc, ChunkSpan span,
           const AnalyzerOptions &options, const AnalyzeHooks &hooks)
      : ctx(ctx), doc(doc), span(span), options(options), hooks(hooks),
        working(doc.slice(span.begin, span.end),
                hooks.mutableDoc ? hooks.mutableDoc + span.begin : nullptr),
        lines(working) {}

  ChunkAnalysis run();

private:
  /// Offset in the chunk of a FileLineColLoc inside `loc` that points into
  /// the chunk buffer.
  std::optional<uint32_t> chunkOffset(mlir::Location loc) const;
  /// Document offset of an offset into `working` (through the repairs).
  uint32_t toDoc(uint32_t workOff) const;
  /// Offset in `working` of a pointer into a parse buffer (the second half
  /// of a parallel parse has a buffer of its own, with the same offsets).
  uint32_t workOffset(const char *p) const {
    if (bufStartB && p >= bufStartB && p <= bufStartB + working.size())
      return p - bufStartB;
    return p - bufStart;
  }
  TextRange toDoc(llvm::SMRange r) const {
    return {toDoc(workOffset(r.Start.getPointer())),
            toDoc(workOffset(r.End.getPointer()))};
  }
  TextRange toWork(llvm::SMRange r) const {
    return {workOffset(r.Start.getPointer()), workOffset(r.End.getPointer())};
  }
  /// Document range of a range in `working`.
  TextRange docRange(TextRange work) const {
    return {toDoc(work.begin), toDoc(work.end)};
  }
  TextRange docRangeAt(uint32_t workOff) const {
    TextRange r = tokenRangeAt(working, workOff);
    return {toDoc(r.begin), toDoc(r.end)};
  }
  Diagnostic convert(const RawDiagnostic &raw, DiagKind kind);
  TextRange refineVerifierRange(uint32_t chunkOff, StringRef message) const;
  TextRange refineLoweringRange(uint32_t chunkOff, StringRef message) const;
  const OpRecord *opAt(uint32_t chunkOff) const;
  void addRelatedLocations(Diagnostic &d) const;

  void collectPartial(const mlir::AsmParserState &state, TextRange unit);
  DefTable tabulate(ParsedDefs &defs);
  void collectOps(const DefTable &defs);
  /// The op records of the parse being analyzed, made when first read: a
  /// clean chunk's diagnostics need none (1M ops: 160 ms).
  void collectPendingOps() {
    if (opsPending)
      collectOps(defTable);
    opsPending = false;
  }
  void collectRest(DefTable &defs, size_t firstOp);
  void computeParentsByContainment(size_t firstOp);
  bool repairFlangBlockArgType(const RawDiagnostic &raw, Diagnostic &reported);
  bool parseText(StringRef text, Parse &parse, uint32_t floor = 0);
  bool parseAttempt(Parse &parse);
  bool parseInHalves(std::unique_ptr<Parse> &first,
                     std::unique_ptr<Parse> &second, ParsedDefs &defs);
  bool prepareMutableTypes();
  bool addCrossHalfSymbolUses(mlir::Block &container, mlir::Operation *firstB,
                              const ParseSplit &split, const Parse &first,
                              const Parse &second);
  void analyzeParsed(mlir::Block &block, ParsedDefs &parsed,
                     const std::vector<RawDiagnostic> &diags,
                     unsigned parseErrors,
                     std::chrono::steady_clock::time_point start);
  mlir::OwningOpRef<mlir::ModuleOp> verify(mlir::Block &block,
                                           std::vector<RawDiagnostic> &diags);
  void verifyModule(mlir::ModuleOp module, std::vector<RawDiagnostic> &diags);
  void checkVerified(mlir::ModuleOp module,
                     const std::vector<RawDiagnostic> &diags, bool lowerAfter);
  void lower(mlir::ModuleOp module);
  void diagnosticsFinal();
  ChunkAnalysis finish();

  mlir::MLIRContext &ctx;
  StringRef doc;
  ChunkSpan span;
  const AnalyzerOptions &options;
  const AnalyzeHooks &hooks;
  WorkingText working; ///< chunk text, with blanked units
  LineTable lines;     ///< of `working`; blanking keeps line breaks
  const char *bufStart = nullptr;
  /// The other text and buffer of a parallel parse: the first half's text
  /// when `working` is lent (zero pages where the second half is), else a
  /// copy for the second half.
  llvm::sys::OwningMemoryBlock firstHalfText;
  std::string workingB;
  const char *bufStartB = nullptr;
  /// Uses of a symbol from the other half of a parallel parse, which
  /// neither half's parser state could resolve (addCrossHalfSymbolUses).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<llvm::SMRange, 2>>
      crossSymbolUses;
  bool diagnosticsSent = false;
  /// What the parser states said of the parse being analyzed.
  DefTable defTable;
  bool opsPending = false;
  /// The last structure scan (where the chunk can be cut in two).
  StructureScan scan;
  ChunkAnalysis result;
  std::vector<TextRange> blanked; ///< chunk-relative
  /// A type replaced in `working` to re-parse flang-22 output (see
  /// repairFlangBlockArgType); chunk offsets, sorted.
  struct Repair {
    uint32_t workBegin, workEnd; ///< the replacement in `working`
    uint32_t origBegin, origEnd; ///< what it replaced, in the chunk text
  };
  std::vector<Repair> repairs;
  /// Block arguments (document offset of their definition) whose real type
  /// is the one given, not the one the repaired text says.
  std::vector<std::pair<uint32_t, std::string>> repairedArgTypes;
  std::set<std::string> blankedSymbols;

  llvm::DenseMap<mlir::Operation *, int32_t> opIndex;
  /// ChunkAnalysis::sourceFiles, by the uniqued name attribute (a pointer
  /// hash, not a path hash per op).
  llvm::DenseMap<mlir::StringAttr, int32_t> sourceFileIndex;
  /// The first file location inside each location met, by location.
  using FileLocCache = llvm::DenseMap<const void *, mlir::FileLineColLoc>;
  void recordSourceLocation(OpRecord &rec, mlir::Location loc,
                            FileLocCache &firstFileLoc);
  int32_t valueIndexOf(mlir::Value v) const;
  llvm::DenseMap<mlir::Block *, int32_t> blockIndex;
  llvm::DenseMap<mlir::Type, IStr> typeStrings;
  /// Op names interned once per name, not once per op.
  llvm::DenseMap<void *, IStr> opNames;
};

} // namespace

uint32_t Analyzer::toDoc(uint32_t workOff) const {
  int64_t delta = 0;
  for (const Repair &r : repairs) {
    if (workOff < r.workBegin)
      break;
    if (workOff < r.workEnd)
      return span.begin + r.origBegin +
             std::min(workOff - r.workBegin, r.origEnd - r.origBegin);
    delta = int64_t(r.origEnd) - int64_t(r.workEnd);
  }
  return span.begin + uint32_t(int64_t(workOff) + delta);
}

std::optional<uint32_t> Analyzer::chunkOffset(mlir::Location loc) const {
  std::optional<uint32_t> result;
  loc->walk([&](mlir::Location l) {
    auto fileLoc = llvm::dyn_cast<mlir::FileLineColLoc>(l);
    if (!fileLoc || fileLoc.getFilename() != kChunkBufferName)
      return mlir::WalkResult::advance();
    // Lines and columns are 1-based bytes within the chunk buffer.
    uint32_t line = fileLoc.getLine(), col = fileLoc.getColumn();
    uint32_t off = lines.lineStart(line ? line - 1 : 0) + (col ? col - 1 : 0);
    result = std::min<uint32_t>(off, working.size());
    return mlir::WalkResult::interrupt();
  });
  return result;
}

/// Verifier messages that name an operand, result or attribute get the range
/// of that operand/attribute instead of the op name.
TextRange Analyzer::refineVerifierRange(uint32_t chunkOff,
                                        StringRef message) const {
  TextRange nameRange = docRangeAt(chunkOff);
  // Find the op whose name starts here.
  const OpRecord *op = nullptr;
  for (const OpRecord &rec : result.ops)
    if (rec.nameRange.begin == toDoc(chunkOff) ||
        rec.fullRange.begin == toDoc(chunkOff)) {
      op = &rec;
      break;
    }
  if (!op)
    return nameRange;
  llvm::SmallVector<StringRef> m;
  static const llvm::Regex operandRe("operand #([0-9]+)");
  if (operandRe.match(message, &m)) {
    unsigned idx = 0;
    llvm::ArrayRef<int32_t> operands = result[op->operands];
    if (!m[1].getAsInteger(10, idx) && idx < operands.size() &&
        operands[idx] >= 0) {
      const ValueRecord &v = result.values[operands[idx]];
      // The k-th use of this value inside the op, for repeated operands.
      unsigned k = 0;
      for (unsigned i = 0; i < idx; ++i)
        k += operands[i] == operands[idx];
      for (const TextRange &use : result[v.uses]) {
        if (use.begin < op->fullRange.begin || use.end > op->fullRange.end)
          continue;
        if (k-- == 0)
          return use;
      }
    }
  }
  static const llvm::Regex attrRe("attribute '([A-Za-z_][A-Za-z0-9_$.]*)'");
  if (attrRe.match(message, &m)) {
    StringRef opText = doc.slice(op->nameRange.end, op->fullRange.end);
    for (uint32_t off : findOpNameTokens(opText, m[1])) {
      uint32_t begin = op->nameRange.end + off;
      return {begin, begin + uint32_t(m[1].size())};
    }
  }
  return op->nameRange;
}

const OpRecord *Analyzer::opAt(uint32_t chunkOff) const {
  for (const OpRecord &rec : result.ops)
    if (rec.nameRange.begin == toDoc(chunkOff) ||
        rec.fullRange.begin == toDoc(chunkOff))
      return &rec;
  return nullptr;
}

/// The clause keyword a translation message names ("not yet implemented:
/// Unhandled clause allocate in omp.taskgroup operation", "ignored clause:
/// linear in omp.simd operation", "hint clause discarded"), as the custom
/// assembly spells it; "" when it names none.
static std::string loweringClauseKeyword(StringRef message) {
  if (message.contains("cancel directive construct type"))
    return "cancellation_construct_type";
  static const llvm::Regex unhandled("Unhandled clause ([A-Za-z_-]+)");
  static const llvm::Regex ignored("ignored clause: ([A-Za-z_]+)");
  static const llvm::Regex discarded("^([A-Za-z_]+) clause discarded");
  llvm::SmallVector<StringRef> m;
  if (!unhandled.match(message, &m) && !ignored.match(message, &m) &&
      !discarded.match(message, &m))
    return "";
  StringRef name = m[1];
  if (name == "privatization" || name == "firstprivate")
    return "private";
  if (name == "parallelization-level")
    return "par_level_simd";
  return name.str();
}

/// Translation messages about a clause get the range of the clause keyword
/// in the op's text (before its regions); others the op name.
TextRange Analyzer::refineLoweringRange(uint32_t chunkOff,
                                        StringRef message) const {
  const OpRecord *op = opAt(chunkOff);
  if (!op)
    return docRangeAt(chunkOff);
  std::string keyword = loweringClauseKeyword(message);
  if (keyword.empty())
    return op->nameRange;
  Lexer lexer(doc.take_front(op->fullRange.end), op->nameRange.end);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    if (t.isPunct("{"))
      break;
    if (t.is(TokenKind::BareIdentifier) &&
        (t.spelling == keyword || t.spelling.starts_with(keyword + "_")))
      return t.range;
  }
  return op->nameRange;
}

Diagnostic Analyzer::convert(const RawDiagnostic &raw, DiagKind kind) {
  Diagnostic d;
  d.kind = kind;
  switch (raw.severity) {
  case mlir::DiagnosticSeverity::Error:
    d.severity = Severity::Error;
    break;
  case mlir::DiagnosticSeverity::Warning:
    d.severity = Severity::Warning;
    break;
  case mlir::DiagnosticSeverity::Remark:
    d.severity = Severity::Information;
    break;
  case mlir::DiagnosticSeverity::Note:
    d.severity = Severity::Hint;
    break;
  }
  d.message = raw.message;
  if (std::optional<uint32_t> off = chunkOffset(raw.loc)) {
    d.anchor = toDoc(*off);
    d.range = kind == DiagKind::Verify ? refineVerifierRange(*off, raw.message)
              : kind == DiagKind::Lowering
                  ? refineLoweringRange(*off, raw.message)
                  : docRangeAt(*off);
  } else
    d.range = {span.begin, span.begin};
  for (const auto &[loc, msg] : raw.notes) {
    DiagnosticNote note;
    note.message = msg;
    if (std::optional<uint32_t> off = chunkOffset(loc)) {
      note.range = docRangeAt(*off);
      // Notes on an op point at its name, not its first character.
      for (const OpRecord &rec : result.ops)
        if (rec.fullRange.begin == toDoc(*off)) {
          note.range = rec.nameRange;
          break;
        }
      note.hasRange = true;
    }
    d.notes.push_back(std::move(note));
  }
  return d;
}

/// Verifier messages about a clause's symbol (`failed to lookup privatizer op
/// with symbol: '@x'`, `expected symbol reference @r to point to a reduction
/// declaration`) or an illegal use of a host_eval argument are reported at
/// the op; the places they are about become related locations: the symbol
/// where the op names it and where it is defined, the offending use.
void Analyzer::addRelatedLocations(Diagnostic &d) const {
  if (d.anchor == Diagnostic::kNoAnchor)
    return;
  int32_t opIdx = -1;
  for (size_t i = 0; i < result.ops.size(); ++i)
    if (result.ops[i].nameRange.begin == d.anchor ||
        result.ops[i].fullRange.begin == d.anchor) {
      opIdx = int32_t(i);
      break;
    }
  if (opIdx < 0)
    return;
  const OpRecord &op = result.ops[opIdx];
  auto note = [&](TextRange r, std::string message) {
    d.notes.push_back({r, true, std::move(message), /*related=*/true});
  };
  llvm::SmallVector<StringRef> m;
  static const llvm::Regex symRe("@(\"[^\"]*\"|[A-Za-z_$.][A-Za-z0-9_$.-]*)");
  if (symRe.match(d.message, &m)) {
    std::string sym = StringRef(m[1]).trim('"').str();
    // The clause lists come before the op's regions.
    Lexer lexer(doc.take_front(op.fullRange.end), op.nameRange.end);
    for (Token t = lexer.next(); !t.is(TokenKind::Eof) && !t.isPunct("{");
         t = lexer.next())
      if (t.is(TokenKind::AtIdentifier) && t.name() == sym) {
        note(t.range, "`@" + sym + "` is named here");
        break;
      }
    auto def = llvm::find_if(
        result.ops, [&](const OpRecord &o) { return o.symbol == sym; });
    if (def != result.ops.end())
      note(def->nameRange,
           "`@" + sym + "` is defined here, by `" + def->name.str() + "`");
    else if (!d.notes.empty())
      d.notes.back().message += "; nothing in this chunk defines it";
    return;
  }
  static const llvm::Regex hostEvalRe(
      "host_eval argument (illegal use|only legal as .*) in '([a-z_.]+)'");
  if (!hostEvalRe.match(d.message, &m))
    return;
  StringRef user = m[2];
  for (const OpFacts &f : result.facts) {
    if (f.op != opIdx)
      continue;
    for (const EntryBinding &b : f.bindings) {
      if (b.group != ClauseGroup::HostEvalVars || b.blockArg < 0)
        continue;
      for (const HostEvalRole &r : b.roles) {
        if (r.user < 0 || size_t(r.user) >= result.ops.size() ||
            result.ops[r.user].name != user ||
            (r.kind != HostEvalKind::NotAClause &&
             r.kind != HostEvalKind::OtherClause))
          continue;
        const OpRecord &u = result.ops[r.user];
        const ValueRecord &v = result.values[b.blockArg];
        StringRef name = doc.slice(v.def.begin, v.def.end);
        TextRange at = u.nameRange;
        for (const TextRange &use : result[v.uses])
          if (use.begin >= u.fullRange.begin && use.end <= u.fullRange.end) {
            at = use;
            break;
          }
        note(at, "`" + name.str() + "` (host_eval entry #" +
                     std::to_string(b.entry) + ") used here by `" +
                     u.name.str() + "`");
      }
    }
  }
}

void Analyzer::computeParentsByContainment(size_t firstOp) {
  std::vector<int32_t> order;
  for (size_t i = firstOp; i < result.ops.size(); ++i)
    order.push_back(i);
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    const TextRange &ra = result.ops[a].fullRange,
                    &rb = result.ops[b].fullRange;
    return ra.begin != rb.begin ? ra.begin < rb.begin : ra.end > rb.end;
  });
  std::vector<int32_t> stack;
  for (int32_t i : order) {
    const TextRange &r = result.ops[i].fullRange;
    while (!stack.empty() && result.ops[stack.back()].fullRange.end <= r.begin)
      stack.pop_back();
    if (!stack.empty())
      result.ops[i].parent = stack.back();
    stack.push_back(i);
  }
}

/// Records what a failed parse got inside the unit about to be blanked:
/// source ranges only, since the failed parse destroyed the IR.
void Analyzer::collectPartial(const mlir::AsmParserState &state,
                              TextRange unit) {
  TextRange docUnit{toDoc(unit.begin), toDoc(unit.end)};
  auto inUnit = [&](const TextRange &r) {
    return r.begin >= docUnit.begin && r.end <= docUnit.end;
  };
  size_t firstOp = result.ops.size();
  for (const mlir::AsmParserState::OperationDefinition &def :
       state.getOpDefs()) {
    OpRecord op;
    op.nameRange = toDoc(def.loc);
    op.fullRange = toDoc(def.scopeLoc);
    if (!inUnit(op.fullRange))
      continue;
    op.name = intern(doc.slice(op.nameRange.begin, op.nameRange.end).trim('"'));
    op.flags = OpPartial;
    int32_t opIdx = result.ops.size();
    for (const auto &group : def.resultGroups) {
      ValueRecord v;
      v.def = toDoc(group.definition.loc);
      for (const llvm::SMRange &use : group.definition.uses)
        result.append(v.uses, toDoc(use));
      v.ownerOp = opIdx;
      v.index = group.startIndex;
      result.append(op.results, int32_t(result.values.size()));
      result.values.push_back(std::move(v));
    }
    result.ops.push_back(std::move(op));
  }
  // The ops the parser was still inside when it failed (the construct
  // around the error) have no definition in the parser state; their names
  // are still worth a hover, so take omp/acc op names from the text.
  Lexer lexer(StringRef(working).take_front(unit.end), unit.begin);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    // `omp.x` (custom form) or `"omp.x"` (generic form).
    uint32_t at = t.range.begin;
    if (t.is(TokenKind::String) && isBareIdentifier(t.name()))
      ++at;
    else if (!t.is(TokenKind::BareIdentifier))
      continue;
    StringRef name = t.name().rtrim('.');
    if (!(name.starts_with("omp.") || name.starts_with("acc.")))
      continue;
    // An op name, not an attribute name (`omp.declare_target = ...`).
    StringRef after =
        StringRef(working).slice(at + name.size(), unit.end).ltrim(" \t\"");
    if (!ods::lookupOp(name) || after.starts_with("=") ||
        after.starts_with("<"))
      continue;
    uint32_t b = toDoc(at);
    TextRange r{b, b + uint32_t(name.size())};
    bool known = false;
    for (size_t i = firstOp; i < result.ops.size() && !known; ++i)
      known = result.ops[i].nameRange == r;
    if (known)
      continue;
    OpRecord op;
    op.name = intern(name);
    op.nameRange = r;
    op.fullRange = r;
    op.flags = OpPartial;
    result.ops.push_back(std::move(op));
  }
  computeParentsByContainment(firstOp);
  for (const mlir::AsmParserState::BlockDefinition &def :
       state.getBlockDefs()) {
    // Block arguments of a failed parse: ranges only.
    BlockRecord block;
    block.def =
        def.definition.loc.isValid() ? toDoc(def.definition.loc) : TextRange{};
    bool any = block.def.end != 0 && inUnit(block.def);
    for (const auto &arg : def.arguments) {
      if (!arg.loc.isValid() || !inUnit(toDoc(arg.loc)))
        continue;
      any = true;
      ValueRecord v;
      v.def = toDoc(arg.loc);
      for (const llvm::SMRange &use : arg.uses)
        result.append(v.uses, toDoc(use));
      v.ownerBlock = result.blocks.size();
      v.index = block.args.size();
      result.append(block.args, int32_t(result.values.size()));
      result.values.push_back(std::move(v));
    }
    if (any)
      result.blocks.push_back(std::move(block));
  }
}

/// The op's origin: the first file location inside `loc` (fused, name and
/// call-site locations walked), unless it is the chunk itself, which is what
/// the parser gives an op written without `loc(...)`, or line 0 (flang's
/// module: the whole file).
void Analyzer::recordSourceLocation(OpRecord &rec, mlir::Location loc,
                                    FileLocCache &firstFileLoc) {
  // The parser's own location (an op without loc(...)) needs no walk: a
  // location walk is ~0.5 us, a third of a million-op chunk's collection.
  auto file = llvm::dyn_cast<mlir::FileLineColLoc>(loc);
  if (!file) {
    // flang gives the ops of one statement one location: walk it once.
    auto [it, inserted] = firstFileLoc.try_emplace(loc.getAsOpaquePointer());
    if (inserted)
      it->second = loc->findInstanceOf<mlir::FileLineColLoc>();
    file = it->second;
  }
  if (!file || file.getLine() == 0 || file.getFilename() == kChunkBufferName ||
      file.getFilename().empty())
    return;
  auto [it, inserted] = sourceFileIndex.try_emplace(
      file.getFilename(), int32_t(result.sourceFiles.size()));
  if (inserted)
    result.sourceFiles.push_back(file.getFilename().str());
  rec.sourceFile = it->second;
  rec.sourceLine = file.getLine();
  rec.sourceColumn = file.getColumn();
}

/// The record of `v` (-1: none), found through its op's result groups or
/// its block's arguments: a map of every value was, after the IR and the
/// parser states, the largest thing the worker held.
int32_t Analyzer::valueIndexOf(mlir::Value v) const {
  if (auto res = llvm::dyn_cast<mlir::OpResult>(v)) {
    auto it = opIndex.find(res.getOwner());
    if (it == opIndex.end())
      return -1;
    unsigned n = res.getResultNumber();
    for (int32_t g : result[result.ops[it->second].results])
      if (n >= result.values[g].index &&
          n < result.values[g].index + result.values[g].count)
        return g;
    return -1;
  }
  auto arg = llvm::cast<mlir::BlockArgument>(v);
  auto it = blockIndex.find(arg.getOwner());
  if (it == blockIndex.end())
    return -1;
  llvm::ArrayRef<int32_t> args = result[result.blocks[it->second].args];
  return arg.getArgNumber() < args.size() ? args[arg.getArgNumber()] : -1;
}

/// The ops' names and ranges: all that diagnostics need (and, with
/// AnalyzerOptions::facts off, all that is recorded).
void Analyzer::collectOps(const DefTable &defs) {
  opIndex.reserve(opIndex.size() + defs.ops.size());
  result.ops.reserve(result.ops.size() + defs.ops.size());
  FileLocCache firstFileLoc; // freed before the records' peak
  for (const DefTable::Op &def : defs.ops) {
    opIndex[def.op] = result.ops.size();
    OpRecord rec;
    auto [name, inserted] =
        opNames.try_emplace(def.op->getName().getAsOpaquePointer());
    if (inserted)
      name->second = intern(def.op->getName().getStringRef());
    rec.name = name->second;
    rec.nameRange = docRange(def.name);
    rec.fullRange = docRange(def.full);
    recordSourceLocation(rec, def.op->getLoc(), firstFileLoc);
    result.ops.push_back(std::move(rec));
  }
}

/// Copies what the records need out of the parser states and frees them,
/// before any record is made (the crossing uses of a parallel parse too).
DefTable Analyzer::tabulate(ParsedDefs &parsed) {
  DefTable t;
  size_t groups = 0, uses = 0;
  for (const mlir::AsmParserState::OperationDefinition *def : parsed.ops) {
    groups += def->resultGroups.size();
    for (const auto &group : def->resultGroups)
      uses += group.definition.uses.size();
  }
  for (const mlir::AsmParserState::BlockDefinition *def : parsed.blocks) {
    groups += def->arguments.size();
    uses += def->definition.uses.size();
    for (const auto &arg : def->arguments)
      uses += arg.uses.size();
  }
  t.ops.reserve(parsed.ops.size());
  t.blocks.reserve(parsed.blocks.size());
  t.defs.reserve(groups);
  t.uses.reserve(uses);
  // Appends `ranges` to `uses`; returns where they begin and end there.
  auto addUses = [&](llvm::ArrayRef<llvm::SMRange> ranges) {
    uint32_t begin = t.uses.size();
    for (const llvm::SMRange &use : ranges)
      t.uses.push_back(toWork(use));
    return std::pair<uint32_t, uint32_t>(begin, t.uses.size());
  };
  auto addDef = [&](unsigned startIndex, llvm::SMRange loc,
                    llvm::ArrayRef<llvm::SMRange> defUses) {
    DefTable::Def d;
    d.startIndex = startIndex;
    d.loc = toWork(loc);
    std::tie(d.uses, d.usesEnd) = addUses(defUses);
    t.defs.push_back(d);
  };
  for (const mlir::AsmParserState::OperationDefinition *def : parsed.ops) {
    DefTable::Op o{def->op, toWork(def->loc), toWork(def->scopeLoc),
                   uint32_t(t.defs.size()), 0};
    for (const auto &group : def->resultGroups)
      addDef(group.startIndex, group.definition.loc, group.definition.uses);
    o.groupsEnd = t.defs.size();
    uint32_t idx = t.ops.size();
    for (const llvm::SMRange &use : def->symbolUses)
      t.symbolUses.push_back({idx, toWork(use)});
    if (auto it = crossSymbolUses.find(def->op); it != crossSymbolUses.end())
      for (const llvm::SMRange &use : it->second)
        t.symbolUses.push_back({idx, toWork(use)});
    t.ops.push_back(o);
  }
  for (const mlir::AsmParserState::BlockDefinition *def : parsed.blocks) {
    DefTable::Block b{def->block, def->definition.loc.isValid(), {}, 0, 0, 0,
                      0};
    if (b.hasDef)
      b.def = toWork(def->definition.loc);
    std::tie(b.uses, b.usesEnd) = addUses(def->definition.uses);
    b.args = t.defs.size();
    for (const auto &arg : def->arguments)
      addDef(0, arg.loc, arg.uses);
    b.argsEnd = t.defs.size();
    t.blocks.push_back(b);
  }
  decltype(crossSymbolUses)().swap(crossSymbolUses);
  parsed.release();
  return t;
}

/// Everything else the features read: values, blocks, symbol uses, links
/// and clause facts, for the ops collectOps recorded from `firstOp` on.
void Analyzer::collectRest(DefTable &defs, size_t firstOp) {
  auto typeString = [&](mlir::Type type) -> IStr {
    auto [it, inserted] = typeStrings.try_emplace(type);
    if (inserted) {
      std::string text;
      llvm::raw_string_ostream os(text);
      type.print(os);
      it->second = intern(text);
    }
    return it->second;
  };
  // Records sized once: grown by doubling, a large chunk's held up to twice
  // their size at the worker's peak.
  size_t values = result.values.size(), indices = result.indices.size(),
         ranges = result.ranges.size();
  for (const DefTable::Op &def : defs.ops) {
    values += def.groupsEnd - def.groups;
    indices += def.groupsEnd - def.groups + def.op->getNumOperands();
    for (mlir::Region &region : def.op->getRegions())
      indices += region.getBlocks().size();
    for (const DefTable::Def &group : defs.groupsOf(def))
      ranges += group.usesEnd - group.uses;
  }
  for (const DefTable::Block &def : defs.blocks) {
    values += def.block->getNumArguments();
    indices += def.block->getNumArguments();
    ranges += def.usesEnd - def.uses;
    for (const DefTable::Def &arg : defs.argsOf(def))
      ranges += arg.usesEnd - arg.uses;
  }
  result.values.reserve(values);
  result.indices.reserve(indices);
  result.ranges.reserve(ranges);
  result.blocks.reserve(result.blocks.size() + defs.blocks.size());

  size_t symbolUse = 0;
  for (size_t d = 0, e = defs.ops.size(); d != e; ++d) {
    const DefTable::Op &def = defs.ops[d];
    mlir::Operation *op = def.op;
    int32_t idx = firstOp++;
    OpRecord &rec = result.ops[idx];
    if (auto sym = op->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      rec.symbol = intern(sym.getValue());
    llvm::ArrayRef<DefTable::Def> groups = defs.groupsOf(def);
    for (size_t g = 0, e = groups.size(); g != e; ++g) {
      const DefTable::Def &group = groups[g];
      unsigned end = g + 1 < e ? groups[g + 1].startIndex : op->getNumResults();
      ValueRecord v;
      v.def = docRange(group.loc);
      for (const TextRange &use : defs.usesOf(group.uses, group.usesEnd))
        result.append(v.uses, docRange(use));
      v.ownerOp = idx;
      v.index = group.startIndex;
      v.count = end - group.startIndex;
      if (v.count == 1) {
        v.type = typeString(op->getResult(group.startIndex).getType());
      } else {
        std::string types;
        for (unsigned r = group.startIndex; r < end; ++r) {
          if (r != group.startIndex)
            types += ", ";
          types += typeString(op->getResult(r).getType()).ref();
          result.append(v.typeEnds, uint32_t(types.size()));
        }
        v.type = intern(types);
      }
      result.append(rec.results, int32_t(result.values.size()));
      result.values.push_back(std::move(v));
    }
    for (; symbolUse < defs.symbolUses.size() &&
           defs.symbolUses[symbolUse].first == d;
         ++symbolUse) {
      TextRange r = docRange(defs.symbolUses[symbolUse].second);
      StringRef text = doc.slice(r.begin, r.end);
      // `@outer::@inner` refers to its leaf.
      text = text.rsplit("::").second.empty() ? text : text.rsplit("::").second;
      result.symbolUses.push_back({intern(text.ltrim('@').trim('"')), r, idx});
    }
  }
  // In text order: the parser state resolves them per symbol table in hash
  // order, which depends on where MLIR allocated the attributes.
  std::stable_sort(result.symbolUses.begin(), result.symbolUses.end(),
                   [](const SymbolUse &a, const SymbolUse &b) {
                     return a.range.begin < b.range.begin;
                   });

  for (const DefTable::Block &def : defs.blocks) {
    mlir::Block *block = def.block;
    int32_t bidx = result.blocks.size();
    blockIndex[block] = bidx;
    BlockRecord rec;
    if (def.hasDef)
      rec.def = docRange(def.def);
    for (const TextRange &use : defs.usesOf(def.uses, def.usesEnd))
      result.append(rec.uses, docRange(use));
    if (mlir::Operation *parent = block->getParentOp()) {
      auto it = opIndex.find(parent);
      rec.parentOp = it == opIndex.end() ? -1 : it->second;
      rec.region = block->getParent()->getRegionNumber();
    }
    llvm::ArrayRef<DefTable::Def> args = defs.argsOf(def);
    for (unsigned i = 0, e = block->getNumArguments(); i != e; ++i) {
      ValueRecord v;
      if (i < args.size()) {
        v.def = docRange(args[i].loc);
        for (const TextRange &use : defs.usesOf(args[i].uses, args[i].usesEnd))
          result.append(v.uses, docRange(use));
      }
      v.type = typeString(block->getArgument(i).getType());
      v.ownerBlock = bidx;
      v.index = i;
      result.append(rec.args, int32_t(result.values.size()));
      result.values.push_back(std::move(v));
    }
    result.blocks.push_back(std::move(rec));
  }

  // Links that need every op, value and block indexed.
  std::vector<uint32_t> operandResults;
  for (const DefTable::Op &def : defs.ops) {
    mlir::Operation *op = def.op;
    OpRecord &rec = result.ops[opIndex[op]];
    if (mlir::Operation *parent = op->getParentOp()) {
      auto it = opIndex.find(parent);
      if (it != opIndex.end())
        rec.parent = it->second;
    }
    operandResults.clear();
    for (mlir::OpOperand &use : op->getOpOperands()) {
      int32_t value = valueIndexOf(use.get());
      result.append(rec.operands, value);
      // `%3#1`: which result of the group the operand is.
      auto res = llvm::dyn_cast<mlir::OpResult>(use.get());
      if (value < 0 || !res || result.values[value].count < 2)
        continue;
      operandResults.resize(op->getNumOperands(), 0);
      operandResults[use.getOperandNumber()] =
          res.getResultNumber() - result.values[value].index;
    }
    if (!operandResults.empty())
      result.assign(rec.operandResults, llvm::ArrayRef(operandResults));
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region) {
        auto it = blockIndex.find(&block);
        if (it != blockIndex.end())
          result.append(rec.blocks, it->second);
      }
  }

  std::vector<mlir::Operation *> ops;
  ops.reserve(defs.ops.size());
  for (const DefTable::Op &def : defs.ops)
    ops.push_back(def.op);
  defs = DefTable();
  auto indexOfOp = [&](mlir::Operation *op) {
    auto it = opIndex.find(op);
    return it == opIndex.end() ? -1 : it->second;
  };
  result.facts = buildClauseFacts(
      ops, [&](mlir::Value v) { return valueIndexOf(v); }, indexOfOp);
  result.accPlans = recordAccPlans(ops, indexOfOp);
}

/// flang-22 prints a block-argument clause entry (`map_entries(%m -> %arg :
/// type)`) with one type for both sides, the operand's, so an assumed-shape
/// array mapped into `omp.target` reads as `!fir.ref<...>` while its uses
/// in the region say `!fir.box<...>`, and the text does not parse. The
/// error stays; to analyze the region anyway, the use's type is replaced in
/// `working` by the printed one and the block argument keeps its real type
/// in the records, and `reported` gets a note that explains. Returns whether
/// `working` was repaired.
bool Analyzer::repairFlangBlockArgType(const RawDiagnostic &raw,
                                       Diagnostic &reported) {
  static const llvm::Regex re("^use of value '(%[^']+)' expects different "
                              "type than prior uses: '(.+)' vs '(.+)'$");
  llvm::SmallVector<StringRef, 4> m;
  if (repairs.size() >= 64 || !re.match(raw.message, &m) ||
      raw.notes.size() != 1)
    return false;
  std::string used = m[2].str(), printed = m[3].str();
  std::optional<uint32_t> useAt = chunkOffset(raw.loc);
  std::optional<uint32_t> priorAt = chunkOffset(raw.notes[0].first);
  if (!useAt || !priorAt || *priorAt >= *useAt)
    return false;
  // The prior use is the block argument of a clause entry: `%x -> %argN`.
  StringRef before = StringRef(working).take_front(*priorAt).rtrim(" \t");
  TextRange arg = tokenRangeAt(working, *priorAt);
  if (!before.ends_with("->") ||
      StringRef(working).slice(arg.begin, arg.end) != m[1])
    return false;
  // The type of this use, as a whole type in the rest of the line.
  StringRef line = StringRef(working).slice(
      *useAt, std::min(working.find('\n', *useAt), working.size()));
  for (size_t from = 0;;) {
    size_t hit = line.find(used, from);
    if (hit == StringRef::npos)
      return false;
    from = hit + 1;
    StringRef lead = line.take_front(hit).rtrim(" \t");
    StringRef rest = line.drop_front(hit + used.size()).ltrim(" \t");
    if (lead.empty() || !StringRef("(:,").contains(lead.back()) ||
        !(rest.empty() || StringRef("),{-").contains(rest.front())))
      continue;
    uint32_t at = *useAt + hit;
    // Offsets past the replacement move; so do the units blanked there.
    int64_t delta = int64_t(printed.size()) - int64_t(used.size());
    uint32_t origBegin = toDoc(at) - span.begin;
    for (Repair &r : repairs)
      if (r.workBegin >= at) {
        r.workBegin += delta;
        r.workEnd += delta;
      }
    for (TextRange &b : blanked)
      if (b.begin >= at) {
        b.begin += delta;
        b.end += delta;
      }
    repairs.push_back({at, uint32_t(at + printed.size()), origBegin,
                       uint32_t(origBegin + used.size())});
    llvm::sort(repairs, [](const Repair &a, const Repair &b) {
      return a.workBegin < b.workBegin;
    });
    repairedArgTypes.emplace_back(toDoc(arg.begin), used);
    working.own().replace(at, used.size(), printed);
    lines = LineTable(working);
    DiagnosticNote note;
    note.message =
        "flang-22 prints the clause entry `... -> " + m[1].str() +
        " : type` with the operand's type, while the block argument has "
        "type '" +
        used +
        "' (a printer defect, e.g. for an assumed-shape array in a map "
        "clause); flang's generic form (-mmlir --mlir-print-op-generic) "
        "parses. ompx analyzes the region with the argument's real type.";
    reported.notes.push_back(std::move(note));
    return true;
  }
}

/// Parses `text` (`working` or a copy of it) into `parse`; the caller
/// collects the diagnostics.
bool Analyzer::parseText(StringRef text, Parse &parse, uint32_t floor) {
  auto buffer =
      llvm::MemoryBuffer::getMemBuffer(text, kChunkBufferName,
                                       /*RequiresNullTerminator=*/true);
  parse.buffer = buffer->getBufferStart();
  parse.sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  mlir::ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  activeParseState = &parse.state;
  activeParseBuffer = parse.buffer;
  activeParseFloor = floor;
  // The parser state's definitions on pages apart from the IR's, so that
  // freeing them (DefTable) gives their pages back.
  ParseHeap heap({sizeof(mlir::AsmParserState::OperationDefinition),
                  sizeof(mlir::AsmParserState::BlockDefinition)});
  bool ok = mlir::succeeded(mlir::parseAsmSourceFile(
      parse.sourceMgr, &parse.block, config, &parse.state));
  activeParseState = nullptr;
  activeParseBuffer = nullptr;
  activeParseFloor = 0;
  return ok;
}

bool Analyzer::parseAttempt(Parse &parse) {
  DiagnosticCollector collect(ctx, parse.diags);
  if (Breadcrumbs *crumbs = currentBreadcrumbs())
    crumbs->phase = Phase::Parse;
  bool ok = parseText(working, parse);
  bufStart = parse.buffer;
  bufStartB = nullptr;
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
    Diagnostic d = convert(raw, DiagKind::Lowering);
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
        std::optional<uint32_t> off = chunkOffset(op->getLoc());
        crumbs->currentOp = off ? toDoc(*off) - span.begin : ~0u;
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
    // Errors about symbols that only a blanked (unparsable) unit defined are
    // follow-ons of a parse error already reported.
    bool followOn = false;
    StringRef msg = raw.message;
    for (const std::string &sym : blankedSymbols)
      if (msg.contains("@" + sym) || msg.contains("'" + sym + "'") ||
          msg.contains("\"" + sym + "\"")) {
        followOn = true;
        break;
      }
    // So are the errors of an op that uses such a symbol, whatever they
    // say (`mapper(@m)`: "invalid mapper id"). And an op whose types were
    // repaired is not what the text says; its verifier's opinion is about the
    // repair.
    if (std::optional<uint32_t> off = chunkOffset(raw.loc); off && !followOn)
      for (size_t i = 0; i < result.ops.size() && !followOn; ++i) {
        const OpRecord &op = result.ops[i];
        if (op.nameRange.begin != toDoc(*off) &&
            op.fullRange.begin != toDoc(*off))
          continue;
        // (The parser records no use of a symbol it did not find, so read
        // the text of an op without regions.)
        if (op.blocks.empty())
          for (const std::string &sym :
               symbolTokens(doc.slice(op.fullRange.begin, op.fullRange.end)))
            followOn |= blankedSymbols.count(sym) > 0;
        for (const Repair &r : repairs)
          followOn |= op.fullRange.begin <= span.begin + r.origBegin &&
                      span.begin + r.origEnd <= op.fullRange.end;
      }
    if (!followOn) {
      Diagnostic d = convert(raw, DiagKind::Verify);
      addRelatedLocations(d);
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
        *module.getBody(), doc, [&](mlir::Operation *op) -> const OpRecord * {
          collectPendingOps();
          auto it = opIndex.find(op);
          return it == opIndex.end() ? nullptr : &result.ops[it->second];
        });
    dropSuppressed(mapping, doc, options.disabledChecks);
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
                             unsigned parseErrors,
                             std::chrono::steady_clock::time_point start) {
  result.parseMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  if (Breadcrumbs *crumbs = currentBreadcrumbs())
    crumbs->phase = Phase::Collect;
  size_t firstOp = result.ops.size();
  DefTable &defs = defTable;
  // Locations of ops become their position in this text, so verifier
  // diagnostics land on the op even when it carries a Fortran loc(...). An
  // op written without one already has it (the parser's location of its
  // name): then nothing is made (a million ops' locations uniqued twice).
  // Made only when something reads them: on flang's output (a loc on every
  // op) they were ~10% of the time from the parse's end to the diagnostics,
  // so a clean verification goes without, and one with a message is redone.
  auto relocate = [&] {
    // The records keep each op's own location (its Fortran line, say): a
    // fused one would name the chunk first.
    collectPendingOps();
    mlir::StringAttr chunkName = mlir::StringAttr::get(&ctx, kChunkBufferName);
    for (const DefTable::Op &def : defs.ops) {
      auto [line, col] = lines.toLineColumn(def.name.begin);
      auto own = llvm::dyn_cast<mlir::FileLineColLoc>(def.op->getLoc());
      if (own && own.getFilename() == chunkName && own.getLine() == line &&
          own.getColumn() == col)
        continue;
      mlir::Location here = mlir::FileLineColLoc::get(chunkName, line, col);
      def.op->setLoc(mlir::FusedLoc::get(&ctx, {here, def.op->getLoc()}));
    }
  };
  bool lowerAfter = options.lowering && parseErrors == 0 && blanked.empty();
  // Op by op verification leaves each op's place in a breadcrumb; the
  // translation's messages are located like the verifier's.
  bool relocated = options.locateVerifierCrash || lowerAfter;
  bool verifying =
      options.verify && (parseErrors == 0 || options.verifyAfterRecovery);
  result.parsed = true;
  result.recovered = parseErrors > 0;
  auto verifyStart = std::chrono::steady_clock::now();
  std::vector<RawDiagnostic> verifyDiags;
  // Owns the ops from here on, until the records are collected.
  mlir::OwningOpRef<mlir::ModuleOp> module;
  // The parser states are copied and freed on the other core while the
  // verifiers run (1M ops: 115 of the 950 ms from the parse's end to the
  // diagnostics): the verifiers read the IR, the copy only the states.
  opsPending = true; // made from `defs` (filled in below) when first read
  if (verifying && !relocated && hooks.runBeside) {
    hooks.runBeside([&] { module = verify(block, verifyDiags); },
                    [&] { defs = tabulate(parsed); });
  } else {
    defs = tabulate(parsed);
    if (relocated)
      relocate();
    if (verifying)
      module = verify(block, verifyDiags);
  }
  if (!diags.empty())
    collectPendingOps();
  for (const RawDiagnostic &raw : diags)
    if (raw.severity != mlir::DiagnosticSeverity::Error)
      result.diagnostics.push_back(convert(raw, DiagKind::Parse));
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
  if (options.facts)
    collectRest(defs, firstOp);
  defs = DefTable();
  for (const auto &[def, type] : repairedArgTypes)
    for (ValueRecord &v : result.values)
      if (v.ownerBlock >= 0 && v.def.begin == def)
        v.type = intern(type);
  if (!early) {
    if (module)
      checkVerified(*module, verifyDiags, lowerAfter);
    diagnosticsFinal();
  }
  result.verifyMs = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - verifyStart)
                        .count();
}

/// FIR's record types and LLVM's identified structs are mutable types whose
/// body the parser sets at the first occurrence, without a lock around
/// FIR's check-then-set: parse each once here, so that the two halves of a
/// parallel parse only ever read them. False when one does not parse alone
/// (an alias inside, say): then the chunk is parsed in one piece.
bool Analyzer::prepareMutableTypes() {
  StringRef text = working;
  llvm::StringSet<> seen;
  std::vector<RawDiagnostic> ignored;
  DiagnosticCollector collect(ctx, ignored);
  for (uint32_t at : scan.mutableTypes) {
    // `!fir.type<NAME{...}>`, `!llvm.struct<"NAME", (...)>`.
    bool fir = text.substr(at).starts_with("!fir.type<");
    size_t open = at + (fir ? 9 : 12);
    if (open >= text.size() || text[open] != '<')
      continue;
    size_t nameBegin = open + 1 + (fir ? 0 : 1);
    if (!fir && (nameBegin > text.size() || text[open + 1] != '"'))
      continue; // a literal struct
    size_t nameEnd = text.find_first_of(fir ? "{>" : "\"", nameBegin);
    if (nameEnd == StringRef::npos)
      return false;
    // Only occurrences with a body set one.
    bool body =
        fir ? text[nameEnd] == '{' : text.substr(nameEnd + 1).starts_with(",");
    if (!body || !seen.insert(text.slice(nameBegin, nameEnd)).second)
      continue;
    // MLIR's parser finds where the type ends, in the rest of its line (a
    // printed type does not span lines; given all the text, the parser
    // state it sets up cost 25 ms more on 18 MB).
    size_t read = 0;
    if (!mlir::parseType(text.slice(at, text.find('\n', at)), &ctx, &read))
      return false;
  }
  return ignored.empty();
}

/// Parses the chunk as two halves on two threads (ParseSplit) and
/// merges them into `first`'s block, with `defs` in the order of a single
/// parse. False, with nothing kept, when the chunk does not qualify or a
/// half has any diagnostic: then the caller parses the whole chunk, which
/// reports what a single parse says.
bool Analyzer::parseInHalves(std::unique_ptr<Parse> &first,
                             std::unique_ptr<Parse> &second, ParsedDefs &defs) {
  if (!hooks.runBeside || !ctx.isMultithreadingEnabled() ||
      working.size() < options.parallelParseMinBytes || !blanked.empty())
    return false;
  // Dialect resources and distinct attributes are made once per parse;
  // two parses would make two.
  const std::optional<ParseSplit> &split = scan.split;
  if (!split || scan.oncePerParse || !prepareMutableTypes())
    return false;
  // The parser loads a registered dialect the first time it meets it, and
  // loading is not thread-safe: load them all here (once per context).
  ctx.loadAllAvailableDialects();
  first = std::make_unique<Parse>();
  second = std::make_unique<Parse>();
  // Each half is parsed with the other blanked, at the chunk's offsets. With
  // `working` lent, the second half is parsed in `working`, blanked and
  // restored from the first half's text, and the first half gets its own
  // view of the document with the second half's bytes NUL (the lexer skips
  // NULs as blanks): a second private mapping of the document's file, whose
  // pages are the file's and the second half's fresh zero pages, so nothing
  // is copied; without the file, fresh zero pages with the first half's
  // bytes copied in. Not lent, the second half gets a copy.
  size_t size = working.size();
  const TextRange &firstRange = split->first, &secondRange = split->second;
  char *textA = working.data(), *textB = nullptr;
  char *fileView = nullptr;
  if (working.isLent() && hooks.mutableDocFd >= 0 &&
      (fileView = mapPrivately(hooks.mutableDocFd, doc.size() + 1))) {
    firstHalfText = llvm::sys::OwningMemoryBlock(
        llvm::sys::MemoryBlock(fileView, doc.size() + 1));
    textA = fileView + span.begin;
    textA[size] = '\0';
    zeroPages(textA + secondRange.begin, textA + secondRange.end);
    textB = working.data();
  } else if (working.isLent()) {
    std::error_code ec;
    firstHalfText =
        llvm::sys::OwningMemoryBlock(llvm::sys::Memory::allocateMappedMemory(
            size + 1, nullptr,
            llvm::sys::Memory::MF_READ | llvm::sys::Memory::MF_WRITE, ec));
    if (ec)
      return false;
    textA = static_cast<char *>(firstHalfText.base());
    std::copy(working.data(), working.data() + secondRange.begin, textA);
    std::copy(working.data() + secondRange.end, working.data() + size,
              textA + secondRange.end);
    textB = working.data();
  } else {
    workingB = StringRef(working).str();
    textB = workingB.data();
  }
  if (Breadcrumbs *crumbs = currentBreadcrumbs())
    crumbs->phase = Phase::Parse;
  bool okA = false, okB = false;
  {
    std::thread::id here = std::this_thread::get_id();
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &diag) {
      (std::this_thread::get_id() == here ? first : second)
          ->diags.push_back(toRaw(diag));
      return mlir::success();
    });
    auto blank = [](char *text, TextRange range) {
      for (uint32_t i = range.begin; i < range.end; ++i)
        if (text[i] != '\n' && text[i] != '\r')
          text[i] = ' ';
    };
    hooks.runBeside(
        [&] {
          if (!working.isLent())
            blank(textA, secondRange);
          okA = parseText(StringRef(textA, size), *first);
        },
        [&] {
          blank(textB, firstRange);
          okB = parseText(StringRef(textB, size), *second, secondRange.begin);
        });
  }
  // `working` is the chunk again (the other buffer keeps its place: its
  // parser state points into it).
  if (working.isLent()) {
    std::copy(textA + firstRange.begin, textA + firstRange.end,
              working.data() + firstRange.begin);
    if (hooks.mutableDocMapsFile)
      givePagesBack(working.data() + firstRange.begin,
                    working.data() + firstRange.end);
    // The first half's parser state only locates: its pointers are turned
    // into offsets, the bytes behind them are never read again. Give the
    // pages back (they read as zeros, or as the file) while the records are
    // collected, which is when the worker peaks.
    char *base = static_cast<char *>(firstHalfText.base());
    givePagesBack(base, base + firstHalfText.allocatedSize());
  } else {
    std::copy(textB + secondRange.begin, textB + secondRange.end,
              working.data() + secondRange.begin);
  }
  auto giveUp = [&] {
    first.reset();
    second.reset();
    firstHalfText = llvm::sys::OwningMemoryBlock();
    std::string().swap(workingB);
    return false;
  };
  if (!okA || !okB || !first->diags.empty() || !second->diags.empty())
    return giveUp();
  bufStart = first->buffer;
  bufStartB = second->buffer;

  // The second half's ops join the first's container: the chunk's top
  // level, or the body of its one module.
  mlir::Block *into = &first->block, *from = &second->block;
  mlir::Operation *moduleA = nullptr, *moduleB = nullptr;
  if (split->inModule) {
    auto onlyModule = [](mlir::Block &b) -> mlir::ModuleOp {
      return llvm::hasSingleElement(b)
                 ? llvm::dyn_cast<mlir::ModuleOp>(b.front())
                 : nullptr;
    };
    mlir::ModuleOp a = onlyModule(first->block), b = onlyModule(second->block);
    if (!a || !b)
      return giveUp();
    into = a.getBody();
    from = b.getBody();
    moduleA = a;
    moduleB = b;
  }
  if (from->empty())
    return giveUp();
  mlir::Operation *firstB = &from->front();
  into->getOperations().splice(into->end(), from->getOperations());

  // A single parse finalizes ops innermost first (the module last) and
  // records blocks as it creates them (the module's body first).
  const mlir::AsmParserState::OperationDefinition *moduleDef = nullptr;
  for (const auto &def : first->state.getOpDefs()) {
    if (def.op == moduleA)
      moduleDef = &def;
    else
      defs.ops.push_back(&def);
  }
  for (const auto &def : second->state.getOpDefs())
    if (def.op != moduleB)
      defs.ops.push_back(&def);
  if (moduleDef)
    defs.ops.push_back(moduleDef);
  for (const auto &def : first->state.getBlockDefs())
    defs.blocks.push_back(&def);
  for (const auto &def : second->state.getBlockDefs())
    if (!moduleB || def.block->getParentOp() != moduleB)
      defs.blocks.push_back(&def);
  defs.states = {&first->state, &second->state};
  if (!addCrossHalfSymbolUses(*into, firstB, *split, *first, *second))
    return giveUp();
  result.parseCut = span.begin + split->second.begin;
  if (hooks.parsedInHalves)
    hooks.parsedInHalves(result.parseCut);
  return true;
}

/// Each half's parser resolved the symbol uses in its own ops against its
/// own symbols only; a use of a symbol the other half defines was dropped.
/// Finds those in the text of each half: `@name` (and `@name::@nested`)
/// tokens naming a symbol the container's ops in the other half define,
/// resolved like the parser state does (all components or none), outside
/// nested symbol tables (a single parse resolves uses in there against
/// that table only). False when a symbol is defined twice: the caller then
/// parses in one piece.
bool Analyzer::addCrossHalfSymbolUses(mlir::Block &container,
                                      mlir::Operation *firstB,
                                      const ParseSplit &split,
                                      const Parse &first, const Parse &second) {
  llvm::StringMap<mlir::Operation *> defined[2];
  std::vector<TextRange> nestedTables[2];
  int half = 0;
  for (mlir::Operation &op : container) {
    if (&op == firstB)
      half = 1;
    // A symbol defined twice (an error the verifier reports): one parse
    // resolves every use to one definition, two halves each to their own.
    if (auto name = op.getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      if (!defined[half].try_emplace(name.getValue(), &op).second ||
          defined[1 - half].count(name.getValue()))
        return false;
  }
  for (int h = 0; h < 2; ++h)
    for (const auto &def : (h ? second : first).state.getOpDefs())
      if (def.op->hasTrait<mlir::OpTrait::SymbolTable>() &&
          def.op != container.getParentOp() &&
          def.op->getBlock() != &second.block)
        nestedTables[h].push_back({workOffset(def.scopeLoc.Start.getPointer()),
                                   workOffset(def.scopeLoc.End.getPointer())});
  for (int h = 0; h < 2; ++h) {
    const llvm::StringMap<mlir::Operation *> &other = defined[1 - h];
    if (other.empty())
      continue;
    TextRange range = h ? split.second : split.first;
    StringRef text = working;
    // `@` is rare (a few thousand in 18 MB of flang output): find each, then
    // lex only its line to see whether it starts a token.
    for (size_t at = text.find('@', range.begin); at < range.end;
         at = text.find('@', at + 1)) {
      std::optional<Token> t = tokenAt(text, uint32_t(at));
      if (!t || !t->is(TokenKind::AtIdentifier) || t->range.begin != at)
        continue;
      llvm::SmallVector<Token, 2> parts{*t};
      while (text.substr(parts.back().range.end).starts_with("::@")) {
        Token next = Lexer::lexAt(text, parts.back().range.end + 2);
        if (!next.is(TokenKind::AtIdentifier))
          break;
        parts.push_back(next);
      }
      StringRef root = parts[0].name();
      auto it = other.find(root);
      if (it == other.end())
        continue;
      if (llvm::any_of(nestedTables[h], [&](const TextRange &r) {
            return r.begin < at && at < r.end;
          }))
        continue;
      llvm::SmallVector<mlir::Operation *, 2> ops{it->second};
      for (size_t i = 1; i < parts.size() && ops.size() == i; ++i)
        if (ops.back()->hasTrait<mlir::OpTrait::SymbolTable>())
          if (mlir::Operation *inner = mlir::SymbolTable::lookupSymbolIn(
                  ops.back(), parts[i].name()))
            ops.push_back(inner);
      if (ops.size() != parts.size())
        continue;
      for (size_t i = 0; i < parts.size(); ++i)
        crossSymbolUses[ops[i]].push_back(
            {llvm::SMLoc::getFromPointer(working.data() + parts[i].range.begin),
             llvm::SMLoc::getFromPointer(working.data() + parts[i].range.end)});
    }
  }
  return true;
}

ChunkAnalysis Analyzer::run() {
  result.chunkBegin = span.begin;
  result.chunkEnd = span.end;

  for (const TextRange &r : options.preBlanked) {
    TextRange rel{r.begin - span.begin, r.end - span.begin};
    blankedSymbols.merge(
        symbolTokens(StringRef(working).slice(rel.begin, rel.end)));
    blankRange(working.own(), rel);
    blanked.push_back(rel);
  }

  // The MLIR lexer skips NUL bytes like blanks; they are almost surely
  // corruption, so say where the first one is.
  size_t nul = working.find('\0');
  if (nul != std::string::npos) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.kind = DiagKind::Parse;
    d.range = {uint32_t(nul) + span.begin, uint32_t(nul) + span.begin + 1};
    d.anchor = d.range.begin;
    d.message = "NUL byte in the text (the MLIR parser ignores it)";
    result.diagnostics.push_back(std::move(d));
  }

  // Guard the recursive-descent parser's stack: blank units nested deeper
  // than the worker's stack can parse, and say so.
  for (unsigned guard = 0; guard < 64; ++guard) {
    scan = scanStructure(working, options.depthLimit);
    if (!scan.depthExceededAt)
      break;
    uint32_t at = *scan.depthExceededAt;
    Diagnostic d;
    d.kind = DiagKind::Limit;
    d.range = docRangeAt(at);
    d.anchor = d.range.begin;
    d.message = "nesting deeper than " + std::to_string(options.depthLimit) +
                " levels: this op is not parsed (the parser would run out "
                "of stack; mlir-opt and the upstream MLIR servers crash on "
                "such input)";
    result.diagnostics.push_back(std::move(d));
    std::optional<TextRange> unit = findRecoveryUnit(working, at);
    if (!unit)
      unit = TextRange{0, uint32_t(working.size())};
    blankedSymbols.merge(
        symbolTokens(StringRef(working).slice(unit->begin, unit->end)));
    blankRange(working.own(), *unit);
    blanked.push_back(*unit);
  }

  auto start = std::chrono::steady_clock::now();
  unsigned parseErrors = 0;
  {
    std::unique_ptr<Parse> first, second;
    ParsedDefs defs;
    if (parseInHalves(first, second, defs)) {
      analyzeParsed(first->block, defs, {}, 0, start);
      return finish();
    }
  }
  while (true) {
    Parse parse;
    bool ok = parseAttempt(parse);
    mlir::AsmParserState &state = parse.state;
    std::vector<RawDiagnostic> &diags = parse.diags;
    if (ok) {
      ParsedDefs defs(state);
      analyzeParsed(parse.block, defs, diags, parseErrors, start);
      break;
    }

    // A parse error: report it, keep what the parser saw of the failing
    // unit, blank the unit and parse again.
    std::optional<uint32_t> errorAt;
    std::optional<size_t> firstError; ///< its index in result.diagnostics
    for (const RawDiagnostic &raw : diags) {
      if (raw.severity == mlir::DiagnosticSeverity::Error && !errorAt)
        errorAt = chunkOffset(raw.loc);
      Diagnostic d = convert(raw, DiagKind::Parse);
      // A re-parse can meet the same error again; say it once.
      bool seen =
          std::any_of(result.diagnostics.begin(), result.diagnostics.end(),
                      [&](const Diagnostic &o) {
                        return o.kind == d.kind && o.range == d.range &&
                               o.message == d.message;
                      });
      if (!seen) {
        result.diagnostics.push_back(std::move(d));
        if (&raw == &diags.front())
          firstError = result.diagnostics.size() - 1;
      }
    }
    ++parseErrors;
    if (parseErrors < options.maxParseErrors && firstError &&
        repairFlangBlockArgType(diags.front(), result.diagnostics[*firstError]))
      continue;
    std::optional<TextRange> unit =
        errorAt ? findRecoveryUnit(working, *errorAt) : std::nullopt;
    bool progress =
        unit && std::none_of(blanked.begin(), blanked.end(),
                             [&](const TextRange &b) { return b == *unit; });
    // Blanking must remove the error's own text or an unbalanced op before
    // it (which the parser noticed only later), or nothing changes.
    if (progress && errorAt && unit->end <= *errorAt &&
        *errorAt < working.size() && bracketsBalanced(working, *unit))
      progress = false;
    if (progress && parseErrors >= options.maxParseErrors) {
      // Say that the list is cut, not that the rest is clean.
      Diagnostic d;
      d.severity = Severity::Warning;
      d.kind = DiagKind::Limit;
      d.range = docRangeAt(*errorAt);
      d.message = "stopped after " + std::to_string(options.maxParseErrors) +
                  " parse errors: later errors in this chunk are not shown "
                  "and it is not analyzed";
      result.diagnostics.push_back(std::move(d));
    }
    if (!progress || parseErrors >= options.maxParseErrors) {
      collectPartial(state, TextRange{0, uint32_t(working.size())});
      break;
    }
    collectPartial(state, *unit);
    blankedSymbols.merge(
        symbolTokens(StringRef(working).slice(unit->begin, unit->end)));
    blankRange(working.own(), *unit);
    blanked.push_back(*unit);
  }
  return finish();
}

ChunkAnalysis Analyzer::finish() {
  if (Breadcrumbs *crumbs = currentBreadcrumbs())
    crumbs->phase = Phase::Idle;
  // The server fills these units from the last analysis that parsed them.
  // `blanked` is in working-text offsets, which a flang-22 repair may move.
  for (const TextRange &b : blanked)
    result.blankedUnits.push_back({toDoc(b.begin), toDoc(b.end)});
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
