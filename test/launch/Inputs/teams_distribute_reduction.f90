! A teams distribute reduction (no parallel) whose team has two threads:
! only the team's initial thread runs the distribute.
program teams_distribute_reduction
  implicit none
  integer :: i, s
  s = 0
  !$omp teams distribute num_teams(1) thread_limit(2) reduction(+:s)
  do i = 1, 100
    s = s + i
  end do
  print '(a,i0)', 's = ', s
end program teams_distribute_reduction
