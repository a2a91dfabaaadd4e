! OpenMP 5.2 declare mapper of a derived type with two allocatable
! components and a scalar: enter data through the mapper, a time loop of
! kernels using the type implicitly, target update of one allocatable
! component from and to the device in the middle, exit data from. The
! expected values come from the same loop run on the host.
module omp_mapper_time_loop_mod
  implicit none
  type :: field
    integer :: n = 0
    real(8), allocatable :: u(:)
    real(8), allocatable :: w(:)
    real(8) :: scale = 1.0d0
  end type field
  !$omp declare mapper(field :: f) map(f, f%u(1:f%n), f%w(1:f%n))
end module omp_mapper_time_loop_mod

program omp_mapper_time_loop
  use omp_mapper_time_loop_mod
  implicit none
  integer, parameter :: n = 50
  type(field) :: f
  integer :: i, step
  real(8) :: ref_u(n), ref_w(n), mid, ref_mid
  f%n = n
  allocate(f%u(n), f%w(n))
  do i = 1, n
    f%u(i) = real(i, 8)
  end do
  f%w = 0.0d0
  f%scale = 0.5d0
  ref_u = f%u
  ref_w = 0.0d0
  mid = -1.0d0
  ref_mid = -2.0d0
  !$omp target enter data map(to: f)
  do step = 1, 4
    !$omp target teams distribute parallel do
    do i = 1, f%n
      f%w(i) = f%w(i) + f%scale * f%u(i)
      f%u(i) = f%u(i) + 1.0d0
    end do
    do i = 1, n
      ref_w(i) = ref_w(i) + 0.5d0 * ref_u(i)
      ref_u(i) = ref_u(i) + 1.0d0
    end do
    if (step == 2) then
      ! The device's w comes back, is reset on the host and sent again.
      !$omp target update from(f%w)
      mid = sum(f%w)
      ref_mid = sum(ref_w)
      f%w = 0.0d0
      ref_w = 0.0d0
      !$omp target update to(f%w)
    end if
  end do
  !$omp target exit data map(from: f)
  call check_r('update_from_member', mid, ref_mid)
  call check_r('exit_from_u', sum(f%u), sum(ref_u))
  call check_r('update_to_member_w', sum(f%w), sum(ref_w))
  call check_i('scalar_n_kept', f%n, n)
contains
  include 'check.fi'
end program omp_mapper_time_loop
