! The host prints a norm the kernel computed inside the data region,
! without an update self.
program acc_data_no_update_self
  implicit none
  integer, parameter :: n = 256
  real :: x(n), nrm
  integer :: i
  x = 1.0
  !$acc data copy(x)
  !$acc parallel loop ! expect-static: stale-host-read ! expect-run: stale-host-read
  do i = 1, n
    x(i) = 2.0
  end do
  nrm = sum(x * x)
  !$acc parallel loop
  do i = 1, n
    x(i) = x(i) + 1.0
  end do
  !$acc end data
  if (nrm == 1024.0 .and. all(x == 3.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
