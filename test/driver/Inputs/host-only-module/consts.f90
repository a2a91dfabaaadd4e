module consts
  implicit none
  integer, parameter :: perm(4) = [3, 1, 4, 2]
  real(8) :: coef = 3d0
end module
