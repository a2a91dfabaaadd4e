/* ChunkedLoop.h run for every team and thread of a simulated grid: each
 * iteration must run once, on the team and thread the specification's
 * round-robin of chunks names (computed here independently). Prints one
 * line per case and "FAIL ..." for each iteration run elsewhere. */
#include "ChunkedLoop.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int *owner, *count, curTeam, curThread, failures;

#define BODY(TY)                                                               \
  static void body_##TY(TY iv, void *arg) {                                    \
    (void)arg;                                                                 \
    ++count[iv];                                                               \
    owner[iv] = curTeam * 1000 + curThread;                                    \
  }
BODY(int32_t)
BODY(uint32_t)
BODY(int64_t)
BODY(uint64_t)

#define RUN(TY, n, teams, bc, threads, tc)                                     \
  do {                                                                         \
    owner = calloc((n) + 1, sizeof(int));                                      \
    count = calloc((n) + 1, sizeof(int));                                      \
    for (curTeam = 0; curTeam < (teams); ++curTeam)                            \
      for (curThread = 0; curThread < (threads); ++curThread)                  \
        OMPX_CHUNKED_LOOP(TY, (TY)(n), teams, curTeam, (TY)(bc), threads,      \
                          curThread, (TY)(tc), body_##TY, NULL);               \
    int bad = 0;                                                               \
    for (long i = 0; i < (n); ++i) {                                           \
      long team = (i / (bc)) % (teams);                                        \
      long thread = ((i % (bc)) / (tc)) % (threads);                           \
      if (count[i] != 1 || owner[i] != team * 1000 + thread) {                 \
        if (bad++ < 3)                                                         \
          printf("FAIL %s n=%ld i=%ld count=%d owner=%d want=%ld\n", #TY,      \
                 (long)(n), i, count[i], owner[i], team * 1000 + thread);      \
      }                                                                        \
    }                                                                          \
    failures += bad;                                                           \
    printf("%s n=%ld teams=%d bc=%ld threads=%d tc=%ld: %s\n", #TY, (long)(n), \
           teams, (long)(bc), threads, (long)(tc), bad ? "wrong" : "ok");      \
    free(owner);                                                               \
    free(count);                                                               \
  } while (0)

/* OMPX_CYCLIC_LOOP over TEAMS x THREADS workers numbered team-major:
 * iteration i on worker i mod (teams * threads), as LLVM's unchunked loop
 * deals them. */
#define RUN_CYCLIC(TY, n, teams, threads)                                      \
  do {                                                                         \
    owner = calloc((n) + 1, sizeof(int));                                      \
    count = calloc((n) + 1, sizeof(int));                                      \
    for (curTeam = 0; curTeam < (teams); ++curTeam)                            \
      for (curThread = 0; curThread < (threads); ++curThread)                  \
        OMPX_CYCLIC_LOOP(TY, (TY)(n), (unsigned long long)(teams) * (threads), \
                         (unsigned long long)curTeam * (threads) + curThread,  \
                         body_##TY, NULL);                                     \
    int bad = 0;                                                               \
    for (long i = 0; i < (n); ++i) {                                           \
      long w = i % ((long)(teams) * (threads));                                \
      long want = (w / (threads)) * 1000 + w % (threads);                      \
      if (count[i] != 1 || owner[i] != want) {                                 \
        if (bad++ < 3)                                                         \
          printf("FAIL cyclic %s n=%ld i=%ld count=%d owner=%d want=%ld\n",    \
                 #TY, (long)(n), i, count[i], owner[i], want);                 \
      }                                                                        \
    }                                                                          \
    failures += bad;                                                           \
    printf("cyclic %s n=%ld teams=%d threads=%d: %s\n", #TY, (long)(n), teams, \
           threads, bad ? "wrong" : "ok");                                     \
    free(owner);                                                               \
    free(count);                                                               \
  } while (0)

/* OMPX_BLOCKED_LOOP over TEAMS: one contiguous block each, the first
 * n % teams one larger (libomp's static schedule without a chunk). */
#define RUN_BLOCKED(TY, n, teams)                                              \
  do {                                                                         \
    owner = calloc((n) + 1, sizeof(int));                                      \
    count = calloc((n) + 1, sizeof(int));                                      \
    for (curTeam = 0; curTeam < (teams); ++curTeam) {                          \
      curThread = 0;                                                           \
      OMPX_BLOCKED_LOOP(TY, (TY)(n), teams, curTeam, body_##TY, NULL);         \
    }                                                                          \
    int bad = 0;                                                               \
    long per = (long)(n) / (teams), extra = (long)(n) % (teams), first = 0;    \
    for (long t = 0; t < (teams); ++t) {                                       \
      long size = per + (t < extra);                                           \
      for (long i = first; i < first + size; ++i)                              \
        if (count[i] != 1 || owner[i] != t * 1000) {                           \
          if (bad++ < 3)                                                       \
            printf("FAIL blocked %s n=%ld i=%ld count=%d owner=%d want=%ld\n", \
                   #TY, (long)(n), i, count[i], owner[i], t * 1000);           \
        }                                                                      \
      first += size;                                                           \
    }                                                                          \
    failures += bad;                                                           \
    printf("blocked %s n=%ld teams=%d: %s\n", #TY, (long)(n), teams,          \
           bad ? "wrong" : "ok");                                              \
    free(owner);                                                               \
    free(count);                                                               \
  } while (0)

/* Near the type's largest value no sum may wrap: worker ME of WORKERS over
 * N iterations runs exactly WANT, the first FIRST, the last LAST. */
static long runs, firstIv, lastIv;
#define WIDE_BODY(TY)                                                          \
  static void wide_##TY(TY iv, void *arg) {                                    \
    (void)arg;                                                                 \
    if (runs++ == 0)                                                           \
      firstIv = (long)iv;                                                      \
    lastIv = (long)iv;                                                         \
  }
WIDE_BODY(int32_t)
WIDE_BODY(uint32_t)
#define RUN_WIDE(TY, n, workers, me, want, first, last)                        \
  do {                                                                         \
    runs = 0, firstIv = lastIv = -1;                                           \
    OMPX_CYCLIC_LOOP(TY, (TY)(n), (unsigned long long)(workers),               \
                     (unsigned long long)(me), wide_##TY, NULL);               \
    int ok =                                                                   \
        runs == (want) && (!runs || (firstIv == (first) && lastIv == (last))); \
    failures += !ok;                                                           \
    printf("%scyclic %s n=%ld workers=%llu me=%llu: %ld runs\n",               \
           ok ? "" : "FAIL ", #TY, (long)(n), (unsigned long long)(workers),   \
           (unsigned long long)(me), runs);                                    \
  } while (0)

int main(void) {
  /* dist_schedule(static, 2) alone, 3 teams (distribute: one thread, the
   * thread chunk is the block chunk). */
  RUN(int32_t, 10, 3, 2, 1, 2);
  /* dist_schedule(static, 3) schedule(static, 2): 2 teams of 4 threads. */
  RUN(uint32_t, 23, 2, 3, 4, 2);
  /* schedule(static, 5) alone: one team, the block is the whole loop. */
  RUN(int64_t, 37, 1, 37, 3, 5);
  /* More teams and threads than chunks; chunks larger than the loop. */
  RUN(uint64_t, 7, 8, 2, 8, 1);
  RUN(int32_t, 7, 2, 100, 3, 50);
  /* A team's chunk not a multiple of the thread chunk. */
  RUN(uint32_t, 1000, 7, 13, 5, 4);
  RUN(int64_t, 0, 3, 2, 2, 2);
  /* Chunks near the type's largest value: no product may wrap. */
  RUN(uint32_t, 5, 3, 4294967295u, 2, 4294967295u);
  RUN(int32_t, 9, 4, 2147483647, 3, 2147483647);
  /* No chunk: a distribute-for over 3 teams of 4 threads, a worksharing
   * loop (one team), fewer iterations than workers, none. */
  RUN_CYCLIC(int32_t, 100, 3, 4);
  RUN_CYCLIC(uint32_t, 37, 1, 5);
  RUN_CYCLIC(int64_t, 5, 4, 8);
  RUN_CYCLIC(uint64_t, 0, 2, 2);
  RUN_CYCLIC(int32_t, 1000, 7, 32);
  /* No chunk, a distribute alone: contiguous blocks. */
  RUN_BLOCKED(int32_t, 10, 4);
  RUN_BLOCKED(uint64_t, 3, 5);
  RUN_BLOCKED(uint32_t, 1000, 7);
  RUN_BLOCKED(int64_t, 0, 3);
  /* Workers beyond the type (2^32 + 3 of them), and steps that would
   * wrap past the largest index. */
  RUN_WIDE(int32_t, 2147483647, 4294967299ull, 5, 1, 5, 5);
  RUN_WIDE(int32_t, 2147483647, 4294967299ull, 2147483647ull, 0, -1, -1);
  RUN_WIDE(uint32_t, 4294967295u, 2147483648ull, 2147483646ull, 2, 2147483646,
           4294967294);
  RUN_WIDE(uint32_t, 4294967295u, 3000000000ull, 1294967295ull, 1, 1294967295,
           1294967295);
  printf("failures=%d\n", failures);
  return failures != 0;
}
