! An OpenMP loop nest with a negative step.
program negative_step_omp
  implicit none
  integer, parameter :: n = 32
  integer :: v(n), i
  v = 0
  !$omp target teams distribute parallel do map(tofrom: v)
  do i = n, 1, -3
    v(i) = i
  end do
  print '(a, i0)', 'omp_teams_loop ', sum(v)
end program negative_step_omp
