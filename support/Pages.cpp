//===- Pages.cpp - Giving memory pages back to the system -----------------===//

#include "support/Pages.h"

#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Process.h"

#include <cstdint>
#include <sys/mman.h>

void ompx::givePagesBack(const char *begin, const char *end) {
  uintptr_t page = llvm::sys::Process::getPageSizeEstimate();
  uintptr_t from = llvm::alignTo(reinterpret_cast<uintptr_t>(begin), page);
  uintptr_t to = llvm::alignDown(reinterpret_cast<uintptr_t>(end), page);
  if (from < to)
    madvise(reinterpret_cast<void *>(from), to - from, MADV_DONTNEED);
}
