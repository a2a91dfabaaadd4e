! Deferred constructs on the same data with no depend clause ordering them:
! the second may run before the first finishes, or at the same time.
subroutine two_kernels(a, b, n)
  implicit none
  integer :: n, i
  real :: a(n), b(n)
  !$omp target data map(tofrom: a, b)
  !$omp target teams distribute parallel do nowait depend(out: a)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp target teams distribute parallel do nowait
  do i = 1, n
    b(i) = a(i) * 2.0
  end do
  !$omp taskwait
  !$omp end target data
end subroutine

subroutine kernel_then_update(a, n)
  implicit none
  integer :: n, i
  real :: a(n)
  !$omp target enter data map(to: a)
  !$omp target teams distribute parallel do nowait depend(out: a)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp target update from(a) nowait
  !$omp taskwait
  !$omp target exit data map(delete: a)
end subroutine
