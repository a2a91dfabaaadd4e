! The right forms of bug.f90, and what stays unjudged: the whole array
! written, a write under a condition, bounds known at run time, a loop the
! region runs itself, a result the host never reads, the halo mapped, data
! present before.
subroutine interior(a, r, m)
  implicit none
  integer, parameter :: n = 128
  real :: a(n), b(n), c(n), d(n), r
  integer :: i, m
  b = -1.0
  !$omp target teams distribute parallel do map(to: a) map(from: b)
  do i = 1, n
    b(i) = 2.0 * a(i)
  end do
  !$omp target map(to: a) map(from: b)
  do i = 2, n - 1
    b(i) = a(i)
  end do
  b(1) = 0.0
  b(n) = 0.0
  !$omp end target
  !$omp target teams distribute parallel do map(to: a) map(from: c)
  do i = 1, n
    if (a(i) > 0.0) c(i) = a(i)
  end do
  !$omp target teams distribute parallel do map(to: a) map(from: d)
  do i = 2, m
    d(i) = a(i)
  end do
  r = b(1) + c(1) + d(1)
end subroutine

subroutine unread(a)
  implicit none
  integer, parameter :: n = 128
  real :: a(n), w(n)
  integer :: i
  !$omp target teams distribute parallel do map(to: a) map(from: w)
  do i = 2, n - 1
    w(i) = a(i)
  end do
end subroutine

subroutine halo(b)
  implicit none
  integer, parameter :: n = 256
  real :: a(0:n+1), b(n)
  integer :: i
  a = 1.0
  !$omp target teams distribute parallel do map(to: a(0:n+1)) map(from: b)
  do i = 1, n
    b(i) = 0.5 * (a(i-1) + a(i+1))
  end do
  !$omp target data map(to: a)
  !$omp target teams distribute parallel do map(to: a(1:n)) map(from: b)
  do i = 1, n
    b(i) = 0.5 * (a(i-1) + a(i+1))
  end do
  !$omp end target data
end subroutine

! The host sets the boundary itself after the kernel, or reads only the
! interior: the garbage the copy back brought is never read.
subroutine host_boundary(a, r)
  implicit none
  integer, parameter :: n = 64
  real :: a(n), b(n), c(n), r
  integer :: i
  !$omp target teams distribute parallel do map(to: a) map(from: b, c)
  do i = 2, n - 1
    b(i) = a(i)
    c(i) = a(i)
  end do
  b(1) = 0.0
  b(n) = 0.0
  r = sum(b) + sum(c(2:n-1))
end subroutine

! A dummy's caller may hold the whole array (its `target data`).
subroutine smooth(a, b)
  implicit none
  integer, parameter :: n = 32
  real :: a(0:n+1), b(n)
  integer :: i
  !$omp target teams distribute parallel do map(to: a(1:n)) map(from: b)
  do i = 1, n
    b(i) = 0.5 * (a(i-1) + a(i+1))
  end do
end subroutine
