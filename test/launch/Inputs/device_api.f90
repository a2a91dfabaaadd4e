! The OpenMP API inside a target region: team sizes and ancestors of the
! serial device runtime's teams of one thread, and omp_in_final in a final
! task and a task it creates (final too).
program api
  use omp_lib
  implicit none
  integer :: r(8), i
  logical :: f(3)
  r = -9
  f = .true.
  !$omp target map(from: r, f)
  r(1) = omp_get_team_size(0)
  r(2) = omp_get_ancestor_thread_num(0)
  r(3) = omp_get_team_size(1)
  r(4) = omp_get_ancestor_thread_num(2)
  !$omp parallel num_threads(1)
  r(5) = omp_get_team_size(1)
  r(6) = omp_get_ancestor_thread_num(1)
  r(7) = omp_get_level()
  !$omp end parallel
  f(1) = omp_in_final()
  !$omp task final(.true.) shared(f)
  f(2) = omp_in_final()
  !$omp task shared(f)
  f(3) = omp_in_final()
  !$omp end task
  !$omp end task
  !$omp end target
  print '(a,7i3)', 'sizes', r(1:7)
  print '(a,3l2)', 'final', f
end program api
