/*===- GpuAbiShim.c - LLVM 22 OpenMP device ABI over LLVM 19's runtime ----===*
 *
 * LLVM 22's OpenMPIRBuilder calls a device runtime whose interface differs
 * from LLVM 19's DeviceRTL (Debian's libomp-19-dev) in two places only:
 * `__kmpc_parallel_60` takes one more argument than 19's `__kmpc_parallel_51`
 * (nt_strict), and the 12 static-loop chunkers take one more flag
 * (one_iteration_per_thread). ompx renames 19's chunkers to `<name>_v19` and
 * 19's `__kmpc_target_init` to `__kmpc_target_init_v19` in the loaded module
 * before linking; this file defines the LLVM 22 names over them. It is
 * compiled to bitcode per GPU target at build time and linked, with the
 * runtime, into every device module before optimization, so all of it
 * inlines away.
 *
 * Two gaps besides the signatures: 22's plugin no longer points 19's bump
 * allocator at a memory pool (`__omp_rtl_device_memory_pool`; its first use
 * would trap), and amdgcn code reads `__oclc_ABI_version`, which clang emits
 * into amdgcn translation units and 19's bitcode only declares.
 *
 * test/launch/gpu-shim-abi.test compares every function here
 * with the installed OMPKinds.def, so a Debian update that changes either
 * side fails loudly.
 *===----------------------------------------------------------------------===*/

#include "ChunkedLoop.h"

#include <stdint.h>

typedef void ident_t;
typedef void (*loop_body_fn)(uint64_t iv, void *arg);

/* LLVM 19's entry points, renamed before linking. */
void __kmpc_parallel_51(ident_t *ident, int32_t gtid, int32_t if_expr,
                        int32_t num_threads, int32_t proc_bind, void *fn,
                        void *wrapper_fn, void **args, int64_t nargs);
int32_t __kmpc_target_init_v19(void *kernel_env, void *launch_env);

int omp_get_num_teams(void);
int omp_get_team_num(void);
int omp_get_thread_num(void);
uint32_t __kmpc_get_hardware_thread_id_in_block(void);

/* LLVM 22's static loops, dealt here (ChunkedLoop.h); none of 19's
 * chunkers is called. They differ from 22's in a flag (one iteration per
 * thread, which only allows skipping the loop) and in the trip count: 19's
 * run `num_iters + 1` iterations, where 22 passes the trip count
 * (llvm-project#133435; on an H100 every loop ran one iteration past its
 * end). 19's chunked loop is wrong for every chunk (dist_schedule/schedule,
 * which ompx's loop-chunks fix passes); a distribute-for without a block
 * chunk takes one thread chunk per thread per round. Without a chunk, a
 * distribute-for and a worksharing loop deal iteration i to thread i mod
 * (teams x threads), as 19 does, through a counted loop LLVM unrolls; a
 * distribute alone deals one contiguous block a team, as libomp and the
 * host-offload runtime do (19's cyclic dealing broke `dist_schedule(static)`,
 * which asks for one chunk a team). */
#define OMPX_V22_LOOPS(SUFFIX, T)                                              \
  void __kmpc_for_static_loop##SUFFIX(ident_t *ident, void *body, void *arg,   \
                                      T n, T nthreads, T thread_chunk,         \
                                      int8_t one_iteration_per_thread) {       \
    (void)one_iteration_per_thread;                                            \
    if (thread_chunk > 1) {                                                    \
      OMPX_CHUNKED_LOOP(T, n, 1, 0, n, nthreads, omp_get_thread_num(),         \
                        thread_chunk, ((loop_body_fn_##SUFFIX)body), arg);     \
      return;                                                                  \
    }                                                                          \
    (void)ident;                                                               \
    OMPX_CYCLIC_LOOP(T, n, nthreads, omp_get_thread_num(),                     \
                     ((loop_body_fn_##SUFFIX)body), arg);                      \
  }                                                                            \
  void __kmpc_distribute_static_loop##SUFFIX(                                  \
      ident_t *ident, void *body, void *arg, T n, T block_chunk,               \
      int8_t one_iteration_per_thread) {                                       \
    (void)one_iteration_per_thread;                                            \
    if (block_chunk > 0) {                                                     \
      OMPX_CHUNKED_LOOP(T, n, omp_get_num_teams(), omp_get_team_num(),         \
                        block_chunk, 1, 0, block_chunk,                        \
                        ((loop_body_fn_##SUFFIX)body), arg);                   \
      return;                                                                  \
    }                                                                          \
    (void)ident;                                                               \
    OMPX_BLOCKED_LOOP(T, n, omp_get_num_teams(), omp_get_team_num(),           \
                      ((loop_body_fn_##SUFFIX)body), arg);                     \
  }                                                                            \
  void __kmpc_distribute_for_static_loop##SUFFIX(                              \
      ident_t *ident, void *body, void *arg, T n, T nthreads, T block_chunk,   \
      T thread_chunk, int8_t one_iteration_per_thread) {                       \
    (void)one_iteration_per_thread;                                            \
    if (block_chunk > 0 || thread_chunk > 1) {                                 \
      T tc = thread_chunk > 0 ? thread_chunk : 1;                              \
      T bc = block_chunk > 0 ? block_chunk : nthreads * tc;                    \
      OMPX_CHUNKED_LOOP(T, n, omp_get_num_teams(), omp_get_team_num(), bc,     \
                        nthreads, omp_get_thread_num(), tc,                    \
                        ((loop_body_fn_##SUFFIX)body), arg);                   \
      return;                                                                  \
    }                                                                          \
    (void)ident;                                                               \
    OMPX_CYCLIC_LOOP(                                                          \
        T, n, (unsigned long long)omp_get_num_teams() * (uint64_t)nthreads,    \
        (unsigned long long)omp_get_team_num() * (uint64_t)nthreads +          \
            __kmpc_get_hardware_thread_id_in_block(),                          \
        ((loop_body_fn_##SUFFIX)body), arg);                                   \
  }

typedef void (*loop_body_fn__4)(int32_t, void *);
typedef void (*loop_body_fn__4u)(uint32_t, void *);
typedef void (*loop_body_fn__8)(int64_t, void *);
typedef void (*loop_body_fn__8u)(uint64_t, void *);

OMPX_V22_LOOPS(_4, int32_t)
OMPX_V22_LOOPS(_4u, uint32_t)
OMPX_V22_LOOPS(_8, int64_t)
OMPX_V22_LOOPS(_8u, uint64_t)

/* nt_strict (num_threads with the `strict` modifier) is an OpenMP 6.0 error
 * check that 19 does not know; MLIR's translation passes 0. */
void __kmpc_parallel_60(ident_t *ident, int32_t gtid, int32_t if_expr,
                        int32_t num_threads, int32_t proc_bind, void *fn,
                        void *wrapper_fn, void **args, int64_t nargs,
                        int32_t nt_strict) {
  (void)nt_strict;
  __kmpc_parallel_51(ident, gtid, if_expr, num_threads, proc_bind, fn,
                     wrapper_fn, args, nargs);
}

/* `omp critical` reaches the runtime with a hint (flang passes one for
 * every critical); 19 has only the hint-less entry, and a hint is advice. */
void __kmpc_critical(ident_t *ident, int32_t gtid, void *crit);
void __kmpc_critical_with_hint(ident_t *ident, int32_t gtid, void *crit,
                               int32_t hint) {
  (void)hint;
  __kmpc_critical(ident, gtid, crit);
}

#if defined(__NVPTX__)
/* 19's nvptx bitcode declares, and never defines, the lock functions its
 * __kmpc_critical calls (its amdgcn bitcode has them), so every critical
 * section left two unresolved symbols; the shim fills them. Its own
 * omp_set_lock is wrong as well: it spins while the compare-and-swap
 * *succeeds* (a bool compared with UNSET), so the first thread takes the lock
 * and every other one walks past it (on an H100, 2 of 1000 increments in a
 * critical section survived), and its omp_test_lock reads the lock without
 * taking it. The shim replaces both; ompx renames 19's definitions of
 * whatever the shim defines (`<name>_v19`) before linking. sm_70+ schedules
 * each thread independently, so lanes of one warp may spin on a lock another
 * lane holds. */
int omp_test_lock(uint32_t *lock) {
  uint32_t unset = 0;
  return __atomic_compare_exchange_n(lock, &unset, 1, 0, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED);
}
void omp_set_lock(uint32_t *lock) {
  while (!omp_test_lock(lock))
    ;
}
void omp_unset_lock(uint32_t *lock);
void _ZN4impl15setCriticalLockEP10omp_lock_t(uint32_t *lock) {
  omp_set_lock(lock);
}
void _ZN4impl17unsetCriticalLockEP10omp_lock_t(uint32_t *lock) {
  omp_unset_lock(lock);
}
#endif

/* 19's bump allocator (`malloc` on amdgcn, thread state and shared-memory
 * overflow everywhere) takes from this pool and computes its end as
 * `&pool + pool.Size`. A 64 MiB array the loader leaves uninitialized costs
 * no image bytes; it is hooked up by the first thread of every team before
 * 19's own init (whose barrier publishes it to the team). */
#define OMPX_POOL_BYTES (64u << 20)
struct ompx_device_memory_pool {
  void *ptr;
  uint64_t size;
};
__attribute__((visibility("protected"))) struct ompx_device_memory_pool
    __omp_rtl_device_memory_pool;
__attribute__((loader_uninitialized, aligned(16))) static char
    ompx_pool_storage[OMPX_POOL_BYTES];

#if defined(__NVPTX__)
#define OMPX_THREAD_ID() __nvvm_read_ptx_sreg_tid_x()
#else
#define OMPX_THREAD_ID() __builtin_amdgcn_workitem_id_x()
#define OMPX_AMDGCN 1
#endif

int32_t __kmpc_target_init(void *kernel_env, void *launch_env) {
  if (OMPX_THREAD_ID() == 0) {
    uintptr_t base = (uintptr_t)&__omp_rtl_device_memory_pool;
    /* Every team stores the same size; only the first one sets ptr. Relaxed
     * and device-scoped: 19's init barrier orders them for the team, and
     * anything stronger keeps the optimizer from forwarding kernel
     * arguments across this block (saxpy kept 8 bytes of stack). */
    __scoped_atomic_store_n(&__omp_rtl_device_memory_pool.size,
                            (uint64_t)((uintptr_t)ompx_pool_storage +
                                       OMPX_POOL_BYTES - base),
                            __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
    void *expected = 0;
    __scoped_atomic_compare_exchange_n(
        &__omp_rtl_device_memory_pool.ptr, &expected,
        (void *)ompx_pool_storage, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
        __MEMORY_SCOPE_DEVICE);
  }
  return __kmpc_target_init_v19(kernel_env, launch_env);
}

#ifdef OMPX_AMDGCN
/* Code object v5, what LLVM 22 emits for amdgcn by default. */
__attribute__((weak, visibility("hidden"))) const int __oclc_ABI_version = 500;
#endif
