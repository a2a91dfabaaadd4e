! The right forms: depend clauses on both, a taskwait between, two readers.
subroutine two_kernels(a, b, n)
  implicit none
  integer :: n, i
  real :: a(n), b(n)
  !$omp target data map(tofrom: a, b)
  !$omp target teams distribute parallel do nowait depend(out: a)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp target teams distribute parallel do nowait depend(in: a)
  do i = 1, n
    b(i) = a(i) * 2.0
  end do
  !$omp taskwait
  !$omp end target data
end subroutine

subroutine waited(a, n)
  implicit none
  integer :: n, i
  real :: a(n)
  !$omp target enter data map(to: a)
  !$omp target teams distribute parallel do nowait
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp taskwait
  !$omp target update from(a) nowait
  !$omp taskwait
  !$omp target exit data map(delete: a)
end subroutine

subroutine readers(a, b, c, n)
  implicit none
  integer :: n, i
  real :: a(n), b(n), c(n)
  !$omp target data map(to: a) map(from: b, c)
  !$omp target teams distribute parallel do nowait
  do i = 1, n
    b(i) = a(i) * 2.0
  end do
  !$omp target teams distribute parallel do nowait
  do i = 1, n
    c(i) = a(i) * 3.0
  end do
  !$omp taskwait
  !$omp end target data
end subroutine
