! The commonest offload loop, a target teams distribute parallel do with a
! reduction, repeated on the host: each team combines its share into the
! shared total, so a team's share lost to another shows as a wrong round.
program target_teams_combine
  implicit none
  integer, parameter :: rounds = 100, n = 20000
  integer :: round, i, s, bad(3)
  real(8) :: x, m
  logical :: offload
  bad = 0
  offload = .false.
  do round = 1, rounds
    s = 0
    x = 0
    !$omp target teams distribute parallel do num_teams(4) &
    !$omp&   reduction(+:s, x) map(tofrom: s, x)
    do i = 1, n
      s = s + 1
      x = x + 0.5d0
    end do
    if (s /= n .or. x /= n * 0.5d0) bad(1) = bad(1) + 1
    ! No parallel: the distribute alone reduces.
    m = 0
    !$omp target teams distribute num_teams(4) reduction(max:m) map(tofrom: m)
    do i = 1, n
      m = max(m, dble(i))
    end do
    if (m /= n) bad(2) = bad(2) + 1
    ! The host fallback of every build.
    s = 0
    !$omp target teams distribute parallel do num_teams(4) reduction(+:s) &
    !$omp&   if(target: offload)
    do i = 1, n
      s = s + 1
    end do
    if (s /= n) bad(3) = bad(3) + 1
  end do
  print '(a,3i4)', 'wrong rounds:', bad
end program target_teams_combine
