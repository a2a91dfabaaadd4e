! present of data that is not on the device: OpenACC requires a runtime
! error (host fallback, with no separate device memory, cannot see it).
subroutine absent(n, a)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
end subroutine absent
