subroutine broken(a)
  real :: a(4)
  !$omp target map(tofrom: a)
  a(1) = undeclared_function_result +
  !$omp end target
end subroutine
