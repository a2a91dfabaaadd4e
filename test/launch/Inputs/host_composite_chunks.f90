! Composite distribute parallel do on the host with teams of two threads
! (run with KMP_TEAMS_THREAD_LIMIT so that libomp forms them on a small
! machine): each iteration once, schedule(static, 3) dealing 3-iteration
! chunks of its team's block round-robin, and an `if` clause that
! serializes the parallel part. (flang-22 has no lastprivate on these.)
program host_composite_chunks
  use omp_lib
  implicit none
  integer, parameter :: n = 100
  integer :: cnt(n), team(n), thread(n), i, bad
  logical :: offl

  call reset()
  !$omp teams distribute parallel do num_teams(2) thread_limit(2) schedule(static, 3)
  do i = 1, n
    call note(i)
  end do
  ! Team t has iterations 50t+1..50t+50; within it, chunk k (3 iterations)
  ! goes to thread mod(k, 2).
  bad = 0
  do i = 1, n
    if (team(i) /= (i - 1) / 50 .or. &
        thread(i) /= mod((mod(i - 1, 50)) / 3, 2)) bad = bad + 1
  end do
  call check('static 3, 2 teams', bad)

  call reset()
  !$omp teams distribute parallel do thread_limit(2) schedule(static, 3)
  do i = 1, n
    call note(i)
  end do
  call check('static 3, teams unset', 0)

  call reset()
  !$omp teams distribute parallel do num_teams(2) thread_limit(2) dist_schedule(static, 7)
  do i = 1, n
    call note(i)
  end do
  ! Chunk k of 7 iterations goes to team mod(k, 2).
  bad = count([(team(i) /= mod((i - 1) / 7, 2), i = 1, n)])
  call check('dist 7', bad)

  call reset()
  !$omp teams distribute parallel do num_teams(2) thread_limit(2) dist_schedule(static, 7) schedule(dynamic, 3)
  do i = 1, n
    call note(i)
  end do
  call check('dist 7, dynamic 3', 0)

  offl = .false.
  call reset()
  !$omp target teams distribute parallel do if(offl) schedule(static, 3) map(tofrom: cnt, team, thread)
  do i = 1, n
    cnt(i) = cnt(i) + 1
    thread(i) = omp_get_num_threads()
  end do
  ! The if clause also applies to the parallel part: one thread.
  call check('target if(.false.)', count(thread /= 1))

  call reset()
  !$omp teams distribute parallel do num_teams(2) if(.false.)
  do i = 1, n
    call note(i)
  end do
  call check('teams if(.false.)', count(thread /= 0))
contains
  subroutine reset()
    cnt = 0
    team = -1
    thread = -1
  end subroutine reset
  subroutine note(i)
    integer, intent(in) :: i
    !$omp atomic
    cnt(i) = cnt(i) + 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
  end subroutine note
  subroutine check(what, wrong)
    character(*), intent(in) :: what
    integer, intent(in) :: wrong
    print '(a22,a,i0,a,i0)', what, ': not run once ', count(cnt /= 1), &
      ', misplaced ', wrong
  end subroutine check
end program host_composite_chunks
