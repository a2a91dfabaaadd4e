! The same driver, its directive spelled by a macro.
#define TEAM_SUM teams num_teams(4) reduction(+:n)
subroutine tally(n)
  implicit none
  integer, intent(out) :: n
  integer :: i
  n = 0
  !$omp TEAM_SUM
  do i = 1, 1000
    n = n + 1
  end do
  !$omp end teams
end subroutine tally
