! A map of one component of a record reached through a descriptor (an
! element of an allocatable or assumed-shape array of records, an
! allocatable record) on target and exit data: only the component moves;
! the record keeps the host's other components (from) and the device's
! (to). A record named with its component moves whole.
module record_component_paths_mod
  implicit none
  type t
    real :: x
    real, allocatable :: v(:)
  end type
  type q
    real :: x
    real :: w(3)
  end type
contains
  subroutine dummy(ys)
    type(t) :: ys(:)
    !$omp target enter data map(to: ys)
    !$omp target
      ys(3)%x = -1
    !$omp end target
    ys(3)%x = 2
    !$omp target map(always, from: ys(3)%v)
      ys(3)%v(1) = -5
    !$omp end target
    print '(a, f5.1, a, f5.1)', 'dummy, always from: x', ys(3)%x, ' v(1)', ys(3)%v(1)
    !$omp target exit data map(delete: ys)
  end subroutine
end module

program record_component_paths
  use record_component_paths_mod
  implicit none
  type(t), allocatable :: ys(:), sa
  type(t) :: zs(4)
  type(q), allocatable :: qa(:)
  type(q) :: s, qs(4)
  type(q), allocatable :: qz(:)
  integer :: i
  allocate(ys(4), qa(4), sa)
  do i = 1, 4
    allocate(ys(i)%v(3), zs(i)%v(3))
    ys(i)%x = 1; ys(i)%v = 1; zs(i)%x = 1; zs(i)%v = 1
    qa(i)%x = 1; qa(i)%w = 1; qs(i)%x = 1; qs(i)%w = 1
  end do
  allocate(sa%v(3)); sa%x = 1; sa%v = 1
  s%x = 1; s%w = 1
  ! ys not present: the region's copy of ys(3) is new, never written.
  ys(3)%x = 2
  !$omp target map(from: ys(3)%v)
    ys(3)%v = -7
  !$omp end target
  print '(a, f5.1, a, 3f5.1)', 'from, ys absent: x', ys(3)%x, ' v', ys(3)%v
  !$omp target enter data map(to: ys, qa, sa)
  !$omp target
    ys(3)%x = -1; ys(3)%v = -1; ys(2)%x = -1; ys(2)%v = -1
    qa(3)%x = -1; qa(3)%w = -1; sa%x = -1; sa%v = -1
  !$omp end target
  ys(3)%x = 2; ys(2)%x = 2; qa(3)%w = 2; sa%x = 2
  !$omp target map(always, from: ys(3)%v)
    ys(3)%v(1) = -5
  !$omp end target
  print '(a, f5.1, a, 3f5.1)', 'always from: x', ys(3)%x, ' v', ys(3)%v
  !$omp target map(always, tofrom: sa%v)
    sa%v(2) = -6
  !$omp end target
  print '(a, f5.1, a, 3f5.1)', 'always tofrom sa%v: x', sa%x, ' v', sa%v
  !$omp target exit data map(from: qa(3)%x)
  print '(a, f5.1, a, 3f5.1)', 'exit from qa(3)%x: x', qa(3)%x, ' w', qa(3)%w
  !$omp target exit data map(from: ys(2)%v)
  print '(a, f5.1, a, 3f5.1)', 'exit from ys(2)%v: x', ys(2)%x, ' v', ys(2)%v
  !$omp target exit data map(delete: sa)
  ! A record named with its component: the record moves.
  !$omp target enter data map(to: s, qs)
  !$omp target
    s%x = -1; s%w = -1; qs(1)%w = -1; qs(3)%x = -1
  !$omp end target
  !$omp target update from(s, s%x)
  print '(a, f5.1, a, 3f5.1)', 'update from(s, s%x): x', s%x, ' w', s%w
  !$omp target update from(qs, qs(3)%x)
  print '(a, f5.1, a, 3f5.1)', 'update from(qs, qs(3)%x): qs(3)%x', qs(3)%x, ' qs(1)%w', qs(1)%w
  call dummy(zs)
  ! The whole array named beside one element's component: the array moves.
  allocate(qz(4))
  qz%x = 1
  !$omp target map(tofrom: qz, qz(3)%w)
    qz(1)%x = -1; qz(3)%w(2) = -32
  !$omp end target
  print '(a, 2f6.1)', 'map(tofrom: qz, qz(3)%w):', qz(1)%x, qz(3)%w(2)
  qz%x = 1
  !$omp target enter data map(to: qz)
  !$omp target
    qz(1)%x = -2; qz(3)%w(2) = -33
  !$omp end target
  !$omp target update from(qz, qz(3)%w)
  print '(a, 2f6.1)', 'update from(qz, qz(3)%w):', qz(1)%x, qz(3)%w(2)
  !$omp target
    qz(4)%x = -4
  !$omp end target
  !$omp target exit data map(from: qz, qz(3)%w)
  print '(a, 2f6.1)', 'exit data from(qz, qz(3)%w):', qz(4)%x, qz(3)%w(2)
end program
