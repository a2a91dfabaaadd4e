! A kernel changes the device copy of `a` (mapped `to`: scratch space), the
! host then writes its own values over all of `a` and reads them after the
! data region: nothing the host reads was lost. `b`'s host overwrites only
! its first half and reads the second, which the kernel changed and nobody
! copied back: that read is a loss.
program host_overwrite
  implicit none
  integer, parameter :: n = 64
  real :: a(n), b(n)
  integer :: i
  a = 1.0
  b = 1.0
  !$omp target data map(to: a, b)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = a(i) * 2.0
    b(i) = b(i) * 2.0
  end do
  a = 5.0
  b(1:n/2) = 5.0
  !$omp end target data
  print '(a,f6.1,f6.1)', 'sums:', sum(a), sum(b(1:n/2))
  print '(a,f6.1)', 'second half:', b(n)
end program
