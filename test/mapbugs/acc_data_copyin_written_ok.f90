! The data region only copies b in; the loop inside writes it.
program acc_data_copyin_written
  implicit none
  integer, parameter :: n = 500
  real :: b(n)
  integer :: i
  b = 1.0
  !$acc data copy(b)
  !$acc parallel loop
  do i = 1, n
    b(i) = 2.0 * b(i)
  end do
  !$acc end data
  if (all(b == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
