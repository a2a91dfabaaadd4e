! Chunks for both the teams and the threads: offloaded (host-offload runs
! target regions through its device runtime) it runs; on the host it cannot.
program host_composite_double_chunk
  implicit none
  integer :: i, cnt(100)
  logical :: offl
  offl = command_argument_count() == 0
  cnt = 0
  !$omp target teams distribute parallel do dist_schedule(static, 7) schedule(static, 3) map(tofrom: cnt) if(target: offl)
  do i = 1, 100
    cnt(i) = cnt(i) + 1
  end do
  print '(a,i0)', 'not run once ', count(cnt /= 1)
end program host_composite_double_chunk
