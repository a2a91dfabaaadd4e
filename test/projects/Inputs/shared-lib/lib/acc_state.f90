module acc_state
  implicit none
  real(8) :: grid(100)
  !$acc declare create(grid)
contains
  subroutine fill(x)
    real(8), intent(in) :: x
    integer :: i
    !$acc parallel loop present(grid)
    do i = 1, 100
      grid(i) = x * i
    end do
  end subroutine fill
end module acc_state
