module lib
  implicit none
contains
  real function twice(x)
    !$omp declare target
    real, intent(in) :: x
    twice = 2.0 * x
  end function
  subroutine scale(a, n)
    integer, intent(in) :: n
    real, intent(inout) :: a(n)
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, n
      a(i) = a(i) + 1.0
    end do
  end subroutine
end module
