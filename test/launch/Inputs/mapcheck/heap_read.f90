! Small allocatables, each less than a page: glibc shares their heap pages
! with other blocks, the checked launch gives each pages of its own. The
! host reads a inside the data region without a `target update from`; it
! overwrites b before reading it (no finding); it reads c, the data of a
! `nowait` region, before the taskwait. Blocks freed, reallocated and
! grown on assignment in between keep their values.
program heap_read
  implicit none
  integer, parameter :: n = 100
  real, allocatable :: a(:), b(:), c(:), t(:)
  integer, allocatable :: k
  integer :: i
  allocate(a(n), b(n), c(n), k)
  a = 1.0
  b = 1.0
  c = 0.0
  k = 5
  !$omp target data map(tofrom: a, b)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = 2.0
    b(i) = 3.0
  end do
  print '(a,f4.1)', 'a(1) = ', a(1)
  b = 7.0
  print '(a,f4.1)', 'b(1) = ', b(1)
  !$omp end target data
  t = [(real(i), i = 1, 10)]
  t = [t, t]
  !$omp target map(tofrom: c) nowait
  do i = 1, n
    c(i) = c(i) + 1.0
  end do
  !$omp end target
  print '(a,f4.1)', 'c(n) = ', c(n)
  !$omp taskwait
  deallocate(a)
  allocate(a(2 * n))
  a = 4.0
  print '(a,i2,a,f5.1,a,f4.1,a,i2)', 'k = ', k, ' sum(t) = ', sum(t), &
      ' a(2n) = ', a(2 * n), ' size(t) = ', size(t)
end program
