module heat_params
  implicit none
  integer, parameter :: nx = NX
  real(8), parameter :: coef = HEAT_COEF
end module heat_params
