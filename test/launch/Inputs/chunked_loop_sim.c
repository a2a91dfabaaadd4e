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
  printf("failures=%d\n", failures);
  return failures != 0;
}
