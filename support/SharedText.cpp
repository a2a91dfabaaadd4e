//===- SharedText.cpp - A document's text, shareable with a worker --------===//

#include "support/SharedText.h"
#include "support/Subprocess.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

using namespace ompx;

/// The text written to a new sealed memfd (with a NUL after it) and mapped
/// read-only; false, with nothing left open, when any step fails.
static bool toMemfd(llvm::StringRef text, int &fd, void *&mapping,
                    size_t &mappingSize) {
  fd = memfd_create("ompx-text", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0)
    return false;
  size_t size = text.size() + 1;
  bool ok = ftruncate(fd, off_t(size)) == 0;
  // Written, not through a writable mapping: F_SEAL_WRITE is refused while
  // one exists. The NUL is the memfd's own zero fill.
  ok = ok && writeAll(fd, text);
  // Sealed, a worker mapping it can neither change nor truncate the text.
  ok = ok && fcntl(fd, F_ADD_SEALS,
                   F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) ==
                 0;
  void *m = ok ? mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
  if (m == MAP_FAILED) {
    close(fd);
    fd = -1;
    return false;
  }
  mapping = m;
  mappingSize = size;
  return true;
}

std::shared_ptr<const SharedText> SharedText::make(std::string text,
                                                   Placement placement) {
  std::shared_ptr<SharedText> t(new SharedText());
  bool shared =
      placement == Placement::Shared ||
      (placement == Placement::BySize && text.size() >= kSharedMinBytes);
  if (shared && toMemfd(text, t->memfd, t->mapping, t->mappingSize)) {
    t->bytes = static_cast<const char *>(t->mapping);
    t->length = text.size();
    return t;
  }
  t->heap = std::move(text);
  t->bytes = t->heap.c_str();
  t->length = t->heap.size();
  return t;
}

SharedText::~SharedText() {
  if (mapping)
    munmap(mapping, mappingSize);
  if (memfd >= 0)
    close(memfd);
}
