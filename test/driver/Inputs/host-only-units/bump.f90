subroutine bump(a, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: a(n)
  integer :: i
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 1
  end do
end subroutine
