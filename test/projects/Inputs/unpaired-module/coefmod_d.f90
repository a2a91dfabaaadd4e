module coefmod_d
  implicit none
  real :: coef(10)
  !$omp declare target(coef)
contains
  real function scaled(i, x)
    !$omp declare target
    integer, intent(in) :: i
    real, intent(in) :: x
    scaled = coef(i) * x
  end function
end module
