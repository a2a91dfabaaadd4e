! The twin of to_written.f90: v mapped tofrom, nothing to report.
program to_written
  implicit none
  integer, parameter :: n = 64
  real :: v(n)
  integer :: i
  v = 1.0
  !$omp target teams distribute parallel do map(tofrom: v)
  do i = 1, n
    v(i) = 2.0 * v(i)
  end do
  print '(a,f4.1)', 'v(n) = ', v(n)
end program
