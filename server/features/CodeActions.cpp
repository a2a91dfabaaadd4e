//===- CodeActions.cpp - Quick fixes of diagnostics -----------------------===//

#include "server/features/CodeActions.h"

#include "llvm/ADT/STLExtras.h"

using namespace ompx;

std::vector<QuickFix> ompx::quickFixes(const Snapshot &snapshot,
                                       TextRange range) {
  std::vector<QuickFix> out;
  uint32_t size = snapshot.text ? snapshot.text->size() : 0;
  for (const auto &analysis : snapshot.analyses) {
    if (!analysis)
      continue;
    for (const Diagnostic &d : analysis->diagnostics) {
      if (d.fixes.empty() || d.range.end < range.begin ||
          d.range.begin > range.end)
        continue;
      for (const DiagnosticFix &fix : d.fixes) {
        bool inside = llvm::all_of(fix.edits, [&](const TextEdit &e) {
          return e.range.begin <= e.range.end && e.range.end <= size;
        });
        if (inside && !fix.edits.empty())
          out.push_back({d, fix});
      }
    }
  }
  return out;
}
