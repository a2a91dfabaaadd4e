! A library module with a declare target variable.
module counter
  implicit none
  integer :: ticks = 0
  !$omp declare target(ticks)
contains
  integer function device_ticks()
    !$omp target update from(ticks)
    device_ticks = ticks
  end function
end module
