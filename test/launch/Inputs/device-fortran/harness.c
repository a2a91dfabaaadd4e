/* What a flang-22 main program needs besides the runtime entry points the
   device subset defines (DeviceFortran.c): the program's start and end. */
#include <stdio.h>
#include <stdlib.h>

void _FortranAProgramStart(int argc, const char *argv[], const char *envp[],
                           const void *environmentDefaults) {}

void _FortranAProgramEndStatement(void) {
  fflush(stdout);
  exit(0);
}
