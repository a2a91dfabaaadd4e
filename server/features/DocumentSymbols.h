//===- DocumentSymbols.h - Outline of constructs and recipes ----*- C++ -*-===//

#ifndef OMPX_FEATURES_DOCUMENTSYMBOLS_H
#define OMPX_FEATURES_DOCUMENTSYMBOLS_H

#include "server/model/Snapshot.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ompx {

/// What an outline entry is; server/lsp maps it to an LSP SymbolKind
/// (lsp::toLSP). The values equal those numbers only because a unit test
/// (OutlineScaleTest) still converts by value; nothing else may rely on it.
enum class OutlineKind : uint8_t {
  Module = 2,     ///< a `// -----` chunk, a `builtin.module`
  Function = 12,  ///< `func.func`, `llvm.func`
  Global = 13,    ///< `fir.global`, `llvm.mlir.global`
  Recipe = 23,    ///< `omp.private`, `omp.declare_*`, acc recipes
  Construct = 25, ///< any other omp/acc op with a region or a symbol
  // The LSP names they had (unit tests use them).
  Variable = Global,
  Struct = Recipe,
  Operator = Construct,
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
