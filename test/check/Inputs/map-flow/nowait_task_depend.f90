! A host task whose depend(in: b) follows the nowait target's
! depend(inout: b) runs after the region: its read of b is ordered. The
! read after the tasks, before the taskwait, is not.
program nowait_task_depend
  implicit none
  real(8) :: b(100), hsum
  b = 1
  hsum = 0
  !$omp parallel
  !$omp single
  !$omp target map(tofrom: b) nowait depend(inout: b)
  b = b + 1
  !$omp end target
  !$omp task depend(in: b) shared(b, hsum)
  hsum = sum(b)
  !$omp end task
  !$omp taskwait
  !$omp end single
  !$omp end parallel
  print *, hsum
end program nowait_task_depend
