subroutine scale(a, n)
  integer :: n, i
  real :: a(n)
  !$acc parallel loop copyin(a)
  do i = 1, n
    a(i) = 2.0 * a(i)
  end do
end subroutine
