! A module with a device procedure and a declare target variable, compiled
! apart by ompx-flang: its object carries device code.
module scale_lib
  implicit none
  real :: factor = 3.0
  !$omp declare target(factor)
contains
  real function scaled(x)
    !$omp declare target
    real, intent(in) :: x
    scaled = factor * x
  end function scaled
end module scale_lib
