subroutine scale(b, n)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: b(n)
  integer :: i
  ! The correct twin: the data region copies b in and out.
  !$acc data copy(b)
  !$acc parallel loop
  do i = 1, n
    b(i) = 2.0 * b(i)
  end do
  !$acc end data
end subroutine
