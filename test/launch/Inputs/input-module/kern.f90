! A library module with a target region: the launch's input.
module kern
  implicit none
contains
  subroutine scale(a, n)
    integer :: n
    real :: a(n)
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, n
      a(i) = 3.0 * a(i)
    end do
  end subroutine
end module
