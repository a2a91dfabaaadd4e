! Deferred composite loops (`nowait`): their host fallback runs on a libomp
! hidden-helper thread (an active team of 8). Each part checks its own result.
program deferred_composite_fallback
  use omp_lib
  implicit none
  integer, parameter :: n = 1003
  integer :: hits(n), tm(n), th(n), nth(n), ntm(n), i, j, k, nt, kk, m
  integer :: h2(40, 30)
  real(8) :: s
  logical :: ok
  ! 1. default: static blocks per thread, one league
  hits = 0; tm = -1; th = -1; nth = -1; ntm = -1
  !$omp target teams distribute parallel do nowait map(tofrom: hits, tm, th, nth, ntm)
  do i = 1, n
    hits(i) = hits(i) + 1; tm(i) = omp_get_team_num(); ntm(i) = omp_get_num_teams()
    th(i) = omp_get_thread_num(); nth(i) = omp_get_num_threads()
  end do
  !$omp taskwait
  ok = all(hits == 1) .and. all(ntm == ntm(1)) .and. all(tm >= 0 .and. tm < ntm) .and. all(th >= 0 .and. th < nth)
  do i = 2, n   ! distribute static: a team's iterations are one block; do static: a thread's one block in it
    if (tm(i) < tm(i-1)) ok = .false.
    if (tm(i) == tm(i-1) .and. th(i) < th(i-1)) ok = .false.
  end do
  print '(a,i3,a,i3,a,a)', ' 1 default:        teams', ntm(1), ' threads', maxval(nth), '  ', merge('PASS', 'FAIL', ok)
  ! 2. schedule(static, 4): chunks dealt round-robin to a team's threads
  hits = 0; tm = -1; th = -1; nth = -1; ntm = -1
  !$omp target teams distribute parallel do schedule(static, 4) nowait map(tofrom: hits, tm, th, nth, ntm)
  do i = 1, n
    hits(i) = hits(i) + 1; tm(i) = omp_get_team_num(); ntm(i) = omp_get_num_teams()
    th(i) = omp_get_thread_num(); nth(i) = omp_get_num_threads()
  end do
  !$omp taskwait
  ok = all(hits == 1) .and. all(tm >= 0 .and. tm < ntm)
  if (ntm(1) == 1) ok = ok .and. all([(th(i) == mod((i-1)/4, nth(i)), i = 1, n)])
  print '(a,i3,a,i3,a,a)', ' 2 static,4:       teams', ntm(1), ' threads', maxval(nth), '  ', merge('PASS', 'FAIL', ok)
  ! 3. reductions
  s = 0; m = -huge(m); kk = 0
  !$omp target teams distribute parallel do nowait reduction(+: s, kk) reduction(max: m) map(tofrom: s, kk, m)
  do i = 1, n
    s = s + i; kk = kk + 1; m = max(m, mod(i * 37, 1001))
  end do
  !$omp taskwait
  ok = s == dble(n) * (n + 1) / 2 .and. kk == n .and. m == 1000
  print '(a,f10.1,i6,i6,a,a)', ' 3 reduction:     ', s, kk, m, '  ', merge('PASS', 'FAIL', ok)
  ! 4. (lastprivate on the composite: flang-22 'not yet implemented')
  ! 5. num_teams(3): a real league
  hits = 0; tm = -1; ntm = -1; nt = 3
  !$omp target teams distribute parallel do num_teams(nt) nowait map(tofrom: hits, tm, ntm)
  do i = 1, n
    hits(i) = hits(i) + 1; tm(i) = omp_get_team_num(); ntm(i) = omp_get_num_teams()
  end do
  !$omp taskwait
  ok = all(hits == 1) .and. all(ntm == ntm(1)) .and. ntm(1) <= 3 .and. all(tm >= 0 .and. tm < ntm)
  do i = 2, n
    if (tm(i) < tm(i-1)) ok = .false.
  end do
  print '(a,i3,a,a)', ' 5 num_teams(3):   teams', ntm(1), '  ', merge('PASS', 'FAIL', ok)
  ! 6. collapse(2) + dist_schedule(static) + simd
  h2 = 0
  !$omp target teams distribute parallel do simd collapse(2) dist_schedule(static) nowait map(tofrom: h2)
  do j = 1, 30
    do i = 1, 40
      h2(i, j) = h2(i, j) + i + 100 * j
    end do
  end do
  !$omp taskwait
  ok = all([((h2(i, j) == i + 100 * j, i = 1, 40), j = 1, 30)])
  print '(a,a)', ' 6 collapse simd:   ', merge('PASS', 'FAIL', ok)
end program
