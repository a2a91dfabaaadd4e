//===- Completion.h - Completion that knows the op's grammar ----*- C++ -*-===//

#ifndef OMPX_FEATURES_COMPLETION_H
#define OMPX_FEATURES_COMPLETION_H

#include "server/model/Snapshot.h"

namespace ompx {

/// LSP CompletionItemKind values used.
enum class CompletionKind : int {
  Function = 3,
  Keyword = 14,
  EnumMember = 20,
  Reference = 18,
  Struct = 22,
};

struct CompletionItem {
  std::string label;
  std::string detail;
  std::string documentation;
  CompletionKind kind = CompletionKind::Keyword;
  std::string insertText; ///< "" means the label
};

/// What fits at `offset`: inside `KEYWORD(` of an enum-valued clause
/// (`map_clauses(`, `capture(`), the enum's values; after `@` in a
/// `private(`/`reduction(` list, the privatizers/reductions of the chunk
/// (matching types first); after an omp/acc op name, the clause keywords of
/// that op only (not those already written); at a statement start after
/// `omp.`/`acc.`, the ops.
std::vector<CompletionItem> complete(const Snapshot &snapshot, uint32_t offset);

} // namespace ompx

#endif // OMPX_FEATURES_COMPLETION_H
