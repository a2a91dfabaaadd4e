! A task inside a target region: the serial host-offload runtime has no
! tasking, so host-offload must refuse it by name (and host must run it).
program target_task
  implicit none
  integer :: x
  x = 0
  !$omp target map(tofrom: x)
  !$omp task shared(x)
  x = x + 41
  !$omp end task
  !$omp taskwait
  x = x + 1
  !$omp end target
  print '(a,i0)', 'x = ', x
end program target_task
