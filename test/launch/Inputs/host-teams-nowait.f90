! nowait target regions whose team count is known only at run time, 40 at
! once: each must run its own count of teams (the store of the request and
! the launch are in the same target task, on one thread).
program nw
  implicit none
  integer :: s(40), k, nt, bad
  s = 0
  do k = 1, 40
    nt = mod(k, 5) + 1
    !$omp target teams num_teams(nt) map(tofrom: s(k:k)) nowait depend(inout: s(k))
    !$omp atomic update
    s(k) = s(k) + 1
    !$omp end target teams
  end do
  !$omp taskwait
  bad = 0
  do k = 1, 40
    if (s(k) /= mod(k, 5) + 1) bad = bad + 1
  end do
  print *, 'bad', bad
end program
