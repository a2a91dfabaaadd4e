! The host changes a inside the data region; the kernel reads the copy made
! when the region began.
program acc_data_no_update_device
  implicit none
  integer, parameter :: n = 400
  real :: a(n), b(n)
  integer :: i
  a = 1.0
  !$acc data copyin(a) copyout(b)
  a = 7.0
  !$acc parallel loop ! expect-static: stale-device-read ! expect-run: stale-device-copy
  do i = 1, n
    b(i) = a(i) * 2.0
  end do
  !$acc end data
  if (all(b == 14.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
