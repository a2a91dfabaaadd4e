! A scratch array created on the device is read before anything writes it.
program acc_create_read
  implicit none
  integer, parameter :: n = 100000
  real :: a(n), b(n)
  integer :: i
  a = 5.0
  !$acc data create(a) copyout(b) ! expect-static: acc-read-before-write ! expect-run: uninitialized-read
  !$acc parallel loop
  do i = 1, n
    b(i) = a(i) + 1.0
  end do
  !$acc end data
  if (all(b == 6.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
