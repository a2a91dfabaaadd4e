! Declare target scalars of a module, changed on the device by another
! file's target regions (declare-target-use.test).
module state
  implicit none
  real(8) :: gscale
  integer :: ncalls
  !$omp declare target(gscale, ncalls)
contains
  real(8) function scaled(x)
    !$omp declare target
    real(8), intent(in) :: x
    scaled = x * gscale
  end function
end module
