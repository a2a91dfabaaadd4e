! Two parallel regions in a generic-mode target region: LLVM 22.1.8 passes
! them a null wrapper function. At -O0 the kernel stays generic (refused at
! the first omp.parallel); at -O2 OpenMPOpt converts it to SPMD.
program gpu_generic_parallel
  implicit none
  integer :: a(2)
  a = 0
  !$omp target map(tofrom: a)
  !$omp parallel
  a(1) = 1
  !$omp end parallel
  !$omp parallel
  a(2) = 2
  !$omp end parallel
  !$omp end target
  print '(2i3)', a
end program gpu_generic_parallel
