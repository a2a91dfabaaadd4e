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
 *   Unless OMP_NUM_TEAMS is set, it is set to one full wave of such teams
 *   (SMs x max threads per SM / 128; more than one wave for kernels that
 *   need more than 32 registers per thread) while libomptarget registers
 *   the image and sets up its plugins, which read it then, and unset again
 *   after (__ompx_cuda_setup_end), so the host runtime and child processes
 *   never see it. libomptarget treats it as a cap on every kernel's teams:
 *   a num_teams clause above it gets that many teams.
 *
 * OMPX_CUDA_SCHEDULE=auto (default), spin, yield or blocking (libomptarget's
 * choice: nothing is done; other values are reported and treated so) and
 * OMPX_GPU_TEAMS=wave (default) or default (libomptarget's 3200) choose.
 * Nothing is done without the driver (OMPX_LIBCUDA names it, libcuda.so.1
 * by default) or with OMP_TARGET_OFFLOAD=DISABLED; a failing driver call
 * leaves the rest to libomptarget, which reports the problem as it would.
 *===----------------------------------------------------------------------===*/

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

typedef int (*cu_init_t)(unsigned);
typedef int (*cu_device_get_t)(int *, int);
typedef int (*cu_attribute_t)(int *, int, int);
typedef int (*cu_set_flags_t)(int, unsigned);
typedef int (*cu_retain_t)(void **, int);

enum {
  kSchedAuto = 0,
  kSchedSpin = 1,
  kSchedYield = 2,
  kAttrMultiprocessors = 16, /* CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT */
  kAttrMaxThreadsPerSM = 39, /* ..._MAX_THREADS_PER_MULTIPROCESSOR */
  kDefaultTeamThreads = 128, /* LLVM's default team size on nvptx */
};

/* Whether OMP_NUM_TEAMS is ours, to take back after the registration. */
static int teamsSetHere;

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
  int teams = !getenv("OMP_NUM_TEAMS") && !isSet("OMPX_GPU_TEAMS", "default");
  if (schedule < 0 && !teams)
    return;

  const char *library = getenv("OMPX_LIBCUDA");
  void *cuda = dlopen(library && *library ? library : "libcuda.so.1",
                      RTLD_NOW | RTLD_LOCAL);
  if (!cuda)
    return;
  cu_init_t init = (cu_init_t)dlsym(cuda, "cuInit");
  cu_device_get_t deviceGet = (cu_device_get_t)dlsym(cuda, "cuDeviceGet");
  cu_attribute_t attribute =
      (cu_attribute_t)dlsym(cuda, "cuDeviceGetAttribute");
  cu_set_flags_t setFlags =
      (cu_set_flags_t)dlsym(cuda, "cuDevicePrimaryCtxSetFlags_v2");
  cu_retain_t retain = (cu_retain_t)dlsym(cuda, "cuDevicePrimaryCtxRetain");
  const char *defaultDevice = getenv("OMP_DEFAULT_DEVICE");
  int ordinal = defaultDevice ? atoi(defaultDevice) : 0;
  int device;
  if (!init || !deviceGet || !attribute || !setFlags || !retain || init(0) ||
      deviceGet(&device, ordinal))
    return;
  if (teams) {
    int sms = 0, threads = 0;
    if (!attribute(&sms, kAttrMultiprocessors, device) &&
        !attribute(&threads, kAttrMaxThreadsPerSM, device) && sms > 0 &&
        threads >= kDefaultTeamThreads) {
      char value[16];
      snprintf(value, sizeof value, "%d",
               sms * (threads / kDefaultTeamThreads));
      teamsSetHere = !setenv("OMP_NUM_TEAMS", value, 0);
    }
  }
  void *context;
  if (schedule >= 0 && !setFlags(device, (unsigned)schedule))
    retain(&context, device); /* kept until exit: libomptarget finds it on */
}

void __ompx_cuda_setup_end(void) {
  if (teamsSetHere)
    unsetenv("OMP_NUM_TEAMS");
  teamsSetHere = 0;
}
