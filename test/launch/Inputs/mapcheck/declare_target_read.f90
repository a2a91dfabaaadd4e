! B17: a declare target array written by a kernel; the host reads it
! without `target update from`.
module b17m
  implicit none
  real :: acc(8)
  !$omp declare target(acc)
end module
program b17
  use b17m
  implicit none
  integer :: i
  acc = 0.0
  !$omp target update to(acc)
  !$omp target
  do i = 1, 8
    acc(i) = real(i)
  end do
  !$omp end target
  print *, merge('OK   ', 'WRONG', acc(8) == 8.0)
end program
