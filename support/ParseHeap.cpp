//===- ParseHeap.cpp - Pages of their own for a parser's state ------------===//

#include "support/ParseHeap.h"

#include "llvm/Support/ErrorHandling.h"

#include <atomic>
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

constexpr int kRegions = 4;
/// Address space only: a page is taken when first written. A million ops'
/// definitions take 208 MB; a region that fills up hands out malloc's.
constexpr size_t kRegionBytes = size_t(8) << 30;
constexpr size_t kAlign = 16;
constexpr unsigned kMaxSizes = 4;

/// A bump allocator that is reset (its pages given back) when nothing it
/// handed out is alive and no thread allocates from it.
struct Region {
  std::atomic<size_t> used{0}; ///< moved only by the thread that claimed it
  std::atomic<size_t> live{0}; ///< allocations not yet freed
  bool claimed = false;        ///< guarded by `regionsLock`
};

// All constant-initialized: operator new runs before any constructor.
std::mutex regionsLock;
Region regions[kRegions];
std::atomic<char *> area{nullptr}; ///< kRegions regions, reserved once
std::atomic<size_t> served{0};

thread_local int activeRegion = -1;
thread_local unsigned activeSizeCount = 0;
thread_local size_t activeSizes[kMaxSizes];

/// Gives the region's pages back; `regionsLock` held, nothing alive in it.
void resetLocked(int r) {
  Region &reg = regions[r];
  size_t used = reg.used.load(std::memory_order_relaxed);
  if (used == 0)
    return;
  char *base = area.load(std::memory_order_relaxed) + r * kRegionBytes;
  size_t page = 4096;
  ::madvise(base, (used + page - 1) & ~(page - 1), MADV_DONTNEED);
  reg.used.store(0, std::memory_order_relaxed);
}

void *fromRegion(size_t n) {
  for (unsigned i = 0; i < activeSizeCount; ++i) {
    if (activeSizes[i] != n)
      continue;
    Region &reg = regions[activeRegion];
    size_t at = reg.used.load(std::memory_order_relaxed);
    size_t step = (n + kAlign - 1) & ~(kAlign - 1);
    if (at + step > kRegionBytes)
      return nullptr;
    reg.used.store(at + step, std::memory_order_relaxed);
    reg.live.fetch_add(1, std::memory_order_relaxed);
    served.fetch_add(step, std::memory_order_relaxed);
    return area.load(std::memory_order_relaxed) + activeRegion * kRegionBytes +
           at;
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
  if (activeRegion >= 0)
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
  if (regions[r].live.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  std::lock_guard<std::mutex> guard(regionsLock);
  if (!regions[r].claimed &&
      regions[r].live.load(std::memory_order_acquire) == 0)
    resetLocked(r);
}

} // namespace

ParseHeap::ParseHeap(std::initializer_list<size_t> sizes) {
#ifndef OMPX_NO_PARSE_HEAP
  if (activeRegion >= 0 || sizes.size() > kMaxSizes)
    return;
  std::lock_guard<std::mutex> guard(regionsLock);
  if (!area.load(std::memory_order_relaxed)) {
    void *m = ::mmap(nullptr, kRegions * kRegionBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
      return;
    area.store(static_cast<char *>(m), std::memory_order_release);
  }
  for (int r = 0; r < kRegions && region < 0; ++r) {
    if (regions[r].claimed ||
        regions[r].live.load(std::memory_order_acquire) != 0)
      continue;
    resetLocked(r);
    regions[r].claimed = true;
    region = r;
  }
  if (region < 0)
    return;
  activeRegion = region;
  activeSizeCount = 0;
  for (size_t s : sizes)
    activeSizes[activeSizeCount++] = s;
#else
  (void)sizes;
#endif
}

ParseHeap::~ParseHeap() {
  if (region < 0)
    return;
  activeRegion = -1;
  activeSizeCount = 0;
  std::lock_guard<std::mutex> guard(regionsLock);
  regions[region].claimed = false;
  if (regions[region].live.load(std::memory_order_acquire) == 0)
    resetLocked(region);
}

bool ParseHeap::available() {
#ifndef OMPX_NO_PARSE_HEAP
  return true;
#else
  return false;
#endif
}

size_t ParseHeap::bytesHeld() {
  std::lock_guard<std::mutex> guard(regionsLock);
  size_t bytes = 0;
  for (const Region &r : regions)
    bytes += r.used.load(std::memory_order_relaxed);
  return bytes;
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
  if (activeRegion >= 0)
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
