! copyout leaves the device copy uninitialized, but the loop accumulates
! into it.
program acc_copyout_accumulate
  implicit none
  integer, parameter :: n = 100000
  real :: a(n), b(n)
  integer :: i
  a = 1.0
  b = 2.0
  !$acc parallel loop copyout(a) copyin(b) ! expect-static: acc-read-before-write ! expect-run: uninitialized-read
  do i = 1, n
    a(i) = a(i) + b(i)
  end do
  if (all(a == 3.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
