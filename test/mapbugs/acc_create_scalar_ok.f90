! A device-only accumulator created without a value.
program acc_create_scalar
  implicit none
  integer, parameter :: n = 100
  real :: a(n), total, res(1)
  integer :: i
  a = 1.0
  total = 5.0
  !$acc serial copyin(a) copyin(total) copyout(res)
  do i = 1, n
    total = total + a(i)
  end do
  res(1) = total
  !$acc end serial
  if (res(1) == 105.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
