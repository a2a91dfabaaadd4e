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

! An allocatable array as the depend item (each item loads its descriptor).
subroutine allocatable_depend(n)
  implicit none
  integer :: n, i
  real, allocatable :: a(:), b(:)
  allocate(a(n), b(n))
  a = 0.0
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

! A chain of depend clauses: the third kernel comes after the second,
! which comes after the first.
subroutine chain(a, b, c, n)
  implicit none
  integer :: n, i
  real :: a(n), b(n), c(n)
  integer :: x, y
  !$omp target data map(tofrom: a, b, c)
  !$omp target teams distribute parallel do nowait depend(out: x)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp target teams distribute parallel do nowait depend(in: x) depend(out: y)
  do i = 1, n
    b(i) = b(i) + 1.0
  end do
  !$omp target teams distribute parallel do nowait depend(in: y)
  do i = 1, n
    c(i) = a(i) + b(i)
  end do
  !$omp taskwait
  !$omp end target data
end subroutine

! Two halves mapped on their own: no device copy in common.
subroutine halves(a)
  implicit none
  real :: a(1000)
  integer :: i
  !$omp target teams distribute parallel do nowait map(tofrom: a(1:500))
  do i = 1, 500
    a(i) = a(i) + 1.0
  end do
  !$omp target teams distribute parallel do nowait map(tofrom: a(501:1000))
  do i = 501, 1000
    a(i) = a(i) + 2.0
  end do
  !$omp taskwait
end subroutine
