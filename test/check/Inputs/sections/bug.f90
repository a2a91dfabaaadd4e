! Updates of one section, then the host or a kernel uses an element outside
! it: the update was taken as a copy of the whole array.
subroutine from_first(r)
  implicit none
  integer, parameter :: n = 64
  real :: u(n), r
  integer :: i
  u = 1.0
  !$omp target data map(tofrom: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = u(i) + real(i)
  end do
  !$omp target update from(u(1:1))
  r = u(n)
  !$omp end target data
end subroutine

subroutine to_first(s)
  implicit none
  integer, parameter :: n = 64
  real :: u(n), s
  u = 1.0
  !$omp target data map(to: u) map(tofrom: s)
  u(n) = 5.0
  !$omp target update to(u(1:1))
  !$omp target map(tofrom: s)
  s = u(n)
  !$omp end target
  !$omp end target data
end subroutine

subroutine acc_self(r)
  implicit none
  integer, parameter :: n = 64
  real :: u(n), r
  integer :: i
  u = 1.0
  !$acc data copy(u)
  !$acc parallel loop
  do i = 1, n
    u(i) = 2.0 * u(i)
  end do
  !$acc update self(u(1:2))
  r = u(n)
  !$acc end data
end subroutine

! A periodic halo exchange on the host that copies back the wrong cell:
! found in the time loop's next iteration.
subroutine halo(u, un)
  implicit none
  integer, parameter :: n = 64
  real :: u(0:n+1), un(0:n+1)
  integer :: i, s
  !$omp target data map(tofrom: u) map(alloc: un)
  do s = 1, 5
    !$omp target update from(u(1:1))
    u(0) = u(n)
    u(n+1) = u(1)
    !$omp target update to(u(0:0), u(n+1:n+1))
    !$omp target teams distribute parallel do
    do i = 1, n
      un(i) = u(i) + 0.25 * (u(i-1) - 2.0 * u(i) + u(i+1))
    end do
    !$omp target teams distribute parallel do
    do i = 1, n
      u(i) = un(i)
    end do
  end do
  !$omp end target data
end subroutine
