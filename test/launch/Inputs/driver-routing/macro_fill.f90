subroutine macro_fill()
  use macro_state
  implicit none
  integer :: i
  !$omp target teams distribute parallel do
  do i = 1, 8
    buf(i) = dble(i)
  end do
end subroutine
