/*===- HostDeviceRuntime.c - Serial OpenMP device runtime for x86_64 -------===*
 *
 * Device code that flang/MLIR emit for an x86_64 offload target calls the
 * GPU DeviceRTL entry points (__kmpc_target_init, __kmpc_parallel_60, the
 * static-loop chunkers, ...), and LLVM 22 ships no x86 DeviceRTL. This file
 * is that runtime for libomptarget's host plugin: teams of one thread, which
 * is a legal OpenMP execution of every construct it implements. A kernel
 * runs once per team its launch asks for (OpenMP 5.1: `num_teams(N)`
 * creates N; acc `num_gangs(N)`), in turn (HostTeams.cpp wraps it and calls
 * __ompx_host_team before each): a team gets its share of a distribute
 * loop, and its code outside one runs once per team, as on a GPU. It is linked
 *into the device image only (clang-linker-wrapper -Xoffload-linker).
 *
 * The pipeline checks a device image's undefined __kmpc_/omp_ symbols
 * against what this file's object defines before linking
 * (compile/HostOffloadCheck.cpp), and refuses the construct of any other.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE /* RTLD_DEFAULT */
#include "ChunkedLoop.h"
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

typedef struct ident ident_t;
typedef void (*microtask_t)(int32_t *, int32_t *, ...);

#define EXPORT __attribute__((visibility("protected")))

/* Per host thread: the plugin runs a kernel on the thread that launched it,
 * and host threads may launch kernels at once (target in a parallel
 * region). */
/* Nesting level of parallel regions in this kernel's (only) thread. */
static _Thread_local int parallelLevel;

/* The team running now, of how many (HostTeams.cpp's wrapper sets them). */
static _Thread_local int32_t teamNum = 0, numTeams = 1;

EXPORT void __ompx_host_team(int32_t team, int32_t teams) {
  teamNum = team;
  numTeams = teams > 0 ? teams : 1;
}

/* The team count the launching thread asked for (a num_teams known only at
 * run time): the program stores it in its thread-local
 * __ompx_host_teams_request before the launch (HostTeams.cpp), which runs
 * on that thread. A program that does not define it (not linked by ompx),
 * no clause (0) or a target without teams (-1): one team. */
EXPORT int32_t __ompx_host_teams_requested(void) {
  int32_t *request =
      (int32_t *)dlsym(RTLD_DEFAULT, "__ompx_host_teams_request");
  return request && *request > 1 ? *request : 1;
}

/*--- Kernel entry and exit -------------------------------------------------*/

/* -1 tells the kernel that this thread runs the user code; there are no
 * worker threads to park in a state machine. */
EXPORT int32_t __kmpc_target_init(void *kernelEnvironment,
                                  void *launchEnvironment) {
  parallelLevel = 0;
  return -1;
}
EXPORT void __kmpc_target_deinit(void) {}

EXPORT int32_t __kmpc_global_thread_num(ident_t *loc) { return 0; }

/*--- parallel --------------------------------------------------------------*/

/* The outlined region takes (&tid, &zero, args[0], ..., args[nargs-1]). */
static void invokeMicrotask(microtask_t fn, void **a, int64_t nargs) {
  int32_t tid = 0, zero = 0;
  switch (nargs) {
#define A(i) a[i]
  case 0: fn(&tid, &zero); break;
  case 1: fn(&tid, &zero, A(0)); break;
  case 2: fn(&tid, &zero, A(0), A(1)); break;
  case 3: fn(&tid, &zero, A(0), A(1), A(2)); break;
  case 4: fn(&tid, &zero, A(0), A(1), A(2), A(3)); break;
  case 5: fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4)); break;
  case 6: fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5)); break;
  case 7: fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6)); break;
  case 8:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7));
    break;
  case 9:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8));
    break;
  case 10:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8),
       A(9));
    break;
  case 11:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8),
       A(9), A(10));
    break;
  case 12:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8),
       A(9), A(10), A(11));
    break;
  case 13:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8),
       A(9), A(10), A(11), A(12));
    break;
  case 14:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8),
       A(9), A(10), A(11), A(12), A(13));
    break;
  case 15:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8),
       A(9), A(10), A(11), A(12), A(13), A(14));
    break;
  case 16:
    fn(&tid, &zero, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7), A(8),
       A(9), A(10), A(11), A(12), A(13), A(14), A(15));
    break;
#undef A
  default:
    /* The pipeline rejects regions with more captured values up front. */
    abort();
  }
}

/* A team of one thread: the region runs once, on this thread. */
EXPORT void __kmpc_parallel_60(ident_t *loc, int32_t gtid, int32_t ifExpr,
                               int32_t numThreads, int32_t procBind,
                               void *fn, void *wrapperFn, void **args,
                               int64_t nargs, int32_t ntStrict) {
  ++parallelLevel;
  invokeMicrotask((microtask_t)fn, args, nargs);
  --parallelLevel;
}

/*--- Worksharing loops (normalized iteration space [0, numIters)) ----------*/

/* A distribute loop: this team's iterations of [0, numIters): chunks of
 * blockChunk dealt round-robin to the teams (ChunkedLoop.h), else one
 * contiguous block each (the larger blocks first), as libomp deals them. */
#define DISTRIBUTE(TY, numIters, blockChunk, fn, arg)                          \
  do {                                                                         \
    TY teams_ = (TY)numTeams, team_ = (TY)teamNum;                             \
    if ((blockChunk) > 0) {                                                    \
      OMPX_CHUNKED_LOOP(TY, numIters, teams_, team_, blockChunk, 1, 0,         \
                        blockChunk, fn, arg);                                  \
    } else {                                                                   \
      OMPX_BLOCKED_LOOP(TY, numIters, teams_, team_, fn, arg);                 \
    }                                                                          \
  } while (0)

#define LOOP_ENTRIES(SUFFIX, TY)                                               \
  EXPORT void __kmpc_for_static_loop##SUFFIX(                                  \
      ident_t *loc, void (*fn)(TY, void *), void *arg, TY numIters,            \
      TY numThreads, TY threadChunk, uint8_t oneIterationPerThread) {          \
    for (TY iv = 0; iv < numIters; ++iv)                                       \
      fn(iv, arg);                                                             \
  }                                                                            \
  EXPORT void __kmpc_distribute_static_loop##SUFFIX(                           \
      ident_t *loc, void (*fn)(TY, void *), void *arg, TY numIters,            \
      TY blockChunk, uint8_t oneIterationPerThread) {                          \
    DISTRIBUTE(TY, numIters, blockChunk, fn, arg);                             \
  }                                                                            \
  EXPORT void __kmpc_distribute_for_static_loop##SUFFIX(                       \
      ident_t *loc, void (*fn)(TY, void *), void *arg, TY numIters,            \
      TY numThreads, TY blockChunk, TY threadChunk,                            \
      uint8_t oneIterationPerThread) {                                         \
    DISTRIBUTE(TY, numIters, blockChunk, fn, arg);                             \
  }

LOOP_ENTRIES(_4, int32_t)
LOOP_ENTRIES(_4u, uint32_t)
LOOP_ENTRIES(_8, int64_t)
LOOP_ENTRIES(_8u, uint64_t)

/* Classic static schedule: the only thread owns the whole range; with
 * several teams, distribute gives this team its block (or, with a chunk,
 * its first chunk and the stride to its next), as libomp does. An empty
 * share has its lower bound past its upper one. */
#define STATIC_INIT(SUFFIX, TY, STY)                                           \
  EXPORT void __kmpc_for_static_init##SUFFIX(                                  \
      ident_t *loc, int32_t gtid, int32_t schedule, int32_t *isLast,           \
      TY *lower, TY *upper, STY *stride, STY incr, STY chunk) {                \
    *isLast = 1;                                                               \
    *stride = (STY)(*upper - *lower) + 1;                                      \
  }                                                                            \
  EXPORT void __kmpc_distribute_static_init##SUFFIX(                           \
      ident_t *loc, int32_t gtid, int32_t schedule, int32_t *isLast,           \
      TY *lower, TY *upper, STY *stride, STY incr, STY chunk) {                \
    if (numTeams == 1 || incr == 0) {                                          \
      *isLast = 1;                                                             \
      *stride = (STY)(*upper - *lower) + 1;                                    \
      return;                                                                  \
    }                                                                          \
    uint64_t trip = incr > 0                                                   \
                        ? (uint64_t)(*upper - *lower) / (uint64_t)incr + 1     \
                        : (uint64_t)(*lower - *upper) / (uint64_t)(-incr) + 1; \
    uint64_t teams = (uint64_t)numTeams, team = (uint64_t)teamNum;             \
    TY first = *lower, last = *upper;                                          \
    if (chunk > 0) {                                                           \
      uint64_t c = (uint64_t)chunk;                                            \
      *lower = first + (TY)(team * c) * (TY)incr;                              \
      *upper = *lower + (TY)(c - 1) * (TY)incr;                                \
      *stride = (STY)(teams * c) * incr;                                       \
      *isLast = ((trip - 1) / c) % teams == team;                              \
      if (team * c >= trip)                                                    \
        *lower = last + (TY)incr, *upper = last;                               \
      else if (team * c + c > trip)                                            \
        *upper = last;                                                         \
      return;                                                                  \
    }                                                                          \
    uint64_t per = trip / teams, extra = trip % teams;                         \
    uint64_t begin = team * per + (team < extra ? team : extra);               \
    uint64_t count = per + (team < extra ? 1 : 0);                             \
    *isLast = begin + count == trip && count > 0;                              \
    *stride = (STY)trip * incr;                                                \
    if (count == 0) {                                                          \
      *lower = last + (TY)incr, *upper = last;                                 \
      return;                                                                  \
    }                                                                          \
    *lower = first + (TY)begin * (TY)incr;                                     \
    *upper = *lower + (TY)(count - 1) * (TY)incr;                              \
  }

STATIC_INIT(_4, int32_t, int32_t)
STATIC_INIT(_4u, uint32_t, int32_t)
STATIC_INIT(_8, int64_t, int64_t)
STATIC_INIT(_8u, uint64_t, int64_t)

EXPORT void __kmpc_for_static_fini(ident_t *loc, int32_t gtid) {}
EXPORT void __kmpc_distribute_static_fini(ident_t *loc, int32_t gtid) {}

/*--- Synchronization: trivially satisfied by a single thread ---------------*/

EXPORT void __kmpc_barrier(ident_t *loc, int32_t gtid) {}
EXPORT void __kmpc_barrier_simple_spmd(ident_t *loc, int32_t gtid) {}
EXPORT void __kmpc_flush(ident_t *loc) {}
EXPORT void __kmpc_critical(ident_t *loc, int32_t gtid, void *lock) {}
EXPORT void __kmpc_end_critical(ident_t *loc, int32_t gtid, void *lock) {}
/* A named critical, or one with a hint. */
EXPORT void __kmpc_critical_with_hint(ident_t *loc, int32_t gtid, void *lock,
                                      uint32_t hint) {}
EXPORT int32_t __kmpc_single(ident_t *loc, int32_t gtid) { return 1; }
EXPORT void __kmpc_end_single(ident_t *loc, int32_t gtid) {}
/* `single copyprivate` (and flang's split workshare blocks, which broadcast
 * what their single computed): the single's thread is the only one, and
 * its values are already where every thread reads them. */
EXPORT void __kmpc_copyprivate(ident_t *loc, int32_t gtid, size_t size,
                               void *data, void (*copy)(void *, void *),
                               int32_t didit) {}
EXPORT int32_t __kmpc_master(ident_t *loc, int32_t gtid) { return 1; }
EXPORT void __kmpc_end_master(ident_t *loc, int32_t gtid) {}
EXPORT int32_t __kmpc_masked(ident_t *loc, int32_t gtid, int32_t filter) {
  return filter == 0;
}
EXPORT void __kmpc_end_masked(ident_t *loc, int32_t gtid) {}

/* `ordered` regions of a worksharing loop: its one thread runs the
 * iterations in order already. */
EXPORT void __kmpc_ordered(ident_t *loc, int32_t gtid) {}
EXPORT void __kmpc_end_ordered(ident_t *loc, int32_t gtid) {}

/*--- Tasks: each runs when it is created ------------------------------------*/

/* An explicit task may run at once, on the thread that encounters it
 * (OpenMP's undeferred execution), as the GPU runtimes do: every task has
 * finished by the time it would wait for it (taskwait, taskgroup, a
 * dependence), so those have nothing left to do. The compiler's layout of
 * a task (libomp's kmp_task_t): the shared variables' block first, then the
 * entry point; `size` covers the task and its private copies, and the
 * shared block follows it. */
typedef int32_t (*task_entry_t)(int32_t, void *);
typedef struct {
  void *shareds;
  task_entry_t routine;
} ompx_task_t;

/* Ahead of each task, out of the compiler's sight: whether it is final
 * (libomp's flag bit 1), and omp_in_final's value outside it. */
typedef struct {
  int32_t final;
  int32_t outerFinal;
  int32_t outerExplicit;
  char pad[4];
} ompx_task_head_t;
static _Thread_local int inFinal, inExplicitTask;

static ompx_task_head_t *headOf(void *task) {
  return (ompx_task_head_t *)task - 1;
}
static void beginTask(void *task) {
  ompx_task_head_t *head = headOf(task);
  head->outerFinal = inFinal;
  head->outerExplicit = inExplicitTask;
  /* A task a final task creates is final (and included) too. */
  inFinal = inFinal || head->final;
  inExplicitTask = 1;
}
static void endTask(void *task) {
  inFinal = headOf(task)->outerFinal;
  inExplicitTask = headOf(task)->outerExplicit;
  free(headOf(task));
}

EXPORT void *__kmpc_omp_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                   size_t size, size_t sharedsSize,
                                   task_entry_t routine) {
  size_t head = (size + 15) & ~(size_t)15;
  if (head < sizeof(ompx_task_t))
    head = sizeof(ompx_task_t);
  char *block = calloc(1, sizeof(ompx_task_head_t) + head + sharedsSize);
  if (!block)
    abort();
  ((ompx_task_head_t *)block)->final = (flags & 2) != 0;
  ompx_task_t *task = (ompx_task_t *)(block + sizeof(ompx_task_head_t));
  task->shareds = sharedsSize ? (char *)task + head : NULL;
  task->routine = routine;
  return task;
}
EXPORT int32_t __kmpc_omp_task(ident_t *loc, int32_t gtid, void *task) {
  beginTask(task);
  ((ompx_task_t *)task)->routine(gtid, task);
  endTask(task);
  return 0;
}
EXPORT int32_t __kmpc_omp_task_with_deps(ident_t *loc, int32_t gtid, void *task,
                                         int32_t ndeps, void *deps,
                                         int32_t ndepsNoalias,
                                         void *depsNoalias) {
  return __kmpc_omp_task(loc, gtid, task);
}
/* `if(.false.)`: the compiler calls the entry point itself in between. */
EXPORT void __kmpc_omp_task_begin_if0(ident_t *loc, int32_t gtid, void *task) {
  beginTask(task);
}
EXPORT void __kmpc_omp_task_complete_if0(ident_t *loc, int32_t gtid,
                                         void *task) {
  endTask(task);
}
EXPORT void __kmpc_omp_wait_deps(ident_t *loc, int32_t gtid, int32_t ndeps,
                                 void *deps, int32_t ndepsNoalias,
                                 void *depsNoalias) {}
EXPORT int32_t __kmpc_omp_taskwait(ident_t *loc, int32_t gtid) { return 0; }
EXPORT void __kmpc_omp_taskwait_deps_51(ident_t *loc, int32_t gtid,
                                        int32_t ndeps, void *deps,
                                        int32_t ndepsNoalias, void *depsNoalias,
                                        int32_t nowait) {}
EXPORT int32_t __kmpc_omp_taskyield(ident_t *loc, int32_t gtid, int32_t end) {
  return 0;
}
EXPORT void __kmpc_taskgroup(ident_t *loc, int32_t gtid) {}
EXPORT void __kmpc_end_taskgroup(ident_t *loc, int32_t gtid) {}

/* Reductions (non-GPU device code uses the host-style protocol): returning 1
 * makes this thread combine its private copy into the original. */
EXPORT int32_t __kmpc_reduce(ident_t *loc, int32_t gtid, int32_t numVars,
                             uint64_t size, void *data, void *reduceFn,
                             void *lock) {
  return 1;
}
EXPORT void __kmpc_end_reduce(ident_t *loc, int32_t gtid, void *lock) {}
EXPORT int32_t __kmpc_reduce_nowait(ident_t *loc, int32_t gtid,
                                    int32_t numVars, uint64_t size, void *data,
                                    void *reduceFn, void *lock) {
  return 1;
}
EXPORT void __kmpc_end_reduce_nowait(ident_t *loc, int32_t gtid, void *lock) {}

/*--- Memory shared between a generic-mode kernel and its parallel regions --*/

EXPORT void *__kmpc_alloc_shared(uint64_t bytes) {
  return malloc(bytes ? bytes : 1);
}
EXPORT void __kmpc_free_shared(void *ptr, uint64_t bytes) { free(ptr); }

/*--- OpenMP API as seen from inside a target region ------------------------*/

EXPORT int omp_is_initial_device(void) { return 0; }
EXPORT int omp_get_thread_num(void) { return 0; }
EXPORT int omp_get_num_threads(void) { return 1; }
EXPORT int omp_get_max_threads(void) { return 1; }
EXPORT int omp_get_thread_limit(void) { return 1; }
EXPORT int omp_get_team_num(void) { return teamNum; }
EXPORT int omp_get_num_teams(void) { return numTeams; }
EXPORT int omp_get_level(void) { return parallelLevel; }
/* Every team of one thread: each level's team has one, thread 0. */
EXPORT int omp_get_team_size(int level) {
  return level >= 0 && level <= parallelLevel ? 1 : -1;
}
EXPORT int omp_get_ancestor_thread_num(int level) {
  return level >= 0 && level <= parallelLevel ? 0 : -1;
}
EXPORT int omp_in_final(void) { return inFinal; }
EXPORT int omp_get_active_level(void) { return 0; }
EXPORT int omp_in_parallel(void) { return 0; }
EXPORT int omp_in_explicit_task(void) { return inExplicitTask; }

/* The device's ICVs: one processor per team's thread, no nested
 * parallelism, no places, the default allocator, no task priorities. */
EXPORT int omp_get_num_procs(void) { return 1; }
EXPORT int omp_get_dynamic(void) { return 0; }
EXPORT int omp_get_nested(void) { return 0; }
EXPORT int omp_get_max_active_levels(void) { return 1; }
EXPORT int omp_get_supported_active_levels(void) { return 1; }
EXPORT int omp_get_proc_bind(void) { return 0; /* omp_proc_bind_false */ }
EXPORT int omp_get_num_places(void) { return 0; }
EXPORT int omp_get_place_num(void) { return -1; }
EXPORT int omp_get_partition_num_places(void) { return 0; }
EXPORT int omp_get_max_task_priority(void) { return 0; }
EXPORT uintptr_t omp_get_default_allocator(void) {
  return 1; /* omp_default_mem_alloc */
}

/* The device is this process: the host's clock. (omp_get_num_devices and
 * friends stay refused: the image cannot reach the host runtime's answers
 * from inside a kernel; dlsym of them there spun in the loader.) */
EXPORT double omp_get_wtime(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
EXPORT double omp_get_wtick(void) {
  struct timespec t;
  clock_getres(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
/* Locks: a team's one thread is the only one that can hold them (a target
 * region is a contention group of its own). Fortran's omp_lock_kind and
 * omp_nest_lock_kind are 8 bytes. */
EXPORT void omp_init_lock(int64_t *lock) { *lock = 0; }
EXPORT void omp_destroy_lock(int64_t *lock) { *lock = 0; }
EXPORT void omp_set_lock(int64_t *lock) { *lock = 1; }
EXPORT void omp_unset_lock(int64_t *lock) { *lock = 0; }
EXPORT int omp_test_lock(int64_t *lock) {
  if (*lock)
    return 0;
  *lock = 1;
  return 1;
}
EXPORT void omp_init_nest_lock(int64_t *lock) { *lock = 0; }
EXPORT void omp_destroy_nest_lock(int64_t *lock) { *lock = 0; }
EXPORT void omp_set_nest_lock(int64_t *lock) { ++*lock; }
EXPORT void omp_unset_nest_lock(int64_t *lock) { --*lock; }
EXPORT int omp_test_nest_lock(int64_t *lock) { return (int)++*lock; }
