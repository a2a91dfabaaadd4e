/* A C main compiled to LLVM bitcode (-flto): its undefined symbols pull
   the library member in too. */
#include <stdio.h>
void bump_(double *s);
int main(void) { double s = 1; bump_(&s); printf("bumped %.1f\n", s); return 0; }
