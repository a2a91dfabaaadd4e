! map(from:)/map(alloc:) of records with an allocatable component: the
! device's descriptors were never written (a segfault, or garbage values).
program record_from_maps
  implicit none
  type :: t
    integer :: n = 0
    real, allocatable :: a(:)
  end type
  type(t) :: x, y, xs(2)
  integer :: j
  allocate(x%a(2), y%a(2))
  x%a = 1
  y%a = 1
  do j = 1, 2
    xs(j)%n = j
    allocate(xs(j)%a(2))
    xs(j)%a = j
  end do
  !$omp target map(from: x)
  x%n = 10
  x%a(1) = 10
  x%a(2) = 20
  !$omp end target
  !$omp target map(from: xs)
  do j = 1, 2
    xs(j)%n = 10 * j
    xs(j)%a = 10 * j
  end do
  !$omp end target
  !$omp target enter data map(alloc: y)
  !$omp target
  y%a(1) = 30
  y%a(2) = 40
  !$omp end target
  !$omp target update from(y%a)
  !$omp target exit data map(delete: y)
  print '(a, i3, 2f5.1)', 'x:', x%n, x%a
  print '(a, 2i3, 4f5.1)', 'xs:', xs%n, xs(1)%a, xs(2)%a
  print '(a, 2f5.1)', 'y:', y%a
end program
