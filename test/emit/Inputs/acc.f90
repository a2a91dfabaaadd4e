subroutine scale(n, x)
  integer :: n, i
  real :: x(n)
  !$acc parallel loop copy(x)
  do i = 1, n
    x(i) = 2.0 * x(i)
  end do
end subroutine
