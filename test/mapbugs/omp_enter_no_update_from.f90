! Device-resident data: the host prints a residual the kernel computed,
! without an update from.
program omp_enter_no_update_from
  implicit none
  integer, parameter :: n = 256
  real :: r(n)
  integer :: i
  r = 0.0
  !$omp target enter data map(to: r)
  !$omp target teams distribute parallel do ! expect-static: stale-host-read ! expect-run: stale-host-read
  do i = 1, n
    r(i) = 1.0 / i
  end do
  if (r(1) == 1.0 .and. r(2) == 0.5) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
  !$omp target exit data map(delete: r)
end program
