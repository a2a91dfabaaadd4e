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
end module
