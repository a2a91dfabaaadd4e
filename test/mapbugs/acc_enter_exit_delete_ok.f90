! Unstructured data: copied in, written by a kernel, deleted without a
! copy out, then read on the host.
program acc_enter_exit_delete
  implicit none
  integer, parameter :: n = 600
  real :: a(n)
  integer :: i
  a = 1.0
  !$acc enter data copyin(a)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + 2.0
  end do
  !$acc exit data copyout(a)
  if (all(a == 3.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
