! Allocatable and assumed-shape arrays of records with an allocatable
! component: each case printed the wrong value, or crashed, before.
module recs
  use iso_c_binding
  implicit none
  type t
    real, allocatable :: v(:)
    integer :: n
  end type
contains
  ! W1 through a dummy: present, mapped again, copied nothing.
  subroutine bump(xs)
    type(t) :: xs(:)
    !$omp target map(tofrom: xs)
    xs(1)%n = xs(1)%n + 1
    !$omp end target
  end subroutine
end module

program record_descriptor_arrays
  use recs
  use omp_lib
  implicit none
  type(t), allocatable, target :: xs(:), ys(:), zs(:)
  type(t) :: ws(2)
  integer :: i
  allocate(xs(3), ys(3), zs(2))
  do i = 1, 3
    allocate(xs(i)%v(4)); xs(i)%v = i; xs(i)%n = i
    allocate(ys(i)%v(4)); ys(i)%v = 0; ys(i)%n = 0
  end do
  do i = 1, 2
    allocate(ws(i)%v(2)); ws(i)%v = 1; ws(i)%n = 1
    allocate(zs(i)%v(2)); zs(i)%v = 1; zs(i)%n = 1
  end do

  ! A component entered alone, then the array mapped implicitly (crashed).
  !$omp target enter data map(to: xs(2)%v)
  !$omp target
  xs(2)%v(1) = 9.0
  !$omp end target
  !$omp target update from(xs(2)%v)
  !$omp target exit data map(delete: xs(2)%v)
  print '(a, 4f4.0)', 'A xs(2)%v (9 2 2 2):', xs(2)%v

  ! map(from:) of an allocatable array of records (garbage components).
  !$omp target map(from: ys)
  do i = 1, 3
    ys(i)%n = 10 * i
    ys(i)%v = 10 * i
  end do
  !$omp end target
  print '(a, 3i4, 3f5.0)', 'B ys (10 20 30 10 20 30):', ys%n, &
      (ys(i)%v(4), i = 1, 3)

  ! Present, a host-only change, the dummy's construct: no copy.
  !$omp target enter data map(to: ws)
  ws(1)%n = 100
  call bump(ws)
  print '(a, i4)', 'C host (100):', ws(1)%n
  !$omp target exit data map(from: ws)
  print '(a, i4)', 'D after exit (2):', ws(1)%n

  ! A new array's copy is released after its construct.
  !$omp target map(tofrom: zs)
  zs(1)%n = 2
  !$omp end target
  print '(a, i2, l2)', 'E (2 F):', zs(1)%n, &
      omp_target_is_present(c_loc(zs), omp_get_default_device()) /= 0
end program
