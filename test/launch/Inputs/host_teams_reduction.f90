! Reductions over host teams, repeated: every team adds to the result, so
! a team's update lost to another shows as a wrong total in some round.
program host_teams_reduction
  use omp_lib
  implicit none
  integer, parameter :: rounds = 200, nteams = 4, per = 1000
  integer :: round, k, i, s, m, a(3), bad(7), nt
  integer(8) :: c
  real(8) :: x
  real(8), allocatable :: b(:)
  logical :: offload
  allocate(b(2))
  bad = 0
  offload = .false.
  do round = 1, rounds
    ! By value, several variables and operators in one construct.
    s = 0
    x = 0
    m = -1
    !$omp teams num_teams(nteams) reduction(+:s, x) reduction(max:m)
    do k = 1, per
      s = s + 1
      x = x + 0.5d0
    end do
    m = max(m, omp_get_team_num())
    !$omp end teams
    if (s /= nteams * per .or. x /= nteams * per * 0.5d0 .or. &
        m /= nteams - 1) bad(1) = bad(1) + 1
    ! By reference: an array and an allocatable array.
    a = 0
    b = 0
    !$omp teams num_teams(nteams) reduction(+:a, b)
    do k = 1, per
      a(2) = a(2) + 1
      b = b + 1
    end do
    !$omp end teams
    if (any(a /= [0, nteams * per, 0]) .or. any(b /= nteams * per)) &
      bad(2) = bad(2) + 1
    ! A team count known at run time; an integer(8) product.
    nt = 3
    c = 1
    !$omp teams num_teams(nt) reduction(*:c)
    c = c * 2
    !$omp end teams
    if (c /= 8) bad(3) = bad(3) + 1
    ! The teams' parallel loops reduce into the team's copy.
    s = 0
    !$omp teams num_teams(nteams) reduction(+:s)
    !$omp parallel do reduction(+:s) num_threads(2)
    do i = 1, per
      s = s + 1
    end do
    !$omp end parallel do
    s = s + 1
    !$omp end teams
    if (s /= nteams * (per + 1)) bad(4) = bad(4) + 1
    ! Used only in a distribute (the translation got this one right).
    s = 0
    !$omp teams distribute num_teams(nteams) reduction(+:s)
    do i = 1, nteams * per
      s = s + 1
    end do
    if (s /= nteams * per) bad(5) = bad(5) + 1
    ! A target region's teams, run on the host (--device=host, a host
    ! build) or on host-offload's teams.
    s = 0
    !$omp target teams num_teams(nteams) reduction(+:s) map(tofrom: s)
    do k = 1, per
      s = s + 1
    end do
    !$omp end target teams
    if (s /= nteams * per) bad(6) = bad(6) + 1
    ! The same under if(target: .false.): the host fallback in every build.
    s = 0
    !$omp target teams num_teams(nteams) reduction(+:s) if(target: offload)
    do k = 1, per
      s = s + 1
    end do
    !$omp end target teams
    if (s /= nteams * per) bad(7) = bad(7) + 1
  end do
  print '(a,7i4)', 'wrong rounds:', bad
  print '(a,i0,a,f0.1,a,i0)', 's=', s, ' x=', x, ' m=', m
  print '(a,3i5,2f7.1)', 'a, b=', a, b
end program
