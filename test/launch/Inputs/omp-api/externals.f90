! OpenMP routines declared the way code older than omp_lib does: EXTERNAL,
! with their result types. flang-22 calls omp_get_team_num_ and friends,
! which no device runtime has.
program externals
  implicit none
  integer :: omp_get_team_num, omp_get_num_teams
  logical :: omp_is_initial_device
  double precision :: omp_get_wtime
  external :: omp_get_team_num, omp_get_num_teams, omp_is_initial_device
  external :: omp_get_wtime
  integer :: teams
  logical :: initial
  double precision :: t
  teams = -1
  !$omp target map(from: teams, initial, t)
  teams = omp_get_team_num() + omp_get_num_teams()
  initial = omp_is_initial_device()
  t = omp_get_wtime()
  !$omp end target
  print '(a, i0, a, l1, a, l1)', 'teams: ', teams, ' initial: ', initial, &
      ' clock: ', t > 0
end program
