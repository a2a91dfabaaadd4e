//===- ParseHeap.cpp - Pages of their own for a parser's state ------------===//

#include "support/ParseHeap.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define OMPX_NO_PARSE_HEAP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) ||     \
    __has_feature(thread_sanitizer) || __has_feature(hwaddress_sanitizer)
#define OMPX_NO_PARSE_HEAP 1
#endif
#endif

using namespace ompx;

namespace {

/// Two per parse (op and block definitions) for the two halves of a
/// parallel parse, and as many more that a kept object may hold.
constexpr int kRegions = 8;
/// Address space only, reserved inaccessible (no commit charge, whatever
/// the overcommit policy) and made writable as it is used, kGrow at a time.
/// A million ops' definitions take 208 MB; a full region hands out malloc's.
constexpr size_t kRegionBytes = size_t(1) << 30;
constexpr size_t kGrow = size_t(64) << 20;
constexpr size_t kPage = 4096;
constexpr size_t kPagesPerRegion = kRegionBytes / kPage;
constexpr size_t kAlign = 16;
constexpr unsigned kMaxSizes = 2;

/// A bump allocator of objects of one size. A page none of whose objects
/// is alive any more goes back to the system (ParseHeap::trim); when none
/// at all is, the region starts again from its beginning.
struct Region {
  std::atomic<size_t> used{0}; ///< moved only by the thread that claimed it
  std::atomic<size_t> live{0}; ///< objects not yet freed
  /// Of its objects: set under `regionsLock` when claimed, read by frees.
  std::atomic<size_t> size{0};
  size_t writable = 0;  ///< bytes made writable, by the thread that claimed it
  bool claimed = false; ///< guarded by `regionsLock`
};

// All constant-initialized: operator new runs before any constructor.
std::mutex regionsLock;
Region regions[kRegions];
std::atomic<char *> area{nullptr}; ///< kRegions regions, reserved once
/// Per region and page, the objects alive on it (one that straddles two
/// pages counts on both).
std::atomic<uint16_t> *pageCounts = nullptr;
std::atomic<size_t> served{0};

thread_local unsigned activeCount = 0;
thread_local int activeRegions[kMaxSizes];

char *regionBase(int r) {
  return area.load(std::memory_order_relaxed) + r * kRegionBytes;
}

/// Adds `delta` to the counts of the pages that [at, at + size) of region
/// `r` spans.
void countPages(int r, size_t at, size_t size, int delta) {
  std::atomic<uint16_t> *counts = pageCounts + r * kPagesPerRegion;
  for (size_t page = at / kPage, last = (at + size - 1) / kPage; page <= last;
       ++page)
    counts[page].fetch_add(uint16_t(delta), std::memory_order_relaxed);
}

/// Gives back the pages of region `r` that hold no live object; all of
/// them, and starts it again, when nothing in it is alive. `regionsLock`
/// held, `r` not claimed.
void trimLocked(int r) {
  Region &reg = regions[r];
  size_t used = reg.used.load(std::memory_order_relaxed);
  if (used == 0)
    return;
  char *base = regionBase(r);
  size_t pages = (used + kPage - 1) / kPage;
  if (reg.live.load(std::memory_order_acquire) == 0) {
    // Every page's count is back to zero.
    ::madvise(base, pages * kPage, MADV_DONTNEED);
    reg.used.store(0, std::memory_order_relaxed);
    return;
  }
  std::atomic<uint16_t> *counts = pageCounts + r * kPagesPerRegion;
  for (size_t page = 0; page < pages;) {
    if (counts[page].load(std::memory_order_relaxed) != 0) {
      ++page;
      continue;
    }
    size_t run = page;
    while (run < pages && counts[run].load(std::memory_order_relaxed) == 0)
      ++run;
    ::madvise(base + page * kPage, (run - page) * kPage, MADV_DONTNEED);
    page = run;
  }
}

void *fromRegion(size_t n) {
  for (unsigned i = 0; i < activeCount; ++i) {
    int r = activeRegions[i];
    Region &reg = regions[r];
    if (reg.size.load(std::memory_order_relaxed) != n)
      continue;
    size_t at = reg.used.load(std::memory_order_relaxed);
    size_t step = (n + kAlign - 1) & ~(kAlign - 1);
    if (at + step > kRegionBytes)
      return nullptr;
    if (at + step > reg.writable) {
      size_t upTo =
          std::min(kRegionBytes, (at + step + kGrow - 1) / kGrow * kGrow);
      if (::mprotect(regionBase(r) + reg.writable, upTo - reg.writable,
                     PROT_READ | PROT_WRITE) != 0)
        return nullptr;
      reg.writable = upTo;
    }
    reg.used.store(at + step, std::memory_order_relaxed);
    reg.live.fetch_add(1, std::memory_order_relaxed);
    countPages(r, at, n, 1);
    served.fetch_add(step, std::memory_order_relaxed);
    return regionBase(r) + at;
  }
  return nullptr;
}

void *fromMalloc(size_t n) {
  if (n == 0)
    n = 1;
  while (true) {
    if (void *p = std::malloc(n))
      return p;
    std::new_handler handler = std::get_new_handler();
    if (!handler)
      llvm::report_bad_alloc_error("operator new: out of memory");
    handler();
  }
}

void *allocate(size_t n) {
  if (activeCount)
    if (void *p = fromRegion(n))
      return p;
  return fromMalloc(n);
}

void deallocate(void *p) {
  char *base = area.load(std::memory_order_acquire);
  char *at = static_cast<char *>(p);
  if (!base || at < base || at >= base + kRegions * kRegionBytes) {
    std::free(p);
    return;
  }
  int r = int((at - base) / kRegionBytes);
  Region &reg = regions[r];
  countPages(r, at - regionBase(r), reg.size.load(std::memory_order_relaxed),
             -1);
  if (reg.live.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  std::lock_guard<std::mutex> guard(regionsLock);
  if (!reg.claimed)
    trimLocked(r);
}

/// A region for objects of `size`: a free one, else one whose kept objects
/// are of that size (it goes on after them). -1: none. `regionsLock` held.
int claimLocked(size_t size) {
  int pick = -1;
  for (int r = 0; r < kRegions; ++r) {
    Region &reg = regions[r];
    if (reg.claimed)
      continue;
    if (reg.live.load(std::memory_order_acquire) == 0) {
      pick = r;
      break;
    }
    if (pick < 0 && reg.size.load(std::memory_order_relaxed) == size)
      pick = r;
  }
  if (pick < 0)
    return -1;
  trimLocked(pick);
  regions[pick].size.store(size, std::memory_order_relaxed);
  regions[pick].claimed = true;
  return pick;
}

} // namespace

ParseHeap::ParseHeap(std::initializer_list<size_t> sizes) {
#ifndef OMPX_NO_PARSE_HEAP
  if (activeCount || sizes.size() > kMaxSizes)
    return;
  std::lock_guard<std::mutex> guard(regionsLock);
  if (!area.load(std::memory_order_relaxed)) {
    int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
    void *m = ::mmap(nullptr, kRegions * kRegionBytes, PROT_NONE, flags, -1, 0);
    if (m == MAP_FAILED)
      return;
    void *c = ::mmap(nullptr, kRegions * kPagesPerRegion * sizeof(uint16_t),
                     PROT_READ | PROT_WRITE, flags, -1, 0);
    if (c == MAP_FAILED) {
      ::munmap(m, kRegions * kRegionBytes);
      return;
    }
    pageCounts = static_cast<std::atomic<uint16_t> *>(c);
    area.store(static_cast<char *>(m), std::memory_order_release);
  }
  for (size_t size : sizes) {
    bool twice = false;
    for (unsigned i = 0; i < heldCount; ++i)
      twice |= regions[held[i]].size.load(std::memory_order_relaxed) == size;
    if (twice)
      continue;
    int r = claimLocked(size);
    if (r < 0)
      break;
    held[heldCount++] = r;
  }
  for (unsigned i = 0; i < heldCount; ++i)
    activeRegions[i] = held[i];
  activeCount = heldCount;
#else
  (void)sizes;
#endif
}

ParseHeap::~ParseHeap() {
  if (!heldCount)
    return;
  activeCount = 0;
  std::lock_guard<std::mutex> guard(regionsLock);
  // What it served is usually still alive here (the parser state): its
  // pages go back when freed, or at trim().
  for (unsigned i = 0; i < heldCount; ++i) {
    regions[held[i]].claimed = false;
    if (regions[held[i]].live.load(std::memory_order_acquire) == 0)
      trimLocked(held[i]);
  }
}

void ParseHeap::trim() {
#ifndef OMPX_NO_PARSE_HEAP
  if (!area.load(std::memory_order_acquire))
    return;
  std::lock_guard<std::mutex> guard(regionsLock);
  for (int r = 0; r < kRegions; ++r)
    if (!regions[r].claimed)
      trimLocked(r);
#endif
}

bool ParseHeap::available() {
#ifndef OMPX_NO_PARSE_HEAP
  return true;
#else
  return false;
#endif
}

size_t ParseHeap::bytesHeld() {
  if (!area.load(std::memory_order_acquire))
    return 0;
  std::lock_guard<std::mutex> guard(regionsLock);
  size_t pages = 0;
  for (int r = 0; r < kRegions; ++r) {
    size_t used = regions[r].used.load(std::memory_order_relaxed);
    for (size_t p = 0, e = (used + kPage - 1) / kPage; p < e; ++p)
      pages += pageCounts[r * kPagesPerRegion + p].load(
                   std::memory_order_relaxed) != 0;
  }
  return pages * kPage;
}

size_t ParseHeap::bytesServed() {
  return served.load(std::memory_order_relaxed);
}

#ifndef OMPX_NO_PARSE_HEAP
// The replaceable allocation functions. The array and nothrow forms are
// replaced too, so that none depends on how the C++ library defines them;
// only the single-object form is ever served from a region.
void *operator new(size_t n) { return allocate(n); }
void *operator new[](size_t n) { return fromMalloc(n); }
void *operator new(size_t n, const std::nothrow_t &) noexcept {
  if (activeCount)
    if (void *p = fromRegion(n))
      return p;
  return std::malloc(n ? n : 1);
}
void *operator new[](size_t n, const std::nothrow_t &) noexcept {
  return std::malloc(n ? n : 1);
}
void operator delete(void *p) noexcept { deallocate(p); }
void operator delete[](void *p) noexcept { deallocate(p); }
void operator delete(void *p, size_t) noexcept { deallocate(p); }
void operator delete[](void *p, size_t) noexcept { deallocate(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept {
  deallocate(p);
}
void operator delete[](void *p, const std::nothrow_t &) noexcept {
  deallocate(p);
}
#endif
