! Kernels write all of a and b; only their first halves are copied back.
! The read of a(n) reads the host's older value; the read of b(1) is right.
program partial_update
  implicit none
  integer, parameter :: n = 64
  real :: a(n), b(n)
  integer :: i
  a = 0.0
  b = 0.0
  !$omp target enter data map(to: a, b)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = 2.0
    b(i) = 3.0
  end do
  !$omp target update from(a(1:n/2), b(1:n/2))
  print '(a,2f5.1)', 'a(1), a(n):', a(1), a(n)
  print '(a,f5.1)', 'b(1):', b(1)
  !$omp target exit data map(delete: a, b)
end program partial_update
