! OpenACC: the data region copies w in only, and the loop writes it.
program acc_copyin_written
  implicit none
  integer, parameter :: n = 50
  real :: w(n)
  integer :: i
  w = 1.0
  !$acc data copyin(w)
  !$acc parallel loop
  do i = 1, n
    w(i) = w(i) + 1.0
  end do
  !$acc end data
  print '(a,f4.1)', 'w(1) = ', w(1)
end program
