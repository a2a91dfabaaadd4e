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

! The kernel's loop bound known only at run time: which cells it wrote is
! not known, so the boundary cells the host reads are its own.
subroutine run_time_bound(n, s)
  implicit none
  integer, parameter :: m = 32
  integer :: n, i
  real :: s
  real, allocatable :: u(:)
  allocate(u(0:m+1))
  u = 1.0
  !$omp target enter data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = 2.0 * i
  end do
  !$omp target exit data map(from: u(1:m))
  s = u(0) + u(1) + u(m+1)
end subroutine
