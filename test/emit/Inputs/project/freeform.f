subroutine twice(n, x)
  integer :: n, i
  real :: x(n)
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, n
    x(i) = 2.0 * x(i)
  end do
end subroutine twice
