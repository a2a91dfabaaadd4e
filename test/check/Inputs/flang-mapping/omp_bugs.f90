subroutine bugs(x, y, s, n)
  integer :: n, i
  real :: x(n), y(n), s
  !$omp target map(from: s) map(tofrom: y) map(to: x)
  s = s + 1.0
  do i = 1, n
    x(i) = y(i)
  end do
  !$omp end target
end subroutine
