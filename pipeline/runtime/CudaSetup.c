/*===- CudaSetup.c - How an ompx nvptx program sets up its GPU ------------===*
 *
 * Linked into every program ompx builds for nvptx and called first by the
 * constructor that registers the device image with libomptarget, before
 * libomptarget sees the GPU. Measured on an H100 (bench/bench_gpu.py against
 * CUDA C++ references of the same computations):
 *
 * - libomptarget 22 creates the primary context with
 *   CU_CTX_SCHED_BLOCKING_SYNC when it finds it inactive, so the host thread
 *   sleeps on every synchronous target region: saxpy (n = 2^26) took 386 us
 *   for CUDA's 301, about 80 us of it waiting to be woken. A CUDA program
 *   gets the driver's default, CU_CTX_SCHED_AUTO (it spins while there are
 *   fewer contexts than cores). Here the default device's primary context is
 *   given that default and retained, so libomptarget finds it active and
 *   keeps its flags: 331 us.
 * - Without num_teams, libomptarget launches at most 3200 teams of 128
 *   threads on nvptx, 1.5 waves of an H100 (132 SMs x 16 such teams), whose
 *   half-empty second wave cost saxpy 21 us more and the reduction 19 us.
 *   The program's calls to __tgt_target_kernel are linked to
 *   __wrap___tgt_target_kernel (ld --wrap), which gives a teams kernel that
 *   has no num_teams clause one full wave of its teams (SMs x teams an SM
 *   holds), unless its loop is too short to fill that many. Per launch, in
 *   the launch's own arguments: a num_teams clause, the host runtime (its
 *   max teams, its teams regions, a target region's host fallback) and
 *   child processes see nothing of it, and neither does libomptarget's
 *   block limit. The user's OMP_NUM_TEAMS or OMP_TEAMS_THREAD_LIMIT leaves
 *   every launch to libomptarget, which applies them.
 *
 * OMPX_CUDA_SCHEDULE=auto (default), spin, yield or blocking (libomptarget's
 * choice: nothing is done; other values are reported and treated so) and
 * OMPX_GPU_TEAMS=wave (default), default (libomptarget's 3200) or a number
 * of teams (to measure other grids; clauses still win) choose.
 * Nothing is done without the driver (OMPX_LIBCUDA names it, libcuda.so.1
 * by default) or with OMP_TARGET_OFFLOAD=DISABLED; a failing driver call
 * leaves the rest to libomptarget, which reports the problem as it would.
 *===----------------------------------------------------------------------===*/

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

typedef int (*cu_init_t)(unsigned);
typedef int (*cu_device_get_t)(int *, int);
typedef int (*cu_attribute_t)(int *, int, int);
typedef int (*cu_set_flags_t)(int, unsigned);
typedef int (*cu_retain_t)(void **, int);
typedef int (*cu_count_t)(int *);

enum {
  kSchedAuto = 0,
  kSchedSpin = 1,
  kSchedYield = 2,
  kAttrMultiprocessors = 16, /* CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT */
  kAttrMaxThreadsPerSM = 39, /* ..._MAX_THREADS_PER_MULTIPROCESSOR */
  kAttrMaxBlocksPerSM = 106, /* ..._MAX_BLOCKS_PER_MULTIPROCESSOR */
  kDefaultTeamThreads = 128, /* LLVM's default team size on nvptx */
  kMaxDevices = 64,
};

/* The launch arguments of OpenMP 5.x target kernels (OMPKinds.def's
 * __tgt_kernel_arguments, version 3); only the fields up to ThreadLimit are
 * read or written here. */
struct KernelArgs {
  uint32_t version, numArgs;
  void **basePtrs, **ptrs;
  int64_t *sizes, *types;
  void **names, **mappers;
  uint64_t tripCount, flags;
  uint32_t numTeams[3], threadLimit[3];
};

int __real___tgt_target_kernel(void *loc, int64_t device, int32_t numTeams,
                               int32_t threadLimit, void *hostPtr,
                               struct KernelArgs *args);
int omp_get_default_device(void);
int omp_get_num_devices(void);

/* Set once by the set-up, before any launch: the driver's GPUs when
 * launches get a wave (0: every launch is left to libomptarget), and the
 * driver calls that size it. */
static int cudaDevices, devicesChecked;
/* OMPX_GPU_TEAMS=N: N teams instead of a wave. */
static uint32_t fixedTeams;
static cu_device_get_t deviceGet;
static cu_attribute_t attribute;
/* Per CUDA ordinal: SMs (0 = not read yet, -1 = unknown), the threads and
 * the blocks an SM holds. Launching threads may race to fill them: they
 * compute the same values, published with atomics. */
static int multiprocessors[kMaxDevices], threadsPerSM[kMaxDevices],
    blocksPerSM[kMaxDevices];

static int isSet(const char *name, const char *value) {
  const char *v = getenv(name);
  return v && !strcasecmp(v, value);
}

void __ompx_cuda_setup(void) {
  if (isSet("OMP_TARGET_OFFLOAD", "disabled"))
    return;
  int schedule = kSchedAuto;
  const char *mode = getenv("OMPX_CUDA_SCHEDULE");
  if (mode && *mode) {
    if (!strcasecmp(mode, "blocking"))
      schedule = -1;
    else if (!strcasecmp(mode, "spin"))
      schedule = kSchedSpin;
    else if (!strcasecmp(mode, "yield"))
      schedule = kSchedYield;
    else if (strcasecmp(mode, "auto")) {
      fprintf(stderr,
              "ompx: OMPX_CUDA_SCHEDULE=%s is not auto, spin, yield or "
              "blocking; libomptarget's scheduling is kept\n",
              mode);
      schedule = -1;
    }
  }
  const char *grid = getenv("OMPX_GPU_TEAMS");
  int teams = !getenv("OMP_NUM_TEAMS") && !getenv("OMP_TEAMS_THREAD_LIMIT") &&
              !isSet("OMPX_GPU_TEAMS", "default");
  if (teams && grid && *grid && strcasecmp(grid, "wave")) {
    char *end;
    unsigned long n = strtoul(grid, &end, 10);
    if (*end || !n || n > 0x7fffffff) {
      fprintf(stderr,
              "ompx: OMPX_GPU_TEAMS=%s is not wave, default or a number of "
              "teams; one wave is used\n",
              grid);
    } else {
      fixedTeams = (uint32_t)n;
    }
  }
  if (schedule < 0 && !teams)
    return;

  const char *library = getenv("OMPX_LIBCUDA");
  void *cuda = dlopen(library && *library ? library : "libcuda.so.1",
                      RTLD_NOW | RTLD_LOCAL);
  if (!cuda)
    return;
  cu_init_t init = (cu_init_t)dlsym(cuda, "cuInit");
  deviceGet = (cu_device_get_t)dlsym(cuda, "cuDeviceGet");
  attribute = (cu_attribute_t)dlsym(cuda, "cuDeviceGetAttribute");
  cu_count_t count = (cu_count_t)dlsym(cuda, "cuDeviceGetCount");
  cu_set_flags_t setFlags =
      (cu_set_flags_t)dlsym(cuda, "cuDevicePrimaryCtxSetFlags_v2");
  cu_retain_t retain = (cu_retain_t)dlsym(cuda, "cuDevicePrimaryCtxRetain");
  const char *defaultDevice = getenv("OMP_DEFAULT_DEVICE");
  int ordinal = defaultDevice ? atoi(defaultDevice) : 0;
  int device;
  int devices = 0;
  if (!init || !deviceGet || !attribute || !setFlags || !retain || init(0) ||
      deviceGet(&device, ordinal))
    return;
  /* OpenMP device numbers are CUDA ordinals when every offload device is
   * an NVIDIA GPU (an nvptx-only program); checked at the first launch. */
  cudaDevices = teams && count && !count(&devices) && devices > 0 &&
                        devices <= kMaxDevices
                    ? devices
                    : 0;
  void *context;
  if (schedule >= 0 && !setFlags(device, (unsigned)schedule))
    retain(&context, device); /* kept until exit: libomptarget finds it on */
}

/* One full wave of the kernel's teams on CUDA device `ordinal` (or the
 * teams OMPX_GPU_TEAMS asks for), or 0 to leave the launch to
 * libomptarget. */
static uint32_t oneWave(int ordinal, uint32_t threads) {
  if (ordinal < 0 || ordinal >= __atomic_load_n(&cudaDevices, __ATOMIC_RELAXED))
    return 0;
  if (fixedTeams)
    return fixedTeams;
  int sms = __atomic_load_n(&multiprocessors[ordinal], __ATOMIC_ACQUIRE);
  if (!sms) {
    int device, maxThreads = 0, maxBlocks = 0;
    int ok = !deviceGet(&device, ordinal) &&
             !attribute(&sms, kAttrMultiprocessors, device) &&
             !attribute(&maxThreads, kAttrMaxThreadsPerSM, device) &&
             !attribute(&maxBlocks, kAttrMaxBlocksPerSM, device) && sms > 0 &&
             maxThreads > 0 && maxBlocks > 0;
    if (!ok)
      sms = -1;
    /* The SMs last: a thread that sees them sees the rest. */
    __atomic_store_n(&threadsPerSM[ordinal], maxThreads, __ATOMIC_RELAXED);
    __atomic_store_n(&blocksPerSM[ordinal], maxBlocks, __ATOMIC_RELAXED);
    __atomic_store_n(&multiprocessors[ordinal], sms, __ATOMIC_RELEASE);
  }
  if (sms < 0)
    return 0;
  /* As many of the kernel's teams as an SM holds at once. */
  uint32_t perSM =
      (uint32_t)__atomic_load_n(&threadsPerSM[ordinal], __ATOMIC_RELAXED) /
      threads;
  uint32_t blocks =
      (uint32_t)__atomic_load_n(&blocksPerSM[ordinal], __ATOMIC_RELAXED);
  if (perSM > blocks)
    perSM = blocks;
  return (uint32_t)sms * (perSM ? perSM : 1);
}

/* A teams kernel without num_teams (numTeams 0; -1 is a target region
 * without teams) gets one full wave, unless its loop fills fewer teams:
 * libomptarget then sizes the grid to the loop, as it would. */
int __wrap___tgt_target_kernel(void *loc, int64_t device, int32_t numTeams,
                               int32_t threadLimit, void *hostPtr,
                               struct KernelArgs *args) {
  if (__atomic_load_n(&cudaDevices, __ATOMIC_RELAXED) && numTeams == 0 &&
      args && args->version >= 2 && args->numTeams[0] == 0) {
    uint32_t threads =
        args->threadLimit[0] ? args->threadLimit[0] : kDefaultTeamThreads;
    /* Device numbers are CUDA ordinals only if libomptarget sees the same
     * devices (it may have found none at all); asked once. */
    if (!__atomic_load_n(&devicesChecked, __ATOMIC_ACQUIRE)) {
      if (omp_get_num_devices() != cudaDevices)
        __atomic_store_n(&cudaDevices, 0, __ATOMIC_RELAXED);
      __atomic_store_n(&devicesChecked, 1, __ATOMIC_RELEASE);
    }
    int ordinal = device < 0 ? omp_get_default_device() : (int)device;
    uint32_t wave = oneWave(ordinal, threads);
    if (wave &&
        !(args->tripCount && args->tripCount < (uint64_t)wave * threads))
      args->numTeams[0] = (uint32_t)(numTeams = (int32_t)wave);
  }
  return __real___tgt_target_kernel(loc, device, numTeams, threadLimit, hostPtr,
                                    args);
}
