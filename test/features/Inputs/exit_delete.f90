! flang-22 output: ompx-lsp emit exit_delete.f90 -- -fopenmp (map-words.test).
subroutine td(y, n)
  integer :: n
  real :: y(n)
  !$omp target enter data map(to: y)
  !$omp target exit data map(delete: y)
end subroutine td
