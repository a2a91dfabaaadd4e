! The right forms: an update to before the kernel; a kernel writing the
! array before another reads it; a dummy, whose caller may have mapped it.
program alloc_right
  implicit none
  integer, parameter :: n = 32
  real :: a(n), b(n), c(n)
  integer :: i
  a = 2.0
  !$omp target data map(alloc: a) map(from: b)
  !$omp target update to(a)
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$omp end target data
  !$omp target data map(alloc: c) map(from: b)
  !$omp target teams distribute parallel do
  do i = 1, n
    c(i) = 1.0
  end do
  !$omp target teams distribute parallel do
  do i = 1, n
    b(i) = c(i) + 1.0
  end do
  !$omp end target data
  print *, b(1)
end program

subroutine step(a, b, n)
  implicit none
  integer :: n, i
  real :: a(n), b(n)
  !$omp target data map(alloc: a) map(from: b)
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$omp end target data
end subroutine
