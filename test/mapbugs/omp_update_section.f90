! A kernel updates every cell; the host then needs the last cell but the
! update copies back only the first one, and reads its old last cell.
program omp_update_section
  implicit none
  integer, parameter :: n = 64
  real :: u(n), last
  integer :: i
  u = 1.0
  !$omp target data map(tofrom: u)
  !$omp target teams distribute parallel do ! expect-static: stale-host-read ! expect-run: stale-host-read
  do i = 1, n
    u(i) = u(i) + real(i)
  end do
  !$omp target update from(u(1:1))
  last = u(n)
  !$omp end target data
  if (last == 1.0 + n) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
