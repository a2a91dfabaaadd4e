module kern
  use field
  implicit none
contains
  subroutine bump()
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, size(u)
      u(i) = u(i) + 1
    end do
  end subroutine
  subroutine bump_fixed()
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, 8
      fixed(i) = fixed(i) + 1
    end do
  end subroutine
  subroutine bump_grid()
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, 10
      gr%v(i) = gr%v(i) + 1
    end do
  end subroutine
end module
