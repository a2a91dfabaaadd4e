//===- DocumentSymbols.h - Outline of constructs and recipes ----*- C++ -*-===//

#ifndef OMPX_FEATURES_DOCUMENTSYMBOLS_H
#define OMPX_FEATURES_DOCUMENTSYMBOLS_H

#include "server/model/Snapshot.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ompx {

/// What an outline entry is; server/lsp maps it to an LSP SymbolKind
/// (lsp::toLSP).
enum class OutlineKind : uint8_t {
  Module,    ///< a `// -----` chunk, a `builtin.module`
  Function,  ///< `func.func`, `llvm.func`
  Global,    ///< `fir.global`, `llvm.mlir.global`
  Recipe,    ///< `omp.private`, `omp.declare_*`, acc recipes
  Construct, ///< any other omp/acc op with a region or a symbol, or a
             ///< data or synchronization directive without a body
};

struct OutlineSymbol {
  std::string name;
  std::string detail;
  OutlineKind kind = OutlineKind::Construct;
  TextRange range, selection;
  std::vector<OutlineSymbol> children;
};

/// The outline: functions and globals, the omp/acc construct nesting inside
/// them (target ▸ teams ▸ parallel ▸ distribute ▸ wsloop ▸ loop_nest), and
/// symbol-defining recipes (omp.private, omp.declare_reduction,
/// omp.declare_mapper, acc recipes), and the directives without a body that
/// move data or synchronize (their detail names what they move). Each
/// `// -----` chunk is a module.
std::vector<OutlineSymbol> documentSymbols(const Snapshot &snapshot);

} // namespace ompx

#endif // OMPX_FEATURES_DOCUMENTSYMBOLS_H
