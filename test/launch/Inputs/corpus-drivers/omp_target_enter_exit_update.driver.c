// Driver for corpus/flang/omp/omp_target_enter_exit_update, in C: the
// routines are module procedures of field_mod (no .mod file comes with the
// MLIR), called by their flang names; the module variable `field` is read
// through its descriptor.
#include <ISO_Fortran_binding.h>
#include <stdio.h>
#include <stdlib.h>

extern CFI_cdesc_t _QMfield_modEfield; // real, allocatable :: field(:)
void _QMfield_modPfield_init(const int *n);
void _QMfield_modPfield_step(const int *n, const float *dt);
void _QMfield_modPfield_finalize(void);
void nowait_update_(const int *n, float *v, const int *dev);

static void check(const char *what, int bad) {
  if (bad) {
    printf("%s: FAIL (%d wrong values)\n", what, bad);
    exit(1);
  }
  printf("%s: ok\n", what);
}

int main(void) {
  int n = 32, dev = 0, bad = 0;
  float dt = 0.5f;
  _QMfield_modPfield_init(&n);
  _QMfield_modPfield_step(&n, &dt);
  // update from(field) brought dt*i back; field(1) = -1 was set on the host.
  const float *field = (const float *)_QMfield_modEfield.base_addr;
  for (int i = 1; i <= n; ++i)
    bad += field[i - 1] != (i == 1 ? -1.0f : dt * i);
  check("field_step", bad);
  _QMfield_modPfield_finalize();
  check("field_finalize", _QMfield_modEfield.base_addr != NULL);

  float v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int m = 8;
  nowait_update_(&m, v, &dev);
  bad = 0;
  for (int i = 0; i < m; ++i)
    bad += v[i] != i + 1;
  check("nowait_update", bad);
  return 0;
}
