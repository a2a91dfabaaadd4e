! s is mapped `from` only, but the region adds to it: it reads a device
! copy nothing was copied into (uninitialized-read).
program from_read
  implicit none
  integer, parameter :: n = 32
  real :: s(n), b(n)
  integer :: i
  s = 1.0
  b = 2.0
  !$omp target map(from: s) map(to: b)
  do i = 1, n
    s(i) = s(i) + b(i)
  end do
  !$omp end target
  print '(a,f5.1)', 's(1) = ', s(1)
end program
