//===- SharedText.h - A document's text, shareable with a worker -*- C++ -*-===//
//
// The immutable bytes of one document version. A large text lives in a
// sealed memfd, mapped read-only: an analysis worker maps the same pages
// (WorkerPool passes the descriptor) instead of receiving a copy through its
// pipe, so the text is in memory once for both processes. A small one stays
// on the heap, where a pipe costs nothing worth saving.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_SHAREDTEXT_H
#define OMPX_SUPPORT_SHAREDTEXT_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <memory>
#include <string>

namespace ompx {

class SharedText {
public:
  /// Texts from this size on go to a memfd.
  static constexpr size_t kSharedMinBytes = 1 << 20;

  enum class Placement {
    BySize, ///< in a memfd from kSharedMinBytes on
    Shared, ///< in a memfd whatever the size (tests)
    Heap,   ///< never in a memfd
  };
  /// `text`'s bytes: in a memfd as `placement` says (and memfds work
  /// here), else `text` itself.
  static std::shared_ptr<const SharedText>
  make(std::string text, Placement placement = Placement::BySize);

  SharedText(const SharedText &) = delete;
  SharedText &operator=(const SharedText &) = delete;
  ~SharedText();

  const char *data() const { return bytes; }
  size_t size() const { return length; }
  bool empty() const { return length == 0; }
  llvm::StringRef str() const { return {bytes, length}; }
  operator llvm::StringRef() const { return str(); }

  /// The sealed memfd (no write, no resize) holding the text and one NUL
  /// after it, so size() + 1 bytes; -1 when the text is on the heap.
  int fd() const { return memfd; }

private:
  SharedText() = default;
  std::string heap;
  int memfd = -1;
  void *mapping = nullptr;
  size_t mappingSize = 0;
  const char *bytes = "";
  size_t length = 0;
};

} // namespace ompx

#endif // OMPX_SUPPORT_SHAREDTEXT_H
