! An async kernel whose copy clause copies back, read before the wait.
program p
  integer, parameter :: n = 1000
  real :: b(n)
  integer :: i
  b = 3
  !$acc parallel loop copy(b) async(2)
  do i = 1, n
    b(i) = b(i) + 1
  end do
  print *, sum(b)
  !$acc wait
end
