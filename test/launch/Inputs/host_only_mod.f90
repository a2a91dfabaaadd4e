! A module procedure with no declare target: host code only.
module coefs
  implicit none
contains
  real(8) function twice(x)
    real(8), intent(in) :: x
    twice = 2 * x
  end function twice
end module coefs
