/* Calls the ompx CUDA set-up as an nvptx program's image registration does
 * (set-up, registration, end), printing the OMP_NUM_TEAMS libomptarget would
 * read during the registration and what the program sees after it. */
#include <stdio.h>
#include <stdlib.h>
void __ompx_cuda_setup(void);
void __ompx_cuda_setup_end(void);
static void show(const char *when) {
  const char *teams = getenv("OMP_NUM_TEAMS");
  printf("%s: OMP_NUM_TEAMS=%s\n", when, teams ? teams : "(unset)");
}
int main(void) {
  __ompx_cuda_setup();
  show("registration");
  __ompx_cuda_setup_end();
  show("after");
  return 0;
}
