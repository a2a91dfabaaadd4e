//===- ParseHeap.h - Pages of their own for a parser's state ----*- C++ -*-===//
//
// mlir::AsmParserState allocates a definition per op (208 bytes) between
// the ops the parser allocates. Freed once the records are taken, they
// leave holes between live ops that no page can be given back from: on a
// million ops, 200 MB that stayed resident beside the records built next.
// While a ParseHeap is alive on a thread, `operator new` of the sizes it
// names (the parser state's op and block definitions) is served from pages
// of their own, which go back to the system once all are freed.
//
// This file's object replaces the global `operator new` and `operator
// delete` (C++ [replacement.functions]); every other allocation goes to
// malloc as before. Under a sanitizer, which brings its own, it does not,
// and a ParseHeap changes nothing.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_PARSEHEAP_H
#define OMPX_SUPPORT_PARSEHEAP_H

#include <cstddef>
#include <initializer_list>

namespace ompx {

class ParseHeap {
public:
  /// Serves the allocations of `sizes` (at most two) on this thread from
  /// regions of their own until destroyed (nothing changes where no region
  /// is free, or where one is alive on this thread already).
  explicit ParseHeap(std::initializer_list<size_t> sizes);
  ~ParseHeap();
  ParseHeap(const ParseHeap &) = delete;
  ParseHeap &operator=(const ParseHeap &) = delete;

  /// Gives back the pages that hold no live object any more. A region
  /// gives back all of its pages by itself once all its objects are freed;
  /// this is for the pages around one that stays (the parser may allocate
  /// something of a named size that outlives its state).
  static void trim();

  /// Whether this build replaces operator new (false under sanitizers).
  static bool available();
  /// Bytes of the pages that hold live objects (tests).
  static size_t bytesHeld();
  /// Bytes served from regions since the process started (tests).
  static size_t bytesServed();

private:
  int held[2]; ///< the regions it claimed
  unsigned heldCount = 0;
};

} // namespace ompx

#endif // OMPX_SUPPORT_PARSEHEAP_H
