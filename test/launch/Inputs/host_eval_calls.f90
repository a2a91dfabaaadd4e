! Loop bounds and teams clauses computed by calls: the host evaluates them
! once for the launch, and the device gets the values.
module counters
  implicit none
  integer :: calls = 0
contains
  integer function nt()
    calls = calls + 1
    nt = 3
  end function nt
end module counters

program host_eval_calls
  use counters
  use omp_lib
  implicit none
  integer :: s, i, n, t
  n = 100
  s = 0
  !$omp target teams distribute parallel do reduction(+:s) map(tofrom: s)
  do i = 1, nint(sqrt(real(n)))
    s = s + i
  end do
  print '(a,i0)', 'bound from nint(sqrt(n)): ', s
  s = 0
  !$omp target teams distribute parallel do num_teams(nt()) &
  !$omp&   thread_limit(omp_get_max_threads()) reduction(+:s) map(tofrom: s)
  do i = 1, 10
    s = s + 1
  end do
  print '(a,i0,a,i0)', 'num_teams(nt()): ', s, ', calls: ', calls
  t = 0
  !$omp target teams num_teams(nt()) map(tofrom: t)
  !$omp atomic
  t = t + 1
  !$omp end target teams
  print '(a,i0,a,i0)', 'teams of nt(): ', t, ', calls: ', calls
end program host_eval_calls
