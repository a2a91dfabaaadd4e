//===- SemanticTokens.h - What each name of the text is ---------*- C++ -*-===//
//
// Semantic tokens: op names (dialect prefix and mnemonic), SSA values, block
// arguments (clause-bound ones marked), block labels, symbols, types,
// attributes and clause keywords, as byte ranges in text order. Analyzed
// chunks are classified from their analysis; chunks without one (not
// analyzed, crashed) and text the analysis has no ranges for (types,
// attributes, keywords) from the lexer. Strings, numbers and comments are
// left to the client's grammar. The LSP encoding (relative positions in
// the negotiated encoding) is done in server/lsp; the delta of two encoded
// results is computed here.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_SEMANTICTOKENS_H
#define OMPX_FEATURES_SEMANTICTOKENS_H

#include "server/model/Snapshot.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace ompx {

/// Token types, in legend order (the LSP legend is tokenTypeNames()).
enum class TokenType : uint8_t {
  Namespace,  ///< the dialect prefix of an op name (`omp` of `omp.target`)
  Function,   ///< an op mnemonic (`target`); a symbol of a function/recipe
  Variable,   ///< an SSA value (op result); a symbol of a global
  Parameter,  ///< a block argument
  Label,      ///< a block label `^bb1`
  Type,       ///< `!fir.ref<i32>`, `i32`, `vector<4xi64>`
  Decorator,  ///< an attribute `#fir.var_attrs<target>`, `#loc3`
  Keyword,    ///< a clause keyword of an omp/acc op (`map_entries`, `step`)
  EnumMember, ///< a case of an enum the omp/acc op takes (`tofrom`, `ByRef`)
};

/// Token modifiers, as bits (bit i is tokenModifierNames()[i]).
enum TokenModifier : uint16_t {
  ModDeclaration = 1, ///< where the value, label or symbol is defined
  ModClauseBound = 2, ///< an entry block argument bound by a clause
  ModStale = 4,       ///< from the last analysis of a unit that no longer
                      ///< parses (positions moved through the edits)
};

llvm::ArrayRef<const char *> tokenTypeNames();
llvm::ArrayRef<const char *> tokenModifierNames();

struct SemanticToken {
  TextRange range; ///< within one line
  TokenType type;
  uint16_t modifiers = 0;
};

/// The tokens of `snapshot` overlapping `range`, in text order, never
/// overlapping each other and never spanning a line break.
std::vector<SemanticToken> semanticTokens(const Snapshot &snapshot,
                                          TextRange range);

/// One edit of a semanticTokens/full/delta result: replace `deleteCount`
/// integers of the previous data from `start` by `data`.
struct SemanticTokensEdit {
  uint32_t start = 0;
  uint32_t deleteCount = 0;
  std::vector<uint32_t> data;
};

/// The edit turning encoded data `previous` into `current`: their common
/// prefix and suffix (whole tokens of 5 integers) are kept; none when equal.
std::vector<SemanticTokensEdit>
semanticTokensDelta(llvm::ArrayRef<uint32_t> previous,
                    llvm::ArrayRef<uint32_t> current);

} // namespace ompx

#endif // OMPX_FEATURES_SEMANTICTOKENS_H
