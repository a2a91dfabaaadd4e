module kern
  implicit none
contains
  subroutine scale(a, n)
    integer, intent(in) :: n
    real, intent(inout) :: a(n)
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, n
      a(i) = 3.0 * a(i)
    end do
  end subroutine
end module
