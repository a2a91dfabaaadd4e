//===- Text.h - Text-level utilities: positions, chunks, structure -*- C++ -*-//
//
// Pure functions over document text, with no MLIR dependency: LSP position
// conversion (UTF-8/16/32 columns), LSP edits as byte edits, `// -----`
// chunking exactly as MLIR's
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
#include <utility>
#include <vector>

namespace ompx {

/// How LSP counts columns (`positionEncoding`, LSP 3.17): UTF-8 bytes, UTF-16
/// code units (the default every client supports) or code points.
enum class PositionEncoding { UTF8, UTF16, UTF32 };
/// "utf-8", "utf-16", "utf-32".
llvm::StringRef encodingName(PositionEncoding e);
std::optional<PositionEncoding> parseEncoding(llvm::StringRef name);

/// A zero-based line and column in some PositionEncoding, as LSP counts them.
struct LinePosition {
  uint32_t line = 0;
  uint32_t character = 0;
  bool operator==(const LinePosition &o) const {
    return line == o.line && character == o.character;
  }
};

/// An LSP range, not yet resolved against a text.
struct LineRange {
  LinePosition start, end;
};

/// Maps byte offsets to LSP positions and back for one text. LSP lines end
/// at `\r\n`, `\n` or a lone `\r`; a "character" is one UTF-8 sequence (an
/// invalid byte is one character, as in clangd) or one `\r\n`. Positions
/// never fall inside a character.
class LineTable {
public:
  explicit LineTable(llvm::StringRef text);
  /// The position of `offset`; an offset inside a character counts as its
  /// start.
  LinePosition toPosition(uint32_t offset, PositionEncoding enc) const;
  /// The offset of `pos`, clamped as LSP says: a column past the line's end
  /// is the line's end (before its line break), a line past the last is the
  /// end of the text; a column inside a character (half a surrogate pair)
  /// is the character's start.
  uint32_t toOffset(LinePosition pos, PositionEncoding enc) const;
  /// `range` as bytes, both ends resolved by toOffset (so begin <= end when
  /// start <= end).
  TextRange toRange(LineRange range, PositionEncoding enc) const;
  /// The start / end of the character holding `offset` (offset itself at a
  /// character boundary): range ends are rounded outwards with these.
  uint32_t characterStart(uint32_t offset) const;
  uint32_t characterEnd(uint32_t offset) const;
  /// Zero-based LSP line of `offset`.
  uint32_t lineOf(uint32_t offset) const;
  uint32_t lineStart(uint32_t line) const;
  uint32_t numLines() const { return lineStarts.size(); }

  /// One-based line and one-based byte column, as compilers print them:
  /// lines end at `\n` only (MLIR's SourceMgr, clang, flang).
  std::pair<uint32_t, uint32_t> toLineColumn(uint32_t offset) const;
  /// Start of zero-based compiler line `line` (text end past the last).
  uint32_t compilerLineStart(uint32_t line) const;
  /// The text the table is of.
  llvm::StringRef source() const { return text; }

private:
  const std::vector<uint32_t> &compilerLines() const {
    return newlineStarts.empty() ? lineStarts : newlineStarts;
  }

  llvm::StringRef text;
  std::vector<uint32_t> lineStarts;
  /// Lines ended by `\n` only; empty when the text has no lone `\r` (then
  /// the same as lineStarts).
  std::vector<uint32_t> newlineStarts;
};

/// One edit as bytes: replace `range` of the text it applies to.
struct TextEdit {
  TextRange range;
  std::string newText;
};

/// One `textDocument/didChange` content change: without a range, the whole
/// new text.
struct ContentChange {
  std::optional<LineRange> range;
  std::string text;
};

/// THE conversion of an LSP edit to bytes: `change` resolved against `text`
/// (clamped and snapped to characters by LineTable::toRange) in encoding
/// `enc`. The range must have start <= end (checked when parsed).
TextEdit toTextEdit(const LineTable &lines, const ContentChange &change,
                    PositionEncoding enc);
/// The same against `text`, for which it builds the line table.
TextEdit toTextEdit(llvm::StringRef text, const ContentChange &change,
                    PositionEncoding enc);

/// Applies `changes` in order to `text`; returns them as byte edits, each
/// against the text as it was when it applied.
std::vector<TextEdit>
applyContentChanges(std::string &text,
                    const std::vector<ContentChange> &changes,
                    PositionEncoding enc);

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

/// Where a chunk can be cut in two for parsing each half on its own thread
/// (issue 16), found by scanStructure: the ops of its top level, or of the body of its only
/// top-level `module`, as `first` and `second`, the cut at the op line
/// nearest the middle. Parsing the chunk with `second` blanked, and again
/// with `first` blanked, sees everything else (the module's header, aliases,
/// `loc` aliases at the end) both times, at the same offsets. A heuristic:
/// ops are recognized by their lines (one op starts a line at the depth of
/// the container, outside parentheses), so a cut that is wrong shows as a
/// parse error in a half, and the caller then parses the whole chunk.
struct ParseSplit {
  TextRange first, second;
  bool inModule; ///< the ops are those of the one module's body
};

/// Result of the structural pre-scan of a chunk.
struct StructureScan {
  uint32_t maxDepth = 0;
  /// First offset at which the nesting depth exceeded the limit given to
  /// scanStructure, if it did.
  std::optional<uint32_t> depthExceededAt;
  /// Where the chunk can be parsed as two halves, when its brackets balance.
  std::optional<ParseSplit> split;
  /// What a parse makes once per parse, so that two half parses would make
  /// two: dialect resources (`{-#`), distinct attributes (`distinct[`).
  bool oncePerParse = false;
  /// Offsets of `!fir.type` and `!llvm.struct` (mutable types).
  std::vector<uint32_t> mutableTypes;
};

/// Tracks `(`, `[`, `{`, `<` nesting outside comments and string literals,
/// as the lexer's tokens have them.
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

/// For a top-level `unit` whose op at `at` (the parse error's token) reads
/// as a module with a misspelled keyword (`modul attributes {...} {`), its
/// header up to and with the body's `{`, and its closing `}` (with a
/// trailing `loc(...)`). Blanking those two and not the unit lets the
/// body's ops parse at top level, so their own errors are still found.
std::optional<std::pair<TextRange, TextRange>>
misspelledModuleShell(llvm::StringRef text, TextRange unit, uint32_t at);

/// The `header` of a misspelled module (from its keyword to the body's `{`)
/// spelled `module`, at the same length: a shorter keyword takes blanks
/// next to punctuation (`attributes {` reads as `attributes{`), a longer
/// one leaves blanks. None when there are too few such blanks. Keeping the
/// module keeps its attributes (`gpu.container_module`, the target flags)
/// that its ops are verified against.
std::optional<std::string> respelledModuleHeader(llvm::StringRef header);

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
