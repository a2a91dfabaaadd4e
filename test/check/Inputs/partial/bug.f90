! A `from` map of an array the kernel writes only in part, and a section
! map whose kernel reads outside it.
subroutine interior(a, r)
  implicit none
  integer, parameter :: n = 128
  real :: a(n), b(n), r
  integer :: i
  b = -1.0
  !$omp target teams distribute parallel do map(to: a) map(from: b)
  do i = 2, n - 1
    b(i) = 2.0 * a(i)
  end do
  r = b(1) + b(n)
end subroutine

subroutine halo(b)
  implicit none
  integer, parameter :: n = 256
  real :: a(0:n+1), b(n)
  integer :: i
  a = 1.0
  !$omp target teams distribute parallel do map(to: a(1:n)) map(from: b)
  do i = 1, n
    b(i) = 0.5 * (a(i-1) + a(i+1))
  end do
end subroutine

! The same with a plain target region running a sequential loop.
subroutine interior_seq(a, r)
  implicit none
  integer, parameter :: n = 32
  real :: a(n), b(n), r
  integer :: i
  b = -1.0
  !$omp target map(to: a) map(from: b)
  do i = 2, n - 1
    b(i) = 2.0 * a(i)
  end do
  !$omp end target
  r = b(1)
end subroutine

! The host reads the result in a loop over all of it.
subroutine interior_loop_read(a, r)
  implicit none
  integer, parameter :: n = 64
  real :: a(n), b(n), r
  integer :: i
  b = -1.0
  !$omp target teams distribute parallel do map(to: a) map(from: b)
  do i = 2, n - 1
    b(i) = a(i)
  end do
  r = 0.0
  do i = 1, n
    r = r + b(i)
  end do
end subroutine
