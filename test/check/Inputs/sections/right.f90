! The right forms of bug.f90: the element read lies in the section, the
! section is not constant, the whole array is copied, both boundary cells
! are copied back before the exchange.
subroutine from_first(r, m)
  implicit none
  integer, parameter :: n = 64
  real :: u(n), r
  integer :: i, m
  u = 1.0
  !$omp target data map(tofrom: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = u(i) + real(i)
  end do
  !$omp target update from(u(n:n))
  r = u(n)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = u(i) + real(i)
  end do
  !$omp target update from(u(m:m))
  r = r + u(m)
  !$omp end target data
end subroutine

subroutine to_first(s)
  implicit none
  integer, parameter :: n = 64
  real :: u(n), s
  u = 1.0
  !$omp target data map(to: u) map(tofrom: s)
  u(n) = 5.0
  !$omp target update to(u(n:n))
  !$omp target map(tofrom: s)
  s = u(n)
  !$omp end target
  !$omp end target data
end subroutine

subroutine halo(u, un)
  implicit none
  integer, parameter :: n = 64
  real :: u(0:n+1), un(0:n+1)
  integer :: i, s
  !$omp target data map(tofrom: u) map(alloc: un)
  do s = 1, 5
    !$omp target update from(u(1:1), u(n:n))
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

! The kernel writes only the interior; the fixed boundary cells the host
! reads after the interior's update are its own.
subroutine boundary(r)
  implicit none
  integer, parameter :: n = 32
  real :: u(0:n+1), r
  integer :: i
  u = 1.0
  !$omp target data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = u(i-1) + u(i+1)
  end do
  !$omp target update from(u(1:n))
  r = u(0) + u(n+1) + u(1)
  !$omp end target data
end subroutine

! A kernel overwrites every element of the device copy after the host's
! change to its own copy: the next kernel reads the first kernel's values.
subroutine overwrite(r)
  implicit none
  integer, parameter :: n = 32
  real :: w(n), r
  integer :: i
  r = 0.0
  !$omp target data map(alloc: w)
  w = -1.0
  !$omp target teams distribute parallel do
  do i = 1, n
    w(i) = real(i)
  end do
  !$omp target teams distribute parallel do reduction(+: r)
  do i = 1, n
    r = r + w(i)
  end do
  !$omp end target data
end subroutine

! A data region mapping u `to`: the kernel writes the interior, and the
! update copies all of it back; the host then reads the fixed boundary.
subroutine interior_back(r)
  implicit none
  integer, parameter :: n = 32
  real :: u(0:n+1), r
  integer :: i
  u = 1.0
  !$omp target data map(to: u)
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = 2.0 * real(i)
  end do
  !$omp target update from(u(1:n))
  !$omp end target data
  r = u(0) + u(n+1) + u(5)
end subroutine
