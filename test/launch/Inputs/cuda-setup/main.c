/* Calls the ompx CUDA set-up as an nvptx program's image registration does,
 * then launches kernels through its wrapper of __tgt_target_kernel as the
 * program's host code does (linked with --wrap), standing in for
 * libomptarget: each launch prints the teams and threads libomptarget would
 * be asked for. Arguments: the number of devices libomptarget sees (1). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct KernelArgs {
  uint32_t version, numArgs;
  void *pointers[6];
  uint64_t tripCount, flags;
  uint32_t numTeams[3], threadLimit[3], dynCGroupMem;
};
void __ompx_cuda_setup(void);
int __wrap___tgt_target_kernel(void *, int64_t, int32_t, int32_t, void *,
                               struct KernelArgs *);

static int devices = 1;
int omp_get_num_devices(void) { return devices; }
int omp_get_default_device(void) { return 0; }
int __real___tgt_target_kernel(void *loc, int64_t device, int32_t numTeams,
                               int32_t threadLimit, void *hostPtr,
                               struct KernelArgs *args) {
  printf("  device %lld: num_teams %d (args %u), thread_limit %d\n",
         (long long)device, numTeams, args->numTeams[0], threadLimit);
  return 0;
}

static void launch(const char *what, int64_t device, int32_t teams,
                   int32_t threads, uint64_t tripCount) {
  struct KernelArgs args = {
      3, 0, {0}, tripCount, 0, {teams < 0 ? 1 : teams, 0, 0}, {threads, 0, 0},
      0};
  printf("%s\n", what);
  __wrap___tgt_target_kernel(0, device, teams, threads, 0, &args);
}

int main(int argc, char **argv) {
  if (argc > 1)
    devices = atoi(argv[1]);
  __ompx_cuda_setup();
  const char *teams = getenv("OMP_NUM_TEAMS");
  printf("after set-up: OMP_NUM_TEAMS=%s\n", teams ? teams : "(unset)");
  launch("no clause, unknown trip count", -1, 0, 0, 0);
  launch("no clause, 2^26 iterations", -1, 0, 0, 1 << 26);
  launch("no clause, 1000 iterations", -1, 0, 0, 1000);
  launch("num_teams(4000)", -1, 4000, 0, 1 << 26);
  launch("num_teams(7)", 0, 7, 0, 0);
  launch("target without teams", -1, -1, 0, 0);
  launch("thread_limit(512)", 0, 0, 512, 0);
  launch("thread_limit(32)", 0, 0, 32, 0);
  launch("device 1", 1, 0, 0, 0);
  return 0;
}
