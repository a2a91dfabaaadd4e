! Per-device loop tuning (`device_type(nvidia) gang vector`): flang-22
! prints the keyword-only vector and worker of such a loop as
! `vector([#acc.device_type<nvidia>])`, which does not parse back ("expected
! ','"), and every build of the file stopped.
program acc_device_type_loops
  implicit none
  integer, parameter :: n = 100
  real :: a(n), b(n, 8)
  integer :: i, j
  !$acc parallel loop copyout(a) device_type(nvidia) gang vector
  do i = 1, n
    a(i) = 2 * i
  end do
  !$acc parallel loop collapse(2) copyout(b) device_type(*) gang worker vector
  do j = 1, 8
    do i = 1, n
      b(i, j) = i + j
    end do
  end do
  print '(a,2f7.1,a,f8.1)', 'a ', a(1), a(n), '  b ', sum(b)
end program
