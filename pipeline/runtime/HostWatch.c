//===- HostWatch.c - The checked launch's watch on host memory ------------===//
//
// See HostWatch.h. A watched page is protected (no access, or read-only
// when only writes count). A fault on it is judged against every watch of
// the page, then the page is opened and the faulting instruction single
// stepped (the trap flag); the trap closes the page again. What the
// handlers do is async-signal-safe: mprotect(2), write(2) and plain memory.
//
//===----------------------------------------------------------------------===//

#define _GNU_SOURCE
#include "HostWatch.h"

#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__linux__)
#include <link.h>
#include <pthread.h>
#include <sys/mman.h>
#include <ucontext.h>

/// A watch. `used` while its slot holds one (active, or ended and still
/// named so that a late fault on its pages is known as the checker's).
typedef struct {
  volatile int used, active;
  const char *begin;
  size_t bytes;
  int access, endOnWrite, group;
  const void *owner;
  const char *volatile ref;
  unsigned long *count;
  int element;         ///< 4: the data are 4-byte elements (real(4))
  int poisonOnly;      ///< a read is a finding when its word holds poison
  /// Pointers inside the range that are not compared (their owner's).
  size_t *const *pointers;
  const int *npointers;
  int edges;           ///< its partly covered pages may be protected
  /// A watch compared with a reference that writes would end: the 4-byte
  /// words of its range the host wrote (a bit each), then its own; how many
  /// writes so far (-1: writes end it).
  unsigned char *own;
  size_t ownCap;
  int ownWrites;
  unsigned long ownReads; ///< reads of its own words (each a fault)
  unsigned long stray; ///< faults on its pages outside its range
  /// Its partly covered pages were left open for the faults of their other
  /// data (kMaxStray), and how many times they were closed again since
  /// (kMaxRearms).
  int strayed, rearms;
  size_t lineLen;
  char line[1536];
} Watch;

/// A page of static data or stack next to a watched variable is opened for
/// each access to its neighbours (about 10 us each); past kMaxStray, it is
/// left open. It is closed again when the program resumes after a
/// libomptarget call, kMaxRearms times at most: a scalar in the main
/// program's frame shares its page with the frames of what main calls (the
/// first PRINT's runtime call touched its locals over 4096 times), and its
/// read after the next construct went unseen in half the runs, by where the
/// stack began in the page. At most about (1 + 8) * 16384 faults a watch.
/// A watch whose host writes mark words its own ends past kMaxOwnWrites
/// writes: the host is rewriting the data, not setting a boundary value.
/// Past kMaxOwnReads reads of the host's own words (each a fault) the watch
/// ends too: a loop reading the boundary cell it set.
enum {
  kMaxWatches = 512,
  kMaxStray = 16384,
  kMaxRearms = 8,
  kMaxSteps = 8,
  kMaxOwnWrites = 64,
  kMaxOwnReads = 4096
};
static const unsigned long kTrapFlag = 0x100;

static Watch watches[kMaxWatches];
/// The slots in use: most frees find none (HostHeap.c).
static volatile int nUsed;
static int watchFd = -1;
static volatile int suspended;
static uintptr_t pageSize = 4096, dataBegin, dataEnd, stackBegin, stackEnd;
/// The program's thread's handlers run on their own stack: a page of its
/// stack may be closed.
static char altStack[1 << 16];
static __thread uintptr_t stepPages[kMaxSteps];
static __thread int nStep;
static struct sigaction oldSegv, oldTrap;

static uintptr_t floorPage(uintptr_t a) { return a & ~(pageSize - 1); }
static uintptr_t ceilPage(uintptr_t a) { return floorPage(a + pageSize - 1); }

/// Static data of the program itself (its writable segment), where data
/// next to a Fortran variable is other Fortran variables, the stack of its
/// thread (a main program's scalars live there), and the pages of a heap
/// block that has them to itself (HostHeap.c).
static int inData(uintptr_t page) {
  return (page >= floorPage(dataBegin) &&
          page + pageSize <= ceilPage(dataEnd)) ||
         (page >= stackBegin && page + pageSize <= stackEnd) ||
         hostHeapHolds((const void *)page);
}

/// The pages of `w` that may be protected: those only it covers, and
/// partly covered pages of static data.
static void spanOf(const Watch *w, uintptr_t *lo, uintptr_t *hi) {
  uintptr_t b = (uintptr_t)w->begin, e = b + w->bytes;
  uintptr_t first = floorPage(b), last = ceilPage(e);
  *lo = b == first || (w->edges && inData(first)) ? first : first + pageSize;
  *hi = e == last || (w->edges && inData(last - pageSize)) ? last
                                                           : last - pageSize;
  if (*hi < *lo)
    *hi = *lo;
}

/// Every page of `w`'s range: a fault there is the checker's.
static int touches(const Watch *w, uintptr_t page) {
  uintptr_t b = (uintptr_t)w->begin;
  return page >= floorPage(b) && page < ceilPage(b + w->bytes);
}

static void protect(uintptr_t lo, uintptr_t hi, int prot) {
  if (hi > lo)
    mprotect((void *)lo, hi - lo, prot);
}

/// Closes what the active watches want of the open pages [lo, hi):
/// read-only where writes are watched, then no access where reads are.
static void closeWatched(uintptr_t lo, uintptr_t hi) {
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < kMaxWatches; ++i) {
      Watch *w = &watches[i];
      if (!w->used || !w->active ||
          ((w->access & kWatchReads) != 0) != (pass == 1))
        continue;
      uintptr_t wlo, whi;
      spanOf(w, &wlo, &whi);
      protect(wlo > lo ? wlo : lo, whi < hi ? whi : hi,
              pass ? PROT_NONE : PROT_READ);
    }
}

/// Gives the pages [lo, hi) the protection the active watches want.
static void apply(uintptr_t lo, uintptr_t hi) {
  protect(lo, hi, PROT_READ | PROT_WRITE);
  if (!suspended)
    closeWatched(lo, hi);
}

static void end(Watch *w) {
  if (!w->active)
    return;
  w->active = 0;
  uintptr_t b = (uintptr_t)w->begin;
  apply(floorPage(b), ceilPage(b + w->bytes));
  w->used = 0;
  __atomic_sub_fetch(&nUsed, 1, __ATOMIC_RELAXED);
}

/// Whether the bytes at `a` differ from the reference and the reference
/// holds data the device made (not the checker's poison). The aligned
/// 8 bytes around `a` are compared (a double's low half is often zero in
/// both).
static void markWord(Watch *w, size_t o) {
  if (o < w->bytes)
    w->own[o / 32] |= (unsigned char)(1u << ((o / 4) % 8));
}

/// A write at `a` about to run (single-stepped): its element is the
/// host's, and the words around it that the store changes (a vector
/// store's) once it ran (ownStepped).
static __thread Watch *pendingWatch[kMaxSteps];
static __thread size_t pendingOff[kMaxSteps], pendingLen[kMaxSteps];
static __thread unsigned char pendingOld[kMaxSteps][64];
static __thread int nPending;

static void markOwn(Watch *w, uintptr_t a) {
  size_t off = (a - (uintptr_t)w->begin) & ~(size_t)3;
  markWord(w, off);
  if (w->element != 4)
    markWord(w, (off & ~(size_t)7) + ((off & 4) ? 0 : 4));
  if (nPending < kMaxSteps) {
    // Within the range and the faulting page (the one open now).
    size_t len = w->bytes - off < 64 ? w->bytes - off : 64;
    uintptr_t pageEnd = floorPage(a) + pageSize;
    if ((uintptr_t)w->begin + off + len > pageEnd)
      len = pageEnd - ((uintptr_t)w->begin + off);
    pendingWatch[nPending] = w;
    pendingOff[nPending] = off;
    pendingLen[nPending] = len;
    memcpy(pendingOld[nPending], w->begin + off, len);
    ++nPending;
  }
}

/// After the step: the words the store changed are the host's too.
static void ownStepped(void) {
  for (int i = 0; i < nPending; ++i) {
    Watch *w = pendingWatch[i];
    for (size_t o = 0; o + 4 <= pendingLen[i]; o += 4)
      if (memcmp(w->begin + pendingOff[i] + o, pendingOld[i] + o, 4))
        markWord(w, pendingOff[i] + o);
  }
  nPending = 0;
}

static int isOwn(const Watch *w, uintptr_t a) {
  size_t o = a - (uintptr_t)w->begin;
  return w->own && w->ownWrites > 0 && (w->own[o / 32] >> ((o / 4) % 8)) & 1;
}

/// Whether byte `a` lies in a pointer of `w` that is not compared.
static int inPointer(const Watch *w, uintptr_t a) {
  if (!w->npointers || !w->pointers)
    return 0;
  size_t o = a - (uintptr_t)w->begin;
  for (int k = 0; k < *w->npointers; ++k)
    if ((*w->pointers)[k] <= o && o < (*w->pointers)[k] + sizeof(void *))
      return 1;
  return 0;
}

static int newer(const Watch *w, uintptr_t a) {
  // A word the host wrote since: its own value.
  if (isOwn(w, a))
    return 0;
  // A pointer attached inside the device copy: each side holds its own.
  if (inPointer(w, a))
    return 0;
  if (w->poisonOnly) {
    size_t word = w->element == 8 ? 8 : 4;
    size_t off = (a - (uintptr_t)w->begin) & ~(word - 1);
    return off + word <= w->bytes && mapCheckPoisoned(w->begin + off, word);
  }
  const char *ref = w->ref;
  if (!ref)
    return 1;
  // 4-byte elements: the one read (its neighbour in the aligned 8 bytes
  // may be newer on the device without the host reading it: a one-element
  // `update from` read back was reported).
  if (w->element == 4) {
    size_t off = (a - (uintptr_t)w->begin) & ~(size_t)3;
    size_t n = w->bytes - off < 4 ? w->bytes - off : 4;
    return memcmp(w->begin + off, ref + off, n) &&
           !mapCheckPoisoned(ref + off, n);
  }
  size_t off = (a - (uintptr_t)w->begin) & ~(size_t)7;
  size_t n = w->bytes - off < 8 ? w->bytes - off : 8;
  if (!memcmp(w->begin + off, ref + off, n))
    return 0;
  if (n == 8 && mapCheckPoisoned(ref + off, 8))
    return 0;
  // Untouched 4-byte poison in the half that differs.
  for (size_t h = 0; h + 4 <= n; h += 4)
    if (memcmp(w->begin + off + h, ref + off + h, 4) &&
        !mapCheckPoisoned(ref + off + h, 4))
      return 1;
  return n % 4 && !mapCheckPoisoned(ref + off, n);
}

static void chain(const struct sigaction *old, int sig, siginfo_t *si,
                  void *ctx) {
  if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
    old->sa_sigaction(sig, si, ctx);
  } else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
    old->sa_handler(sig);
  } else {
    // The default action, when the instruction runs again.
    sigaction(sig, old, NULL);
  }
}

/// One access to a watched page (open now): whether it ends the watch.
static int judge(Watch *w, uintptr_t a, int isWrite) {
  // A read of a word the host wrote: its own; many of them end the watch.
  if (!isWrite && isOwn(w, a))
    return ++w->ownReads > kMaxOwnReads;
  if (!(w->access & (isWrite ? kWatchWrites : kWatchReads))) {
    if (!isWrite || !w->endOnWrite)
      return 0;
    // A few words the host sets (a boundary cell) become its own, and
    // reads of the rest still read old values; many writes end it.
    if (w->own && w->ownWrites >= 0 && ++w->ownWrites <= kMaxOwnWrites) {
      markOwn(w, a);
      return 0;
    }
    return 1;
  }
  if (!newer(w, a))
    return 0;
  if (__atomic_fetch_add(w->count, 1, __ATOMIC_RELAXED) == 0 && watchFd >= 0 &&
      write(watchFd, w->line, w->lineLen) < 0)
    w->lineLen = 0;
  return 1;
}

static void onSegv(int sig, siginfo_t *si, void *ctx) {
  ucontext_t *uc = ctx;
  uintptr_t a = (uintptr_t)si->si_addr, page = floorPage(a);
  int ours = 0;
  for (int i = 0; i < kMaxWatches && !ours; ++i)
    ours = watches[i].used && touches(&watches[i], page);
  if (si->si_code != SEGV_ACCERR || !ours) {
    chain(&oldSegv, sig, si, ctx);
    return;
  }
  int isWrite = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
  // Open while the watches compare its bytes.
  mprotect((void *)page, pageSize, PROT_READ | PROT_WRITE);
  Watch *ended[kMaxWatches];
  int nEnded = 0;
  for (int i = 0; i < kMaxWatches && !suspended; ++i) {
    Watch *w = &watches[i];
    if (!w->used || !w->active || !touches(w, page))
      continue;
    if (a >= (uintptr_t)w->begin && a < (uintptr_t)w->begin + w->bytes) {
      if (judge(w, a, isWrite)) {
        w->active = 0;
        ended[nEnded++] = w;
      }
    } else if (++w->stray > kMaxStray && w->edges) {
      w->edges = 0;
      w->strayed = 1;
    }
  }
  for (int i = 0; i < nEnded; ++i) {
    uintptr_t b = (uintptr_t)ended[i]->begin;
    apply(floorPage(b), ceilPage(b + ended[i]->bytes));
    ended[i]->used = 0;
    __atomic_sub_fetch(&nUsed, 1, __ATOMIC_RELAXED);
  }
  // Let the access through: the page is open for one instruction.
  mprotect((void *)page, pageSize, PROT_READ | PROT_WRITE);
  if (nStep < kMaxSteps) {
    stepPages[nStep++] = page;
    uc->uc_mcontext.gregs[REG_EFL] |= kTrapFlag;
  }
}

static void onTrap(int sig, siginfo_t *si, void *ctx) {
  if (!nStep) {
    chain(&oldTrap, sig, si, ctx);
    return;
  }
  ucontext_t *uc = ctx;
  uc->uc_mcontext.gregs[REG_EFL] &= ~kTrapFlag;
  ownStepped();
  int n = nStep;
  nStep = 0;
  for (int i = 0; i < n; ++i)
    apply(stepPages[i], stepPages[i] + pageSize);
}

static int findData(struct dl_phdr_info *info, size_t size, void *data) {
  // The first object is the program itself.
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    if (p->p_type == PT_LOAD && (p->p_flags & PF_W)) {
      dataBegin = info->dlpi_addr + p->p_vaddr;
      dataEnd = dataBegin + p->p_memsz;
    }
  }
  return 1;
}

void hostWatchInit(int logFd) {
  watchFd = logFd;
  long ps = sysconf(_SC_PAGESIZE);
  if (ps > 0)
    pageSize = (uintptr_t)ps;
  dl_iterate_phdr(findData, NULL);
  // This thread's stack: its pages may be watched, with the handlers on a
  // stack of their own (the kernel cannot push a signal frame on a closed
  // page).
  stack_t alt = {.ss_sp = altStack, .ss_size = sizeof altStack, .ss_flags = 0};
  pthread_attr_t attr;
  void *base;
  size_t size;
  if (!sigaltstack(&alt, NULL) && !pthread_getattr_np(pthread_self(), &attr)) {
    if (!pthread_attr_getstack(&attr, &base, &size)) {
      stackBegin = ceilPage((uintptr_t)base);
      stackEnd = floorPage((uintptr_t)base + size);
    }
    pthread_attr_destroy(&attr);
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sa.sa_sigaction = onSegv;
  sigaction(SIGSEGV, &sa, &oldSegv);
  sa.sa_sigaction = onTrap;
  sigaction(SIGTRAP, &sa, &oldTrap);
}

int hostWatchAdd(const char *begin, size_t bytes, int access, int endOnWrite,
                 const char *ref, const char *line, unsigned long *count,
                 int group, const void *owner) {
  Watch *w = NULL;
  for (int i = 0; i < kMaxWatches && !w; ++i)
    if (!watches[i].used)
      w = &watches[i];
  if (!w || !bytes)
    return 0;
  w->begin = begin;
  w->bytes = bytes;
  w->access = access;
  w->endOnWrite = endOnWrite;
  w->ref = ref;
  w->count = count;
  w->group = group;
  w->owner = owner;
  w->element = 0;
  w->poisonOnly = 0;
  w->pointers = NULL;
  w->npointers = NULL;
  w->edges = 1;
  // The bitmap of a slot is kept for its next watch: never freed in the
  // fault handler.
  w->ownWrites = -1;
  w->ownReads = 0;
  if ((access & kWatchReads) && endOnWrite && ref) {
    size_t need = (bytes + 31) / 32;
    if (w->ownCap < need) {
      free(w->own);
      w->own = calloc(need, 1);
      w->ownCap = w->own ? need : 0;
    } else {
      memset(w->own, 0, need);
    }
    if (w->own)
      w->ownWrites = 0;
  }
  w->stray = 0;
  w->strayed = 0;
  w->rearms = 0;
  size_t n = strlen(line);
  w->lineLen = n < sizeof w->line ? n : sizeof w->line - 1;
  memcpy(w->line, line, w->lineLen);
  w->line[w->lineLen] = 0;
  uintptr_t lo, hi;
  spanOf(w, &lo, &hi);
  if (hi <= lo)
    return 0;
  w->active = 1;
  __atomic_add_fetch(&nUsed, 1, __ATOMIC_RELAXED);
  __atomic_store_n(&w->used, 1, __ATOMIC_RELEASE);
  apply(lo, hi);
  return 1;
}

int hostWatchAny(void) { return __atomic_load_n(&nUsed, __ATOMIC_RELAXED); }

void hostWatchSetRef(const void *owner, int group, const char *ref) {
  for (int i = 0; i < kMaxWatches; ++i)
    if (watches[i].used && watches[i].active && watches[i].owner == owner &&
        watches[i].group == group)
      watches[i].ref = ref;
}

void hostWatchSetPointers(const void *owner, int group, size_t *const *offsets,
                          const int *count) {
  for (int i = 0; i < kMaxWatches; ++i)
    if (watches[i].used && watches[i].active && watches[i].owner == owner &&
        watches[i].group == group) {
      watches[i].pointers = offsets;
      watches[i].npointers = count;
    }
}

void hostWatchSetElement(const void *owner, int group, int element) {
  for (int i = 0; i < kMaxWatches; ++i)
    if (watches[i].used && watches[i].active && watches[i].owner == owner &&
        watches[i].group == group)
      watches[i].element = element;
}

void hostWatchSetPoisonOnly(const void *owner, int group, int element) {
  for (int i = 0; i < kMaxWatches; ++i)
    if (watches[i].used && watches[i].active && watches[i].owner == owner &&
        watches[i].group == group) {
      watches[i].element = element;
      watches[i].poisonOnly = 1;
    }
}

int hostWatchActive(const void *owner, int group) {
  for (int i = 0; i < kMaxWatches; ++i)
    if (watches[i].used && watches[i].active && watches[i].owner == owner &&
        watches[i].group == group)
      return 1;
  return 0;
}

void hostWatchEnd(int group, const void *owner, const char *begin,
                  size_t bytes) {
  for (int i = 0; i < kMaxWatches; ++i) {
    Watch *w = &watches[i];
    if (!w->used || !w->active || (group >= 0 && w->group != group) ||
        (owner && w->owner != owner))
      continue;
    if (bytes && (begin + bytes <= w->begin || w->begin + w->bytes <= begin))
      continue;
    end(w);
  }
}

int hostWatchStaleCopy(const char *begin, size_t bytes, int group,
                       const char **line, unsigned long **count) {
  for (int i = 0; i < kMaxWatches; ++i) {
    Watch *w = &watches[i];
    if (!w->used || !w->active || w->group != group ||
        !(w->access & kWatchReads) || !w->lineLen)
      continue;
    const char *lo = begin > w->begin ? begin : w->begin;
    const char *hi =
        begin + bytes < w->begin + w->bytes ? begin + bytes : w->begin + w->bytes;
    size_t step = w->element == 4 ? 4 : 8;
    for (uintptr_t a = (uintptr_t)lo; a < (uintptr_t)hi; a += step)
      if (newer(w, a)) {
        *line = w->line;
        *count = w->count;
        return 1;
      }
  }
  return 0;
}

int hostWatchOnMainStack(const void *p, size_t bytes) {
  uintptr_t a = (uintptr_t)p;
  return stackBegin < stackEnd && a >= stackBegin && a + bytes <= stackEnd;
}

void hostWatchSuspend(void) {
  if (__atomic_fetch_add(&suspended, 1, __ATOMIC_ACQ_REL))
    return;
  for (int i = 0; i < kMaxWatches; ++i)
    if (watches[i].used) {
      uintptr_t lo, hi;
      spanOf(&watches[i], &lo, &hi);
      protect(lo, hi, PROT_READ | PROT_WRITE);
    }
}

void hostWatchResume(void) {
  if (__atomic_sub_fetch(&suspended, 1, __ATOMIC_ACQ_REL))
    return;
  for (int i = 0; i < kMaxWatches; ++i) {
    Watch *w = &watches[i];
    if (w->used && w->active && w->strayed && w->rearms < kMaxRearms) {
      w->edges = 1;
      w->strayed = 0;
      w->stray = 0;
      ++w->rearms;
    }
  }
  // Every page is open.
  closeWatched(0, UINTPTR_MAX);
}

#else // Not x86-64 Linux: nothing is watched.

void hostWatchInit(int logFd) {}
int hostWatchAdd(const char *begin, size_t bytes, int access, int endOnWrite,
                 const char *ref, const char *line, unsigned long *count,
                 int group, const void *owner) {
  return 0;
}
void hostWatchSetRef(const void *owner, int group, const char *ref) {}
void hostWatchSetPointers(const void *owner, int group, size_t *const *offsets,
                          const int *count) {}
void hostWatchSetElement(const void *owner, int group, int element) {}
void hostWatchSetPoisonOnly(const void *owner, int group, int element) {}
int hostWatchAny(void) { return 0; }
int hostWatchActive(const void *owner, int group) { return 0; }
void hostWatchEnd(int group, const void *owner, const char *begin,
                  size_t bytes) {}
int hostWatchStaleCopy(const char *begin, size_t bytes, int group,
                       const char **line, unsigned long **count) {
  return 0;
}
int hostWatchOnMainStack(const void *p, size_t bytes) { return 0; }
void hostWatchSuspend(void) {}
void hostWatchResume(void) {}

#endif
