! target teams distribute parallel do issued from inside an active parallel
! region: on --device=host libomp aborts (kmp_sched.cpp:547).
program teams_in_parallel
  implicit none
  real(8) :: res(2), s
  integer :: t, i
  res = 0
  !$omp parallel do num_threads(2) private(s)
  do t = 1, 2
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, 100
      s = s + t
    end do
    res(t) = s
  end do
  print '(a,2f8.1)', 'res =', res
end program
