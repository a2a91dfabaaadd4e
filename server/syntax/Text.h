//===- Text.h - Text-level utilities: positions, chunks, structure -*- C++ -*-//
//
// Pure functions over document text, with no MLIR dependency: LSP position
// conversion (UTF-16 columns), `// -----` chunking exactly as MLIR's
// --split-input-file does, and a light structural scan (comments, strings,
// bracket depth) used to guard the parser's stack and to recover from errors.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SYNTAX_TEXT_H
#define OMPX_SYNTAX_TEXT_H

#include "server/syntax/TextRange.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ompx {

/// A zero-based line and UTF-16 column, as LSP counts them.
struct LinePosition {
  uint32_t line = 0;
  uint32_t character = 0;
  bool operator==(const LinePosition &o) const {
    return line == o.line && character == o.character;
  }
};

/// Maps byte offsets to LSP positions and back for one text.
class LineTable {
public:
  explicit LineTable(llvm::StringRef text);
  LinePosition toPosition(uint32_t offset) const;
  /// Clamps positions past the end of a line or of the text.
  uint32_t toOffset(LinePosition pos) const;
  /// One-based line and one-based byte column, as compilers print them.
  std::pair<uint32_t, uint32_t> toLineColumn(uint32_t offset) const;
  uint32_t lineStart(uint32_t line) const;
  uint32_t numLines() const { return lineStarts.size(); }

private:
  llvm::StringRef text;
  std::vector<uint32_t> lineStarts;
};

/// One `// -----` chunk of a document.
struct ChunkSpan {
  uint32_t begin = 0, end = 0;
};

struct SplitResult {
  std::vector<ChunkSpan> chunks;
  /// Offsets of "near miss" markers (e.g. `// ----` + something else), which
  /// mlir-opt warns about and does not split on.
  std::vector<uint32_t> nearMisses;
};

/// Splits `text` the way `mlir-opt --split-input-file` does (marker
/// `// -----` anywhere in the text, even inside a comment).
SplitResult splitChunks(llvm::StringRef text);

/// Result of the structural pre-scan of a chunk.
struct StructureScan {
  uint32_t maxDepth = 0;
  /// First offset at which the nesting depth exceeded the limit given to
  /// scanStructure, if it did.
  std::optional<uint32_t> depthExceededAt;
};

/// Tracks `(`, `[`, `{`, `<` nesting outside comments and string literals.
StructureScan scanStructure(llvm::StringRef text, uint32_t depthLimit);

/// The smallest self-contained statement around `offset` that can be blanked
/// to let the rest of the text parse: a top-level op, or an op directly in
/// the body of a (nested) `module`. Offsets are relative to `text`.
/// Unbalanced brackets stay inside the op that holds them: the bracket scan
/// resynchronizes at the indentation of well-indented text, and when the
/// error is past an unbalanced op (a missing `}` is noticed at the end of
/// the text), that op is the unit.
std::optional<TextRange> findRecoveryUnit(llvm::StringRef text,
                                          uint32_t offset);

/// Whether `(`, `[`, `{`, `<` and their closers pair up, by kind, in the
/// tokens of `range` of `text`.
bool bracketsBalanced(llvm::StringRef text, TextRange range);

/// Replaces every byte of `range` except line breaks by a space.
void blankRange(std::string &text, TextRange range);

/// `@name` tokens in `text` (symbols a blanked unit may have defined).
std::set<std::string> symbolTokens(llvm::StringRef text);

/// Offsets where op name `opName` appears as a whole token outside comments
/// (custom form `omp.x` or generic form `"omp.x"`).
std::vector<uint32_t> findOpNameTokens(llvm::StringRef text,
                                       llvm::StringRef opName);

/// The range of the token starting at `offset` (identifier, number, SSA or
/// symbol name, string literal, or a single punctuation character).
TextRange tokenRangeAt(llvm::StringRef text, uint32_t offset);

} // namespace ompx

#endif // OMPX_SYNTAX_TEXT_H
