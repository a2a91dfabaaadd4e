! dist_schedule/schedule chunks on a device: each iteration records the
! team and thread that ran it, and the program checks them against OpenMP's
! round-robin of chunks (team = chunk mod teams; in a team's chunk, thread =
! thread chunk mod threads) with the team and thread counts the device
! really gave. Prints the number of iterations run by another team or
! thread than the clause says, and run other than once.
program gpu_dist_chunks
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  integer :: team(0:n-1), thread(0:n-1), cnt(0:n-1), teams(0:n-1), threads(0:n-1)
  integer :: i, bc, tc

  call reset()
  !$omp target teams distribute num_teams(7) dist_schedule(static, 5) map(tofrom: team, thread, cnt, teams, threads)
  do i = 0, n - 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    teams(i) = omp_get_num_teams()
    threads(i) = omp_get_num_threads()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  call check('distribute, dist_schedule(static, 5)    ', 5, 1)

  call reset()
  !$omp target teams distribute parallel do num_teams(3) thread_limit(64) dist_schedule(static, 40) schedule(static, 3) map(tofrom: team, thread, cnt, teams, threads)
  do i = 0, n - 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    teams(i) = omp_get_num_teams()
    threads(i) = omp_get_num_threads()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  call check('distribute parallel do, 40 and 3        ', 40, 3)

  bc = 24
  tc = 2
  call reset()
  !$omp target teams distribute parallel do simd num_teams(5) thread_limit(32) dist_schedule(static, bc) schedule(static, tc) map(tofrom: team, thread, cnt, teams, threads)
  do i = 0, n - 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    teams(i) = omp_get_num_teams()
    threads(i) = omp_get_num_threads()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  call check('distribute parallel do simd, runtime    ', bc, tc)

  call reset()
  !$omp target parallel do num_threads(16) schedule(static, 7) map(tofrom: team, thread, cnt, teams, threads)
  do i = 0, n - 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    teams(i) = omp_get_num_teams()
    threads(i) = omp_get_num_threads()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  call check('parallel do, schedule(static, 7)        ', n, 7)

  call reset()
  !$omp target teams distribute parallel do num_teams(4) thread_limit(32) schedule(static, 4) map(tofrom: team, thread, cnt, teams, threads)
  do i = 0, n - 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    teams(i) = omp_get_num_teams()
    threads(i) = omp_get_num_threads()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  call check('distribute parallel do, schedule only   ', 0, 0)

  ! schedule(static) without a chunk: one block a thread (the chunk
  ! ceil(n / threads), given as -1).
  call reset()
  !$omp target parallel do num_threads(16) schedule(static) map(tofrom: team, thread, cnt, teams, threads)
  do i = 0, n - 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    teams(i) = omp_get_num_teams()
    threads(i) = omp_get_num_threads()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  call check('parallel do, schedule(static)           ', n, -1)

  ! Both without a chunk: one block a team, then one block a thread of it.
  call reset()
  !$omp target teams distribute parallel do num_teams(8) thread_limit(64) dist_schedule(static) schedule(static) map(tofrom: team, thread, cnt, teams, threads)
  do i = 0, n - 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    teams(i) = omp_get_num_teams()
    threads(i) = omp_get_num_threads()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  call check('distribute parallel do, both static     ', -1, -1)

  ! No chunk: at most one chunk a team, of about equal sizes (checked as
  ! libomp's blocks, the first n mod teams one larger).
  call reset()
  !$omp target teams distribute num_teams(6) dist_schedule(static) map(tofrom: team, thread, cnt, teams, threads)
  do i = 0, n - 1
    team(i) = omp_get_team_num()
    thread(i) = omp_get_thread_num()
    teams(i) = omp_get_num_teams()
    threads(i) = omp_get_num_threads()
    !$omp atomic
    cnt(i) = cnt(i) + 1
  end do
  call check_blocked('distribute, dist_schedule(static)       ')

contains
  subroutine reset()
    team = -1
    thread = -1
    teams = 1
    threads = 1
    cnt = 0
  end subroutine

  ! bc = 0: the team's share is implementation-defined, only counts checked.
  ! bc = -1: one block a team, ceil(n / teams); tc = -1: one block a thread
  ! of the team's chunk, ceil(bc / threads).
  subroutine check(what, bc, tc)
    character(*), intent(in) :: what
    integer, intent(in) :: bc, tc
    integer :: i, wrong, twant, hwant, b, t
    wrong = 0
    do i = 0, n - 1
      if (bc == 0) cycle
      b = bc
      if (bc < 0) b = (n + teams(i) - 1) / teams(i)
      t = tc
      if (tc < 0) t = (b + threads(i) - 1) / threads(i)
      twant = mod(i / b, teams(i))
      hwant = mod(mod(i, b) / t, threads(i))
      if (team(i) /= twant .or. thread(i) /= hwant) wrong = wrong + 1
    end do
    print '(a,a,i0,a,i0)', what, ': wrong owner ', wrong, ', not run once ', &
      count(cnt /= 1)
  end subroutine

  subroutine check_blocked(what)
    character(*), intent(in) :: what
    integer :: i, wrong, per, extra, twant
    wrong = 0
    do i = 0, n - 1
      per = n / teams(i)
      extra = mod(n, teams(i))
      if (i < extra * (per + 1)) then
        twant = i / (per + 1)
      else
        twant = extra + (i - extra * (per + 1)) / per
      end if
      if (team(i) /= twant .or. thread(i) /= 0) wrong = wrong + 1
    end do
    print '(a,a,i0,a,i0)', what, ': wrong owner ', wrong, ', not run once ', &
      count(cnt /= 1)
  end subroutine
end program
