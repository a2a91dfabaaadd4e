module pick_mod
  use consts
  implicit none
contains
  integer function pick(i)
    !$omp declare target
    integer, intent(in) :: i
    pick = perm(mod(i - 1, 4) + 1)
  end function
  real(8) function scaled(x)
    !$omp declare target
    real(8), intent(in) :: x
    scaled = coef * x
  end function
end module
