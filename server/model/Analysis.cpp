//===- Analysis.cpp - Plain-data analysis helpers -------------------------===//

#include "server/model/Analysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <atomic>
#include <mutex>

using namespace ompx;

namespace {
/// The interned strings: number -> text in chunks that never move (chunk c
/// holds 2^(c+10) entries), so that IStr::ref() reads without the lock that
/// guards interning.
struct InternTable {
  static constexpr unsigned kFirstBits = 10, kChunks = 23;
  std::mutex mutex;
  llvm::StringMap<uint32_t, llvm::BumpPtrAllocator> numbers;
  std::atomic<llvm::StringRef *> chunks[kChunks] = {};
  uint32_t count = 0;

  static std::pair<unsigned, uint32_t> place(uint32_t id) {
    uint64_t at = uint64_t(id) + (1u << kFirstBits);
    unsigned chunk = llvm::Log2_64(at) - kFirstBits;
    return {chunk, uint32_t(at - (uint64_t(1) << (chunk + kFirstBits)))};
  }
  uint32_t add(llvm::StringRef text) {
    auto [chunk, slot] = place(count);
    llvm::StringRef *entries = chunks[chunk].load(std::memory_order_relaxed);
    if (!entries) {
      entries = new llvm::StringRef[size_t(1) << (chunk + kFirstBits)];
      chunks[chunk].store(entries, std::memory_order_release);
    }
    entries[slot] = text;
    return count++;
  }
  InternTable() { numbers.try_emplace("", add("")); }
};

InternTable &internTable() {
  // Never destroyed: records may be read while static destructors run.
  static auto *table = new InternTable;
  return *table;
}
} // namespace

IStr ompx::intern(llvm::StringRef s) {
  InternTable &t = internTable();
  std::lock_guard<std::mutex> lock(t.mutex);
  auto [it, inserted] = t.numbers.try_emplace(s, 0);
  if (inserted)
    it->second = t.add(it->getKey());
  return IStr(it->second);
}

llvm::StringRef IStr::ref() const {
  auto [chunk, slot] = InternTable::place(id);
  return internTable().chunks[chunk].load(std::memory_order_acquire)[slot];
}

bool ChunkAnalysis::spansValid() const {
  auto in = [](auto span, size_t size) {
    return size_t(span.begin) + span.count <= size;
  };
  for (const OpRecord &o : ops)
    if (!in(o.results, indices.size()) || !in(o.operands, indices.size()) ||
        !in(o.blocks, indices.size()) || !in(o.operandResults, numbers.size()))
      return false;
  for (const ValueRecord &v : values)
    if (!in(v.uses, ranges.size()) || !in(v.typeEnds, numbers.size()))
      return false;
  for (const BlockRecord &b : blocks)
    if (!in(b.uses, ranges.size()) || !in(b.args, indices.size()))
      return false;
  return true;
}

const char *ompx::severityName(Severity severity) {
  switch (severity) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Information: return "remark";
  case Severity::Hint: return "note";
  }
  return "error";
}

const char *ompx::diagKindName(DiagKind kind) {
  switch (kind) {
  case DiagKind::Parse: return "parse";
  case DiagKind::Verify: return "verify";
  case DiagKind::Crash: return "mlir-crash";
  case DiagKind::Limit: return "limit";
  case DiagKind::Split: return "split";
  case DiagKind::Internal: return "internal";
  case DiagKind::Mapping: return "mapping";
  case DiagKind::Lowering: return "lowering";
  }
  return "internal";
}

Diagnostic ompx::nearMissDiagnostic(uint32_t offset) {
  Diagnostic d;
  d.severity = Severity::Warning;
  d.kind = DiagKind::Split;
  d.range = {offset >= 6 ? offset - 6 : 0, offset + 2}; // the `// ----` text
  d.anchor = d.range.begin;
  d.message = "near miss with file split marker: this line does not split "
              "the file (mlir-opt --split-input-file warns the same)";
  return d;
}

static void shiftRange(TextRange &r, int64_t delta) {
  r.begin = uint32_t(int64_t(r.begin) + delta);
  r.end = uint32_t(int64_t(r.end) + delta);
}

void ompx::shiftDiagnostic(Diagnostic &d, int64_t delta) {
  shiftRange(d.range, delta);
  if (d.anchor != Diagnostic::kNoAnchor)
    d.anchor = uint32_t(int64_t(d.anchor) + delta);
  for (DiagnosticNote &n : d.notes)
    if (n.hasRange)
      shiftRange(n.range, delta);
  for (DiagnosticFix &f : d.fixes)
    for (TextEdit &e : f.edits)
      shiftRange(e.range, delta);
}

void ompx::shiftAnalysis(ChunkAnalysis &a, int64_t delta) {
  if (delta == 0)
    return;
  auto shift = [delta](TextRange &r) { shiftRange(r, delta); };
  a.chunkBegin = uint32_t(int64_t(a.chunkBegin) + delta);
  a.chunkEnd = uint32_t(int64_t(a.chunkEnd) + delta);
  for (Diagnostic &d : a.diagnostics)
    shiftDiagnostic(d, delta);
  for (OpRecord &op : a.ops) {
    shift(op.nameRange);
    shift(op.fullRange);
  }
  for (ValueRecord &v : a.values)
    shift(v.def);
  for (BlockRecord &b : a.blocks)
    if (b.def.end)
      shift(b.def);
  for (TextRange &u : a.ranges) // every value's and block's uses
    shift(u);
  for (SymbolUse &s : a.symbolUses)
    shift(s.range);
  for (DeclareTargetFact &d : a.declareTargets)
    if (d.value.end) {
      shift(d.name);
      shift(d.value);
    }
  for (TextRange &r : a.blankedUnits)
    shift(r);
  for (TextRange &r : a.staleUnits)
    shift(r);
}

bool ompx::inStaleUnit(const ChunkAnalysis &a, uint32_t offset) {
  auto it = std::upper_bound(
      a.staleUnits.begin(), a.staleUnits.end(), offset,
      [](uint32_t off, const TextRange &r) { return off < r.begin; });
  return it != a.staleUnits.begin() && offset < (it - 1)->end;
}

llvm::StringRef ompx::resultType(const ChunkAnalysis &a, const ValueRecord &v,
                                 uint32_t k) {
  llvm::StringRef type = v.type;
  if (v.typeEnds.empty())
    return type;
  if (k >= v.typeEnds.size())
    return "";
  // The types are joined with ", ": result k starts after the separator.
  llvm::ArrayRef<uint32_t> ends = a[v.typeEnds];
  uint32_t begin = k == 0 ? 0 : ends[k - 1] + 2;
  uint32_t end = ends[k];
  return begin <= end && end <= type.size() ? type.slice(begin, end) : "";
}

uint32_t ompx::operandResult(const ChunkAnalysis &a, const OpRecord &op,
                             uint32_t operand) {
  return operand < op.operandResults.size() ? a[op.operandResults][operand] : 0;
}

/// The element of `facts` (ordered by op) about `op`, or null.
template <class Fact>
static const Fact *factOf(const std::vector<Fact> &facts, int32_t op) {
  auto it = llvm::lower_bound(
      facts, op, [](const Fact &f, int32_t op) { return f.op < op; });
  return it != facts.end() && it->op == op ? &*it : nullptr;
}

const FunctionFact *ompx::functionOf(const ChunkAnalysis &a, int32_t op) {
  return factOf(a.functions, op);
}

const DeclareTargetFact *ompx::declareTargetOf(const ChunkAnalysis &a,
                                               int32_t op) {
  return factOf(a.declareTargets, op);
}
