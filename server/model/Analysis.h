//===- Analysis.h - Plain-data analysis of one MLIR chunk -------*- C++ -*-===//
//
// The result of parsing and verifying one `// -----` chunk, as plain data:
// ops, values, blocks, symbols and diagnostics with byte ranges into the whole
// document. It holds no MLIR objects, so it can be built in a worker process,
// sent over a pipe, cached by the server and read by every feature.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_MODEL_ANALYSIS_H
#define OMPX_MODEL_ANALYSIS_H

#include "dialects/AccPlan.h"
#include "dialects/ClauseModel.h"
#include "server/syntax/Text.h"
#include "server/syntax/TextRange.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

namespace ompx {

enum class Severity : uint8_t { Error = 1, Warning = 2, Information = 3, Hint = 4 };

/// Where a diagnostic came from; shown as the LSP diagnostic `code`.
enum class DiagKind : uint8_t {
  Parse,     ///< the MLIR parser
  Verify,    ///< an op verifier
  Crash,     ///< MLIR itself crashed on this chunk (contained in a worker)
  Limit,     ///< input beyond what ompx analyzes safely (nesting depth, ...)
  Split,     ///< `// -----` handling (near misses)
  Internal,  ///< the worker failed in some other way (timeout, I/O)
  Mapping,   ///< a data-mapping check (server/analysis/MappingChecks.h)
  Lowering,  ///< translating to LLVM IR as a launch would (--lowering)
};

struct DiagnosticNote {
  TextRange range;
  bool hasRange = false; ///< false: the note has no location in this document
  std::string message;
  /// Added by ompx (the place a verifier message is about), not an MLIR
  /// note: `expected-note` annotations do not cover it.
  bool related = false;
};

/// A local, safe fix of a diagnostic (an LSP quick fix); edits are
/// document byte ranges (syntax/Text.h TextEdit).
struct DiagnosticFix {
  std::string title;
  std::vector<TextEdit> edits;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  DiagKind kind = DiagKind::Parse;
  TextRange range;
  /// Where MLIR located it (document offset), which `expected-*@+N`
  /// annotations refer to; kNoAnchor for an unknown location.
  uint32_t anchor = kNoAnchor;
  std::string message;
  std::vector<DiagnosticNote> notes;
  /// Mapping diagnostics: the check's name (`ompx-ignore(NAME)`).
  std::string check;
  std::vector<DiagnosticFix> fixes;
  /// Parse and verify errors about an unknown op ("custom op 'omp.targt'
  /// is unknown"): the op name, as the analyzer read it from MLIR's
  /// message; "" for any other diagnostic.
  std::string unknownOp;
  static constexpr uint32_t kNoAnchor = ~0u;
};

enum OpFlags : uint8_t {
  /// From a parse that failed: only ranges are known (no types, operands).
  OpPartial = 1,
  /// From the last analysis in which its unit parsed, moved through the
  /// edits since (the unit does not parse now); see staleUnits.
  OpStale = 2,
};

/// A string interned for the process's life (see intern()), held as a
/// 32-bit number. Records hold their names and types as these, so that a
/// million ops named `arith.addi` share one string in 4 bytes each, and
/// records copy between analyses (stale units, moved chunks) without owning
/// or re-interning anything. Only intern() makes one, so a record cannot
/// point into a temporary string. Reading the text takes no lock.
class IStr {
public:
  IStr() = default; ///< ""

  llvm::StringRef ref() const;
  operator llvm::StringRef() const { return ref(); }
  std::string str() const { return ref().str(); }
  bool empty() const { return id == 0; }
  size_t size() const { return ref().size(); }
  const char *data() const { return ref().data(); }
  bool starts_with(llvm::StringRef prefix) const {
    return ref().starts_with(prefix);
  }
  /// Equal strings have equal numbers (in this process).
  uint32_t number() const { return id; }

  friend bool operator==(IStr a, IStr b) { return a.id == b.id; }
  friend bool operator!=(IStr a, IStr b) { return a.id != b.id; }
  friend bool operator==(IStr a, llvm::StringRef b) { return a.ref() == b; }
  friend bool operator!=(IStr a, llvm::StringRef b) { return a.ref() != b; }
  friend bool operator==(llvm::StringRef a, IStr b) { return a == b.ref(); }
  friend bool operator!=(llvm::StringRef a, IStr b) { return a != b.ref(); }

private:
  explicit IStr(uint32_t id) : id(id) {}
  friend IStr intern(llvm::StringRef);
  uint32_t id = 0;
};

/// The interned copy of `s`: the same IStr for equal strings, valid until the
/// process exits (as MLIRContext keeps its identifiers). Thread-safe.
IStr intern(llvm::StringRef s);

/// A run of elements of one of ChunkAnalysis's shared arrays; read it with
/// `analysis[span]`. Records hold spans, not vectors: a vector per op or
/// value costs its 24 bytes and a heap block of at least 32, which made the
/// records of a 200k-line file twice the size of its text.
template <class T> struct Span {
  uint32_t begin = 0, count = 0;
  uint32_t size() const { return count; }
  bool empty() const { return count == 0; }
};

struct OpRecord {
  IStr name;             ///< e.g. "omp.target"
  TextRange nameRange;   ///< the op name token
  TextRange fullRange;   ///< from the name (or results) to the end of the op
  int32_t parent = -1;   ///< enclosing op index within the chunk
  Span<int32_t> results; ///< value indices, one per result group
  Span<int32_t> operands; ///< value indices (-1: defined elsewhere)
  Span<int32_t> blocks;   ///< blocks of its regions, in order
  IStr symbol;            ///< symbol name it defines (sym_name), if any
  uint8_t flags = 0;
  /// Per operand, which result of its value's result group it is (the `1`
  /// of `%3#1`); empty when no operand is a result of a group of several.
  Span<uint32_t> operandResults;
  /// Where the op came from: the first file location of its `loc(...)`
  /// (through fused, name and call-site locations), as an index into
  /// ChunkAnalysis::sourceFiles (-1: none) and 1-based line and column.
  /// Interned: three ints an op, not a path per op.
  int32_t sourceFile = -1;
  uint32_t sourceLine = 0, sourceColumn = 0;
  /// For an op from an included file (flang's fused `base, inclusion`
  /// location): the last location of another file, the INCLUDE line that
  /// brought it in (-1: none).
  int32_t includeFile = -1;
  uint32_t includeLine = 0, includeColumn = 0;
};

struct ValueRecord {
  TextRange def;               ///< the `%name` at its definition
  Span<TextRange> uses;        ///< every `%name` use
  IStr type;                   ///< printed type ("" when unknown)
  int32_t ownerOp = -1;        ///< defining op (results)
  int32_t ownerBlock = -1;     ///< owning block (block arguments)
  uint32_t index = 0;          ///< result number / argument number
  uint32_t count = 1;          ///< size of a result group (`%0:2`)
  /// A group of several results: where each result's type ends in `type`
  /// (the types joined with ", "); empty otherwise.
  Span<uint32_t> typeEnds;
};

struct BlockRecord {
  TextRange def;               ///< `^bb0` label, empty for an implicit entry
  Span<TextRange> uses;        ///< successor uses
  int32_t parentOp = -1;
  uint32_t region = 0;         ///< region number within the parent op
  Span<int32_t> args;          ///< value indices
};

struct SymbolUse {
  IStr name; ///< leaf symbol name without '@'
  TextRange range;
  int32_t userOp = -1;
};

/// `omp.declare_target = #omp.declaretarget<...>` on a function or global.
struct DeclareTargetFact {
  int32_t op = -1;    ///< the function or global
  IStr deviceType;    ///< `device_type`: any, host, nohost ("" if absent)
  IStr captureClause; ///< `capture_clause`: to, enter, link, none
  bool automap = false;
  /// Where the op's text spells it: the `omp.declare_target` name and the
  /// `#omp.declaretarget<...>` value; both empty when it is spelt otherwise
  /// (an attribute alias).
  TextRange name, value;
};

/// A dummy argument of a function.
struct ArgumentFact {
  IStr type;      ///< printed type (for messages only)
  IStr bindcName; ///< its `fir.bindc_name` attribute ("" if none)
  /// What the type is, for features that must not read `type`'s text: a
  /// `!fir.ref` of a scalar or of a `!fir.array` of one.
  enum class Element : uint8_t { Other, Integer, Real, Logical, Complex };
  bool byReference = false; ///< !fir.ref<...>
  Element element = Element::Other;
  uint8_t elementBytes = 0; ///< the scalar's Fortran kind (a part's, complex)
  bool array = false;       ///< !fir.ref<!fir.array<...>>
  std::vector<int64_t> extents; ///< the array's shape, -1: `?`
};

/// The signature of a Fortran external procedure (a function op named
/// `_QP...`; the library driver calls those, and other functions have none).
struct FunctionFact {
  int32_t op = -1;
  std::vector<ArgumentFact> arguments;
  uint32_t results = 0; ///< how many values it returns
};

/// Everything known about one chunk.
struct ChunkAnalysis {
  uint32_t chunkBegin = 0, chunkEnd = 0; ///< byte range in the document
  bool parsed = false;    ///< the (possibly recovered) parse succeeded
  bool recovered = false; ///< parse errors were recovered by blanking units
  bool crashed = false;   ///< the worker died on this chunk
  std::vector<Diagnostic> diagnostics;
  std::vector<OpRecord> ops;
  std::vector<ValueRecord> values;
  std::vector<BlockRecord> blocks;
  std::vector<SymbolUse> symbolUses;
  /// The arrays the records' spans index: value, block and op indices (op
  /// results, operands and blocks; block arguments), numbers (operand result
  /// numbers, type ends) and ranges (value and block uses). A record's
  /// elements are contiguous, appended when the record is made (append()).
  std::vector<int32_t> indices;
  std::vector<uint32_t> numbers;
  std::vector<TextRange> ranges;
  /// Clause facts of the omp/acc ops, ordered by op index.
  std::vector<OpFacts> facts;
  /// Fortran procedures' signatures and declare target attributes, ordered
  /// by op index.
  std::vector<FunctionFact> functions;
  std::vector<DeclareTargetFact> declareTargets;
  /// What acc-to-omp makes of each acc op (pipeline/passes/AccPlan.h),
  /// ordered by op index; hover words it.
  std::vector<AccPlan> accPlans;
  /// The files named by the ops' locations (OpRecord::sourceFile), each once.
  std::vector<std::string> sourceFiles;
  /// Document ranges of the top-level units blanked before the final parse
  /// (parse errors, crashes, nesting limit): what they held is missing.
  std::vector<TextRange> blankedUnits;
  /// Document ranges of blanked units whose records come from an earlier
  /// version of the text (marked OpStale); filled by the server, never by
  /// the analyzer. Sorted.
  std::vector<TextRange> staleUnits;
  double parseMs = 0, verifyMs = 0;
  /// Where the second half began (document offset) when the chunk was
  /// parsed as two halves at once; 0 when in one piece.
  uint32_t parseCut = 0;
  /// The lowering-readiness check (AnalyzerOptions::lowering) ran on this
  /// chunk; its findings are the DiagKind::Lowering diagnostics.
  bool lowered = false;
  double lowerMs = 0;

  llvm::ArrayRef<int32_t> operator[](Span<int32_t> s) const {
    return slice(indices, s);
  }
  llvm::ArrayRef<uint32_t> operator[](Span<uint32_t> s) const {
    return slice(numbers, s);
  }
  llvm::ArrayRef<TextRange> operator[](Span<TextRange> s) const {
    return slice(ranges, s);
  }
  /// Appends `x` to `s`, which must be empty or end its array: records are
  /// filled one at a time.
  template <class T> void append(Span<T> &s, T x) {
    std::vector<T> &array = arrayOf(s);
    assert((s.empty() || s.begin + s.count == array.size()) &&
           "span is not at the end of its array");
    if (s.empty())
      s.begin = array.size();
    array.push_back(x);
    ++s.count;
  }
  /// `s` set to a copy of `xs` at the end of its array.
  template <class T> void assign(Span<T> &s, llvm::ArrayRef<T> xs) {
    std::vector<T> &array = arrayOf(s);
    s.begin = array.size();
    s.count = xs.size();
    array.insert(array.end(), xs.begin(), xs.end());
  }
  /// Whether every span of every record lies inside its array (a record read
  /// from a worker's frame is checked before a feature indexes through it).
  bool spansValid() const;

private:
  template <class T>
  static llvm::ArrayRef<T> slice(const std::vector<T> &array, Span<T> s) {
    assert(size_t(s.begin) + s.count <= array.size() && "span out of range");
    return llvm::ArrayRef<T>(array).slice(s.begin, s.count);
  }
  std::vector<int32_t> &arrayOf(Span<int32_t>) { return indices; }
  std::vector<uint32_t> &arrayOf(Span<uint32_t>) { return numbers; }
  std::vector<TextRange> &arrayOf(Span<TextRange>) { return ranges; }
};

/// The type of result `k` of the group `v` (`v.type` when it is one value).
llvm::StringRef resultType(const ChunkAnalysis &a, const ValueRecord &v,
                           uint32_t k);

/// Which result of its value's group operand `operand` of `op` is (0 when
/// the value is not a group of several).
uint32_t operandResult(const ChunkAnalysis &a, const OpRecord &op,
                       uint32_t operand);

/// The signature of function `op`, or null (not a function, or not known:
/// a partial op).
const FunctionFact *functionOf(const ChunkAnalysis &a, int32_t op);

/// The declare target attribute of `op`, or null.
const DeclareTargetFact *declareTargetOf(const ChunkAnalysis &a, int32_t op);

/// The short name of a diagnostic's origin ("parse", "verify", ...), used as
/// the LSP `code`, the JSON `code` and the SARIF rule id.
const char *diagKindName(DiagKind kind);

/// A severity as compilers print it: "error", "warning", "remark", "note".
const char *severityName(Severity severity);

/// The warning mlir-opt prints for a `// ----` that does not split the file;
/// `offset` is where the split marker's trailing dashes were expected.
Diagnostic nearMissDiagnostic(uint32_t offset);

/// Whether `offset` is in a unit whose records are stale.
bool inStaleUnit(const ChunkAnalysis &analysis, uint32_t offset);

/// Moves every range of `d` (notes and fix edits included) by `delta` bytes:
/// lowering diagnostics are cached relative to their chunk.
void shiftDiagnostic(Diagnostic &d, int64_t delta);

/// Moves every range of `analysis` by `delta` bytes: a cached chunk analysis
/// reused after an edit earlier in the document moved the chunk.
void shiftAnalysis(ChunkAnalysis &analysis, int64_t delta);

} // namespace ompx

#endif // OMPX_MODEL_ANALYSIS_H
