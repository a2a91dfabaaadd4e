! A subroutine's `declare present` of a dummy argument.
subroutine bump(r, n)
  integer, intent(in) :: n
  real :: r(n)
  integer :: i
  !$acc declare present(r)
  !$acc parallel loop
  do i = 1, n
    r(i) = r(i) + 1
  end do
end subroutine bump
