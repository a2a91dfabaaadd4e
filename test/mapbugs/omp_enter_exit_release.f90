! Unstructured data: entered to, written by a kernel, released without
! copying back, then read on the host.
program omp_enter_exit_release
  implicit none
  integer, parameter :: n = 800
  real :: a(n)
  integer :: i
  a = 1.0
  !$omp target enter data map(to: a)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp target exit data map(release: a) ! expect-static: stale-host-read ! expect-run: not-copied-back
  if (all(a == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
