subroutine fill(c, n)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: c(n)
  integer :: i
  ! c is written on the device, but map(to:) never copies it back.
  !$omp target teams distribute parallel do map(to: c)
  do i = 1, n
    c(i) = 2.0 * i
  end do
end subroutine
