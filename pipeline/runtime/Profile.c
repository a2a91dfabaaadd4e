//===- Profile.c - The recorded launch: each kernel and copy, timed -------===//
//
// `ompx-lsp launch --profile` preloads the observer (Observe.h) with
// OMPX_PROFILE_LOG set. Through OMPT (target_emi, target_submit_emi,
// target_data_op_emi) and the interposed __tgt_target_kernel (MapCheck.c,
// which also says which map entry a copy belongs to) it records each
// construct, each kernel launch and each data operation of the program.
//
// The record is a file the program maps (MAP_SHARED) and appends lines to:
// no system call per event, and the pages belong to the file as soon as
// they are written, so a program that crashes or is killed leaves every
// line before that (the rest of the last mapped chunk reads as NUL bytes).
// At the end the file is cut to what was written.
//
// Lines, fields separated by tabs (text fields hold no tab or newline);
// T is nanoseconds since the tool started:
//   S PID                              the tool started
//   D DEVICE TYPE                      libomptarget initialized a device
//   C SEQ KIND DEVICE T                a construct begins (KIND: target,
//                                      enter, exit, update, ...)
//   c SEQ T                            ... ends
//   K SEQ DEVICE T KERNEL SOURCE TEAMS THREADS TRIPCOUNT
//                                      its kernel is submitted (TEAMS and
//                                      THREADS as the program asked, 0:
//                                      the runtime's choice)
//   k SEQ T                            ... and done
//   M SEQ OP DEVICE BYTES T0 T1 MAPTYPE SITE
//                                      a data operation (OP: alloc, to,
//                                      from, delete) of map entry SITE
//                                      (its `;file;name;line;col;;`)
//   Z T                                the program ended
//
//===----------------------------------------------------------------------===//

#define _GNU_SOURCE
#include "Observe.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { kChunk = 1 << 20 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int fd = -1;
/// The mapped window [base, base + kChunk) of the file, `used` bytes of it
/// written; NULL after a failed mapping (then plain writes).
static char *window;
static size_t base, used;
static uint64_t start;
static uint64_t sequence;

static uint64_t now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec - start;
}

/// Moves the window past the whole pages written. Under `lock`.
static void slide(void) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t done = used / page * page;
  if (window)
    munmap(window, kChunk);
  base += done;
  used -= done;
  window = NULL;
  if (ftruncate(fd, (off_t)(base + kChunk)) == 0) {
    void *m = mmap(NULL, kChunk, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
                   (off_t)base);
    if (m != MAP_FAILED)
      window = m;
  }
  if (!window && ftruncate(fd, (off_t)(base + used)) == 0)
    lseek(fd, 0, SEEK_END);
}

static void emit(const char *line, int n) {
  if (n <= 0)
    return;
  pthread_mutex_lock(&lock);
  if (fd >= 0) {
    if (window && used + (size_t)n > kChunk)
      slide();
    if (window) {
      memcpy(window + used, line, (size_t)n);
      used += (size_t)n;
    } else if (write(fd, line, (size_t)n) == n) {
      used += (size_t)n;
    }
  }
  pthread_mutex_unlock(&lock);
}

/// `text` as a field: tabs and newlines would split the line.
static void field(char *out, size_t size, const char *text) {
  size_t i = 0;
  for (; text && text[i] && i + 1 < size; ++i)
    out[i] = text[i] == '\t' || text[i] == '\n' ? ' ' : text[i];
  out[i] = 0;
}

// The kernels the program registered: their host entry address and name,
// which the build's sidecar knows them by.
typedef struct {
  uint64_t reserved;
  uint16_t version, kind;
  uint32_t flags;
  void *address;
  const char *name;
  uint64_t size, data;
  void *aux;
} OffloadEntry;
typedef struct {
  int32_t images;
  void *deviceImages;
  OffloadEntry *begin, *end;
} BinaryDescriptor;
static struct {
  const void *address;
  const char *name;
} *kernels;
static size_t nkernels;

/// Interposed: the offload entries of the program (LLVM 20+'s layout:
/// version 1). Recorded whether or not the recorder is on (the tool may
/// start after the registration).
void __tgt_register_lib(BinaryDescriptor *desc) {
  static void (*real)(BinaryDescriptor *);
  if (!real)
    real = (void (*)(BinaryDescriptor *))dlsym(RTLD_NEXT, "__tgt_register_lib");
  pthread_mutex_lock(&lock);
  for (OffloadEntry *e = desc ? desc->begin : NULL; e && e < desc->end; ++e) {
    if (e->reserved || e->version != 1 || e->size || !e->name)
      continue;
    void *grown = realloc(kernels, (nkernels + 1) * sizeof *kernels);
    if (!grown)
      break;
    kernels = grown;
    kernels[nkernels].address = e->address;
    kernels[nkernels].name = e->name;
    ++nkernels;
  }
  pthread_mutex_unlock(&lock);
  if (real)
    real(desc);
}

static const char *kernelName(const void *address) {
  for (size_t i = 0; i < nkernels; ++i)
    if (kernels[i].address == address)
      return kernels[i].name;
  return "";
}

/// The launch __tgt_target_kernel is making on this thread, until its
/// kernel is submitted.
static __thread struct {
  int set;
  const void *loc, *hostPtr;
  uint32_t teams, threads;
  uint64_t tripcount;
} pending;

/// libomptarget's KernelArgsTy (version 2 and later).
typedef struct {
  uint32_t version, numArgs;
  void **argBasePtrs, **argPtrs;
  int64_t *argSizes, *argTypes;
  void **argNames, **argMappers;
  uint64_t tripcount, flags;
  uint32_t numTeams[3], threadLimit[3];
  uint32_t dynCGroupMem;
} KernelArgs;

void ompxProfileKernel(const void *loc, int64_t device, int32_t teams,
                       int32_t threads, const void *hostPtr,
                       const void *args) {
  if (fd < 0)
    return;
  const KernelArgs *a = args;
  pending.set = 1;
  pending.loc = loc;
  pending.hostPtr = hostPtr;
  int v2 = a && a->version >= 2;
  pending.teams = v2 ? a->numTeams[0] : (uint32_t)(teams > 0 ? teams : 0);
  pending.threads =
      v2 ? a->threadLimit[0] : (uint32_t)(threads > 0 ? threads : 0);
  pending.tripcount = v2 ? a->tripcount : 0;
}

static const char *constructKind(int kind) {
  switch (kind) {
  case 1:
  case 9:
    return "target";
  case 2:
  case 10:
    return "enter";
  case 3:
  case 11:
    return "exit";
  case 4:
  case 12:
    return "update";
  default:
    return "other";
  }
}

/// The device of the construct this thread runs (the launch's argument may
/// be -1, the default device).
static __thread int constructDevice;

static void onTarget(int kind, int endpoint, int device, ompt_data_t *task,
                     ompt_data_t *targetTask, ompt_data_t *targetData,
                     const void *codeptr) {
  char line[128];
  if (endpoint == kScopeBegin) {
    constructDevice = device;
    uint64_t seq = __atomic_add_fetch(&sequence, 1, __ATOMIC_RELAXED);
    if (targetData)
      targetData->value = seq;
    emit(line, snprintf(line, sizeof line, "C\t%llu\t%s\t%d\t%llu\n",
                        (unsigned long long)seq, constructKind(kind), device,
                        (unsigned long long)now()));
  } else {
    emit(line, snprintf(line, sizeof line, "c\t%llu\t%llu\n",
                        (unsigned long long)(targetData ? targetData->value
                                                        : 0),
                        (unsigned long long)now()));
  }
}

/// The ident's source string (`;file;function;line;col;;`), or "".
static const char *identSource(const void *loc) {
  // ident_t { i32, i32, i32, i32, const char *psource }.
  const char *const *psource =
      loc ? (const char *const *)((const char *)loc + 16) : NULL;
  return psource && *psource ? *psource : "";
}

static void onSubmit(int endpoint, ompt_data_t *targetData, ompt_id_t *hostOpId,
                     unsigned int requestedTeams) {
  unsigned long long seq = targetData ? targetData->value : 0;
  char line[2048];
  if (endpoint != kScopeBegin) {
    emit(line, snprintf(line, sizeof line, "k\t%llu\t%llu\n", seq,
                        (unsigned long long)now()));
    return;
  }
  char kernel[512], source[1024];
  pthread_mutex_lock(&lock);
  field(kernel, sizeof kernel, kernelName(pending.hostPtr));
  pthread_mutex_unlock(&lock);
  field(source, sizeof source, pending.set ? identSource(pending.loc) : "");
  int n = snprintf(line, sizeof line,
                   "K\t%llu\t%d\t%llu\t%s\t%s\t%u\t%u\t%llu\n", seq,
                   constructDevice,
                   (unsigned long long)now(), kernel, source,
                   pending.set ? pending.teams : requestedTeams,
                   pending.set ? pending.threads : 0,
                   (unsigned long long)(pending.set ? pending.tripcount : 0));
  pending.set = 0;
  emit(line, n < (int)sizeof line ? n : 0);
}

// The device copies made: their size and map entry, for their release
// (which OMPT reports by the device address alone).
typedef struct Copy {
  const char *dev;
  size_t bytes;
  const char *site;
  int64_t type;
  struct Copy *next;
} Copy;
enum { kBuckets = 1024 };
static Copy *copies[kBuckets];

static Copy **bucket(const void *dev) {
  return &copies[((uintptr_t)dev >> 4) % kBuckets];
}

/// When this thread's data operation began.
static __thread uint64_t opStart;

void ompxProfileDataOp(int endpoint, ompt_data_t *targetTask,
                       ompt_data_t *targetData, ompt_id_t *hostOpId,
                       int optype, void *src, int srcDevice, void *dst,
                       int dstDevice, size_t bytes, const void *codeptr) {
  if (endpoint == kScopeBegin) {
    opStart = now();
    return;
  }
  uint64_t end = now();
  int kind = optype > 16 ? optype - 16 : optype; // the _async variants
  const char *op = kind == kDataAlloc        ? "alloc"
                   : kind == kDataToDevice   ? "to"
                   : kind == kDataFromDevice ? "from"
                   : kind == kDataDelete     ? "delete"
                                             : NULL;
  if (!op)
    return;
  const char *site = NULL;
  int64_t type = 0;
  int device = kind == kDataFromDevice ? srcDevice : dstDevice;
  pthread_mutex_lock(&lock);
  if (kind == kDataDelete) {
    device = srcDevice;
    for (Copy **link = bucket(src); *link; link = &(*link)->next)
      if ((*link)->dev == src) {
        Copy *c = *link;
        bytes = c->bytes;
        site = c->site;
        type = c->type;
        *link = c->next;
        free(c);
        break;
      }
  } else {
    site = ompxMapCheckEntrySite(kind == kDataFromDevice ? dst : src, bytes,
                                 &type);
    Copy *c = kind == kDataAlloc && dst ? malloc(sizeof(Copy)) : NULL;
    if (c) {
      *c = (Copy){dst, bytes, site, type, *bucket(dst)};
      *bucket(dst) = c;
    }
  }
  pthread_mutex_unlock(&lock);
  char text[1024], line[1400];
  field(text, sizeof text, site ? site : "");
  int n = snprintf(line, sizeof line,
                   "M\t%llu\t%s\t%d\t%zu\t%llu\t%llu\t%llx\t%s\n",
                   (unsigned long long)(targetData ? targetData->value : 0), op,
                   device, bytes, (unsigned long long)opStart,
                   (unsigned long long)end, (unsigned long long)type, text);
  emit(line, n < (int)sizeof line ? n : 0);
}

void ompxProfileDeviceSeen(int device, const char *type) {
  char kind[128], line[192];
  field(kind, sizeof kind, type);
  emit(line, snprintf(line, sizeof line, "D\t%d\t%s\n", device, kind));
}

void ompxProfileInitialize(ompt_set_callback_t set) {
  set(kCallbackTargetEmi, (ompt_callback_t)onTarget);
  set(kCallbackTargetSubmitEmi, (ompt_callback_t)onSubmit);
  char line[64];
  emit(line, snprintf(line, sizeof line, "S\t%d\n", (int)getpid()));
}

int ompxProfileStart(const char *path) {
  if (fd >= 0)
    return 1;
  fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return 0;
  start = now();
  pthread_mutex_lock(&lock);
  slide();
  pthread_mutex_unlock(&lock);
  return 1;
}

void ompxProfileFinish(void) {
  char line[64];
  emit(line, snprintf(line, sizeof line, "Z\t%llu\n",
                      (unsigned long long)now()));
  pthread_mutex_lock(&lock);
  if (window)
    munmap(window, kChunk);
  window = NULL;
  if (fd >= 0) {
    // The rest of the last window is no part of the record.
    if (ftruncate(fd, (off_t)(base + used)) < 0)
      base = 0;
    close(fd);
  }
  fd = -1;
  pthread_mutex_unlock(&lock);
}
