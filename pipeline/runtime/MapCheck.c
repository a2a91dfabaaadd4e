//===- MapCheck.c - The checked launch's tool: watch every device copy ----===//
//
// Loaded (LD_PRELOAD) into a program that `ompx-lsp launch --check-maps`
// runs on host-offload, where a device copy is host memory the tool can read
// and write. Two hooks, no LLVM:
//  - OMPT (the observer's tool, Observe.c, hands this part the data
//    operations when OMPX_MAPCHECK_LOG is set): every device allocation is
//    poisoned when it is made, every transfer and release is seen with its
//    addresses and size;
//  - the offload entry points (__tgt_target_kernel,
//    __tgt_target_data_{begin,end,update}_mapper, interposed and forwarded
//    through dlsym(RTLD_NEXT)): which map entries a construct names, their
//    map types and the `;file;name;line;col;;` strings of their map clauses
//    (which the recorder, Profile.c, asks for too: ompxMapCheckEntrySite).
// Findings go to the file OMPX_MAPCHECK_LOG names, one line each, written
// with one write(2) as they are found, so a program that crashes leaves
// what was found before; counts of repeated findings come at exit.
//
// Line: "F\tCLASS\tSITE\tMAP\tBYTES\tDETAIL" (first occurrence) and
// "C\tCLASS\tSITE\tCOUNT" (at exit). SITE is the map clause's string.
//
//===----------------------------------------------------------------------===//

#define _GNU_SOURCE
#include "HostWatch.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "Observe.h"

// libomptarget's map-type bits.
enum {
  kMapTo = 0x1,
  kMapFrom = 0x2,
  kMapAlways = 0x4,
  kMapDelete = 0x8,
  kMapPtrAndObj = 0x10,
  kMapLiteral = 0x100,
  kMapImplicit = 0x200,
  kMapPrivate = 0x80,
};
/// The entry is a member of the one these bits name (a descriptor's parts).
static const uint64_t kMapMemberOf = 0xFFFF000000000000ull;

/// Poison. Of data the build says is real or double precision (its map
/// name ends in #f4 or #f8): a signaling NaN with an unusual payload, which
/// x86 arithmetic turns into the quiet NaN of the same payload, so a value
/// computed from poison is told from poison never touched. Of other data:
/// words that are that quiet NaN both as a float and (in pairs) as a
/// double.
static const uint32_t kPoison = 0x7FF8A5A5u;
static const uint32_t kPoisonF4 = 0x7FA5A5A5u, kComputedF4 = 0x7FE5A5A5u;
static const uint64_t kPoisonF8 = 0x7FF4A5A5A5A5A5A5ull,
                      kComputedF8 = 0x7FFCA5A5A5A5A5A5ull;

/// A checked launch's build maps, next to an implicitly firstprivate scalar
/// the region may write, a shadow the region stores its final value in
/// (`NAME#fpval`) and the scalar's host address (`NAME#fpaddr`, by value):
/// pipeline/passes/FirstprivateWatch.cpp.
static const char kShadowTag[] = "#fpval", kAddressTag[] = "#fpaddr";
/// And, in a `target update` just before a construct whose region writes
/// such a scalar before any read of it (scratch), the scalar as `NAME#fpdead`:
/// the host's loads of it for that construct are no reads of an earlier
/// region's lost value (its watch ends there).
static const char kDeadTag[] = "#fpdead";
/// And next to an array whose map copies a section, the span of bytes the
/// region accessed (`NAME#span`): pipeline/passes/SectionWatch.cpp.
static const char kSpanTag[] = "#span";
/// And next to an array (or scalar) the region accesses element by element,
/// its stale watch (`NAME#reads`: pipeline/passes/StaleWatch.cpp), six
/// i64 at these places: the checker's byte per element (an address), the
/// byte offsets from the array's first element it covers, the lowest
/// offset of a marked element the region read (INT64_MAX: none), the
/// element size, a one-dimensional array's lower bound (else INT64_MIN;
/// kLbInDescriptor: in the host's descriptor of the allocatable's data).
static const char kReadsTag[] = "#reads";
/// After a name in a checked build that keeps flang's names: nothing on the
/// host reads the variable after the construct (MapSites.h kUnreadAfterTag);
/// the report drops its not-copied-back.
static const char kUnreadTag[] = "#unread";
static const int64_t kLbInDescriptor = INT64_MIN + 1;
enum {
  kReadShadow,
  kReadLo,
  kReadHi,
  kReadFirst,
  kReadBytes,
  kReadLb,
  kReadSlots
};

/// A map clause: its flang string `;file;name;line;col;;` and what was
/// reported for it.
enum {
  kUninit,
  kNotCopiedBack,
  kStale,
  kRedundant,
  kStaleHost,
  kNowait,
  kFirstprivate,
  kOutside,
  kClasses
};
static const char *const kClassNames[kClasses] = {
    "uninitialized-read", "not-copied-back", "stale-device-copy",
    "redundant-transfer", "stale-host-read", "nowait-host-access",
    "firstprivate-write", "outside-section"};
/// The host watches (HostWatch.h) by what they are for.
enum { kGroupStale = 1, kGroupNowait, kGroupFirstprivate, kGroupPoison };
typedef struct Site {
  char *text;
  unsigned long count[kClasses];
  struct Site *next;
} Site;

/// A device copy: where it lives on both sides and its state at the last
/// point the two sides agreed (a transfer), as hashes of the bytes.
typedef struct Buffer {
  char *host, *dev;
  size_t bytes;
  Site *site;
  int64_t mapType;
  int copiedIn; ///< a transfer to the device reached it
  int kind;     ///< 4, 8: real data poisoned as such (kindOf)
  /// A transfer moved a part that is not whole 8-byte words: where the
  /// kind is not known (integers, a program built without the kinds), its
  /// elements are 4 bytes at most (elementOf).
  int narrow;
  int agreed;   ///< a transfer set the hashes below
  int shadow;   ///< the build's own entry (a firstprivate's final value)
  int stays;    ///< made by enter data or a data region: its fate is later
  int freed;    ///< the program freed its host memory while it was present
  int declared; ///< a declare target variable's copy (the image's)
  Site *writer; ///< the clause of the last kernel that made it newer
  int64_t writerType;
  /// The parts a `declare mapper` copied in, each at its own clause.
  struct Part {
    size_t offset, size;
    Site *site;
    int64_t type;
  } parts[8];
  int nparts;
  /// The device bytes of the last ranges a transfer moved (either way), as
  /// hashes: whether the device changed a range since it was moved. Two
  /// clauses of one construct whose data overlap (ompx's alias cover: one
  /// copy, each item's own copy in and out) share bytes: the second copy
  /// back finds the host holding what the first brought, yet the device
  /// changed its range (not a redundant transfer).
  struct Moved {
    size_t at, n;
    uint64_t hash;
  } moved[8];
  int nmoved, nextMoved;
  /// Pointers libomptarget attached inside the copy (a descriptor's base
  /// address), sorted: each side holds its own, so they are not compared.
  /// As many as it attaches: an array of records has one per allocated
  /// component of each element (a fixed few made its copies differ, a
  /// false stale-host-read at every host read after its release).
  size_t *pointers;
  int npointers, pointerCap;
  /// Seeded with the host's values older than a device copy that was
  /// dropped (or is newer): the finding to report if a copy back brings
  /// what was computed from them to the host (not if the copy is scratch
  /// the kernels overwrite and drop).
  char *staleLine;
  unsigned long *staleCount;
  uint64_t devAtSync;  ///< the device bytes after the last transfer
  uint64_t hostAtSync; ///< the host bytes then
  /// The host's bytes at the last whole transfer, while the budget lasts:
  /// what the host wrote since is its own, no device change lost.
  char *sync;
  /// The host's bytes at the last transfer, pointers zeroed, for a small
  /// copy (a record; kSnapMax): which bytes the host changed since.
  char *snap;
  struct Buffer *next;
} Buffer;

/// A component a `declare mapper` pushed (__tgt_push_mapper_component).
typedef struct {
  void *arg, *name;
  int64_t size, type;
} Component;

/// The construct being run on this thread: its map entries, then the
/// components its `declare mapper`s pushed, as many as they push (an array
/// of records pushes several per element: a fixed 64 left the rest
/// unknown, and their transfers were taken for the construct's own).
typedef struct {
  int exit;  ///< target exit data (a map type without to/from releases)
  int begin; ///< enter data, or a data region's start: copies that stay
  int32_t n;
  void **args;
  int64_t *sizes, *types;
  void **names;
  int nc, capacity;
  Component *components; ///< freed by the entry point (endCall)
} Call;

static void endCall(Call *call) { free(call->components); }

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int logFd = -1;
static Site *sites;
static Buffer *buffers;
static __thread Call *current;

/// Eight independent 32-bit lanes, which the compiler vectorizes (-O3): a
/// kernel's arrays are hashed at every construct that uses them, and one
/// multiply chain would be the checked run's bottleneck.
static uint64_t hashBytes(const char *p, size_t n) {
  uint32_t lane[8] = {0x9E3779B1u, 0x85EBCA77u, 0xC2B2AE3Du, 0x27D4EB2Fu,
                      0x165667B1u, 0xD3A2646Cu, 0xFD7046C5u, 0xB55A4F09u};
  size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int j = 0; j < 8; ++j) {
      uint32_t w;
      memcpy(&w, p + i + 4 * j, 4);
      lane[j] = (lane[j] ^ w) * 0x9E3779B1u;
      lane[j] ^= lane[j] >> 15;
    }
  uint64_t h = n;
  for (int j = 0; j < 8; ++j)
    h = (h ^ lane[j]) * 0x100000001B3ull;
  for (; i < n; ++i)
    h = (h ^ (unsigned char)p[i]) * 0x100000001B3ull;
  return h;
}

/// `kind`: the element size of real data (4, 8), else 0.
static void poison(char *p, size_t n, int kind) {
  size_t size = kind == 8 ? 8 : 4;
  size_t done = n < size ? n : size;
  if (n < size)
    memset(p, 0xA5, n);
  else if (kind == 8)
    memcpy(p, &kPoisonF8, 8);
  else
    memcpy(p, kind == 4 ? &kPoisonF4 : &kPoison, 4);
  // Doubling copies: as fast as memset.
  while (done < n) {
    size_t chunk = done < n - done ? done : n - done;
    memcpy(p + done, p, chunk);
    done += chunk;
  }
}

/// The bytes of [p, p+n) that hold the poison untouched and those that
/// hold a value computed from it (for untyped data: both in `untouched`).
static void poisonedBytes(const char *p, size_t n, int kind, size_t *untouched,
                          size_t *computed) {
  *untouched = *computed = 0;
  if (kind == 8) {
    for (size_t i = 0; i + 8 <= n; i += 8) {
      uint64_t w;
      memcpy(&w, p + i, 8);
      w &= 0x7FFFFFFFFFFFFFFFull;
      *untouched += w == kPoisonF8 ? 8 : 0;
      *computed += w == kComputedF8 ? 8 : 0;
    }
    return;
  }
  for (size_t i = 0; i + 4 <= n; i += 4) {
    uint32_t w;
    memcpy(&w, p + i, 4);
    w &= 0x7FFFFFFFu;
    *untouched += w == (kind == 4 ? kPoisonF4 : kPoison) ? 4 : 0;
    *computed += kind == 4 && w == kComputedF4 ? 4 : 0;
  }
}

int mapCheckPoisoned(const char *p, size_t n) {
  if (n == 8) {
    uint64_t w;
    memcpy(&w, p, 8);
    w &= 0x7FFFFFFFFFFFFFFFull;
    return w == kPoisonF8 || w == kComputedF8;
  }
  if (n == 4) {
    uint32_t w;
    memcpy(&w, p, 4);
    w &= 0x7FFFFFFFu;
    return w == kPoison || w == kPoisonF4 || w == kComputedF4;
  }
  for (size_t i = 0; i < n; ++i)
    if ((unsigned char)p[i] != 0xA5)
      return 0;
  return 1;
}

/// The element kind the build put after the variable's name (`x#f8`).
static int kindOf(const char *site) {
  // `;file;name;line;col;;`: the name ends at the fourth ';' from the end.
  size_t n = strlen(site);
  int semis = 0;
  for (size_t i = n; i-- > 0;)
    if (site[i] == ';' && ++semis == 4)
      return i >= 3 && site[i - 3] == '#' && site[i - 2] == 'f'
                 ? (site[i - 1] == '4'   ? 4
                    : site[i - 1] == '8' ? 8
                                         : 0)
                 : 0;
  return 0;
}

static Site *siteOf(const char *text) {
  if (!text)
    text = ";unknown;unknown;0;0;;";
  for (Site *s = sites; s; s = s->next)
    if (!strcmp(s->text, text))
      return s;
  Site *s = calloc(1, sizeof(Site));
  if (!s)
    abort();
  s->text = strdup(text);
  // A tab or newline would break the log's lines.
  for (char *c = s->text; *c; ++c)
    if (*c == '\t' || *c == '\n')
      *c = ' ';
  s->next = sites;
  sites = s;
  return s;
}

// Entry i of a construct: its own, then (from call->n on) the mappers'.
static const char *entryArg(const Call *c, int i) {
  return i < c->n ? c->args[i] : c->components[i - c->n].arg;
}
static int64_t entrySize(const Call *c, int i) {
  return i < c->n ? c->sizes[i] : c->components[i - c->n].size;
}
static int64_t entryType(const Call *c, int i) {
  return i < c->n ? c->types[i] : c->components[i - c->n].type;
}
/// Field `k` (1 or 2: the name and the file, in either order) of a clause
/// string `;A;B;line;col;;`; its length in `*len`.
static const char *clauseField(const char *s, int k, size_t *len) {
  if (!s || *s != ';')
    return NULL;
  const char *f = s + 1;
  for (int j = 1; j < k; ++j) {
    f = strchr(f, ';');
    if (!f)
      return NULL;
    ++f;
  }
  const char *e = strchr(f, ';');
  if (!e)
    return NULL;
  *len = (size_t)(e - f);
  return f;
}

/// The field of `s` that is flang's `unknown` (its name for the base
/// address member of an allocatable's or pointer's map: the data), 0 if
/// none.
static int unknownField(const char *s) {
  for (int k = 1; k <= 2; ++k) {
    size_t len;
    const char *f = clauseField(s, k, &len);
    if (f && len == 7 && !memcmp(f, "unknown", 7))
      return k;
  }
  return 0;
}

/// Names made here live as long as the program (sites and the recorder
/// keep them).
typedef struct Name {
  struct Name *next;
  char text[];
} Name;
static Name *madeNames;
static pthread_mutex_t namesLock = PTHREAD_MUTEX_INITIALIZER;

static const char *intern(const char *text) {
  pthread_mutex_lock(&namesLock);
  Name *n = madeNames;
  while (n && strcmp(n->text, text))
    n = n->next;
  if (!n && (n = malloc(sizeof(Name) + strlen(text) + 1))) {
    strcpy(n->text, text);
    n->next = madeNames;
    madeNames = n;
  }
  pthread_mutex_unlock(&namesLock);
  return n ? n->text : NULL;
}

/// Entry `i`'s name; a member flang names `unknown` (an allocatable's data)
/// is named after the entry of its descriptor: the nearest one before it
/// of its parent (the parent or a member of it) with a name, as `v (data)`.
static const char *memberName(const Call *c, int i, const char *name) {
  int k = unknownField(name);
  uint64_t parentOf = (uint64_t)c->types[i] & kMapMemberOf;
  if (!k || !parentOf)
    return name;
  int parent = (int)(parentOf >> 48) - 1;
  for (int j = i - 1; j >= 0; --j) {
    const char *other = c->names[j];
    if ((j != parent && ((uint64_t)c->types[j] & kMapMemberOf) != parentOf) ||
        !other || unknownField(other))
      continue;
    size_t len = 0, varLen = 0;
    const char *var = clauseField(other, k, &varLen);
    const char *at = clauseField(name, k, &len);
    if (!var || !at)
      return name;
    // The element kind the build appends (`v#f8`) stays at the end.
    size_t cut = 0;
    while (cut < varLen && var[cut] != '#')
      ++cut;
    char text[1024];
    int n = snprintf(text, sizeof text, "%.*s%.*s (data)%s", (int)(at - name),
                     name, (int)cut, var, at + len);
    const char *made = n > 0 && n < (int)sizeof text ? intern(text) : NULL;
    return made ? made : name;
  }
  return name;
}

static const char *entryName(const Call *c, int i) {
  if (i >= c->n)
    return c->components[i - c->n].name;
  return c->names && c->names[i] ? memberName(c, i, c->names[i]) : NULL;
}

/// The entry of `call` whose host range holds [p, p+n): the narrowest.
static int entryOf(const Call *call, const char *p, size_t n) {
  int best = -1;
  for (int i = 0; call && i < call->n + call->nc; ++i) {
    const char *a = entryArg(call, i);
    int64_t size = entrySize(call, i);
    if (entryType(call, i) & (kMapLiteral | kMapPrivate))
      continue;
    if (a <= p && p + n <= a + size &&
        (best < 0 || size < entrySize(call, best)))
      best = i;
  }
  return best;
}

static Buffer *bufferOnDevice(const char *dev) {
  for (Buffer *b = buffers; b; b = b->next)
    if (b->dev <= dev && dev < b->dev + (b->bytes ? b->bytes : 1))
      return b;
  return NULL;
}

static Buffer *bufferOnHost(const char *host, size_t n) {
  for (Buffer *b = buffers; b; b = b->next)
    if (b->host <= host && host + n <= b->host + b->bytes)
      return b;
  return NULL;
}

static void mapWords(int64_t type, int exit, char *out, size_t size) {
  const char *dir = (type & kMapTo) && (type & kMapFrom) ? "tofrom"
                    : (type & kMapTo)                    ? "to"
                    : (type & kMapFrom)                  ? "from"
                    : (type & kMapDelete)                ? "delete"
                    : exit                               ? "release"
                                                         : "alloc";
  snprintf(out, size, "%s%s%s", type & kMapAlways ? "always," : "", dir,
           type & kMapImplicit ? ",implicit" : "");
}

/// The log line of a finding; its length.
static int findingLine(char *line, size_t size, int cls, const Site *site,
                       const char *map, size_t bytes, const char *detail) {
  int n = snprintf(line, size, "F\t%s\t%s\t%s\t%zu\t%s\n", kClassNames[cls],
                   site->text, map, bytes, detail);
  if (n > (int)size - 1) {
    n = size - 1;
    line[n - 1] = '\n';
  }
  return n;
}

/// The first finding of a class at a site is written at once; later ones
/// are counted (written at exit).
static void report(int cls, Site *site, int64_t type, int exit, size_t bytes,
                   const char *detail) {
  if (site->count[cls]++ || logFd < 0)
    return;
  char map[64], line[2048];
  mapWords(type, exit, map, sizeof map);
  int n = findingLine(line, sizeof line, cls, site, map, bytes, detail);
  if (n > 0 && write(logFd, line, n) < 0)
    return;
}

/// Watches the host's accesses to [host, host+bytes) for a finding of
/// `cls` at `site` (HostWatch.h).
/// Whether the watch was set.
static int watchHost(int cls, Site *site, const char *map, const char *host,
                     size_t bytes, int access, const char *ref, int group,
                     const void *owner, const char *detail) {
  // Only in a checked launch (the recorder alone installs no fault handler).
  if (logFd < 0)
    return 0;
  char line[1536];
  return findingLine(line, sizeof line, cls, site, map, bytes, detail) > 0 &&
         hostWatchAdd(host, bytes, access, /*endOnWrite=*/cls != kNowait, ref,
                      line, &site->count[cls], group, owner);
}

/// The bytes of one side of `b` (the host's, or the device's), its attached
/// pointers zeroed when it has some: into `scratch` (`size` bytes), or for
/// a larger copy (an array of records) into `*heap`, which the caller frees.
static const char *comparable(const Buffer *b, const char *side, char *scratch,
                              size_t size, char **heap) {
  *heap = NULL;
  if (!b->npointers)
    return side;
  char *out = scratch;
  if (b->bytes > size && !(out = *heap = malloc(b->bytes)))
    return side;
  memcpy(out, side, b->bytes);
  for (int k = 0; k < b->npointers; ++k)
    memset(out + b->pointers[k], 0, sizeof(void *));
  return out;
}

/// Records that libomptarget attached a pointer at offset `at` of `b`.
static void addPointer(Buffer *b, size_t at) {
  int lo = 0, hi = b->npointers;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (b->pointers[mid] < at)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < b->npointers && b->pointers[lo] == at)
    return;
  if (b->npointers == b->pointerCap) {
    int cap = b->pointerCap ? 2 * b->pointerCap : 4;
    size_t *grown = realloc(b->pointers, cap * sizeof *grown);
    if (!grown)
      return;
    b->pointers = grown;
    b->pointerCap = cap;
  }
  memmove(b->pointers + lo + 1, b->pointers + lo,
          (b->npointers - lo) * sizeof *b->pointers);
  b->pointers[lo] = at;
  ++b->npointers;
}

/// The largest copy whose host bytes at a transfer are kept (Buffer::snap).
enum { kSnapMax = 512 };

static uint64_t hashSide(const Buffer *b, const char *side) {
  char scratch[512], *heap;
  uint64_t h =
      hashBytes(comparable(b, side, scratch, sizeof scratch, &heap), b->bytes);
  free(heap);
  return h;
}

/// Whether both sides of `b` hold the same bytes (pointers aside).
static int sidesEqual(const Buffer *b) {
  char hs[512], ds[512], *hostHeap, *devHeap;
  int same = !memcmp(comparable(b, b->host, hs, sizeof hs, &hostHeap),
                     comparable(b, b->dev, ds, sizeof ds, &devHeap), b->bytes);
  free(hostHeap);
  free(devHeap);
  return same;
}

/// Saved device copies the host is still watched against; saved host bytes
/// at a transfer (a budget of their own: they must not take the watches').
static size_t savedBytes, syncBytes;
static const size_t kMaxSaved = (size_t)256 << 20;

static void dropSync(Buffer *b) {
  if (!b->sync)
    return;
  free(b->sync);
  b->sync = NULL;
  syncBytes -= b->bytes;
}

/// The host's words (4 bytes, or the element of real data) that still hold
/// what they held at the last transfer: the others the host wrote since.
/// Without a saved copy (or with attached pointers), every word.
static int hostKept(const Buffer *b, size_t at, size_t n) {
  return !b->sync || b->npointers || !memcmp(b->host + at, b->sync + at, n);
}

static size_t wordOf(const Buffer *b) { return b->kind ? b->kind : 4; }

/// Whether a word the host kept differs from `dev` (a device copy): a
/// device change the host does not have.
static int deviceChangeKept(const Buffer *b, const char *dev) {
  if (!b->sync || b->npointers)
    return !sidesEqual(b);
  size_t w = wordOf(b);
  for (size_t at = 0; at < b->bytes; at += w) {
    size_t n = b->bytes - at < w ? b->bytes - at : w;
    if (hostKept(b, at, n) && memcmp(b->host + at, dev + at, n))
      return 1;
  }
  return 0;
}

/// In `saved` (a copy of the device's bytes), the words the host wrote since
/// the last transfer take the host's values: a host read of them reads its
/// own newer values, no loss.
static void keepHostWrites(const Buffer *b, char *saved) {
  if (!b->sync || b->npointers)
    return;
  size_t w = wordOf(b);
  for (size_t at = 0; at < b->bytes; at += w) {
    size_t n = b->bytes - at < w ? b->bytes - at : w;
    if (!hostKept(b, at, n))
      memcpy(saved + at, b->host + at, n);
  }
}

/// In `saved` (a copy of the device's bytes), the pointers libomptarget
/// attached take the host's values: a descriptor's base address differs on
/// each side by design, and the host's read of it (any use of an
/// allocatable component after a record's release) read no older value.
static void keepHostPointers(const Buffer *b, char *saved) {
  for (int k = 0; k < b->npointers; ++k)
    memcpy(saved + b->pointers[k], b->host + b->pointers[k], sizeof(void *));
}

/// The size of `b`'s elements a host read is judged by (HostWatch.h's
/// element): its kind, else 4 once a transfer moved 4-byte words (an
/// `update from(u(n:n))` of an integer array, or of any array of a program
/// built without the kinds: its read of u(n) was judged with u(n-1), which
/// the device had changed), else 0 (8-byte words).
static int elementOf(const Buffer *b) {
  return b->kind ? b->kind : b->narrow ? 4 : 0;
}

/// After a transfer of `n` bytes at `at` in the copy: `whole` when it moved
/// the whole copy (both sides then hold the same bytes: one hash).
static void agree(Buffer *b, int whole, size_t at, size_t n) {
  if (!b->narrow && ((at | n) & 7)) {
    b->narrow = 1;
    hostWatchSetElement(b, kGroupStale, elementOf(b));
  }
  // The two sides agree: the host's copy is no longer older (than this
  // copy, or one released before it). After a section's transfer they
  // agree in the section only: the watch goes on, and a read there finds
  // the same bytes on both sides (`update from(a(1:n/2))`, then a read of
  // a(n), was not reported).
  if (whole)
    hostWatchEnd(kGroupStale, NULL, b->host, b->bytes);
  b->agreed = 1;
  if (!whole || b->npointers) {
    dropSync(b); // which part agrees is not known here
  } else if (b->sync || syncBytes + b->bytes <= kMaxSaved) {
    if (!b->sync && (b->sync = malloc(b->bytes)))
      syncBytes += b->bytes;
    if (b->sync)
      memcpy(b->sync, b->host, b->bytes);
  }
  b->hostAtSync = hashSide(b, b->host);
  b->devAtSync = whole && !b->npointers ? b->hostAtSync : hashSide(b, b->dev);
  // The host's bytes: all at the first transfer or a whole one, else
  // those of the part moved (`update to(r%a)` leaves a change to r%n
  // unseen by the device).
  if (b->bytes <= kSnapMax) {
    int first = !b->snap;
    if (first && !(b->snap = malloc(kSnapMax)))
      return;
    char scratch[kSnapMax], *heap; // the copy fits: heap stays NULL
    const char *host = comparable(b, b->host, scratch, sizeof scratch, &heap);
    if (first || whole || at >= b->bytes)
      memcpy(b->snap, host, b->bytes);
    else
      memcpy(b->snap + at, host + at, n < b->bytes - at ? n : b->bytes - at);
  }
}

static Site *siteOfEntry(const Call *call, int i) {
  return siteOf(call && i >= 0 ? entryName(call, i) : NULL);
}

/// The finding of a construct's own map whose device changes its end
/// dropped: also seen when a later construct copies the host's older values
/// in (seedStale), not only at a host read.
static const char kKernelDropDetail[] =
    "the host read its copy, or a later construct copied it in, after the "
    "device copy, which the construct's kernel had changed, was released at "
    "its end without a copy back: the host's older values were used (map it "
    "from/tofrom, or `target update from` in the region)";

/// Writes a watch's finding `line` (HostWatch.h) the first time `*count`
/// goes up, as the watch itself would at an access.
static void countWatchFinding(const char *line, unsigned long *count) {
  if (__atomic_fetch_add(count, 1, __ATOMIC_RELAXED) == 0 && logFd >= 0)
    (void)!write(logFd, line, strlen(line));
}

/// `b` is being filled from host bytes older than a watched device copy
/// (hostWatchStaleCopy): the loss is reported if a copy back of `b` follows.
/// Older than what a construct's own map dropped, it is reported now: the
/// copy in uses the values the kernel's change replaced, as a host read
/// would (kernel 1 changed `s` under `map(to:)`, kernel 2 copies `s` in).
/// An `exit data delete` is left to the copy back: a scratch array entered
/// from the host at every step is the program's choice.
static void seedStale(Buffer *b, const char *host, size_t bytes) {
  const char *line;
  unsigned long *count;
  if (b->staleLine ||
      !hostWatchStaleCopy(host, bytes, kGroupStale, &line, &count))
    return;
  if (strstr(line, kKernelDropDetail)) {
    countWatchFinding(line, count);
    return;
  }
  b->staleLine = strdup(line);
  b->staleCount = count;
}

static void onAlloc(char *host, char *dev, size_t bytes) {
  // omp_target_alloc: device memory of no host data (nothing to compare).
  if (!host || !dev || !bytes)
    return;
  Buffer *b = calloc(1, sizeof(Buffer));
  if (!b)
    abort();
  int i = entryOf(current, host, bytes);
  b->host = host;
  b->dev = dev;
  b->bytes = bytes;
  b->site = siteOfEntry(current, i);
  b->mapType = i >= 0 ? entryType(current, i) : 0;
  b->kind = kindOf(b->site->text);
  // A new copy of the data: a released one no longer says what is stale.
  // One its map copies in takes the host's values: older than a released
  // copy's a kernel changed, they are that copy's loss once they come back.
  if (i >= 0 && (b->mapType & kMapTo))
    seedStale(b, host, bytes);
  hostWatchEnd(kGroupStale, NULL, host, bytes);
  b->shadow = strstr(b->site->text, kShadowTag) != NULL ||
              strstr(b->site->text, kSpanTag) != NULL ||
              strstr(b->site->text, kReadsTag) != NULL;
  b->stays = current && current->begin;
  // Nothing is judged against the hashes before a transfer sets them.
  poison(dev, bytes, b->kind);
  b->next = buffers;
  buffers = b;
}

/// Before a transfer to the device: data the device copy already holds.
static void beforeToDevice(char *host, char *dev, size_t bytes) {
  Buffer *b = bufferOnDevice(dev);
  // The host's copy is older than a device copy a kernel changed: copying
  // it in takes the old values (reported if they come back).
  if (b)
    seedStale(b, host, bytes);
  // A copy in of all of it: what it held before a deallocate is gone.
  if (b && host == b->host && bytes >= b->bytes)
    b->freed = 0;
  int i = entryOf(current, host, bytes);
  if (!b || b->shadow || i < 0 || !b->copiedIn || memcmp(host, dev, bytes))
    return;
  // flang maps a descriptor's parts `always` at every construct: not the
  // program's choice. An entry without `to` copies nothing in: the bytes
  // are a mapper's part inside it (ompx's hold of a record, RecordMaps).
  if (entryType(current, i) & kMapMemberOf || !(entryType(current, i) & kMapTo))
    return;
  char detail[512];
  snprintf(detail, sizeof detail,
           "copied %zu bytes to the device, which already held them "
           "(unchanged since the last transfer)",
           bytes);
  report(kRedundant, siteOfEntry(current, i), entryType(current, i), 0, bytes,
         detail);
}

/// Poison a copy back brings to the host (elements no kernel wrote: a
/// stencil's boundary cells) is lost only when the host reads it: it may
/// set those cells itself, or never read them. The host's reads are
/// watched: a read of a word that still holds poison is the finding, and a
/// write (the host setting a boundary cell) ends nothing. Whether the
/// watch was set.
static int watchPoison(Site *site, int64_t type, char *host, size_t bytes,
                       int kind, const char *detail) {
  if (logFd < 0)
    return 0;
  char map[64], line[1536];
  mapWords(type, current && current->exit, map, sizeof map);
  if (findingLine(line, sizeof line, kUninit, site, map, bytes, detail) <= 0 ||
      !hostWatchAdd(host, bytes, kWatchReads, /*endOnWrite=*/0, NULL, line,
                    &site->count[kUninit], kGroupPoison, host))
    return 0;
  hostWatchSetPoisonOnly(host, kGroupPoison, kind == 8 ? 8 : 4);
  return 1;
}

/// Records that a transfer moved [at, at+n) of `b`'s copy (the device holds
/// those bytes now).
static void noteMoved(Buffer *b, size_t at, size_t n) {
  if (at > b->bytes || n > b->bytes - at)
    return;
  uint64_t h = hashBytes(b->dev + at, n);
  for (int k = 0; k < b->nmoved; ++k)
    if (b->moved[k].at == at && b->moved[k].n == n) {
      b->moved[k].hash = h;
      return;
    }
  int k = b->nmoved < 8 ? b->nmoved++ : (b->nextMoved++ % 8);
  b->moved[k] = (struct Moved){at, n, h};
}

/// Whether the device changed [dev, dev+n) of `b` since a transfer last
/// moved exactly that range (unknown: no).
static int changedSinceMoved(const Buffer *b, const char *dev, size_t n) {
  size_t at = (size_t)(dev - b->dev);
  for (int k = 0; k < b->nmoved; ++k)
    if (b->moved[k].at == at && b->moved[k].n == n)
      return hashBytes(dev, n) != b->moved[k].hash;
  return 0;
}

/// Before a transfer back: poison reaching the host, or nothing new.
static void beforeFromDevice(char *dev, char *host, size_t bytes) {
  Buffer *b = bufferOnDevice(dev);
  // What was computed from the host's older values comes back: the loss
  // of the device copy they replaced (an `exit data delete` inside the
  // time loop, the next kernel's map copying the host's values in).
  if (b && b->staleLine) {
    countWatchFinding(b->staleLine, b->staleCount);
    free(b->staleLine);
    b->staleLine = NULL;
  }
  int i = entryOf(current, host, bytes);
  Site *site = i >= 0 ? siteOfEntry(current, i) : b ? b->site : NULL;
  int64_t type = i >= 0 ? entryType(current, i) : b ? b->mapType : 0;
  if (!site || (b && b->shadow))
    return;
  // What comes back replaces the poison an earlier copy back of all of it
  // brought (a section's copy back leaves the rest watched: a read there
  // is judged by the word it reads).
  if (!b || (host <= b->host && host + bytes >= b->host + b->bytes))
    hostWatchEnd(kGroupPoison, NULL, host, bytes);
  char detail[512];
  size_t untouched, computed;
  poisonedBytes(dev, bytes, b ? b->kind : 0, &untouched, &computed);
  if (computed) {
    snprintf(detail, sizeof detail,
             "%zu of the %zu bytes copied back were computed from device "
             "data nothing was copied into or written to: the region read "
             "uninitialized device data",
             computed, bytes);
    report(kUninit, site, type, current && current->exit, bytes, detail);
  } else if (untouched) {
    const char *computedToo =
        b && b->kind ? "" : " (or values computed from it)";
    snprintf(detail, sizeof detail,
             "%zu of the %zu bytes copied back hold the poison of a device "
             "copy nothing was copied into or written to%s, and the host "
             "read one: it read uninitialized device data",
             untouched, bytes, computedToo);
    int kind = b ? b->kind : 0;
    if (!watchPoison(site, type, host, bytes, kind, detail)) {
      snprintf(detail, sizeof detail,
               "%zu of the %zu bytes copied back still hold the poison of a "
               "device copy nothing was copied into or written to%s: the "
               "host got uninitialized device data",
               untouched, bytes, computedToo);
      report(kUninit, site, type, current && current->exit, bytes, detail);
    }
  } else if (b && !memcmp(dev, host, bytes) && !(type & kMapMemberOf) &&
             !changedSinceMoved(b, dev, bytes)) {
    snprintf(detail, sizeof detail,
             "copied %zu bytes back to the host, which already held them "
             "(the device copy was not changed)",
             bytes);
    report(kRedundant, site, type, current && current->exit, bytes, detail);
  }
}

/// A copy of host data that changed on the device since the two sides
/// last agreed and differs from the host: its changes are lost when it
/// goes. (Scratch space, map alloc, may change and be dropped.)
static int lostChanges(Buffer *b) {
  return !b->shadow && b->copiedIn && hashSide(b, b->dev) != b->devAtSync &&
         deviceChangeKept(b, b->dev);
}

/// Where a loss is reported: the mapper clause of a part that differs, else
/// `site`/`type`.
static void lossSite(const Buffer *b, Site **site, int64_t *type) {
  for (int k = 0; k < b->nparts; ++k) {
    const struct Part *p = &b->parts[k];
    if (memcmp(b->dev + p->offset, b->host + p->offset, p->size)) {
      *site = p->site;
      *type = p->type;
      return;
    }
  }
}

/// At the program's exit, before libomptarget unregisters the program:
/// copies still mapped (never released, as the map of a `declare mapper`
/// in LLVM 22) whose changes never came back.
static void atExit(void) {
  // The checker reads the host's data from here on.
  hostWatchSuspend();
  pthread_mutex_lock(&lock);
  for (Buffer *b = buffers; b; b = b->next) {
    // The host's reads of a copy a kernel changed are watched while it is
    // mapped (a read is a stale-host-read): one never read is device
    // scratch (OpenACC `declare create`, `enter data` without an exit), as
    // at a release by `exit data`. Reported only where reads were not
    // watched.
    // A declare target variable's copy is never released: a change the
    // host never read is the device's own.
    if (b->declared || !lostChanges(b) || hostWatchActive(b, kGroupStale))
      continue;
    // Its read was reported (the watch ends there): the same loss.
    Site *read = b->writer ? b->writer : b->site;
    if (read && read->count[kStaleHost])
      continue;
    Site *site = b->site;
    int64_t type = b->mapType;
    lossSite(b, &site, &type);
    report(kNotCopiedBack, site, type, 0, b->bytes,
           "the device copy was changed on the device and was still "
           "mapped when the program ended, never copied back: the host "
           "kept its old values (map it from/tofrom, or `target update "
           "from`)");
  }
  pthread_mutex_unlock(&lock);
}

/// A device copy a kernel changed while the host's data stayed as it was:
/// the host's copy is the older one.
static int deviceNewer(Buffer *b) {
  if (b->shadow || !b->bytes || sidesEqual(b))
    return 0;
  if (b->agreed)
    return hashSide(b, b->dev) != b->devAtSync &&
           hashSide(b, b->host) == b->hostAtSync;
  // Never copied either way (map alloc): newer where a kernel wrote it.
  size_t untouched, computed;
  poisonedBytes(b->dev, b->bytes, b->kind, &untouched, &computed);
  return untouched + computed < b->bytes;
}

/// Whether `b`'s map copies it back at its release (for a `declare
/// mapper`, one of the parts it copied in): else a construct's copy in
/// whose changes are lost is reported there (not-copied-back), not as read
/// too early. (Enter data and data regions decide at their end.)
static int copiesBack(const Buffer *b) {
  if (!b->nparts)
    return (b->mapType & kMapFrom) != 0;
  for (int k = 0; k < b->nparts; ++k)
    if (b->parts[k].type & kMapFrom)
      return 1;
  return 0;
}

/// The host's reads of its copy of `b` are watched while the device copy
/// is newer: against the device copy while it lives (`ref` = b->dev),
/// against a saved copy of it once it is released.
static void watchStaleHost(Buffer *b, const char *ref, const void *owner,
                           int released) {
  char map[64];
  mapWords(b->writer ? b->writerType : b->mapType, 0, map, sizeof map);
  watchHost(kStaleHost, b->writer ? b->writer : b->site, map, b->host, b->bytes,
            kWatchReads, ref, kGroupStale, owner,
            released
                ? "the host read its copy after the device copy, which a "
                  "kernel wrote, was released without a copy back: it read "
                  "its own older values (map it from/tofrom, or `target "
                  "update from` before the release)"
                : "the host read its copy while the device copy held newer "
                  "values a kernel wrote: it read its own older values "
                  "(`target update from` / `update self` missing before "
                  "the host's read)");
  hostWatchSetElement(owner, kGroupStale, elementOf(b));
  // Against the device copy itself, its attached pointers are not compared
  // (a descriptor's base address differs on each side by design; a saved
  // copy holds the host's: keepHostPointers).
  if (ref == b->dev)
    hostWatchSetPointers(owner, kGroupStale, &b->pointers, &b->npointers);
}

/// The host's reads of its copy of `b`, whose changed device copy an exit
/// drops now, against a saved copy of the device's values: a read of one
/// the device changed is the loss. Whether the watch was set.
static int watchDropped(Buffer *b, Site *site, int64_t type, int kernel) {
  if (logFd < 0 || savedBytes + b->bytes > kMaxSaved)
    return 0;
  char *saved = malloc(b->bytes);
  if (!saved)
    return 0;
  memcpy(saved, b->dev, b->bytes);
  keepHostWrites(b, saved);
  keepHostPointers(b, saved);
  char map[64];
  mapWords(type, 1, map, sizeof map);
  if (!watchHost(kNotCopiedBack, site, map, b->host, b->bytes, kWatchReads,
                 saved, kGroupStale, saved,
                 kernel ? kKernelDropDetail
                        : "the host read its copy after the device copy, "
                          "which a kernel had changed, was released without "
                          "a copy back: it read its own older values (map it "
                          "from/tofrom, or `target update from` before the "
                          "release)")) {
    free(saved);
    return 0;
  }
  hostWatchSetElement(saved, kGroupStale, elementOf(b));
  savedBytes += b->bytes;
  return 1;
}

/// At the release of a device copy: changes that never came back.
static void beforeDelete(char *dev) {
  Buffer **link = &buffers;
  while (*link && !((*link)->dev <= dev &&
                    dev < (*link)->dev + ((*link)->bytes ? (*link)->bytes : 1)))
    link = &(*link)->next;
  Buffer *b = *link;
  if (!b)
    return;
  // The host's copy stays older than the copy that goes now: watched
  // against a saved copy of it (a loss already reported is not).
  int watched = hostWatchActive(b, kGroupStale);
  hostWatchEnd(kGroupStale, b, NULL, 0);
  if (!lostChanges(b) && (watched || deviceNewer(b)) &&
      savedBytes + b->bytes <= kMaxSaved) {
    char *saved = malloc(b->bytes);
    if (saved) {
      savedBytes += b->bytes;
      memcpy(saved, b->dev, b->bytes);
      keepHostWrites(b, saved);
      keepHostPointers(b, saved);
      int i = entryOf(current, b->host, b->bytes);
      if (!b->writer && i >= 0) {
        b->writer = siteOfEntry(current, i);
        b->writerType = entryType(current, i);
      }
      watchStaleHost(b, saved, saved, /*released=*/1);
    }
  }
  if (lostChanges(b)) {
    // At the mapper clause of the part that changed, else at the clause
    // that released it (`exit data`), else where it was made.
    int i = entryOf(current, b->host, b->bytes);
    Site *site = i >= 0 ? siteOfEntry(current, i) : b->site;
    int64_t type = i >= 0 ? entryType(current, i) : b->mapType;
    int dropped = i >= 0;
    lossSite(b, &site, &type);
    // `exit data` (delete, release; acc's delete), a data region's end and
    // a construct's own map without `from` drop the device's values by the
    // program's map: they are lost only if the host reads its copy
    // afterwards (or, for a construct's map, a later construct copies it
    // in), so the loss is reported there (at once where the read cannot be
    // watched). A device-only accumulator copied in is no loss.
    if (!dropped || !watchDropped(b, site, type, !current->exit))
      report(kNotCopiedBack, site, type, i >= 0 && current->exit, b->bytes,
             "the device copy was changed on the device and released "
             "without a copy back: the host keeps its old values (map it "
             "from/tofrom, or `target update from` before the release)");
  }
  // Values computed from poison that stayed on the device (not those a
  // copy back already took, reported then).
  size_t untouched, computed;
  if (b->kind)
    poisonedBytes(b->dev, b->bytes, b->kind, &untouched, &computed);
  if (b->kind && computed &&
      !(b->agreed && hashSide(b, b->dev) == b->devAtSync)) {
    char detail[512];
    snprintf(detail, sizeof detail,
             "%zu bytes of the device copy were computed from device data "
             "nothing was copied into or written to, before it was "
             "released: a kernel read uninitialized device data",
             computed);
    report(kUninit, b->site, b->mapType, 0, b->bytes, detail);
  }
  *link = b->next;
  dropSync(b);
  free(b->snap);
  free(b->staleLine);
  free(b->pointers);
  free(b);
}

void ompxMapCheckDataOp(int endpoint, ompt_data_t *targetTask,
                        ompt_data_t *targetData, ompt_id_t *hostOpId,
                        int optype, void *src, int srcDevice, void *dst,
                        int dstDevice, size_t bytes, const void *codeptr) {
  pthread_mutex_lock(&lock);
  switch (optype) {
  case kDataAlloc:
    if (endpoint == kScopeEnd)
      onAlloc(src, dst, bytes);
    break;
  case kDataToDevice:
    if (endpoint == kScopeBegin)
      beforeToDevice(src, dst, bytes);
    else if (bufferOnDevice(dst)) {
      Buffer *b = bufferOnDevice(dst);
      // A pointer attached inside the copy comes from elsewhere: only
      // data of the host range counts as copied in.
      if (!(b->host <= (char *)src && (char *)src < b->host + b->bytes)) {
        size_t at = (char *)dst - b->dev;
        if (bytes == sizeof(void *) && at + bytes <= b->bytes)
          addPointer(b, at);
      } else {
        b->copiedIn = 1;
        noteMoved(b, (size_t)((char *)dst - b->dev), bytes);
        int i = entryOf(current, src, bytes);
        if (current && i >= current->n && b->nparts < 8)
          b->parts[b->nparts++] =
              (struct Part){(char *)src - b->host, bytes,
                            siteOfEntry(current, i), entryType(current, i)};
      }
      agree(b,
            (char *)src == b->host && (char *)dst == b->dev &&
                bytes == b->bytes,
            (size_t)((char *)dst - b->dev), bytes);
    }
    break;
  case kDataFromDevice:
    if (endpoint == kScopeBegin) {
      beforeFromDevice(src, dst, bytes);
      break;
    }
    // A copy back changes the host's data: a firstprivate scalar's value
    // is then no longer the one the region left behind.
    hostWatchEnd(kGroupFirstprivate, NULL, dst, bytes);
    if (bufferOnDevice(src)) {
      Buffer *b = bufferOnDevice(src);
      noteMoved(b, (size_t)((char *)src - b->dev), bytes);
      agree(b,
            (char *)src == b->dev && (char *)dst == b->host &&
                bytes == b->bytes,
            (size_t)((char *)src - b->dev), bytes);
    }
    break;
  case kDataDelete:
    if (endpoint == kScopeBegin)
      beforeDelete(src);
    break;
  default:
    break;
  }
  pthread_mutex_unlock(&lock);
}

/// Whether byte `at` of `b`'s host data is one an `always, to` entry of
/// `call` copies in anyway (a descriptor member flang maps so).
static int copiedAlways(const Call *call, const Buffer *b, size_t at) {
  const char *p = b->host + at;
  for (int i = 0; i < call->n; ++i) {
    int64_t type = entryType(call, i);
    const char *a = entryArg(call, i);
    if ((type & kMapAlways) && (type & kMapTo) && a <= p &&
        p < a + entrySize(call, i))
      return 1;
  }
  return 0;
}

/// Whether byte `at` of `b`'s device copy still holds the poison of its
/// allocation (padding between the components a mapper copies).
static int neverCopied(const Buffer *b, size_t at) {
  size_t word = b->kind == 8 ? 8 : 4;
  at -= at % word;
  return at + word <= b->bytes && mapCheckPoisoned(b->dev + at, word);
}

/// Whether the sides of `b` differ (pointers aside) in a byte that no
/// `always, to` entry of `call` copies in and that was copied in before:
/// re-pointing a pointer component of a present record, then mapping the
/// component, changes only bytes the component's descriptor map copies.
/// With `marks`, every such byte's element (of `size` bytes) is marked.
static int differsOutsideAlways(const Call *call, const Buffer *b, char *marks,
                                size_t size) {
  char hs[512], ds[512], *hostHeap, *devHeap = NULL;
  const char *host = comparable(b, b->host, hs, sizeof hs, &hostHeap);
  const char *dev =
      b->snap ? NULL : comparable(b, b->dev, ds, sizeof ds, &devHeap);
  int differs = 0;
  for (size_t at = 0; at < b->bytes && (marks || !differs); ++at) {
    // A small copy: the bytes the host changed since the transfer (a
    // component a mapper never copied counts; padding it skipped does not).
    int changed = b->snap ? host[at] != b->snap[at]
                          : host[at] != dev[at] && !neverCopied(b, at);
    if (changed && !copiedAlways(call, b, at)) {
      differs = 1;
      if (marks)
        marks[at / size] = 1;
    }
  }
  free(hostHeap);
  free(devHeap);
  return differs;
}

void mapCheckFreed(const char *p, size_t bytes) {
  if (!__atomic_load_n(&buffers, __ATOMIC_ACQUIRE))
    return;
  pthread_mutex_lock(&lock);
  for (Buffer *b = buffers; b; b = b->next)
    if (!b->shadow && b->host < p + bytes && p < b->host + b->bytes)
      b->freed = 1;
  pthread_mutex_unlock(&lock);
}

/// A kernel launch's arguments (libomptarget's __tgt_kernel_arguments).
typedef struct {
  uint32_t version, numArgs;
  void **argBasePtrs, **argPtrs;
  int64_t *argSizes, *argTypes;
  void **argNames, **argMappers;
  uint64_t tripCount;
  uint64_t flags; ///< bit 0: nowait (version 2 on)
} KernelArgs;

/// Whether the entry named `other` is of the variable the watch named `w`
/// (`NAME#reads`) follows: the same file and variable, the element kind
/// and an allocatable's ` (data)` aside, at any place (the build names an
/// allocatable's data at the map op flang made of it, its watch at the
/// variable's).
static int watchesEntry(const char *w, const char *other) {
  size_t wl = 0, ol = 0, wf = 0, of = 0;
  const char *wv = clauseField(w, 2, &wl), *ov = clauseField(other, 2, &ol);
  const char *wfile = clauseField(w, 1, &wf),
             *ofile = clauseField(other, 1, &of);
  if (!wv || !ov || !wfile || !ofile || wf != of || strncmp(wfile, ofile, wf))
    return 0;
  size_t wn = strcspn(wv, "#;"), on = strcspn(ov, "#;");
  static const char kData[] = " (data)";
  if (on > strlen(kData) &&
      !strncmp(ov + on - strlen(kData), kData, strlen(kData)))
    on -= strlen(kData);
  return wn == on && !strncmp(wv, ov, wn);
}

/// The `#reads` entry of `call` that watches entry `i` (StaleWatch.cpp), or
/// -1; none where two watch its variable (two sections of one array: which
/// watch is whose is not told).
static int readsEntryOf(const Call *call, int i) {
  const char *name = entryName(call, i);
  int found = -1;
  for (int k = 0; name && k < call->n; ++k) {
    const char *w = entryName(call, k);
    if (k == i || !w || !strstr(w, kReadsTag) ||
        call->sizes[k] < kReadSlots * (int64_t)sizeof(int64_t) ||
        !watchesEntry(w, name))
      continue;
    if (found >= 0)
      return -1;
    found = k;
  }
  return found;
}

static const char kStaleDetail[] =
    "the host data changed after it was copied to the device, and a kernel "
    "used the unchanged device copy (`target update to` missing)";

/// A stale copy whose kernel reads are watched: reported after the kernel
/// only if it read an element the host changed.
typedef struct {
  int entry, watch;
  char *marks;
  size_t bytes;
  const char *detail;
} Armed;

/// Marks in `marks` the elements (of `size` bytes) of `b` the host changed
/// since the two sides last agreed (its bytes then: `snap` or `sync`)
/// while the device's copy kept them, outside what `call` copies `always`.
/// Whether any.
static int changedSince(const Call *call, const Buffer *b, char *marks,
                        size_t size) {
  const char *then = b->snap ? b->snap : b->sync;
  int any = 0;
  for (size_t at = 0; then && !b->npointers && at < b->bytes; ++at)
    if (b->host[at] != then[at] && b->dev[at] == then[at] &&
        !copiedAlways(call, b, at)) {
      marks[at / size] = 1;
      any = 1;
    }
  return any;
}

/// Arms the watch of entry `i`, whose copy `b` is stale: marks the elements
/// the host changed (`since`: those the device kept while it changed
/// others) and gives the region their place. Whether it did.
static int armWatch(const Call *call, const KernelArgs *args, int i, Buffer *b,
                    const char *detail, int since, Armed *armed) {
  int k = args->version >= 2 && (args->flags & 1) ? -1 // nowait: later
                                                  : readsEntryOf(call, i);
  if (k < 0)
    return 0;
  int64_t *w = call->args[k];
  int64_t size = w[kReadBytes];
  // The array's first element: an allocatable's data (a pointer and its
  // object) has the descriptor's base address at its base.
  char *first = args->argBasePtrs[i];
  int described = (entryType(call, i) & kMapPtrAndObj) != 0;
  // The build's word that the array is a descriptor's of rank 1: its base
  // is the descriptor's base address, its first member, and the lower
  // bound names the element read (flang's CFI_cdesc_t: the rank at byte
  // 20, dim[0].lower_bound at 24).
  if (w[kReadLb] == kLbInDescriptor) {
    w[kReadLb] = INT64_MIN;
    if (described && ((unsigned char *)first)[20] == 1)
      memcpy(&w[kReadLb], first + 24, sizeof(int64_t));
  }
  if (described)
    first = *(char **)first;
  int64_t lo = b->host - first;
  if (size <= 0 || lo % size || b->bytes % size)
    return 0;
  char *marks = calloc(b->bytes / size + 1, 1);
  if (!marks)
    return 0;
  if (!(since ? changedSince(call, b, marks, size)
              : differsOutsideAlways(call, b, marks, size))) {
    free(marks);
    return 0;
  }
  w[kReadShadow] = (int64_t)(intptr_t)marks;
  w[kReadLo] = lo;
  w[kReadHi] = lo + (int64_t)b->bytes;
  *armed = (Armed){i, k, marks, b->bytes, detail};
  return 1;
}

/// After the kernel: the stale copies it read an element of the host's
/// change in, named (one dimension) by the lowest one.
static void checkArmed(const Call *call, const Armed *armed, int n) {
  for (int a = 0; a < n; ++a) {
    const int64_t *w = call->args[armed[a].watch];
    free(armed[a].marks);
    if (w[kReadFirst] == INT64_MAX)
      continue;
    char detail[1024];
    if (w[kReadLb] != INT64_MIN && w[kReadBytes] > 0)
      snprintf(detail, sizeof detail,
               "%s: it read element %lld, which the host changed",
               armed[a].detail,
               (long long)(w[kReadFirst] / w[kReadBytes] + w[kReadLb]));
    else
      snprintf(detail, sizeof detail, "%s", armed[a].detail);
    report(kStale, siteOfEntry(call, armed[a].entry),
           entryType(call, armed[a].entry), 0, armed[a].bytes, detail);
  }
}

/// Before a kernel: a device copy that is present (so nothing is copied in
/// now), unchanged on the device, while its host data changed since they
/// last agreed. An entry with a mapper is copied by its components (which the
/// mapper picks); its whole bytes are not judged. A copy whose reads the
/// region watches is judged after the kernel (`armed`, as many as it
/// returns): a kernel that writes the changed elements before reading them
/// is right.
static int checkStale(const Call *call, const KernelArgs *args, Armed *armed) {
  void **mappers = args->argMappers;
  int narmed = 0;
  for (int i = 0; i < call->n; ++i) {
    int64_t type = entryType(call, i);
    if ((mappers && mappers[i]) || type & (kMapLiteral | kMapPrivate) ||
        ((type & kMapAlways) && (type & kMapTo)) || call->sizes[i] <= 0)
      continue;
    Buffer *b = bufferOnHost(call->args[i], call->sizes[i]);
    // A small copy's host bytes at the transfers say what changed since
    // (the hash after a partial one takes every byte as moved).
    if (!b || b->shadow || !b->copiedIn ||
        (!b->snap && hashSide(b, b->host) == b->hostAtSync) || sidesEqual(b))
      continue;
    // A declare target variable's only where the kernel's reads are
    // watched: a change of the host's copy a kernel does not read (it
    // overwrites the element) is no stale copy (declare_target_sections.f90;
    // the static check judges the others). Both sides changed since they
    // agreed (a kernel wrote some elements, the host others): the host's
    // changes the device kept are stale, told where the host's bytes then
    // are kept and the kernel's reads watched.
    int devChanged = hashSide(b, b->dev) != b->devAtSync;
    if (b->declared || devChanged) {
      if (armWatch(call, args, i, b, kStaleDetail, /*since=*/devChanged,
                   &armed[narmed]))
        ++narmed;
      continue;
    }
    if (!differsOutsideAlways(call, b, NULL, 0))
      continue;
    // The common cause of a copy that is present while the host changed
    // all of it: deallocated without `exit data`, allocated again at the
    // same address, and the new array's map found the old copy.
    // The other: a local of a procedure entered without `exit data`; the
    // next call's local lies at its address (which call's is not seen).
    const char *detail =
        b->freed
            ? "the host array was deallocated while this device copy was "
              "present (no `exit data` before `deallocate`); a new "
              "allocation at the same address was found present and nothing "
              "was copied in (`target exit data map(delete:)` missing "
              "before the deallocate)"
        : b->stays && hostWatchOnMainStack(b->host, b->bytes)
            ? "the host data changed after it was copied to the device, and "
              "a kernel used the unchanged device copy (`target update to` "
              "missing; or, as this copy is of a local on the stack: a "
              "procedure entered its local with `enter data` and returned "
              "without `exit data`, and a later call's local at that "
              "address found the copy present)"
            : kStaleDetail;
    if (armWatch(call, args, i, b, detail, /*since=*/0, &armed[narmed]))
      ++narmed;
    else
      report(kStale, siteOfEntry(call, i), type, 0, b->bytes, detail);
  }
  return narmed;
}

// The entry points, forwarded to libomptarget.
typedef int (*KernelFn)(void *, int64_t, int32_t, int32_t, void *,
                        KernelArgs *);
typedef void (*DataFn)(void *, int64_t, int32_t, void **, void **, int64_t *,
                       int64_t *, void **, void **);
typedef void (*DataNowaitFn)(void *, int64_t, int32_t, void **, void **,
                             int64_t *, int64_t *, void **, void **, int32_t,
                             void *, int32_t, void *);

static void registerAtExit(void) { atexit(atExit); }

static void *next(const char *name) {
  // The program registered libomptarget's unregistration (which frees the
  // device copies) before its first construct: this runs before it.
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, registerAtExit);
  void *f = dlsym(RTLD_NEXT, name);
  if (!f) {
    fprintf(stderr, "ompx-mapcheck: %s not found\n", name);
    abort();
  }
  return f;
}

/// Watches entry `i` of a `nowait` construct until the synchronization
/// that completes it: its `from` data for reads and writes (`fromText`),
/// its `to` data for writes (`toText`).
static void watchNowait(const Call *call, int i, const char *map,
                        const char *fromText, const char *toText) {
  int64_t type = entryType(call, i);
  int access = (type & kMapFrom) ? kWatchReads | kWatchWrites
               : (type & kMapTo) ? kWatchWrites
                                 : 0;
  if (access)
    watchHost(kNowait, siteOfEntry(call, i), map, call->args[i],
              call->sizes[i], access, NULL, kGroupNowait, NULL,
              (type & kMapFrom) ? fromText : toText);
}

/// The length of the build's tag at `p` after an entry's name (the element
/// kind of real data, `a#f4`; `#unread`), 0 if none.
static size_t nameTag(const char *p) {
  static const char *const tags[] = {"#f4", "#f8", kUnreadTag};
  for (size_t k = 0; k < sizeof tags / sizeof *tags; ++k) {
    size_t n = strlen(tags[k]);
    if (!strncmp(p, tags[k], n) && (p[n] == '#' || p[n] == ';'))
      return n;
  }
  return 0;
}

/// Whether the entry named `other` is the one `base` names.
static int sameEntry(const char *other, const char *base) {
  // The build's tags of an entry's name (nameTag) are not compared; the
  // checker's own entries (`#span`, `#reads`) stay apart.
  for (size_t n;;) {
    while ((n = nameTag(other)))
      other += n;
    while ((n = nameTag(base)))
      base += n;
    if (*other != *base)
      return 0;
    if (!*other)
      return 1;
    ++other;
    ++base;
  }
}

/// The span entry `i` of a kernel (SectionWatch.cpp: the lowest and highest
/// byte offset from the array's first element the region accessed, the
/// element size, a one-dimensional array's lower bound) against the section
/// the array's entry copied.
static void checkSpan(const Call *call, const KernelArgs *args, int i) {
  const char *name = entryName(call, i);
  const int64_t *span = call->args[i];
  if (call->sizes[i] < 4 * (int64_t)sizeof(int64_t) || span[0] > span[1] ||
      span[2] <= 0)
    return;
  char base[1024];
  size_t cut = strstr(name, kSpanTag) - name;
  snprintf(base, sizeof base, "%.*s%s", (int)cut, name,
           name + cut + strlen(kSpanTag));
  for (int j = 0; j < call->n; ++j) {
    const char *other = entryName(call, j);
    if (j == i || !other || !sameEntry(other, base) || call->sizes[j] <= 0)
      continue;
    // What the device holds around the entry: the section, or a larger copy
    // an enclosing data region or enter data made (present: the entry maps
    // into it).
    Buffer *b = bufferOnHost(call->args[j], call->sizes[j]);
    char *base = args->argBasePtrs[j];
    int64_t lo = (b ? b->host : (char *)call->args[j]) - base;
    int64_t hi = lo + (b ? (int64_t)b->bytes : call->sizes[j]);
    if (span[0] >= lo && span[1] + span[2] <= hi)
      return;
    int64_t e = span[2], lb = span[3];
    char detail[512];
    if (lb != INT64_MIN)
      snprintf(detail, sizeof detail,
               "the region accessed elements %lld to %lld, but the map "
               "copies only elements %lld to %lld: the others were never "
               "copied to the device (a read gets garbage, a write is lost "
               "or lands on other data); map every element the region "
               "touches (a stencil's halo too)",
               (long long)(span[0] / e + lb), (long long)(span[1] / e + lb),
               (long long)(lo / e + lb), (long long)((hi - 1) / e + lb));
    else
      snprintf(detail, sizeof detail,
               "the region accessed the elements %lld to %lld after the "
               "array's first one (in memory order), but the map copies "
               "only %lld to %lld: the others were never copied to the "
               "device (a read gets garbage, a write is lost or lands on "
               "other data); map every element the region touches",
               (long long)(span[0] / e), (long long)(span[1] / e),
               (long long)(lo / e), (long long)((hi - 1) / e));
    report(kOutside, siteOfEntry(call, j), entryType(call, j), 0,
           call->sizes[j], detail);
    return;
  }
}

/// After a kernel: the host's copies its device copies made older, the
/// data of a `nowait` region until its taskwait, the scalars whose
/// firstprivate copy the region changed and the elements it accessed
/// outside a map's section.
/// The device bytes of each entry of `call` in a device copy before the
/// kernel (hashes; `valid[i]` where entry `i` had a copy then).
typedef struct {
  uint64_t *hash;
  char *valid;
} Before;

static void hashBefore(const Call *call, Before *before) {
  before->hash = calloc(call->n ? call->n : 1, sizeof(uint64_t));
  before->valid = calloc(call->n ? call->n : 1, 1);
  if (!before->hash || !before->valid)
    return;
  for (int j = 0; j < call->n; ++j) {
    Buffer *b = call->sizes[j] > 0
                    ? bufferOnHost(call->args[j], call->sizes[j])
                    : NULL;
    if (!b || b->shadow)
      continue;
    before->hash[j] = hashBytes(b->dev + ((char *)call->args[j] - b->host),
                                call->sizes[j]);
    before->valid[j] = 1;
  }
}

/// The narrowest entry of `call` in `b` whose device bytes the kernel
/// changed (a descriptor's parts, mapped `always`, left out), or -1.
static int changedEntry(const Call *call, const Buffer *b,
                        const Before *before) {
  int best = -1;
  for (int j = 0; before->hash && before->valid && j < call->n; ++j) {
    const char *a = call->args[j];
    int64_t size = call->sizes[j];
    if (!before->valid[j] || size <= 0 ||
        entryType(call, j) & (kMapLiteral | kMapPrivate | kMapAlways) ||
        a < b->host || a + size > b->host + b->bytes ||
        hashBytes(b->dev + (a - b->host), size) == before->hash[j])
      continue;
    if (best < 0 || size < call->sizes[best])
      best = j;
  }
  return best;
}

/// Whether [p, p+n) lies in the host range of one of `call`'s own entries.
static int inEntries(const Call *call, const char *p, size_t n) {
  for (int j = 0; j < call->n; ++j)
    if (call->sizes[j] > 0 && !(entryType(call, j) & kMapLiteral) &&
        (char *)call->args[j] <= p &&
        p + n <= (char *)call->args[j] + call->sizes[j])
      return 1;
  return 0;
}

/// The entry of `call` whose `declare mapper` pushed component `k`: the one
/// holding the nearest component at or before `k` that lies in an entry's
/// host range (a mapper pushes the record, then its members: the data of
/// an allocatable component lies elsewhere), or -1.
static int mapperOwner(const Call *call, const KernelArgs *args, int k) {
  for (int m = k; m >= call->n; --m) {
    const char *a = entryArg(call, m);
    for (int j = 0; j < call->n; ++j)
      if (args->argMappers && args->argMappers[j] && call->sizes[j] > 0 &&
          (char *)call->args[j] <= a &&
          a < (char *)call->args[j] + call->sizes[j])
        return j;
  }
  return -1;
}

/// After a kernel, the copies only a `declare mapper`'s components name (the
/// data of a record's allocatable component, through flang's default mapper
/// or the program's): not in the host range of any entry of the construct,
/// so the loop over its entries never sees them. One a kernel made newer is
/// watched for the host's reads as an entry's copy is, named after the
/// entry whose mapper maps it (the construct that wrote it).
static void afterKernelComponents(const Call *call, const KernelArgs *args) {
  Buffer *last = NULL;
  for (int k = call->n; k < call->n + call->nc; ++k) {
    const char *a = entryArg(call, k);
    int64_t size = entrySize(call, k);
    if (entryType(call, k) & (kMapLiteral | kMapPrivate) || size <= 0 ||
        inEntries(call, a, (size_t)size))
      continue;
    Buffer *b = bufferOnHost(a, (size_t)size);
    // A mapper's components come twice (at the construct's start and end).
    if (!b || b == last || b->shadow)
      continue;
    last = b;
    if (!(copiesBack(b) || !b->copiedIn || b->stays) || !deviceNewer(b) ||
        hostWatchActive(b, kGroupStale))
      continue;
    int owner = mapperOwner(call, args, k);
    b->writer = siteOfEntry(call, owner >= 0 ? owner : k);
    b->writerType = entryType(call, owner >= 0 ? owner : k);
    watchStaleHost(b, b->dev, b, /*released=*/0);
  }
}

/// The declare target variables the program registered: their device
/// copies come with the image, never through a data op's allocation, so
/// each gets its Buffer once libomptarget knows the copy
/// (omp_get_mapped_ptr).
typedef struct {
  char *host;
  const char *name;
  size_t bytes;
  int made;
} Declared;
static Declared *declaredVars;
static int ndeclared, declaredLeft;

void ompxMapCheckDeclared(void *host, const char *name, size_t size) {
  if (logFd < 0 && !getenv("OMPX_MAPCHECK_LOG"))
    return;
  pthread_mutex_lock(&lock);
  Declared *grown =
      realloc(declaredVars, (ndeclared + 1) * sizeof *declaredVars);
  if (grown) {
    declaredVars = grown;
    declaredVars[ndeclared++] = (Declared){host, name, size, 0};
    ++declaredLeft;
  }
  pthread_mutex_unlock(&lock);
}

/// The variable's name from its symbol (flang's `_QM<module>E<name>`).
static const char *declaredName(const char *symbol) {
  const char *e = symbol ? strrchr(symbol, 'E') : NULL;
  return e && e[1] && !strncmp(symbol, "_Q", 2) ? e + 1 : symbol ? symbol : "?";
}

/// Buffers for the declare target variables whose device copies
/// libomptarget knows by now (the image is loaded at the first construct).
/// Their state so far is taken as agreed: what each side holds now is its
/// start. Not under `lock` (it asks libomptarget).
static void ensureDeclared(void) {
  if (!__atomic_load_n(&declaredLeft, __ATOMIC_ACQUIRE) || logFd < 0)
    return;
  static void *(*mapped)(const void *, int);
  static int (*device)(void);
  if (!mapped) {
    mapped =
        (void *(*)(const void *, int))dlsym(RTLD_DEFAULT, "omp_get_mapped_ptr");
    device = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_default_device");
    if (!mapped || !device)
      return;
  }
  int dev = device();
  for (int i = 0; i < ndeclared; ++i) {
    Declared *d = &declaredVars[i];
    if (d->made)
      continue;
    hostWatchSuspend();
    char *copy = mapped(d->host, dev);
    hostWatchResume();
    if (!copy)
      continue;
    pthread_mutex_lock(&lock);
    d->made = 1;
    __atomic_fetch_sub(&declaredLeft, 1, __ATOMIC_RELEASE);
    // The device is the host itself: nothing to compare.
    if (copy != d->host && !bufferOnDevice(copy)) {
      Buffer *b = calloc(1, sizeof(Buffer));
      if (!b)
        abort();
      char site[512];
      snprintf(site, sizeof site, ";;%s;0;0;;", declaredName(d->name));
      b->host = d->host;
      b->dev = copy;
      b->bytes = d->bytes;
      b->site = siteOf(site);
      // Not copied in yet: the image's values are no transfer (a first
      // `update to` of equal bytes is not redundant; a stale copy is one
      // a transfer made).
      b->declared = b->stays = b->agreed = 1;
      b->hostAtSync = hashSide(b, b->host);
      b->devAtSync = hashSide(b, b->dev);
      b->next = buffers;
      buffers = b;
    }
    pthread_mutex_unlock(&lock);
  }
}

/// After a kernel: a declare target variable's copy it made newer. The
/// kernel names no entry for it (the device code reads its own global):
/// the host's reads are watched as for a mapped copy, reported at the
/// construct (its ident's source place) under the variable's name.
static void afterKernelDeclared(const void *loc) {
  // ident_t { i32, i32, i32, i32, const char *psource }: `;file;fn;line;col;;`
  const char *const *psource =
      loc ? (const char *const *)((const char *)loc + 16) : NULL;
  const char *src = psource && *psource ? *psource : NULL;
  for (Buffer *b = buffers; b; b = b->next) {
    if (!b->declared || hostWatchActive(b, kGroupStale) || !deviceNewer(b))
      continue;
    // `;file;function;line;col;;` with the variable for the function.
    char text[1024];
    const char *file = src ? src + 1 : "",
               *fileEnd = src ? strchr(file, ';') : NULL;
    const char *fn = fileEnd ? fileEnd + 1 : NULL,
               *fnEnd = fn ? strchr(fn, ';') : NULL;
    const char *name = strchr(b->site->text + 2, ';') ? b->site->text + 2 : "";
    size_t nameLen = strcspn(name, ";");
    if (fnEnd)
      snprintf(text, sizeof text, ";%.*s;%.*s%s", (int)(fileEnd - file), file,
               (int)nameLen, name, fnEnd);
    else
      snprintf(text, sizeof text, "%s", b->site->text);
    b->writer = siteOf(text);
    b->writerType = 0;
    watchHost(kStaleHost, b->writer, "declare-target", b->host, b->bytes,
              kWatchReads, b->dev, kGroupStale, b,
              "a kernel wrote the device copy of this declare target "
              "variable and the host read its own older copy (`target "
              "update from` / `update self` missing before the host's "
              "read)");
    hostWatchSetElement(b, kGroupStale, elementOf(b));
  }
}

static void afterKernel(const Call *call, const KernelArgs *args,
                        const Before *before) {
  int nowait = args->version >= 2 && (args->flags & 1);
  for (int i = 0; i < call->n; ++i) {
    int64_t type = entryType(call, i);
    const char *name = entryName(call, i);
    if (type & (kMapLiteral | kMapPrivate) || call->sizes[i] <= 0 ||
        (name && strstr(name, kAddressTag)))
      continue;
    if (name && strstr(name, kSpanTag)) {
      if (!nowait) // a nowait region's span is not back yet
        checkSpan(call, args, i);
      continue;
    }
    if (name && strstr(name, kReadsTag))
      continue; // checkArmed

    char map[64];
    mapWords(type, 0, map, sizeof map);
    if (name && strstr(name, kShadowTag)) {
      // The region's final value of the scalar (copied back into the
      // shadow) against the host's, which the region cannot change.
      const char *addrName = i + 1 < call->n ? entryName(call, i + 1) : NULL;
      char *host = addrName && strstr(addrName, kAddressTag)
                       ? (char *)call->args[i + 1]
                       : NULL;
      size_t size = call->sizes[i];
      if (!host || !memcmp(host, call->args[i], size))
        continue;
      char base[1024];
      size_t cut = strstr(name, kShadowTag) - name;
      snprintf(base, sizeof base, "%.*s%s", (int)cut, name,
               name + cut + strlen(kShadowTag));
      watchHost(kFirstprivate, siteOf(base), "firstprivate,implicit", host,
                size, kWatchReads, NULL, kGroupFirstprivate, NULL,
                "the region changed its copy of the scalar, which is "
                "firstprivate (not in a map clause), and the host read its "
                "own copy after the region: the region's value never comes "
                "back (map it tofrom, or `defaultmap(tofrom: scalar)`)");
      continue;
    }
    Buffer *b = bufferOnHost(call->args[i], call->sizes[i]);
    if (b && (copiesBack(b) || !b->copiedIn || b->stays) && deviceNewer(b)) {
      // The clause of what this kernel wrote: the narrowest of its entries
      // in the copy whose device bytes it changed (a record's component,
      // not the first entry of the record), else entry `i`. A watch a
      // kernel before set (another construct, another component: its
      // changes since copied back by a section's `update from`) names
      // this one from now on: the host's read is of what this one wrote.
      int w = changedEntry(call, b, before);
      int active = hostWatchActive(b, kGroupStale);
      Site *writer = siteOfEntry(call, w >= 0 ? w : i);
      if (!active || (w >= 0 && writer != b->writer)) {
        if (active)
          hostWatchEnd(kGroupStale, b, NULL, 0);
        b->writer = writer;
        b->writerType = w >= 0 ? entryType(call, w) : type;
        watchStaleHost(b, b->dev, b, /*released=*/0);
      }
    }
    if (nowait)
      watchNowait(call, i, map,
                  "the host accessed the data of a `nowait` target "
                  "region before the taskwait (or other synchronization) "
                  "that completes it: the region may still be running "
                  "and its copy back still to come",
                  "the host wrote the data of a `nowait` target region "
                  "before the taskwait (or other synchronization) that "
                  "completes it: its copy to the device may still be to "
                  "come");
  }
  afterKernelComponents(call, args);
}

int __tgt_target_kernel(void *loc, int64_t device, int32_t teams,
                        int32_t threads, void *hostPtr, KernelArgs *args) {
  static KernelFn real;
  if (!real)
    real = (KernelFn)next("__tgt_target_kernel");
  Call call = {0,
               0,
               (int32_t)args->numArgs,
               args->argPtrs,
               args->argSizes,
               args->argTypes,
               args->argNames};
  ensureDeclared();
  hostWatchSuspend();
  Before before = {0};
  Armed *armed = calloc(call.n ? call.n : 1, sizeof(Armed));
  if (!armed)
    abort();
  pthread_mutex_lock(&lock);
  int narmed = checkStale(&call, args, armed);
  hashBefore(&call, &before);
  pthread_mutex_unlock(&lock);
  Call *outer = current;
  current = &call;
  ompxProfileKernel(loc, device, teams, threads, hostPtr, args);
  int rc = real(loc, device, teams, threads, hostPtr, args);
  current = outer;
  pthread_mutex_lock(&lock);
  checkArmed(&call, armed, narmed);
  afterKernel(&call, args, &before);
  afterKernelDeclared(loc);
  pthread_mutex_unlock(&lock);
  free(before.hash);
  free(before.valid);
  free(armed);
  hostWatchResume();
  endCall(&call);
  return rc;
}

/// The scalars a `#fpdead` entry of `call` names: their firstprivate
/// watches end (FirstprivateWatch.cpp, forgetScratch).
static void endScratchWatches(const Call *call) {
  for (int i = 0; call->names && i < call->n; ++i)
    if (call->names[i] && strstr(call->names[i], kDeadTag) &&
        call->sizes[i] > 0)
      hostWatchEnd(kGroupFirstprivate, NULL, call->args[i], call->sizes[i]);
}

#define OMPX_DATA_ENTRY(NAME, EXIT, BEGIN)                                     \
  void NAME(void *loc, int64_t device, int32_t n, void **base, void **args,    \
            int64_t *sizes, int64_t *types, void **names, void **mappers) {    \
    static DataFn real;                                                        \
    if (!real)                                                                 \
      real = (DataFn)next(#NAME);                                              \
    ensureDeclared();                                                          \
    Call call = {EXIT, BEGIN, n, args, sizes, types, names};                   \
    Call *outer = current;                                                     \
    current = &call;                                                           \
    hostWatchSuspend();                                                        \
    endScratchWatches(&call);                                                  \
    real(loc, device, n, base, args, sizes, types, names, mappers);            \
    hostWatchResume();                                                         \
    current = outer;                                                           \
    endCall(&call);                                                            \
  }
OMPX_DATA_ENTRY(__tgt_target_data_begin_mapper, 0, 1)
OMPX_DATA_ENTRY(__tgt_target_data_end_mapper, 1, 0)
OMPX_DATA_ENTRY(__tgt_target_data_update_mapper, 0, 0)

/// After a `nowait` `target update`, `enter data` or `exit data`: the data
/// it copies is the host's again only at the synchronization that
/// completes it (as a `nowait` region's).
static void afterNowaitData(const Call *call) {
  for (int i = 0; i < call->n; ++i) {
    int64_t type = entryType(call, i);
    if (type & (kMapLiteral | kMapPrivate) || call->sizes[i] <= 0)
      continue;
    char map[64];
    mapWords(type, call->exit, map, sizeof map);
    watchNowait(call, i, map,
                "the host accessed data that a `nowait` `target update` "
                "or `exit data` copies back, before the taskwait (or "
                "other synchronization) that completes it: the copy may "
                "still be to come",
                "the host wrote data that a `nowait` `target update` or "
                "`enter data` copies to the device, before the taskwait "
                "(or other synchronization) that completes it: the copy "
                "may take the new values or the old");
  }
}

#define OMPX_DATA_NOWAIT_ENTRY(NAME, EXIT, BEGIN)                              \
  void NAME(void *loc, int64_t device, int32_t n, void **base, void **args,    \
            int64_t *sizes, int64_t *types, void **names, void **mappers,      \
            int32_t deps, void *depList, int32_t noAliasDeps,                  \
            void *noAliasDepList) {                                            \
    static DataNowaitFn real;                                                  \
    if (!real)                                                                 \
      real = (DataNowaitFn)next(#NAME);                                        \
    Call call = {EXIT, BEGIN, n, args, sizes, types, names};                   \
    Call *outer = current;                                                     \
    current = &call;                                                           \
    hostWatchSuspend();                                                        \
    real(loc, device, n, base, args, sizes, types, names, mappers, deps,       \
         depList, noAliasDeps, noAliasDepList);                                \
    hostWatchResume();                                                         \
    current = outer;                                                           \
    pthread_mutex_lock(&lock);                                                 \
    afterNowaitData(&call);                                                    \
    pthread_mutex_unlock(&lock);                                               \
    endCall(&call);                                                            \
  }
OMPX_DATA_NOWAIT_ENTRY(__tgt_target_data_begin_nowait_mapper, 0, 1)
OMPX_DATA_NOWAIT_ENTRY(__tgt_target_data_end_nowait_mapper, 1, 0)
OMPX_DATA_NOWAIT_ENTRY(__tgt_target_data_update_nowait_mapper, 0, 0)

/// A `declare mapper` function hands libomptarget its components one by one:
/// their names are the mapper's map clauses.
typedef void (*PushFn)(void *, void *, void *, int64_t, int64_t, void *);
void __tgt_push_mapper_component(void *handle, void *base, void *begin,
                                 int64_t size, int64_t type, void *name) {
  static PushFn real;
  if (!real)
    real = (PushFn)next("__tgt_push_mapper_component");
  Call *c = current;
  if (c && c->nc == c->capacity) {
    int grown = c->capacity ? 2 * c->capacity : 64;
    Component *more = realloc(c->components, grown * sizeof *more);
    if (more) {
      c->components = more;
      c->capacity = grown;
    }
  }
  if (c && c->nc < c->capacity)
    c->components[c->nc++] = (Component){begin, name, size, type};
  real(handle, base, begin, size, type, name);
}

static void forgetRegionDeps(void);

// Synchronization that completes the `nowait` regions before it (the
// checked launch runs each when it is encountered: LocalRunner.cpp): their
// data is the host's again.
#define OMPX_SYNC_ENTRY(NAME, PARAMS, ARGS)                                    \
  int32_t NAME PARAMS {                                                        \
    static int32_t(*real) PARAMS;                                              \
    if (!real)                                                                 \
      real = (int32_t(*) PARAMS)next(#NAME);                                   \
    int32_t rc = real ARGS;                                                    \
    hostWatchEnd(kGroupNowait, NULL, NULL, 0);                                 \
    forgetRegionDeps();                                                        \
    return rc;                                                                 \
  }
OMPX_SYNC_ENTRY(__kmpc_omp_taskwait, (void *loc, int32_t gtid), (loc, gtid))
OMPX_SYNC_ENTRY(__kmpc_omp_taskwait_51,
                (void *loc, int32_t gtid, int32_t noWait), (loc, gtid, noWait))
OMPX_SYNC_ENTRY(__kmpc_barrier, (void *loc, int32_t gtid), (loc, gtid))
#define OMPX_VOID_SYNC_ENTRY(NAME, PARAMS, ARGS)                               \
  void NAME PARAMS {                                                           \
    static void(*real) PARAMS;                                                 \
    if (!real)                                                                 \
      real = (void(*) PARAMS)next(#NAME);                                      \
    real ARGS;                                                                 \
    hostWatchEnd(kGroupNowait, NULL, NULL, 0);                                 \
    forgetRegionDeps();                                                        \
  }
OMPX_VOID_SYNC_ENTRY(__kmpc_end_taskgroup, (void *loc, int32_t gtid),
                     (loc, gtid))
OMPX_VOID_SYNC_ENTRY(__kmpc_omp_taskwait_deps_51,
                     (void *loc, int32_t gtid, int32_t ndeps, void *deps,
                      int32_t ndepsNoalias, void *depsNoalias, int32_t noWait),
                     (loc, gtid, ndeps, deps, ndepsNoalias, depsNoalias,
                      noWait))
OMPX_VOID_SYNC_ENTRY(__kmpc_omp_wait_deps,
                     (void *loc, int32_t gtid, int32_t ndeps, void *deps,
                      int32_t ndepsNoalias, void *depsNoalias),
                     (loc, gtid, ndeps, deps, ndepsNoalias, depsNoalias))

// A task whose `depend` clause meets a `nowait` target region's (not both
// `in`) runs after the region: the region's data is the task's to read.
// libomp's kmp_depend_info: base address, length, flags (bit 0 in, 1 out,
// 2 mutexinoutset, 3 inoutset).
typedef struct {
  intptr_t base;
  size_t len;
  uint8_t flags;
} DependInfo;

enum { kMaxTargetTasks = 64, kMaxRegionDeps = 256 };
static void *targetTasks[kMaxTargetTasks];
static unsigned targetTaskCount;
static struct {
  intptr_t base;
  size_t len;
  int writes;
} regionDeps[kMaxRegionDeps];
static unsigned regionDepCount;

void *__kmpc_omp_target_task_alloc(void *loc, int32_t gtid, int32_t flags,
                                   size_t taskSize, size_t sharedsSize,
                                   void *entry, int64_t device) {
  static void *(*real)(void *, int32_t, int32_t, size_t, size_t, void *,
                       int64_t);
  if (!real)
    real = (void *(*)(void *, int32_t, int32_t, size_t, size_t, void *,
                      int64_t))next("__kmpc_omp_target_task_alloc");
  void *task = real(loc, gtid, flags, taskSize, sharedsSize, entry, device);
  pthread_mutex_lock(&lock);
  targetTasks[targetTaskCount++ % kMaxTargetTasks] = task;
  pthread_mutex_unlock(&lock);
  return task;
}

/// After a synchronization every earlier region is complete: its
/// dependences order nothing any more.
static void forgetRegionDeps(void) {
  pthread_mutex_lock(&lock);
  regionDepCount = 0;
  pthread_mutex_unlock(&lock);
}

/// Whether `task` came from __kmpc_omp_target_task_alloc (and forgets it).
static int takeTargetTask(void *task) {
  for (unsigned i = 0; i < kMaxTargetTasks; ++i)
    if (task && targetTasks[i] == task) {
      targetTasks[i] = NULL;
      return 1;
    }
  return 0;
}

static int depWrites(const DependInfo *d) { return (d->flags & ~1u) != 0; }

/// A task that runs after a `nowait` region by dependence: when it starts,
/// the region's data it depends on is no longer watched (the task's body
/// may read it; the encountering thread's own accesses before then are
/// still the region's race). libomp's kmp_task_t starts { shareds, routine }.
typedef int32_t (*TaskRoutine)(int32_t, void *);
enum { kMaxDependedTasks = 64, kMaxTaskDeps = 8 };
typedef struct {
  void *task;
  TaskRoutine routine;
  unsigned n;
  intptr_t base[kMaxTaskDeps];
  size_t len[kMaxTaskDeps];
} DependedTask;
static DependedTask dependedTasks[kMaxDependedTasks];

static int32_t startDependedTask(int32_t gtid, void *task) {
  DependedTask t = {0};
  pthread_mutex_lock(&lock);
  for (unsigned i = 0; i < kMaxDependedTasks; ++i)
    if (dependedTasks[i].task == task) {
      t = dependedTasks[i];
      dependedTasks[i].task = NULL;
      break;
    }
  pthread_mutex_unlock(&lock);
  for (unsigned i = 0; i < t.n; ++i)
    hostWatchEnd(kGroupNowait, NULL, (const char *)t.base[i], t.len[i]);
  return t.routine ? t.routine(gtid, task) : 0;
}

/// A free record for `task`, whose routine now starts with
/// startDependedTask (lock held); null when none is free.
static DependedTask *dependedTask(void *task) {
  for (unsigned i = 0; i < kMaxDependedTasks; ++i)
    if (!dependedTasks[i].task) {
      DependedTask *t = &dependedTasks[i];
      t->task = task;
      t->routine = ((TaskRoutine *)task)[1];
      t->n = 0;
      ((TaskRoutine *)task)[1] = startDependedTask;
      return t;
    }
  return NULL;
}

int32_t __kmpc_omp_task_with_deps(void *loc, int32_t gtid, void *task,
                                  int32_t ndeps, DependInfo *deps,
                                  int32_t ndepsNoalias,
                                  DependInfo *depsNoalias) {
  static int32_t (*real)(void *, int32_t, void *, int32_t, DependInfo *,
                         int32_t, DependInfo *);
  if (!real)
    real = (int32_t(*)(void *, int32_t, void *, int32_t, DependInfo *, int32_t,
                       DependInfo *))next("__kmpc_omp_task_with_deps");
  pthread_mutex_lock(&lock);
  if (takeTargetTask(task)) {
    for (int32_t i = 0; i < ndeps; ++i) {
      unsigned slot = regionDepCount++ % kMaxRegionDeps;
      regionDeps[slot].base = deps[i].base;
      regionDeps[slot].len = deps[i].len;
      regionDeps[slot].writes = depWrites(&deps[i]);
    }
    pthread_mutex_unlock(&lock);
  } else {
    unsigned known = regionDepCount < kMaxRegionDeps ? regionDepCount
                                                     : kMaxRegionDeps;
    DependedTask *t = NULL;
    for (int32_t i = 0; i < ndeps; ++i)
      for (unsigned r = 0; r < known; ++r)
        if (regionDeps[r].base == deps[i].base &&
            (regionDeps[r].writes || depWrites(&deps[i]))) {
          if (!t)
            t = dependedTask(task);
          if (t && t->n < kMaxTaskDeps) {
            t->base[t->n] = deps[i].base;
            t->len[t->n++] = deps[i].len ? deps[i].len : 1;
          }
          break;
        }
    pthread_mutex_unlock(&lock);
  }
  return real(loc, gtid, task, ndeps, deps, ndepsNoalias, depsNoalias);
}

/// The device memory API copies host data itself: not the program's access.
int omp_target_memcpy(void *dst, const void *src, size_t length,
                      size_t dstOffset, size_t srcOffset, int dstDevice,
                      int srcDevice) {
  static int (*real)(void *, const void *, size_t, size_t, size_t, int, int);
  if (!real)
    real = (int (*)(void *, const void *, size_t, size_t, size_t, int,
                    int))next("omp_target_memcpy");
  static int (*initial)(void);
  if (!initial)
    initial = (int (*)(void))next("omp_get_initial_device");
  hostWatchSuspend();
  int rc = real(dst, src, length, dstOffset, srcOffset, dstDevice, srcDevice);
  hostWatchResume();
  // Into host memory: the host now holds what was copied, not an older
  // value a released copy's kernels replaced (the bytes an exit data kept
  // for an item whose release found its copy gone: SectionCover.cpp's
  // exitDataCover). A read there is no stale read.
  if (rc == 0 && length && initial && dstDevice == initial() && hostWatchAny())
    hostWatchEnd(kGroupStale, NULL, (const char *)dst + dstOffset, length);
  return rc;
}

void ompxMapCheckFinish(void) {
  if (logFd < 0)
    return;
  pthread_mutex_lock(&lock);
  for (Site *s = sites; s; s = s->next)
    for (int c = 0; c < kClasses; ++c)
      if (s->count[c] > 1) {
        char line[1200];
        int n = snprintf(line, sizeof line, "C\t%s\t%s\t%lu\n", kClassNames[c],
                         s->text, s->count[c]);
        if (n > 0 && n < (int)sizeof line && write(logFd, line, n) < 0)
          break;
      }
  close(logFd);
  logFd = -1;
  pthread_mutex_unlock(&lock);
}

void ompxMapCheckDeviceSeen(void) {
  // libomptarget is connected: the parent knows the tool saw the devices.
  static int once;
  if (!once++ && logFd >= 0 && write(logFd, "D\n", 2) < 0)
    return;
}

void ompxMapCheckStarted(void) {
  if (logFd >= 0)
    hostWatchInit(logFd);
  if (logFd >= 0 && write(logFd, "S\n", 2) < 0)
    return;
}

int ompxMapCheckStart(const char *path) {
  if (logFd < 0)
    logFd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  return logFd >= 0;
}

const char *ompxMapCheckEntrySite(const void *p, size_t n, int64_t *type) {
  int i = entryOf(current, p, n);
  if (i < 0)
    return NULL;
  *type = entryType(current, i);
  return entryName(current, i);
}
