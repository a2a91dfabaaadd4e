! A `nowait` target region: the recorder alone (no checker) must leave the
! program's memory and signals as they are, and record the region's kernel
! and copies like any other.
program nowait_profile
  implicit none
  real :: x(64)
  integer :: i
  x = 1.0
  !$omp target teams distribute parallel do map(tofrom: x) nowait
  do i = 1, 64
    x(i) = x(i) * 2.0
  end do
  x(2) = x(2) + 0.0
  !$omp taskwait
  print '(a,f4.1)', 'x(1) = ', x(1)
end program nowait_profile
