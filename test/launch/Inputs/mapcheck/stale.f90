! b is copied in when the data region begins; the host changes it and the
! second kernel still sees the old device copy (no `target update to`).
program stale
  implicit none
  integer, parameter :: n = 16
  real :: b(n), c(n)
  integer :: i
  b = 1.0
  c = 0.0
  !$omp target data map(to: b) map(tofrom: c)
  !$omp target teams distribute parallel do
  do i = 1, n
    c(i) = b(i)
  end do
  b = 5.0
  !$omp target teams distribute parallel do
  do i = 1, n
    c(i) = c(i) + b(i)
  end do
  !$omp end target data
  print '(a,f5.1)', 'c(1) = ', c(1)
end program
