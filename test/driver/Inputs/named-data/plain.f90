! Directive-free and without named data: flang-22 alone builds it.
subroutine scale(x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  x = 2 * x
end subroutine
