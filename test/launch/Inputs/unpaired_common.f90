! A module's declare target function reads a common block the module
! declares, which no declare target names; the program maps the block's
! member: the map copies the host's values to another buffer than the one
! the function reads (it printed 1.0 for 4.0).
module unpaired_common_mod
  implicit none
  real :: cb(10)
  common /blk/ cb
contains
  real function shifted(x)
    !$omp declare target
    real, intent(in) :: x
    shifted = x + cb(1)
  end function
end module

program unpaired_common
  use unpaired_common_mod
  implicit none
  real :: y(10)
  integer :: i
  cb = 3.0
  y = 1.0
  !$omp target teams distribute parallel do map(tofrom: y) map(to: cb)
  do i = 1, 10
    y(i) = shifted(y(i))
  end do
  print '(10f5.1)', y
end program
