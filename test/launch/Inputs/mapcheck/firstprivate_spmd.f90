! Implicitly firstprivate scalars of SPMD kernels (`target teams
! distribute parallel do`: the loop's bounds go to the kernel through
! host_eval). last and cnt are written in the loop and read on the host
! afterwards; so is big, written in a `target teams` without a loop. i is
! the loop's index, m only read, t set on the host before its read: no
! finding. The host reads them all at once, before any call (a call's
! frames on a watched stack page may end its watch).
program firstprivate_spmd
  implicit none
  integer, parameter :: n = 100
  real :: a(n), last, t, big, r(6)
  integer :: i, m, cnt
  a = 1.0
  last = 0.0
  t = 0.0
  m = 2
  cnt = 0
  i = -1
  big = 0.0
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    a(i) = real(i * m)
    last = a(i)
    t = t + 1.0
    if (a(i) > 150.0) cnt = cnt + 1
  end do
  !$omp target teams num_teams(1) map(to: a)
  big = maxval(a)
  !$omp end target teams
  t = 1.0
  r(1) = last
  r(2) = big
  r(3) = t
  r(4) = i
  r(5) = m
  r(6) = cnt
  print '(a,6f6.1)', 'last big t i m cnt:', r
end program
