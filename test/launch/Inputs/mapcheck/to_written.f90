! The region doubles v, but v is mapped to the device only: the host never
! sees the new values (not-copied-back). to_written_ok.f90 maps it tofrom.
program to_written
  implicit none
  integer, parameter :: n = 64
  real :: v(n)
  integer :: i
  v = 1.0
  !$omp target teams distribute parallel do map(to: v)
  do i = 1, n
    v(i) = 2.0 * v(i)
  end do
  print '(a,f4.1)', 'v(n) = ', v(n)
end program
