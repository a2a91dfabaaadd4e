! target update of one component of a record reached through a descriptor
! (an allocatable array of records, an assumed-shape dummy, an allocatable
! record): only the component moves, the record's other components keep
! their values on the host (from) and on the device (to).
module record_component_update_mod
  implicit none
  type q
    real :: x
    real :: w(3)
  end type
  type t
    real :: x
    real, allocatable :: v(:)
  end type
contains
  subroutine dummy(ys)
    type(t) :: ys(:)
    !$omp target
      ys(3)%x = -1
      ys(3)%v = -1
    !$omp end target
    ys(3)%x = 2
    !$omp target update from(ys(3)%v)
    print '(a, f5.1, a, 3f5.1)', 'dummy: x', ys(3)%x, ' v', ys(3)%v
  end subroutine
end module

program record_component_update
  use record_component_update_mod
  implicit none
  type(q), allocatable :: qa(:)
  type(t), allocatable :: ys(:), sa
  type(t) :: zs(4)
  real :: dx, dv(3)
  integer :: i
  allocate(qa(4), ys(4), sa)
  qa%x = 1
  do i = 1, 4
    qa(i)%w = 1
    allocate(ys(i)%v(3), zs(i)%v(3))
    ys(i)%x = 1; ys(i)%v = 1; zs(i)%x = 1; zs(i)%v = 1
  end do
  allocate(sa%v(3)); sa%x = 1; sa%v = 1
  !$omp target enter data map(to: qa, ys, sa, zs)
  !$omp target
    qa(3)%x = -1; qa(3)%w = -1
    ys(3)%x = -1; ys(3)%v = -1
    sa%x = -1; sa%v = -1
  !$omp end target
  qa(3)%w = 2; ys(3)%x = 2; sa%x = 2
  !$omp target update from(qa(3)%x)
  print '(a, f5.1, a, 3f5.1)', 'qa(3)%x: x', qa(3)%x, ' w', qa(3)%w
  !$omp target update from(ys(3)%v(2:3))
  print '(a, f5.1, a, 3f5.1)', 'ys(3)%v(2:3): x', ys(3)%x, ' v', ys(3)%v
  !$omp target update from(sa%v)
  print '(a, f5.1, a, 3f5.1)', 'sa%v: x', sa%x, ' v', sa%v
  ys(3)%x = 3; ys(3)%v = 3
  !$omp target update to(ys(3)%v)
  !$omp target map(from: dx, dv)
    dx = ys(3)%x
    dv = ys(3)%v
  !$omp end target
  print '(a, f5.1, a, 3f5.1)', 'to(ys(3)%v), device: x', dx, ' v', dv
  call dummy(zs)
end program
