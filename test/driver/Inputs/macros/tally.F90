! Every team runs the loop; TEAM_SUM (from -D) reduces over the teams.
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

program count_teams
  implicit none
  integer :: n, round, bad
  bad = 0
  do round = 1, 50
    call tally(n)
    if (mod(n, 1000) /= 0 .or. n == 0) bad = bad + 1
  end do
  print '(a,i2,a,i3)', 'teams', n / 1000, ' rounds wrong', bad
end program count_teams
