module debug_unit
  implicit none
contains
  subroutine scale(a, n, f)
    integer, intent(in) :: n
    real, intent(inout) :: a(n)
    real, intent(in) :: f
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, n
      a(i) = a(i) * f
    end do
  end subroutine scale
end module debug_unit
