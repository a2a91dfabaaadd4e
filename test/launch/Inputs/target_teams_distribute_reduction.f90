! A target region's teams distribute with a reduction and no parallel: run
! by the host with teams of two threads, LLVM 22's distribute reduce and the
! barrier after it waited for the team's second thread, which never runs
! the teams region's own code.
program target_teams_distribute_reduction
  implicit none
  real(8) :: u(1000), r
  integer :: i
  u = 1
  u(777) = 5
  r = 0
  !$omp target teams distribute reduction(+:r)
  do i = 1, 1000
    r = r + u(i)
  end do
  print '(a,f8.1)', 'r =', r
end program
