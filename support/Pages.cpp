//===- Pages.cpp - Giving memory pages back to the system -----------------===//

#include "support/Pages.h"

#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <cstdint>
#include <sys/mman.h>

void ompx::givePagesBack(const char *begin, const char *end) {
  uintptr_t page = llvm::sys::Process::getPageSizeEstimate();
  uintptr_t from = llvm::alignTo(reinterpret_cast<uintptr_t>(begin), page);
  uintptr_t to = llvm::alignDown(reinterpret_cast<uintptr_t>(end), page);
  if (from < to)
    madvise(reinterpret_cast<void *>(from), to - from, MADV_DONTNEED);
}

void ompx::zeroPages(char *begin, char *end) {
  uintptr_t page = llvm::sys::Process::getPageSizeEstimate();
  uintptr_t from = llvm::alignTo(reinterpret_cast<uintptr_t>(begin), page);
  uintptr_t to = llvm::alignDown(reinterpret_cast<uintptr_t>(end), page);
  if (from >= to ||
      mmap(reinterpret_cast<void *>(from), to - from, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) {
    std::fill(begin, end, '\0');
    return;
  }
  std::fill(begin, reinterpret_cast<char *>(from), '\0');
  std::fill(reinterpret_cast<char *>(to), end, '\0');
}

char *ompx::mapPrivately(int fd, size_t size) {
  void *m = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  return m == MAP_FAILED ? nullptr : static_cast<char *>(m);
}
