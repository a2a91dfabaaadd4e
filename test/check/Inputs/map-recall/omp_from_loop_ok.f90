subroutine accumulate(a, b, n)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(in) :: b(n)
  integer :: i
  ! The correct twin: a is copied in and out.
  !$omp target teams distribute parallel do map(tofrom: a) map(to: b)
  do i = 1, n
    a(i) = a(i) + b(i)
  end do
end subroutine
