/* A program for the Slurm launcher tests: prints CUDA_VISIBLE_DEVICES (what
   the job's gres gives it), then per argument: exit=N ends with status N,
   crash raises SIGSEGV, sleep=N prints a tick a second for N seconds, say=TEXT
   prints TEXT in brackets. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  const char *gpus = getenv("CUDA_VISIBLE_DEVICES");
  printf("CUDA_VISIBLE_DEVICES=%s\n", gpus ? gpus : "(unset)");
  fflush(stdout);
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "crash"))
      raise(SIGSEGV);
    else if (!strncmp(argv[i], "sleep=", 6))
      for (int s = atoi(argv[i] + 6); s > 0; --s) { printf("tick %d\n", s); fflush(stdout); sleep(1); }
    else if (!strncmp(argv[i], "say=", 4))
      printf("said: [%s]\n", argv[i] + 4);
    else if (!strncmp(argv[i], "exit=", 5))
      return atoi(argv[i] + 5);
  }
  return 0;
}
