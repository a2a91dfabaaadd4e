subroutine shift(a, x, n)
  integer :: n, i
  real(8) :: a, x(n)
  !$omp target teams distribute parallel do firstprivate(a)
  do i = 1, n
    x(i) = x(i) + a
  end do
end subroutine
