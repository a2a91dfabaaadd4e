//===- Profile.c - The recorded launch: each kernel and copy, timed -------===//
//
// `ompx-lsp launch --profile` preloads the observer (Observe.h) with
// OMPX_PROFILE_LOG set. Through OMPT (target_emi, target_submit_emi,
// target_data_op_emi) and the interposed __tgt_target_kernel (MapCheck.c,
// which also says which map entry a copy belongs to) it records each kernel
// launch and each data operation of the program.
//
// The record is a file the program maps (MAP_SHARED) and appends lines to:
// no system call per event, and the pages belong to the file as soon as
// they are written, so a program that crashes or is killed leaves every
// line before that (the rest of the last mapped chunk reads as NUL bytes,
// at the end too). Past kMaxRecord bytes the events are only totalled, in
// memory, and the totals written at the end.
//
// Lines, fields separated by tabs (text fields hold no tab or newline);
// T is nanoseconds since the tool started:
//   S PID                              the tool started
//   D DEVICE TYPE                      libomptarget initialized a device
//   N ID KERNEL SOURCE                 a kernel, at its first launch (its
//                                      symbol and ident string)
//   P ID SITE                          a map entry, at its first operation
//                                      (its `;file;name;line;col;;`; 0: none)
//   K SEQ DEVICE T ID TEAMS THREADS TRIPCOUNT
//                                      kernel ID is submitted (TEAMS and
//                                      THREADS as the program asked, 0:
//                                      the runtime's choice; TEAMS -1: no
//                                      teams construct)
//   k SEQ T                            ... and done (SEQ: its construct)
//   G SEQ TEAMS THREADS MODE KERNEL    the grid and mode the plugin launched
//                                      it with (LIBOMPTARGET_INFO's line)
//   M SEQ OP DEVICE BYTES T0 T1 MAPTYPE ID
//                                      a data operation (OP: alloc, to,
//                                      from, delete) of map entry ID
//   X T                                the record is full: totals follow
//   AK ID LAUNCHES NS MAXNS            at the end: a kernel's launches
//                                      after the record was full
//   AM ID OP COUNT BYTES NS            ... and a map entry's operations
//   Z T                                the program ended
//
//===----------------------------------------------------------------------===//

#define _GNU_SOURCE
#include "Observe.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { kChunk = 1 << 20 };
/// Beyond this the record holds totals only (the parent reads it whole);
/// OMPX_PROFILE_LIMIT (bytes) sets a smaller one, for tests.
static size_t kMaxRecord = (size_t)256 << 20;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int fd = -1;
/// The mapped window [base, base + kChunk) of the file, `used` bytes of it
/// written; NULL after a failed mapping (then plain writes).
static char *window;
static size_t base, used;
static uint64_t start;
static uint64_t sequence;
/// The record reached kMaxRecord: events are totalled (under `lock`).
static int full;

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
    void *m =
        mmap(NULL, kChunk, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)base);
    if (m != MAP_FAILED)
      window = m;
  }
  if (!window && ftruncate(fd, (off_t)(base + used)) == 0)
    lseek(fd, 0, SEEK_END);
}

/// Appends a line. Under `lock`.
static void put(const char *line, int n) {
  if (n <= 0 || fd < 0)
    return;
  if (window && used + (size_t)n > kChunk)
    slide();
  if (window) {
    memcpy(window + used, line, (size_t)n);
    used += (size_t)n;
  } else if (write(fd, line, (size_t)n) == n) {
    used += (size_t)n;
  }
  if (!full && base + used > kMaxRecord) {
    char mark[64];
    full = 1;
    put(mark,
        snprintf(mark, sizeof mark, "X\t%llu\n", (unsigned long long)now()));
  }
}

static void emit(const char *line, int n) {
  pthread_mutex_lock(&lock);
  put(line, n);
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

/// A kernel launched or registered: its record id (0: not launched yet)
/// and its totals past the record's end.
typedef struct {
  const void *address;
  const char *name;
  unsigned id;
  uint64_t launches, ns, maxNs;
} Kernel;
static Kernel *kernels;
static size_t nkernels;
static unsigned kernelIds;

/// The index of the kernel entry of `address`, added when new (-1: no
/// memory). Under `lock`; an index stays valid when the table grows.
static long kernelAt(const void *address, const char *name) {
  for (size_t i = 0; i < nkernels; ++i)
    if (kernels[i].address == address)
      return (long)i;
  Kernel *grown = realloc(kernels, (nkernels + 1) * sizeof *kernels);
  if (!grown)
    return -1;
  kernels = grown;
  kernels[nkernels] = (Kernel){address, name, 0, 0, 0, 0};
  return (long)nkernels++;
}

/// Interposed: the offload entries of the program (LLVM 20+'s layout:
/// version 1). Recorded whether or not the recorder is on (the tool may
/// start after the registration).
void __tgt_register_lib(BinaryDescriptor *desc) {
  static void (*real)(BinaryDescriptor *);
  if (!real)
    real = (void (*)(BinaryDescriptor *))dlsym(RTLD_NEXT, "__tgt_register_lib");
  pthread_mutex_lock(&lock);
  for (OffloadEntry *e = desc ? desc->begin : NULL; e && e < desc->end; ++e)
    if (!e->reserved && e->version == 1 && !e->size && e->name)
      kernelAt(e->address, e->name);
  pthread_mutex_unlock(&lock);
  // Declare target variables (`to`/`enter`; a `link` one, flag 1, is a
  // pointer mapped on demand): the checker watches their device copies.
  for (OffloadEntry *e = desc ? desc->begin : NULL; e && e < desc->end; ++e)
    if (!e->reserved && e->version == 1 && e->size && e->address &&
        !(e->flags & 1))
      ompxMapCheckDeclared(e->address, e->name, e->size);
  if (real)
    real(desc);
}

/// A map entry's string (its pointer: the program's constant) and record
/// id, and its totals past the record's end per operation.
typedef struct Site {
  const char *text;
  unsigned id;
  uint64_t count[4], bytes[4], ns[4];
  struct Site *next;
} Site;
enum { kBuckets = 1024 };
static Site *sites[kBuckets];
static unsigned siteIds;

/// The site of `text` (NULL: the id 0, no entry), written when new. Under
/// `lock`.
static Site *siteOf(const char *text) {
  static Site none = {NULL, 0, {0}, {0}, {0}, NULL};
  if (!text)
    return &none;
  Site **head = &sites[((uintptr_t)text >> 4) % kBuckets];
  for (Site *s = *head; s; s = s->next)
    if (s->text == text)
      return s;
  Site *s = calloc(1, sizeof(Site));
  if (!s)
    return &none;
  *s = (Site){text, ++siteIds, {0}, {0}, {0}, *head};
  *head = s;
  char clause[1024], line[1100];
  field(clause, sizeof clause, text);
  put(line, snprintf(line, sizeof line, "P\t%u\t%s\n", s->id, clause));
  return s;
}

/// The launch __tgt_target_kernel is making on this thread, until its
/// kernel is submitted.
static __thread struct {
  int set;
  const void *loc, *hostPtr;
  int32_t teams, threads;
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
                       int32_t threads, const void *hostPtr, const void *args) {
  if (fd < 0)
    return;
  const KernelArgs *a = args;
  pending.set = 1;
  pending.loc = loc;
  pending.hostPtr = hostPtr;
  int v2 = a && a->version >= 2;
  // -1 teams: no teams construct.
  pending.teams = v2 ? (int32_t)a->numTeams[0] : teams;
  pending.threads = v2 ? (int32_t)a->threadLimit[0] : threads;
  pending.tripcount = v2 ? a->tripcount : 0;
}

/// The construct this thread runs: its device (the launch's argument may be
/// -1, the default device) and its kernel (an index, -1: none), submitted
/// at `kernelStart`.
static __thread struct {
  int device;
  long kernel;
  uint64_t kernelStart;
  unsigned long long submitted; ///< the construct submitting now (0: none)
} construct;

static void onTarget(int kind, int endpoint, int device, ompt_data_t *task,
                     ompt_data_t *targetTask, ompt_data_t *targetData,
                     const void *codeptr) {
  if (endpoint != kScopeBegin)
    return;
  construct.device = device;
  construct.kernel = -1;
  // Its data operations and submission name it by this number.
  if (targetData)
    targetData->value = __atomic_add_fetch(&sequence, 1, __ATOMIC_RELAXED);
}

/// The ident's source string (`;file;function;line;col;;`), or "".
static const char *identSource(const void *loc) {
  // ident_t { i32, i32, i32, i32, const char *psource }.
  const char *const *psource =
      loc ? (const char *const *)((const char *)loc + 16) : NULL;
  return psource && *psource ? *psource : "";
}

/// The kernel of this thread's pending launch, written when first seen.
/// Under `lock`.
static long launched(void) {
  long index = kernelAt(pending.set ? pending.hostPtr : NULL, "");
  if (index < 0 || kernels[index].id)
    return index;
  Kernel *k = &kernels[index];
  k->id = ++kernelIds;
  char name[512], source[1024], line[1600];
  field(name, sizeof name, k->name);
  field(source, sizeof source, pending.set ? identSource(pending.loc) : "");
  put(line,
      snprintf(line, sizeof line, "N\t%u\t%s\t%s\n", k->id, name, source));
  return index;
}

static void onSubmit(int endpoint, ompt_data_t *targetData, ompt_id_t *hostOpId,
                     unsigned int requestedTeams) {
  unsigned long long seq = targetData ? targetData->value : 0;
  uint64_t t = now();
  char line[256];
  pthread_mutex_lock(&lock);
  if (endpoint == kScopeBegin) {
    construct.kernel = launched();
    construct.kernelStart = t;
    if (!full && construct.kernel >= 0)
      put(line,
          snprintf(line, sizeof line, "K\t%llu\t%d\t%llu\t%u\t%d\t%d\t%llu\n",
                   seq, construct.device, (unsigned long long)t,
                   kernels[construct.kernel].id,
                   pending.set ? pending.teams : (int)requestedTeams,
                   pending.set ? pending.threads : 0,
                   (unsigned long long)(pending.set ? pending.tripcount : 0)));
    pending.set = 0;
    construct.submitted = seq;
  } else if (!full) {
    construct.submitted = 0;
    put(line, snprintf(line, sizeof line, "k\t%llu\t%llu\n", seq,
                       (unsigned long long)t));
  } else if (construct.kernel >= 0) {
    construct.submitted = 0;
    Kernel *k = &kernels[construct.kernel];
    uint64_t ns = t - construct.kernelStart;
    ++k->launches;
    k->ns += ns;
    k->maxNs = ns > k->maxNs ? ns : k->maxNs;
  }
  pthread_mutex_unlock(&lock);
}

// The device copies made: their size and map entry, for their release
// (which OMPT reports by the device address alone).
typedef struct Copy {
  const char *dev;
  size_t bytes;
  Site *site;
  int64_t type;
  struct Copy *next;
} Copy;
static Copy *copies[kBuckets];

static Copy **bucket(const void *dev) {
  return &copies[((uintptr_t)dev >> 4) % kBuckets];
}

/// When this thread's data operation began.
static __thread uint64_t opStart;

static const char *const kOps[4] = {"alloc", "to", "from", "delete"};

void ompxProfileDataOp(int endpoint, ompt_data_t *targetTask,
                       ompt_data_t *targetData, ompt_id_t *hostOpId, int optype,
                       void *src, int srcDevice, void *dst, int dstDevice,
                       size_t bytes, const void *codeptr) {
  if (endpoint == kScopeBegin) {
    opStart = now();
    return;
  }
  uint64_t end = now();
  int kind = optype > 16 ? optype - 16 : optype; // the _async variants
  if (kind < kDataAlloc || kind > kDataDelete)
    return;
  int64_t type = 0;
  int device =
      kind == kDataFromDevice || kind == kDataDelete ? srcDevice : dstDevice;
  pthread_mutex_lock(&lock);
  Site *site = NULL;
  if (kind == kDataDelete) {
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
    if (!site)
      site = siteOf(NULL);
  } else {
    site = siteOf(ompxMapCheckEntrySite(kind == kDataFromDevice ? dst : src,
                                        bytes, &type));
    Copy *c = kind == kDataAlloc && dst ? malloc(sizeof(Copy)) : NULL;
    if (c) {
      *c = (Copy){dst, bytes, site, type, *bucket(dst)};
      *bucket(dst) = c;
    }
  }
  if (!full) {
    char line[256];
    put(line,
        snprintf(line, sizeof line,
                 "M\t%llu\t%s\t%d\t%zu\t%llu\t%llu\t%llx\t%u\n",
                 (unsigned long long)(targetData ? targetData->value : 0),
                 kOps[kind - 1], device, bytes, (unsigned long long)opStart,
                 (unsigned long long)end, (unsigned long long)type, site->id));
  } else {
    ++site->count[kind - 1];
    site->bytes[kind - 1] += bytes;
    site->ns[kind - 1] += end - opStart;
  }
  pthread_mutex_unlock(&lock);
}

// The grid a kernel ran with is the plugin's choice (the program asks for
// teams and threads, or for none); OMPT does not say it. libomptarget
// prints it, with the mode, when LIBOMPTARGET_INFO has the kernel bit:
// "<plugin> device N info: " then "Launching kernel K with [B,1,1] blocks
// and [T,1,1] threads in MODE mode\n", two fprintf calls on the launching
// thread, inside the submission. A recorded launch turns that bit on and
// takes the line as a G record. Where the program's user asked for no
// messages at all, none is printed (every message then comes from that
// bit); where they asked for others, the launch lines are printed too.
enum { kInfoKernelBit = 0x10 };
static const char kLaunchInfo[] = "Launching kernel %s with [%u,%u,%u] blocks "
                                  "and [%u,%u,%u] threads in %s mode\n";
/// LIBOMPTARGET_INFO was unset or 0: every message is the recorder's.
static int swallowInfo;
/// This thread's "<plugin> device N info: " held back until its message
/// shows whether it is the recorder's (held[0] == 0: none).
static __thread char held[128];

__attribute__((constructor)) static void askForLaunchInfo(void) {
  if (!getenv("OMPX_PROFILE_LOG"))
    return;
  const char *user = getenv("LIBOMPTARGET_INFO");
  long bits = user ? strtol(user, NULL, 10) : 0;
  if (bits & kInfoKernelBit)
    return;
  swallowInfo = bits == 0;
  char value[32];
  snprintf(value, sizeof value, "%ld", bits | kInfoKernelBit);
  setenv("LIBOMPTARGET_INFO", value, 1);
}

static int isInfoPrefix(const char *format) {
  size_t n = strlen(format);
  return n > 16 && strcmp(format + n - 16, "device %d info: ") == 0;
}

/// The launch line's fields, as a G record for this thread's submission.
static void launchInfo(va_list args) {
  const char *kernel = va_arg(args, const char *);
  unsigned grid[6];
  for (int i = 0; i < 6; ++i)
    grid[i] = va_arg(args, unsigned);
  const char *mode = va_arg(args, const char *);
  if (fd < 0 || !construct.submitted)
    return;
  char name[512], how[64], line[700];
  field(name, sizeof name, kernel);
  field(how, sizeof how, mode);
  pthread_mutex_lock(&lock);
  if (!full)
    put(line, snprintf(line, sizeof line, "G\t%llu\t%u\t%u\t%s\t%s\n",
                       construct.submitted, grid[0] * grid[1] * grid[2],
                       grid[3] * grid[4] * grid[5], how, name));
  pthread_mutex_unlock(&lock);
}

/// Interposed for libomptarget's messages; everything else goes to libc's
/// vfprintf unchanged.
int fprintf(FILE *stream, const char *format, ...) {
  va_list args;
  if (stream == stderr && fd >= 0) {
    if (swallowInfo && isInfoPrefix(format)) {
      va_start(args, format);
      vsnprintf(held, sizeof held, format, args);
      va_end(args);
      return 0;
    }
    if (strcmp(format, kLaunchInfo) == 0) {
      va_start(args, format);
      launchInfo(args);
      va_end(args);
    }
    // The message of a prefix held back: the recorder's (see swallowInfo).
    if (held[0]) {
      held[0] = 0;
      return 0;
    }
  }
  va_start(args, format);
  int n = vfprintf(stream, format, args);
  va_end(args);
  return n;
}

// A message without arguments ("The primary context is active, ...")
// reaches libc as fwrite or fputs (the compiler's rewrite of fprintf).
size_t fwrite(const void *data, size_t size, size_t count, FILE *stream) {
  static size_t (*real)(const void *, size_t, size_t, FILE *);
  if (held[0] && stream == stderr) {
    held[0] = 0;
    return count;
  }
  if (!real)
    real = (size_t(*)(const void *, size_t, size_t, FILE *))dlsym(RTLD_NEXT,
                                                                  "fwrite");
  return real ? real(data, size, count, stream) : 0;
}

int fputs(const char *text, FILE *stream) {
  static int (*real)(const char *, FILE *);
  if (held[0] && stream == stderr) {
    held[0] = 0;
    return 0;
  }
  if (!real)
    real = (int (*)(const char *, FILE *))dlsym(RTLD_NEXT, "fputs");
  return real ? real(text, stream) : EOF;
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
  const char *limit = getenv("OMPX_PROFILE_LIMIT");
  if (limit && strtoull(limit, NULL, 10) > 0 &&
      strtoull(limit, NULL, 10) < kMaxRecord)
    kMaxRecord = (size_t)strtoull(limit, NULL, 10);
  pthread_mutex_lock(&lock);
  slide();
  pthread_mutex_unlock(&lock);
  return 1;
}

/// The totals of what came after the record was full. Under `lock`.
static void putTotals(void) {
  char line[192];
  for (size_t i = 0; i < nkernels; ++i)
    if (kernels[i].launches)
      put(line, snprintf(line, sizeof line, "AK\t%u\t%llu\t%llu\t%llu\n",
                         kernels[i].id, (unsigned long long)kernels[i].launches,
                         (unsigned long long)kernels[i].ns,
                         (unsigned long long)kernels[i].maxNs));
  for (size_t b = 0; b < kBuckets; ++b)
    for (Site *s = sites[b]; s; s = s->next)
      for (int op = 0; op < 4; ++op)
        if (s->count[op])
          put(line,
              snprintf(line, sizeof line, "AM\t%u\t%s\t%llu\t%llu\t%llu\n",
                       s->id, kOps[op], (unsigned long long)s->count[op],
                       (unsigned long long)s->bytes[op],
                       (unsigned long long)s->ns[op]));
}

void ompxProfileFinish(void) {
  char line[64];
  pthread_mutex_lock(&lock);
  if (full)
    putTotals();
  put(line,
      snprintf(line, sizeof line, "Z\t%llu\n", (unsigned long long)now()));
  if (window)
    munmap(window, kChunk);
  window = NULL;
  // The rest of the last window stays NUL bytes, as after a crash: cutting
  // it off would make the file system write the record out now (ext4 does
  // on a truncation), which costs the program more than its whole record.
  if (fd >= 0)
    close(fd);
  fd = -1;
  pthread_mutex_unlock(&lock);
}
