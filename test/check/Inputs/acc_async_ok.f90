! Async work waited for (a queue, all queues); a host read of what an
! async update device reads too.
program p
  integer, parameter :: n = 1000
  real :: a(n), b(n), s
  integer :: i
  a = 1
  b = 3
  !$acc data copyin(a)
  !$acc update device(a) async(1)
  s = a(1)
  !$acc parallel loop async(1)
  do i = 1, n
    a(i) = a(i) * 2
  end do
  !$acc update self(a) async(1)
  !$acc wait(1)
  s = sum(a)
  !$acc end data
  !$acc parallel loop copy(b) async(2)
  do i = 1, n
    b(i) = b(i) + 1
  end do
  !$acc wait
  print *, s, sum(b)
end
