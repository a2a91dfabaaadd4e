//===- DocumentSymbols.h - Outline of constructs and recipes ----*- C++ -*-===//

#ifndef OMPX_FEATURES_DOCUMENTSYMBOLS_H
#define OMPX_FEATURES_DOCUMENTSYMBOLS_H

#include "server/model/Snapshot.h"

namespace ompx {

/// LSP SymbolKind values the outline uses.
enum class OutlineKind : int {
  Module = 2,
  Function = 12,
  Variable = 13,
  Struct = 23,
  Operator = 25,
  Event = 24,
};

struct OutlineSymbol {
  std::string name;
  std::string detail;
  OutlineKind kind = OutlineKind::Operator;
  TextRange range, selection;
  std::vector<OutlineSymbol> children;
};

/// The outline: functions and globals, the omp/acc construct nesting inside
/// them (target ▸ teams ▸ parallel ▸ distribute ▸ wsloop ▸ loop_nest), and
/// symbol-defining recipes (omp.private, omp.declare_reduction,
/// omp.declare_mapper, acc recipes). Each `// -----` chunk is a module.
std::vector<OutlineSymbol> documentSymbols(const Snapshot &snapshot);

} // namespace ompx

#endif // OMPX_FEATURES_DOCUMENTSYMBOLS_H
