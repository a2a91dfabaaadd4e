! Composite distribute parallel do on the host, every schedule: each
! iteration must run once (LLVM 22's host translation ran it once per team
! for all but schedule(static)), and with schedule(static, c) each team's
! threads deal c-iteration chunks of its share round-robin.
program host_composite_schedule
  use omp_lib
  implicit none
  integer, parameter :: n = 100
  integer :: cnt(0:n-1), team(0:n-1), thread(0:n-1), threads(0:n-1), i, c

  c = 3
  call reset()
  !$omp teams distribute parallel do num_teams(4) schedule(static, 4)
  do i = 0, n - 1
    call note(i)
  end do
  call check('teams, static 4           ', 4)

  call reset()
  !$omp target teams distribute parallel do num_teams(4) schedule(static, c) map(tofrom: cnt, team, thread, threads)
  do i = 0, n - 1
    !$omp atomic
    cnt(i) = cnt(i) + 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    threads(i) = omp_get_num_threads()
  end do
  call check('target, static c          ', c)

  call reset()
  !$omp teams distribute parallel do num_teams(4) schedule(dynamic, 3)
  do i = 0, n - 1
    call note(i)
  end do
  call check('teams, dynamic 3          ', 0)

  call reset()
  !$omp teams distribute parallel do simd num_teams(3) schedule(guided)
  do i = 0, n - 1
    call note(i)
  end do
  call check('teams, simd guided        ', 0)

  call reset()
  !$omp teams distribute parallel do num_teams(4) schedule(runtime)
  do i = 0, n - 1
    call note(i)
  end do
  call check('teams, runtime            ', 0)

  call reset()
  !$omp teams distribute parallel do num_teams(4) schedule(auto)
  do i = 0, n - 1
    call note(i)
  end do
  call check('teams, auto               ', 0)

  call reset()
  !$omp teams distribute parallel do num_teams(4) schedule(dynamic) dist_schedule(static, 7)
  do i = 0, n - 1
    call note(i)
  end do
  call check('teams, dynamic, dist 7    ', 0)

  call reset()
  !$omp teams distribute parallel do num_teams(4) dist_schedule(static)
  do i = 0, n - 1
    call note(i)
  end do
  call check('teams, dist_schedule only ', 0)

  call reset()
  !$omp teams distribute parallel do num_teams(4) schedule(nonmonotonic: dynamic, 2) dist_schedule(static)
  do i = 0, n - 1
    call note(i)
  end do
  call check('teams, nonmonotonic, dist ', 0)

contains
  subroutine reset()
    cnt = 0
    team = -1
    thread = -1
    threads = 1
  end subroutine

  subroutine note(i)
    integer, intent(in) :: i
    !$omp atomic
    cnt(i) = cnt(i) + 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    threads(i) = omp_get_num_threads()
  end subroutine

  ! tc > 0: in each team's share (contiguous from its first iteration),
  ! thread = (offset / tc) mod threads.
  subroutine check(what, tc)
    character(*), intent(in) :: what
    integer, intent(in) :: tc
    integer :: i, first, wrong
    wrong = 0
    if (tc > 0) then
      do i = 0, n - 1
        first = i
        do while (first > 0)
          if (team(first - 1) /= team(i)) exit
          first = first - 1
        end do
        if (thread(i) /= mod((i - first) / tc, threads(i))) wrong = wrong + 1
      end do
    end if
    print '(a,a,i0,a,i0)', what, ': not run once ', count(cnt /= 1), &
      ', wrong thread ', wrong
  end subroutine
end program
