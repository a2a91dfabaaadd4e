// Writes to stderr as libomptarget 22 does for LIBOMPTARGET_INFO (a prefix,
// then the message: with arguments by fprintf, without by the compiler's
// fwrite), and as a program does for itself, under the recorder
// (libompx-observe.so preloaded) started by hand as libomp would start it.
// stdout: the LIBOMPTARGET_INFO the program sees.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  void *(*start)(unsigned, const char *) =
      (void *(*)(unsigned, const char *))dlsym(RTLD_DEFAULT, "ompt_start_tool");
  if (!start || !start(51, "test")) {
    printf("no recorder\n");
    return 1;
  }
  const char *info = getenv("LIBOMPTARGET_INFO");
  printf("LIBOMPTARGET_INFO=%s\n", info ? info : "(unset)");
  fprintf(stderr, "program: %d\n", 1);
  fprintf(stderr, "CUDA device %d info: ", 0);
  fprintf(stderr, "The primary context is active, no change to its flags\n");
  fprintf(stderr, "\"PluginInterface\" device %d info: ", 0);
  fprintf(stderr,
          "Launching kernel %s with [%u,%u,%u] blocks and [%u,%u,%u] threads "
          "in %s mode\n",
          "__omp_offloading_k", 4u, 1u, 1u, 32u, 1u, 1u, "SPMD");
  fprintf(stderr, "omptarget device %d info: ", 0);
  fprintf(stderr, "entry %d of the mapping table\n", 3);
  fputs("program: done\n", stderr);
  return 0;
}
