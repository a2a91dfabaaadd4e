program outside_subset
  real :: x(4) = [1.0, 2.0, 3.0, 4.0], y(4)
  integer :: n
  n = 1
  !$omp target map(tofrom: x, y) map(to: n)
  y = cshift(x, n)
  print '(4f6.2)', y
  !$omp end target
end program
