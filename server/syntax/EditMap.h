//===- EditMap.h - Offsets of an old text in an edited one ------*- C++ -*-===//
//
// The byte edits made to a document since some earlier version, composed
// into one map from that version's offsets to today's. It moves the records
// of the last analysis that parsed onto the current text (stale results while
// a function does not parse), and tells which of them an edit touched.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SYNTAX_EDITMAP_H
#define OMPX_SYNTAX_EDITMAP_H

#include "server/syntax/TextRange.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ompx {

/// One replacement, in bytes of the text before it: [begin, end) became
/// `length` new bytes.
struct ByteEdit {
  uint32_t begin = 0, end = 0;
  uint32_t length = 0;
};

/// The one edit that turns `before` into `after` (their common prefix and
/// suffix are kept): for a client that sends the whole text.
ByteEdit diffEdit(llvm::StringRef before, llvm::StringRef after);

class EditMap;

/// Adds to `map` the edits that turn `before` into `after`: one per line
/// ending when the two differ only in their `\r`s (a file saved with CRLF
/// endings, a buffer with LF ones), else diffEdit's one edit, which would
/// cover nearly all of such a text and drop every range inside it.
void addTextDiff(EditMap &map, llvm::StringRef before, llvm::StringRef after);

class EditMap {
public:
  /// Adds an edit made to the newest text (offsets in that text).
  void add(const ByteEdit &edit);
  void clear() { hunks.clear(); }
  bool empty() const { return hunks.empty(); }

  /// A token's range (a name, `%x`, `@f`) in the newest text, or nullopt
  /// when an edit replaced any of it or touched it at either end (typing
  /// right after `omp.target` changes the token).
  std::optional<TextRange> mapToken(TextRange r) const;
  /// A construct's range (an op from its name to its closing brace): edits
  /// inside it keep it, its first and last characters must survive.
  std::optional<TextRange> mapSpan(TextRange r) const;
  /// Any offset in the newest text: one inside replaced text goes to the
  /// start of its replacement, or to its end when `after` (so does an
  /// insertion right at `offset`).
  uint32_t mapOffset(uint32_t offset, bool after) const;

private:
  /// One region the edits replaced: old bytes [oldBegin, oldEnd) are new
  /// bytes [newBegin, newEnd). Sorted, disjoint, never touching.
  struct Hunk {
    uint32_t oldBegin, oldEnd, newBegin, newEnd;
  };
  /// The first hunk whose old range ends at or after `offset`.
  std::vector<Hunk>::const_iterator firstEndingAtOrAfter(uint32_t offset) const;
  std::vector<Hunk> hunks;
};

} // namespace ompx

#endif // OMPX_SYNTAX_EDITMAP_H
