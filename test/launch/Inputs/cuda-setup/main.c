/* Calls the ompx CUDA set-up as an nvptx program's registration does, then
 * prints the OMP_NUM_TEAMS libomptarget would read. */
#include <stdio.h>
#include <stdlib.h>
void __ompx_cuda_setup(void);
int main(void) {
  __ompx_cuda_setup();
  const char *teams = getenv("OMP_NUM_TEAMS");
  printf("OMP_NUM_TEAMS=%s\n", teams ? teams : "(unset)");
  return 0;
}
