! target update of derived-type members inside a target data region of the
! whole type: the host changes a scalar member and part of an array member
! and sends only those, takes an array member back in the middle, and reads
! a nested member back at the end. The expected values come from the same
! loop on host arrays.
module omp_update_members_mod
  implicit none
  type :: inner
    real(8) :: c(4)
    integer :: k
  end type inner
  type :: state
    real(8) :: a(100)
    real(8) :: b(100)
    type(inner) :: in
    real(8) :: dt
  end type state
end module omp_update_members_mod

program omp_update_members
  use omp_update_members_mod
  implicit none
  type(state) :: s
  integer :: i, step
  real(8) :: ra(100), rb(100), rdt, mid, rmid
  do i = 1, 100
    s%a(i) = real(i, 8)
  end do
  s%b = 0
  s%dt = 0.1d0
  s%in%c = [1d0, 2d0, 3d0, 4d0]
  s%in%k = 2
  ra = s%a
  rb = 0
  rdt = 0.1d0
  mid = -1
  rmid = -2
  !$omp target data map(tofrom: s)
  do step = 1, 5
    !$omp target teams distribute parallel do
    do i = 1, 100
      s%b(i) = s%b(i) + s%dt * s%a(i) * s%in%c(s%in%k)
    end do
    do i = 1, 100
      rb(i) = rb(i) + rdt * ra(i) * 2d0
    end do
    s%dt = s%dt * 2d0
    rdt = rdt * 2d0
    s%a(1:10) = s%a(1:10) + 1d0
    ra(1:10) = ra(1:10) + 1d0
    !$omp target update to(s%dt, s%a)
    if (step == 3) then
      !$omp target update from(s%b)
      mid = sum(s%b)
      rmid = sum(rb)
    end if
  end do
  !$omp target
  s%in%k = s%in%k + 5
  !$omp end target
  !$omp target update from(s%in%k)
  call check_i('update_from_nested_member', s%in%k, 7)
  !$omp end target data
  call check_r('update_from_member_mid', mid, rmid)
  call check_r('update_to_members', sum(s%b), sum(rb))
contains
  include 'check.fi'
end program omp_update_members
