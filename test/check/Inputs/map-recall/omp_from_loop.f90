subroutine accumulate(a, b, n)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(in) :: b(n)
  integer :: i
  ! a(i) = a(i) + b(i) reads a, but map(from:) never copies it in.
  !$omp target teams distribute parallel do map(from: a) map(to: b)
  do i = 1, n
    a(i) = a(i) + b(i)
  end do
end subroutine
