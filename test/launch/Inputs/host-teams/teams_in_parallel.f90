! target teams distribute parallel do issued from inside an active parallel
! region: on --device=host libomp aborts (kmp_sched.cpp:547).
program teams_in_parallel
  implicit none
  real(8) :: res(2)
  integer :: t, i
  res = 0
  !$omp parallel do num_threads(2)
  do t = 1, 2
    !$omp target teams distribute parallel do reduction(+: res(t)) map(tofrom: res(t))
    do i = 1, 100
      res(t) = res(t) + t
    end do
  end do
  print '(a,2f8.1)', 'res =', res
end program
