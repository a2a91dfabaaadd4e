//===- Completion.h - Completion that knows the op's grammar ----*- C++ -*-===//

#ifndef OMPX_FEATURES_COMPLETION_H
#define OMPX_FEATURES_COMPLETION_H

#include "server/model/Snapshot.h"
#include "server/syntax/TextRange.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ompx {

/// What a completion item is; server/lsp maps it to an LSP
/// CompletionItemKind.
enum class CompletionKind : uint8_t {
  Operation, ///< an op name (`omp.target`)
  Keyword,   ///< a clause keyword of an op
  EnumValue, ///< a case of an enum-valued clause (`tofrom`)
  Value,     ///< an SSA value to name (an `omp.map.info` result)
  Recipe,    ///< a recipe symbol (`@privatizer`, `@add_reduction`)
};

struct CompletionItem {
  std::string label;
  std::string detail;
  std::string documentation;
  CompletionKind kind = CompletionKind::Keyword;
  std::string insertText; ///< "" means the label
  /// The word it replaces (sigil and dots included: `@pri`, `omp.tar`),
  /// empty at the cursor when nothing is typed.
  TextRange replace;
};

/// What fits at `offset`: inside `KEYWORD(` of an enum-valued clause
/// (`map_clauses(`, `capture(`), the enum's values not yet in the list; in a
/// `private(`/`reduction(` list, the privatizers/declare_reductions of the
/// chunk (matching types first), the reduction modifier after `mod:`; after
/// acc `recipe(`, the recipes of that op's kind; at an entry of
/// `map_entries(` (and use_device_*/has_device_addr), the `omp.map.info`
/// results in scope; after an omp/acc op name, the clause keywords of that
/// op only (not those already written); at a statement start after
/// `omp.`/`acc.`, the ops.
std::vector<CompletionItem> complete(const Snapshot &snapshot, uint32_t offset);

} // namespace ompx

#endif // OMPX_FEATURES_COMPLETION_H
