#include <stddef.h>
/* Called from Fortran through bind(c). */
double c_weighted_sum(const double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * (double)(i % 3 + 1);
  return s;
}
void c_fill(double *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] = (double)((i * 37) % 101) / 10.0 - 5.0;
}
