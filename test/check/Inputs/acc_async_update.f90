! An async update self read on the host before the wait.
program p
  integer, parameter :: n = 1000
  real :: a(n), s
  integer :: i
  a = 1
  !$acc data copyin(a)
  !$acc parallel loop async(1)
  do i = 1, n
    a(i) = a(i) * 2
  end do
  !$acc update self(a) async(1)
  s = sum(a)
  !$acc end data
  print *, s
end
