! OpenMP's teams semantics on the GPU, with ompx's one-wave default in
! place (issue 41; scripts/gpu_suite.py states the expected output and
! grids): num_teams(4000) gets exactly 4000 teams, each team number once; a
! loop without num_teams still covers every iteration once; the host's
! runtime keeps its own max teams (nothing set OMP_NUM_TEAMS for it).
program gpu_teams_semantics
  use omp_lib
  implicit none
  integer, parameter :: m = 4000, n = 2**24
  integer :: teams, i, missed
  integer :: seen(m)
  integer, allocatable :: hits(:)
  teams = -1
  seen = 0
  !$omp target teams num_teams(m) map(tofrom: teams, seen)
  if (omp_get_team_num() == 0) teams = omp_get_num_teams()
  if (omp_get_team_num() < m) seen(omp_get_team_num() + 1) = 1
  !$omp end target teams
  print '(a,i0,a,i0,a)', 'num_teams(4000): ', teams, ' teams, ', sum(seen), &
      ' team numbers'
  allocate(hits(n))
  hits = 0
  !$omp target teams distribute parallel do map(tofrom: hits)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  missed = count(hits /= 1)
  print '(a,i0)', 'no num_teams, 2**24 iterations, not run once: ', missed
  print '(a,i0)', 'host max teams: ', omp_get_max_teams()
end program gpu_teams_semantics
