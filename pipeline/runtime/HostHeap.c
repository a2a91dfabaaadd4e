//===- HostHeap.c - The checked launch's heap homes ----------------------===//
//
// See HostWatch.h. The host watch protects only pages that hold nothing but
// the data it watches: a heap page glibc shares between a small allocatable
// and other blocks (a buffer a system call fills, malloc's own headers) is
// never protected, so the host's reads of an allocatable smaller than two
// pages went unseen. In a checked launch (OMPX_MAPCHECK_LOG set) each
// malloc the program's own code makes (the caller in the executable's text:
// Fortran ALLOCATE, flang's runtime linked into it; not libomp, libc or the
// offload plugin) of at most kMaxHome bytes gets pages of its own, page
// aligned (every alignment malloc promises), from one reserved region, so
// any range of it may be watched. Past the region's size the program's
// allocations go to glibc again: fewer watched, nothing different computed.
// Ownership is a range check, so glibc's blocks (memalign, calloc, those
// made before the checker started) go back to glibc. A larger block of the
// program's (a 4 MB array) gets a mapping of its own, page aligned
// (kMaxBig of them at once): glibc's mmap'd chunk starts 16 bytes into its
// first page and ends inside its last, which were never protected, so the
// host's reads of an array's first and last 4 KiB went unseen.
//
//===----------------------------------------------------------------------===//

#define _GNU_SOURCE
#include "HostWatch.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__linux__)
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <sys/auxv.h>
#include <sys/mman.h>

// glibc's allocator under its own names: no dlsym (which allocates) needed.
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_realloc(void *, size_t);

/// Homes for blocks up to 1 MiB (256 size classes of whole pages), in a
/// region of 256 MiB: the most the homes add to the program's memory.
enum { kMaxHomePages = 256 };
static const size_t kRegionBytes = (size_t)256 << 20;

static char *region;
static size_t regionUsed, pageSize = 4096;
/// The bytes asked for of the home at each page of the region (0: none).
static size_t *asked;
/// Freed homes by their number of pages, linked through their first word.
static void *freeHomes[kMaxHomePages + 1];
static uintptr_t textBegin, textEnd;
static size_t (*glibcUsableSize)(void *);
static pthread_mutex_t heapLock = PTHREAD_MUTEX_INITIALIZER;

static int isHome(const void *p) {
  return region && (const char *)p >= region &&
         (const char *)p < region + kRegionBytes;
}

/// Blocks over kMaxHomePages pages, each in a mapping of its own: its
/// start (NULL: a free slot), the bytes asked for and the bytes mapped.
/// Written under heapLock; read without it (the fault handler asks).
enum { kMaxBig = 256 };
static struct Big {
  char *begin;
  size_t asked, mapped;
} bigs[kMaxBig];

/// The big block that starts at `p` (exactly), or NULL.
static struct Big *bigAt(const void *p) {
  if (!p || !region)
    return NULL;
  for (int i = 0; i < kMaxBig; ++i)
    if (__atomic_load_n(&bigs[i].begin, __ATOMIC_ACQUIRE) == p)
      return &bigs[i];
  return NULL;
}

/// Whether `page` lies in a big block's mapping.
static int inBig(const void *page) {
  for (int i = 0; i < kMaxBig; ++i) {
    char *b = __atomic_load_n(&bigs[i].begin, __ATOMIC_ACQUIRE);
    if (b && (const char *)page >= b && (const char *)page < b + bigs[i].mapped)
      return 1;
  }
  return 0;
}

int hostHeapHolds(const void *page) { return isHome(page) || inBig(page); }

/// The program's own code: the executable's text.
static int fromProgram(const void *caller) {
  return (uintptr_t)caller >= textBegin && (uintptr_t)caller < textEnd;
}

static int findText(struct dl_phdr_info *info, size_t size, void *data) {
  // The first object is the program itself.
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    if (p->p_type == PT_LOAD && (p->p_flags & PF_X)) {
      textBegin = info->dlpi_addr + p->p_vaddr;
      textEnd = textBegin + p->p_memsz;
    }
  }
  return 1;
}

static void lockHeap(void) { pthread_mutex_lock(&heapLock); }
static void unlockHeap(void) { pthread_mutex_unlock(&heapLock); }

/// Before main and before any thread: a checked launch only.
__attribute__((constructor)) static void startHeap(void) {
  if (!getenv("OMPX_MAPCHECK_LOG"))
    return;
  unsigned long ps = getauxval(AT_PAGESZ);
  if (ps)
    pageSize = ps;
  dl_iterate_phdr(findText, NULL);
  glibcUsableSize = (size_t(*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
  size_t pages = kRegionBytes / pageSize;
  void *r = mmap(NULL, kRegionBytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  void *a = mmap(NULL, pages * sizeof(size_t), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (r == MAP_FAILED || a == MAP_FAILED || textEnd <= textBegin ||
      !glibcUsableSize) {
    if (r != MAP_FAILED)
      munmap(r, kRegionBytes);
    if (a != MAP_FAILED)
      munmap(a, pages * sizeof(size_t));
    return;
  }
  asked = a;
  pthread_atfork(lockHeap, unlockHeap, unlockHeap);
  __atomic_store_n(&region, (char *)r, __ATOMIC_RELEASE);
}

static size_t pagesOf(size_t n) { return (n + pageSize - 1) / pageSize; }
static size_t slotOf(const void *p) {
  return (size_t)((const char *)p - region) / pageSize;
}

/// Whether a home holds `n` bytes (before pagesOf, which wraps near
/// SIZE_MAX).
static int fits(size_t n) { return n && n <= kMaxHomePages * pageSize; }

/// A home for `n` bytes, or NULL.
static void *homeAlloc(size_t n) {
  if (!fits(n))
    return NULL;
  size_t pages = pagesOf(n);
  lockHeap();
  char *p = freeHomes[pages];
  if (p) {
    freeHomes[pages] = *(void **)p;
    *(void **)p = NULL;
  } else if (regionUsed + pages * pageSize <= kRegionBytes) {
    p = region + regionUsed;
    regionUsed += pages * pageSize;
  }
  if (p)
    asked[slotOf(p)] = n;
  unlockHeap();
  return p;
}

/// The bytes asked for of the home at `p`; 0 when `p` starts none.
static size_t homeSize(const void *p) {
  size_t off = (size_t)((const char *)p - region);
  return off % pageSize ? 0 : asked[off / pageSize];
}

static void homeFree(void *p) {
  size_t n = homeSize(p);
  // Not a home's start: glibc would abort; ignoring it harms nothing here.
  if (!n)
    return;
  // A watch of the block ends with it (the pages are open again): a later
  // block there is other data.
  if (hostWatchAny())
    hostWatchEnd(-1, NULL, p, pagesOf(n) * pageSize);
  lockHeap();
  asked[slotOf(p)] = 0;
  *(void **)p = freeHomes[pagesOf(n)];
  freeHomes[pagesOf(n)] = p;
  unlockHeap();
}

/// A mapping of its own for `n` bytes past the homes' sizes, or NULL.
static void *bigAlloc(size_t n) {
  if (!n || fits(n) || n > SIZE_MAX - pageSize)
    return NULL;
  size_t mapped = pagesOf(n) * pageSize;
  lockHeap();
  struct Big *slot = NULL;
  for (int i = 0; i < kMaxBig && !slot; ++i)
    if (!bigs[i].begin)
      slot = &bigs[i];
  void *p = slot ? mmap(NULL, mapped, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                 : MAP_FAILED;
  if (p == MAP_FAILED) {
    unlockHeap();
    return NULL;
  }
  slot->asked = n;
  slot->mapped = mapped;
  __atomic_store_n(&slot->begin, (char *)p, __ATOMIC_RELEASE);
  unlockHeap();
  return p;
}

static void bigFree(struct Big *big) {
  if (hostWatchAny())
    hostWatchEnd(-1, NULL, big->begin, big->mapped);
  lockHeap();
  char *p = big->begin;
  size_t mapped = big->mapped;
  __atomic_store_n(&big->begin, NULL, __ATOMIC_RELEASE);
  unlockHeap();
  munmap(p, mapped);
}

void *malloc(size_t n) {
  if (__atomic_load_n(&region, __ATOMIC_ACQUIRE) &&
      fromProgram(__builtin_return_address(0))) {
    void *p = fits(n) ? homeAlloc(n) : bigAlloc(n);
    if (p)
      return p;
  }
  return __libc_malloc(n);
}

void free(void *p) {
  // The program's DEALLOCATE (flang's runtime is in its text): the checker
  // names a device copy left present as the cause of what follows.
  struct Big *big = isHome(p) ? NULL : bigAt(p);
  if (p && region && fromProgram(__builtin_return_address(0)))
    mapCheckFreed(p, isHome(p) ? homeSize(p)
                     : big     ? big->asked
                               : glibcUsableSize(p));
  if (isHome(p)) {
    homeFree(p);
    return;
  }
  if (big) {
    bigFree(big);
    return;
  }
  if (p && region && hostWatchAny())
    // A watched glibc block (its inner pages): ends when it is freed.
    hostWatchEnd(-1, NULL, p, glibcUsableSize(p));
  __libc_free(p);
}

/// `p`'s `old` bytes in a new block of `n` (a home, a mapping, or glibc's),
/// or NULL; the caller frees `p`. Its watches end (open pages) before the
/// copy.
static void *moved(void *p, size_t old, size_t n) {
  void *q = fits(n) ? homeAlloc(n) : bigAlloc(n);
  if (!q)
    q = __libc_malloc(n);
  if (!q)
    return NULL;
  if (hostWatchAny())
    hostWatchEnd(-1, NULL, p, old);
  memcpy(q, p, n < old ? n : old);
  return q;
}

void *realloc(void *p, size_t n) {
  struct Big *big = isHome(p) ? NULL : bigAt(p);
  if (big) {
    // Grown or shrunk: a new block (a home, a mapping, or glibc's), its
    // watches ended before the copy.
    if (!n) {
      bigFree(big);
      return NULL;
    }
    void *q = moved(p, big->asked, n);
    if (q)
      bigFree(big);
    return q;
  }
  if (!isHome(p))
    return __libc_realloc(p, n);
  size_t old = homeSize(p);
  if (!old)
    return NULL;
  if (!n) {
    homeFree(p);
    return NULL;
  }
  if (fits(n) && pagesOf(n) == pagesOf(old)) {
    // Its pages hold it still: the watches of what it no longer holds end.
    if (n < old && hostWatchAny())
      hostWatchEnd(-1, NULL, (char *)p + n, old - n);
    lockHeap();
    asked[slotOf(p)] = n;
    unlockHeap();
    return p;
  }
  void *q = moved(p, old, n);
  if (q)
    homeFree(p);
  return q;
}

void *reallocarray(void *p, size_t count, size_t size) {
  size_t n;
  if (__builtin_mul_overflow(count, size, &n)) {
    errno = ENOMEM;
    return NULL;
  }
  return realloc(p, n);
}

size_t malloc_usable_size(void *p) {
  if (isHome(p))
    return homeSize(p);
  struct Big *big = bigAt(p);
  if (big)
    return big->asked;
  if (glibcUsableSize)
    return glibcUsableSize(p);
  static size_t (*real)(void *);
  if (!real)
    real = (size_t(*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
  return real ? real(p) : 0;
}

#else // Not x86-64 Linux: glibc's heap as it is.

int hostHeapHolds(const void *page) { return 0; }

#endif
