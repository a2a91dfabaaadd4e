! A parallel loop that updates a in place but only copies it in.
program acc_parallel_copyin_written
  implicit none
  integer, parameter :: n = 700
  real :: a(n)
  integer :: i
  a = 4.0
  !$acc parallel loop copy(a)
  do i = 1, n
    a(i) = sqrt(a(i))
  end do
  if (all(a == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
