! A small OpenMP offload kernel for the `ompx-lsp emit` tests.
subroutine saxpy(n, a, x, y)
  integer :: n, i
  real :: a, x(n), y(n)
  !$omp target teams distribute parallel do map(to: x) map(tofrom: y)
  do i = 1, n
    y(i) = a * x(i) + y(i)
  end do
end subroutine
