! What the host's OpenMP runtime does after an nvptx program's image
! registered (cuda-setup-host.test): its max teams, a host teams region and
! a target teams region's host fallback (no GPU here) must be what they are
! in any program, whatever ompx's CUDA set-up did for the GPU's launches.
program host_teams_leak
  use omp_lib
  implicit none
  integer :: host_teams, fallback_teams
  print '(a,i0)', 'max teams: ', omp_get_max_teams()
  host_teams = -1
  !$omp teams
  if (omp_get_team_num() == 0) host_teams = omp_get_num_teams()
  !$omp end teams
  print '(a,i0)', 'host teams: ', host_teams
  fallback_teams = -1
  !$omp target teams map(tofrom: fallback_teams)
  if (omp_get_team_num() == 0) fallback_teams = omp_get_num_teams()
  !$omp end target teams
  print '(a,i0)', 'target teams (host fallback): ', fallback_teams
  print '(a,i0)', 'max teams after: ', omp_get_max_teams()
end program host_teams_leak
