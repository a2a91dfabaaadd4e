! Unnamed and named critical sections on the device: LLVM 22.1.8 names their
! locks .gomp_critical_user_[name].var, which ptxas rejects.
program gpu_critical
  implicit none
  integer :: n, m, i
  n = 0
  m = 0
  !$omp target teams distribute parallel do map(tofrom: n, m)
  do i = 1, 1000
    !$omp critical
    n = n + 1
    !$omp end critical
    !$omp critical(acc)
    m = m + 2
    !$omp end critical(acc)
  end do
  print '(2i6)', n, m
end program gpu_critical
