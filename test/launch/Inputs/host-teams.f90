! Teams on host-offload: num_teams(4) creates 4 teams (OpenMP 5.1: the lower
! bound is the upper one), each runs the teams region's code, and a
! distribute loop's iterations are shared among them, each once.
program host_teams
  use omp_lib
  implicit none
  integer, parameter :: n = 10
  integer :: nteams, s, i, owner(n), count(n), nt, once
  nteams = -1
  s = 0
  !$omp target teams num_teams(4) map(tofrom: nteams) reduction(+:s)
  nteams = omp_get_num_teams()
  s = s + 1
  !$omp end target teams
  print '(a,i0,a,i0)', 'teams=', nteams, ' redundant=', s
  owner = -1
  count = 0
  !$omp target teams distribute num_teams(4) map(tofrom: owner, count)
  do i = 1, n
    owner(i) = omp_get_team_num()
    count(i) = count(i) + 1
  end do
  print '(a,10i2)', 'owner=', owner
  print '(a,10i2)', 'count=', count
  ! A combined SPMD nest: the same iterations, each once.
  count = 0
  !$omp target teams distribute parallel do num_teams(3) map(tofrom: count)
  do i = 1, n
    count(i) = count(i) + 1
  end do
  print '(a,10i2)', 'spmd=', count
  ! A team count known only at run time.
  nt = 3
  s = 0
  !$omp target teams num_teams(nt) map(tofrom: nteams) reduction(+:s)
  nteams = omp_get_num_teams()
  s = s + 1
  !$omp end target teams
  print '(a,i0,a,i0)', 'runtime teams=', nteams, ' redundant=', s
  ! No teams, or teams without num_teams: the region runs once.
  once = 0
  !$omp target map(tofrom: once)
  once = once + 1
  !$omp end target
  !$omp target teams map(tofrom: once)
  once = once + 10
  !$omp end target teams
  print '(a,i0)', 'once=', once
end program
