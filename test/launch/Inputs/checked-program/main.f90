! The host changes an entered allocatable twice without `update to`: the
! first kernel overwrites the changed element before it reads it (right: no
! finding), the second reads the other one (stale: element 5 named).
program checked
  use kernels
  implicit none
  real, allocatable :: w(:)
  real :: a(8), b(8), s, t
  integer :: big, k
  a = [(real(k), k = 1, 8)]
  b = 0.0
  call stencil(a, b, 8)
  call count_big(a, 8, big)
  allocate(w(0:8))
  w = 1.0
  !$omp target enter data map(to: w)
  w(3) = 5.0
  !$omp target map(from: s)
  w(3) = 7.0
  s = w(3) + w(4)
  !$omp end target
  w(5) = 9.0
  !$omp target map(from: t)
  t = w(5)
  !$omp end target
  !$omp target exit data map(delete: w)
  print '(a,i3,2f5.1)', 'big s t =', big, s, t
end program
