! Device-resident data checked on the host between kernels without an
! update self.
program acc_enter_no_update_self
  implicit none
  integer, parameter :: n = 200
  real :: r(n)
  logical :: done
  integer :: i
  r = 1.0
  !$acc enter data copyin(r)
  !$acc parallel loop present(r) ! expect-static: stale-host-read ! expect-run: stale-host-read
  do i = 1, n
    r(i) = r(i) * 0.0
  end do
  done = maxval(abs(r)) < 1.0e-6
  !$acc exit data delete(r)
  if (done) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
