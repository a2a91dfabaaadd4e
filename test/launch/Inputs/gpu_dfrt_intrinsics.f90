! ompx's device Fortran subset on the GPU (issue 41): SUM, MAXVAL,
! DOT_PRODUCT and MATMUL in a target region, on real and integer arrays, the
! results copied back and printed on the host.
program gpu_dfrt_intrinsics
  implicit none
  integer :: i, j
  real(8) :: v(5), w(5), s, dp
  integer :: k(7), kmax, ksum
  real :: a(3, 2), b(2, 4), c(3, 4)
  v = [(dble(i) / 4.0d0, i = 1, 5)]
  w = [(dble(6 - i), i = 1, 5)]
  k = [3, -1, 12, 7, 12, 0, -5]
  a = reshape([(real(i), i = 1, 6)], [3, 2])
  b = reshape([(real(j) - 3.0, j = 1, 8)], [2, 4])
  !$omp target map(to: v, w, k, a, b) map(from: s, dp, kmax, ksum, c)
  s = sum(v)
  dp = dot_product(v, w)
  kmax = maxval(k)
  ksum = sum(k, mask=k > 0)
  c = matmul(a, b)
  !$omp end target
  print *, s, dp
  print *, kmax, ksum
  print *, c
end program
