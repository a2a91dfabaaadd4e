! Device-resident boundary values changed on the host without an update.
program acc_enter_no_update_device
  implicit none
  integer, parameter :: n = 128
  real :: bc(n), u(n)
  integer :: i
  bc = 0.0
  u = 1.0
  !$acc enter data copyin(bc, u)
  bc(1) = 10.0
  bc(n) = 20.0
  !$acc update device(bc)
  !$acc parallel loop present(bc, u)
  do i = 1, n
    u(i) = u(i) + bc(i)
  end do
  !$acc exit data copyout(u) delete(bc)
  if (u(1) == 11.0 .and. u(n) == 21.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
