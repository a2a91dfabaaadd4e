! Kinds and the problem's constants.
module jacobi_kinds
  implicit none
  private
  integer, parameter, public :: dp = selected_real_kind(15, 307)
  ! Source term of -laplace(u) = f on the unit square.
  real(dp), parameter, public :: source = 1.0_dp
end module jacobi_kinds
