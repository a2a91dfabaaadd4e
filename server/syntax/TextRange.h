//===- TextRange.h - A byte range in a document -----------------*- C++ -*-===//
//
// The one position type below the protocol edge: byte offsets into the
// document text. LSP positions exist only in server/lsp (through LineTable).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SYNTAX_TEXTRANGE_H
#define OMPX_SYNTAX_TEXTRANGE_H

#include <cstdint>

namespace ompx {

/// Half-open byte range [begin, end) in the document text.
struct TextRange {
  uint32_t begin = 0;
  uint32_t end = 0;
  bool contains(uint32_t offset) const {
    return begin <= offset && (offset < end || (begin == end && offset == end));
  }
  bool operator==(const TextRange &o) const {
    return begin == o.begin && end == o.end;
  }
};

} // namespace ompx

#endif // OMPX_SYNTAX_TEXTRANGE_H
