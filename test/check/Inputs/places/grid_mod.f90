module grid_mod
  implicit none
  real :: g(16)
end module
