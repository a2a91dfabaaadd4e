/*===- ChunkedLoop.h - Static loops with chunks, for device runtimes -*- C
 *-*-===
 *
 * `dist_schedule(static, BC)` with `schedule(static, TC)` over the normalized
 * iterations [0, N): chunks of BC iterations dealt round-robin to the teams
 * in team order, and within each chunk of a team, chunks of TC dealt
 * round-robin to its threads (OpenMP 5.2, 11.6.2 and 11.5.3). A distribute
 * alone is THREADS 1 with TC = BC; a worksharing loop alone TEAMS 1 with
 * BC >= N. BC and TC must be > 0.
 *
 * LLVM's device runtime (19's and 22's NormalizedLoopNestChunked) is wrong
 * for every chunk it was never given before ompx passed them: a distribute
 * alone runs no iteration (its thread chunk is 0), a worksharing loop with
 * a chunk never ends (its block step is 0), and with both a thread starts
 * at BId * BC + TId rather than + TId * TC. Both ompx runtimes (the serial
 * host one and the GPU ABI shim) deal chunks with this instead.
 *
 * No product of a count and a chunk is formed unless it is known to fit
 * the type: a huge chunk cannot wrap a loop back to its start.
 *===----------------------------------------------------------------------===*/

#ifndef OMPX_RUNTIME_CHUNKEDLOOP_H
#define OMPX_RUNTIME_CHUNKEDLOOP_H

/* Whether K * CHUNK < LEFT, for LEFT > 0, without computing K * CHUNK
 * (which may not fit the type). */
#define OMPX_CHUNK_STARTS_BEFORE(TY, K, CHUNK, LEFT)                           \
  ((K) == 0 || (CHUNK) <= ((TY)(LEFT)-1) / (TY)(K))

#define OMPX_CHUNKED_LOOP(TY, N, TEAMS, TEAM, BC, THREADS, THREAD, TC, FN,     \
                          ARG)                                                 \
  do {                                                                         \
    TY ompx_cl_n = (N), ompx_cl_bc = (BC), ompx_cl_tc = (TC);                  \
    TY ompx_cl_teams = (TY)(TEAMS), ompx_cl_team = (TY)(TEAM);                 \
    TY ompx_cl_threads = (TY)(THREADS), ompx_cl_thread = (TY)(THREAD);         \
    ompx_cl_teams = ompx_cl_teams > 0 ? ompx_cl_teams : 1;                     \
    ompx_cl_threads = ompx_cl_threads > 0 ? ompx_cl_threads : 1;               \
    if (ompx_cl_n <= 0 ||                                                      \
        !OMPX_CHUNK_STARTS_BEFORE(TY, ompx_cl_team, ompx_cl_bc, ompx_cl_n))    \
      break;                                                                   \
    for (TY ompx_cl_b = ompx_cl_team * ompx_cl_bc;;                            \
         ompx_cl_b += ompx_cl_teams * ompx_cl_bc) {                            \
      TY ompx_cl_bend = ompx_cl_n - ompx_cl_b > ompx_cl_bc                     \
                            ? ompx_cl_b + ompx_cl_bc                           \
                            : ompx_cl_n;                                       \
      if (OMPX_CHUNK_STARTS_BEFORE(TY, ompx_cl_thread, ompx_cl_tc,             \
                                   ompx_cl_bend - ompx_cl_b))                  \
        for (TY ompx_cl_t = ompx_cl_b + ompx_cl_thread * ompx_cl_tc;;          \
             ompx_cl_t += ompx_cl_threads * ompx_cl_tc) {                      \
          TY ompx_cl_tend = ompx_cl_bend - ompx_cl_t > ompx_cl_tc              \
                                ? ompx_cl_t + ompx_cl_tc                       \
                                : ompx_cl_bend;                                \
          for (TY ompx_cl_iv = ompx_cl_t; ompx_cl_iv < ompx_cl_tend;           \
               ++ompx_cl_iv)                                                   \
            FN(ompx_cl_iv, ARG);                                               \
          if (!OMPX_CHUNK_STARTS_BEFORE(TY, ompx_cl_threads, ompx_cl_tc,       \
                                        ompx_cl_bend - ompx_cl_t))             \
            break;                                                             \
        }                                                                      \
      if (!OMPX_CHUNK_STARTS_BEFORE(TY, ompx_cl_teams, ompx_cl_bc,             \
                                    ompx_cl_n - ompx_cl_b))                    \
        break;                                                                 \
    }                                                                          \
  } while (0)

/* The loops without a chunk (a distribute-for's default, a worksharing
 * loop's schedule(static, 1)): iteration I to worker I mod WORKERS, the
 * workers numbered team-major, as LLVM's NormalizedLoopNestNoChunk deals
 * them. LLVM's `for (IV = ME; IV < N; IV += WORKERS)` has no trip count LLVM
 * can compute (the step may wrap), so it is never unrolled and a thread
 * waits for each load before it issues the next: reductions ran at half
 * CUB's speed on an H200. This loop counts its iterations first, which LLVM
 * unrolls. WORKERS (teams x threads) may exceed TY: a worker then has one
 * iteration at most. */
#define OMPX_CYCLIC_LOOP(TY, N, WORKERS, ME, FN, ARG)                          \
  do {                                                                         \
    TY ompx_cy_n = (N);                                                        \
    unsigned long long ompx_cy_w = (WORKERS), ompx_cy_me = (ME);               \
    if (ompx_cy_n <= 0 || ompx_cy_me >= (unsigned long long)ompx_cy_n)         \
      break;                                                                   \
    TY ompx_cy_first = (TY)ompx_cy_me;                                         \
    TY ompx_cy_left = ompx_cy_n - 1 - ompx_cy_first;                           \
    TY ompx_cy_step =                                                          \
        ompx_cy_w > (unsigned long long)ompx_cy_left ? 0 : (TY)ompx_cy_w;      \
    TY ompx_cy_count = ompx_cy_step ? ompx_cy_left / ompx_cy_step + 1 : 1;     \
    for (TY ompx_cy_k = 0; ompx_cy_k < ompx_cy_count; ++ompx_cy_k)             \
      FN(ompx_cy_first + ompx_cy_k * ompx_cy_step, ARG);                       \
  } while (0)

/* A distribute without a chunk: one contiguous block of [0, N) for each of
 * WORKERS teams, the first N % WORKERS one iteration larger, as libomp deals
 * them (`dist_schedule(static)` asks for at most one chunk a team; without
 * the clause the choice is the implementation's). WORKERS must be > 0. */
#define OMPX_BLOCKED_LOOP(TY, N, WORKERS, ME, FN, ARG)                         \
  do {                                                                         \
    TY ompx_bl_n = (N), ompx_bl_w = (TY)(WORKERS), ompx_bl_me = (TY)(ME);      \
    if (ompx_bl_n <= 0 || ompx_bl_w <= 0 || ompx_bl_me >= ompx_bl_w)           \
      break;                                                                   \
    TY ompx_bl_per = ompx_bl_n / ompx_bl_w,                                    \
       ompx_bl_extra = ompx_bl_n % ompx_bl_w;                                  \
    TY ompx_bl_begin =                                                         \
        ompx_bl_me * ompx_bl_per +                                             \
        (ompx_bl_me < ompx_bl_extra ? ompx_bl_me : ompx_bl_extra);             \
    TY ompx_bl_end =                                                           \
        ompx_bl_begin + ompx_bl_per + (ompx_bl_me < ompx_bl_extra ? 1 : 0);    \
    for (TY ompx_bl_iv = ompx_bl_begin; ompx_bl_iv < ompx_bl_end;              \
         ++ompx_bl_iv)                                                         \
      FN(ompx_bl_iv, ARG);                                                     \
  } while (0)

#endif /* OMPX_RUNTIME_CHUNKEDLOOP_H */
