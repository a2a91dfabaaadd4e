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

! An allocatable entered with `to`, or with `alloc` and written by a kernel
! before another reads it.
subroutine work_array(acc, n)
  implicit none
  integer :: n, i
  real(8) :: acc(n)
  real(8), allocatable :: w(:), z(:)
  allocate(w(n), z(n))
  w = 2d0
  !$omp target enter data map(to: w) map(alloc: z)
  !$omp target teams distribute parallel do
  do i = 1, n
    z(i) = 2 * w(i)
  end do
  !$omp target teams distribute parallel do map(tofrom: acc)
  do i = 1, n
    acc(i) = acc(i) + w(i) + z(i)
  end do
  !$omp target exit data map(delete: w, z)
end subroutine
