! A driver whose teams reduction flang-22 alone gets wrong on the host
! (one private copy of n for all teams).
subroutine tally(n)
  implicit none
  integer, intent(out) :: n
  integer :: i
  n = 0
  !$omp teams num_teams(4) reduction(+:n)
  do i = 1, 1000
    n = n + 1
  end do
  !$omp end teams
end subroutine tally
