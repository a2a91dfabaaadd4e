! The section released with `from` is the one the host reads, or the
! kernel wrote only that section.
subroutine half(n, first)
  implicit none
  integer, parameter :: m = 64
  integer :: n, i
  real :: first
  real, allocatable :: u(:)
  allocate(u(m))
  u = 0
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, m
    u(i) = i
  end do
  !$omp target exit data map(from: u(1:m/2))
  first = u(1) + u(m/2)
end subroutine

subroutine written_half(n, last)
  implicit none
  integer, parameter :: m = 64
  integer :: n, i
  real :: last
  real, allocatable :: u(:)
  allocate(u(m))
  u = 0
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, m / 2
    u(i) = i
  end do
  !$omp target exit data map(from: u(1:m/2))
  last = u(m) + u(1)
end subroutine
