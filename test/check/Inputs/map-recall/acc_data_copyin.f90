subroutine scale(b, n)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: b(n)
  integer :: i
  ! The loop writes b on the device, but the data region only copies it in.
  !$acc data copyin(b)
  !$acc parallel loop
  do i = 1, n
    b(i) = 2.0 * b(i)
  end do
  !$acc end data
end subroutine
