! A nowait region's result read by a host task that depends on it (it runs
! after the region), before the taskwait: right.
program nowait_depend_task
  implicit none
  integer, parameter :: n = 100
  real :: a(n), s
  integer :: i
  a = 0.0
  s = -1.0
  !$omp parallel num_threads(2)
  !$omp single
  !$omp target map(tofrom: a) nowait depend(out: a)
  do i = 1, n
    a(i) = 1.0
  end do
  !$omp end target
  !$omp task depend(in: a) shared(a, s)
  s = sum(a)
  !$omp end task
  !$omp taskwait
  !$omp end single
  !$omp end parallel
  print '(a,f6.1)', 's =', s
end program nowait_depend_task
