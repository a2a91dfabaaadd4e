! OpenMP twin of corpus/flang/acc/acc_routine.f90 (same module, procedures
! and interfaces). routine seq/vector -> declare target, the orphaned
! vector loop reduction -> simd reduction; routine worker nohost -> declare
! target device_type(nohost); parallel loop gang -> target teams
! distribute. bind("ext_kernel_dev") has no OpenMP spelling (declare variant
! is the nearest): the device calls ext_kernel itself, which the acc
! program takes from outside; it is defined at the end (host and device).
module acc_routines
  implicit none
contains
  real function sq(x)
    !$omp declare target
    real, intent(in) :: x
    sq = x * x
  end function sq

  subroutine row_norm(m, row, r)
    !$omp declare target
    integer, intent(in) :: m
    real, intent(in) :: row(m)
    real, intent(out) :: r
    integer :: j
    r = 0.0
    !$omp simd reduction(+: r)
    do j = 1, m
      r = r + sq(row(j))
    end do
  end subroutine row_norm

  subroutine dev_only(x)
    !$omp declare target enter(dev_only) device_type(nohost)
    real, intent(inout) :: x
    x = x + 1.0
  end subroutine dev_only
end module acc_routines

subroutine norms(n, m, a, r)
  use acc_routines
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: a(m, n)
  real, intent(out) :: r(n)
  integer :: i
  ! acc parallel loop gang copyin(a) copyout(r)
  !$omp target teams distribute map(to: a) map(from: r)
  do i = 1, n
    call row_norm(m, a(:, i), r(i))
  end do
end subroutine norms

subroutine ext_caller(n, x)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: x(n)
  interface
    subroutine ext_kernel(v)
      ! acc routine(ext_kernel) seq bind("ext_kernel_dev")
      !$omp declare target
      real, intent(inout) :: v
    end subroutine ext_kernel
  end interface
  integer :: i
  ! acc parallel loop copy(x)
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, n
    call ext_kernel(x(i))
  end do
end subroutine ext_caller

! Not part of the acc program (acc_routine.ext_kernel.f90 gives its host
! version to the host-fallback launch): the external routine ext_caller
! calls, on host and device.
subroutine ext_kernel(v)
  !$omp declare target
  implicit none
  real, intent(inout) :: v
  v = 2.0 * v + 1.0
end subroutine ext_kernel
