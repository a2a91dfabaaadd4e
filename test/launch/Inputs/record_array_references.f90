! Arrays of records with an allocatable component, present and mapped
! again: OpenMP counts references, so the construct copies nothing.
program record_array_references
  implicit none
  type t
    real, allocatable :: v(:)
    real :: s
  end type
  type(t) :: xs(2), zs(20)
  type(t), allocatable :: ys(:)
  integer :: i, step
  allocate(ys(2))
  do i = 1, 2
    allocate(xs(i)%v(4)); xs(i)%v = i; xs(i)%s = i
    allocate(ys(i)%v(4)); ys(i)%v = i; ys(i)%s = i
  end do
  !$omp target enter data map(to: xs, ys)
  ! Host-only changes: the device keeps its copies.
  xs(1)%s = 100.0; xs(1)%v = 100.0
  ys(1)%s = 100.0; ys(1)%v = 100.0
  !$omp target map(tofrom: xs, ys)
  xs(1)%s = xs(1)%s + 1.0; xs(1)%v(1) = xs(1)%v(1) + 1.0
  ys(1)%s = ys(1)%s + 1.0; ys(1)%v(1) = ys(1)%v(1) + 1.0
  !$omp end target
  print '(a, 4f7.1)', 'A host (100 100 100 100):', xs(1)%s, xs(1)%v(1), &
      ys(1)%s, ys(1)%v(1)
  !$omp target exit data map(from: xs, ys)
  print '(a, 4f7.1)', 'B after exit (2 2 2 2):', xs(1)%s, xs(1)%v(1), &
      ys(1)%s, ys(1)%v(1)

  ! A time loop inside target data: right, and nothing to report.
  do i = 1, 20
    allocate(zs(i)%v(4)); zs(i)%v = i; zs(i)%s = 0
  end do
  !$omp target data map(tofrom: zs)
  do step = 1, 3
    !$omp target map(tofrom: zs)
    do i = 1, 20
      zs(i)%s = zs(i)%s + sum(zs(i)%v)
      zs(i)%v = zs(i)%v + 1
    end do
    !$omp end target
  end do
  !$omp end target data
  print '(a, 3f7.1)', 'C s (24 36 252):', zs(1)%s, zs(2)%s, zs(20)%s
  print '(a, 3f7.1)', 'D v (4 5 23):', zs(1)%v(4), zs(2)%v(4), zs(20)%v(4)
end program
