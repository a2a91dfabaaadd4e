! A taskloop inside a target region: the serial host-offload runtime has no
! taskloop, so host-offload must refuse it by name (and host must run it).
program target_taskloop
  implicit none
  integer :: x, i
  x = 0
  !$omp target map(tofrom: x)
  !$omp taskloop shared(x) num_tasks(4)
  do i = 1, 10
    !$omp atomic
    x = x + i
  end do
  !$omp end target
  print '(a,i0)', 'x = ', x
end program target_taskloop
