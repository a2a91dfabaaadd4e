//===- Analysis.cpp - Plain-data analysis helpers -------------------------===//

#include "server/model/Analysis.h"

#include <algorithm>

using namespace ompx;

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
  for (ValueRecord &v : a.values) {
    shift(v.def);
    for (TextRange &u : v.uses)
      shift(u);
  }
  for (BlockRecord &b : a.blocks) {
    if (b.def.end)
      shift(b.def);
    for (TextRange &u : b.uses)
      shift(u);
  }
  for (SymbolUse &s : a.symbolUses)
    shift(s.range);
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

llvm::StringRef ompx::resultType(const ValueRecord &v, uint32_t k) {
  llvm::StringRef type = v.type;
  if (v.typeEnds.empty())
    return type;
  if (k >= v.typeEnds.size())
    return "";
  // The types are joined with ", ": result k starts after the separator.
  uint32_t begin = k == 0 ? 0 : v.typeEnds[k - 1] + 2;
  uint32_t end = v.typeEnds[k];
  return begin <= end && end <= type.size() ? type.slice(begin, end) : "";
}

uint32_t ompx::operandResult(const OpRecord &op, uint32_t operand) {
  return operand < op.operandResults.size() ? op.operandResults[operand] : 0;
}
