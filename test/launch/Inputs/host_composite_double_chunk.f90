! Chunks for both the teams and the threads: offloaded (host-offload runs
! target regions through its device runtime) it runs; on the host it runs
! with one team, or with teams of one thread, and stops with more of both.
! Any argument runs the target region on the host; `oneteam` asks for one
! team; `hostteams` runs the loop in a host teams region too.
program host_composite_double_chunk
  implicit none
  integer :: i, cnt(100), nt
  logical :: offl
  character(9) :: arg
  offl = command_argument_count() == 0
  arg = ''
  nt = 2
  if (.not. offl) then
    call get_command_argument(1, arg)
    if (arg == 'oneteam') nt = 1
  end if
  cnt = 0
  !$omp target teams distribute parallel do num_teams(nt) thread_limit(2) dist_schedule(static, 7) schedule(static, 3) map(tofrom: cnt) if(target: offl)
  do i = 1, 100
    cnt(i) = cnt(i) + 1
  end do
  if (arg == 'hostteams') then
    cnt = 0
    !$omp teams distribute parallel do num_teams(2) thread_limit(2) dist_schedule(static, 7) schedule(static, 3)
    do i = 1, 100
      cnt(i) = cnt(i) + 1
    end do
  end if
  print '(a,i0)', 'not run once ', count(cnt /= 1)
end program host_composite_double_chunk
