! OpenMP twin of corpus/flang/acc/acc_declare.f90 (same module, procedures
! and interfaces). declare create/copyin on module variables -> declare
! target enter (the device image holds the copy; copyin's initial value is
! the static one, so it is approximate for values set before first use),
! declare link -> declare target link. declare create of an allocatable ->
! enter/exit data where it is allocated and deallocated (what flang's
! declare_action hooks do). declare on locals -> enter data on entry, exit
! data before return.
module acc_globals
  implicit none
  real :: gtable(100)
  real :: gscale
  integer :: glink(10)
  real, allocatable :: gdyn(:)
  ! acc declare create(gtable), acc declare copyin(gscale)
  !$omp declare target enter(gtable, gscale)
  ! acc declare link(glink)
  !$omp declare target link(glink)
  ! acc declare create(gdyn): at allocate/deallocate in use_globals
end module acc_globals

subroutine use_globals(n, out)
  use acc_globals
  implicit none
  integer, intent(in) :: n
  real, intent(out) :: out(n)
  integer :: i
  allocate(gdyn(n))
  !$omp target enter data map(alloc: gdyn)
  ! acc parallel loop copyout(out)
  !$omp target teams distribute parallel do map(from: out)
  do i = 1, n
    out(i) = gtable(mod(i, 100) + 1) * gscale
    gdyn(i) = out(i)
  end do
  !$omp target exit data map(delete: gdyn)
  deallocate(gdyn)
end subroutine use_globals

subroutine local_declare(n, a)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real :: scratch(n)
  integer :: i
  ! acc declare copy(a) create(scratch)
  !$omp target enter data map(to: a) map(alloc: scratch)
  ! acc parallel loop
  !$omp target teams distribute parallel do
  do i = 1, n
    scratch(i) = a(i)
    a(i) = scratch(i) + 1.0
  end do
  !$omp target exit data map(from: a) map(release: scratch)
end subroutine local_declare
