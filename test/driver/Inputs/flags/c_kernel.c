/* A C function with its own target region. */
void c_double(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom : a[0 : n])
  for (int i = 0; i < n; ++i)
    a[i] *= 2.0;
}
