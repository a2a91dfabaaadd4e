! The same host task without a depend clause may run before the region.
program nowait_task_nodepend
  implicit none
  real(8) :: b(100), hsum
  b = 1
  hsum = 0
  !$omp parallel
  !$omp single
  !$omp target map(tofrom: b) nowait depend(inout: b)
  b = b + 1
  !$omp end target
  !$omp task shared(b, hsum)
  hsum = sum(b)
  !$omp end task
  !$omp taskwait
  !$omp end single
  !$omp end parallel
  print *, hsum
end program nowait_task_nodepend
