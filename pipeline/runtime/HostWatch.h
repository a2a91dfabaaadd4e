//===- HostWatch.h - The checked launch's watch on host memory ----------===//
//
// Part of the checked launch's tool (MapCheck.c): the host's accesses to
// host memory the checker wants to see (its copy of data the device holds
// newer values of; data of a `nowait` region before its taskwait; a scalar
// whose firstprivate copy the region changed) are caught with page
// protection and a fault handler that lets each access through by single
// stepping. Only pages that hold nothing but the watched range, or that lie
// in the program's own static data, its main thread's stack or a heap block
// that has its pages to itself (HostHeap.c), are protected: a page of the
// heap shared with other data (a buffer a system call writes to) never is.
// x86-64 Linux only; elsewhere nothing is watched.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_RUNTIME_HOSTWATCH_H
#define OMPX_PIPELINE_RUNTIME_HOSTWATCH_H

#include <stddef.h>

enum {
  kWatchReads = 1,  ///< a read of the range is a finding
  kWatchWrites = 2, ///< a write of the range is a finding
};

/// Installs the fault handlers; findings are written to `logFd`.
void hostWatchInit(int logFd);

/// Watches [begin, begin+bytes) for the accesses `access` names. `line` is
/// the finding's log line, written (with one write(2)) the first time
/// `*count` goes up. A write the watch does not count ends it when
/// `endOnWrite` (the host made the data its own); with `ref` too, the first
/// writes (up to 64) only make the words they touch the host's own (a
/// boundary cell set before reading the rest). With `ref`, the range's
/// bytes at the time of an access are compared with `ref`'s at the same
/// offset: a read of bytes equal to them, or where `ref` holds the checker's
/// poison, is no finding. `group` and `owner` name the watch for removal.
/// Returns 0 when nothing of the range could be protected.
int hostWatchAdd(const char *begin, size_t bytes, int access, int endOnWrite,
                 const char *ref, const char *line, unsigned long *count,
                 int group, const void *owner);

/// Gives a watch of `owner` a new reference (a saved copy) to compare with.
void hostWatchSetRef(const void *owner, int group, const char *ref);
/// Gives a watch of `owner` the size of its data's elements (4: a read is
/// compared in the 4 bytes it reads; otherwise in the aligned 8 around it).
void hostWatchSetElement(const void *owner, int group, int element);
/// Makes a watch of `owner` judge a read by the word it reads (`element`
/// bytes): a finding when it holds the checker's poison, whatever the host
/// wrote elsewhere in the range (which does not end it).
void hostWatchSetPoisonOnly(const void *owner, int group, int element);
/// Gives a watch of `owner` the offsets of 8-byte pointers inside its range
/// that are never compared with its reference: pointers the offload runtime
/// attached inside a device copy (a descriptor's base address), which each
/// side holds its own value of. `*offsets` and `*count` are the owner's,
/// read at each access: they must live as long as the watch.
void hostWatchSetPointers(const void *owner, int group, size_t *const *offsets,
                          const int *count);
/// Whether any watch is in use (a cheap test before hostWatchEnd).
int hostWatchAny(void);
/// Whether `owner` has an active watch of `group`.
int hostWatchActive(const void *owner, int group);
/// Ends the watches of `group` (-1: any) whose owner is `owner` (NULL: any
/// owner) and whose range overlaps [begin, begin+bytes) (bytes 0: any).
void hostWatchEnd(int group, const void *owner, const char *begin,
                  size_t bytes);

/// The offload runtime copies [begin, begin+bytes) of host memory to the
/// device (with the watches suspended): whether a watch of `group` watching
/// reads of it holds a reference those bytes are older than, as a read by
/// the program would find; its finding's line and count, for the caller to
/// report when the copy proves to matter. Nothing is counted here.
int hostWatchStaleCopy(const char *begin, size_t bytes, int group,
                       const char **line, unsigned long **count);
/// Whether [p, p+bytes) lies in the main thread's stack (its locals and
/// those of what it calls).
int hostWatchOnMainStack(const void *p, size_t bytes);
/// Around the offload runtime's own accesses (transfers, the checker's
/// hashes): no watch counts in between. Nested and per process.
void hostWatchSuspend(void);
void hostWatchResume(void);

/// Whether `page` is one of the heap pages the checked launch gives the
/// program's allocations, one block per page (HostHeap.c).
int hostHeapHolds(const void *page);

/// The program freed [p, p+bytes) (Fortran DEALLOCATE): a device copy of
/// it still present was left behind (MapCheck.c).
void mapCheckFreed(const char *p, size_t bytes);

/// Whether the `n` bytes at `p` (n = 4 or 8, aligned; else each byte) hold
/// the checker's poison or a value computed from it (MapCheck.c).
int mapCheckPoisoned(const char *p, size_t n);

#endif // OMPX_PIPELINE_RUNTIME_HOSTWATCH_H
