! Inside a target data region the host reads a between two kernels without
! an update from: it sees the values from before the first kernel.
program omp_data_no_update_from
  implicit none
  integer, parameter :: n = 300
  real :: a(n), total
  integer :: i
  a = 1.0
  !$omp target data map(tofrom: a)
  !$omp target teams distribute parallel do ! expect-static: stale-host-read ! expect-run: stale-host-read
  do i = 1, n
    a(i) = 3.0
  end do
  total = sum(a)
  !$omp target teams distribute parallel do
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$omp end target data
  if (total == 900.0 .and. all(a == 4.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
