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

subroutine api_wait()
  use openacc
  integer, parameter :: n = 100
  real :: c(n)
  integer :: i
  c = 0
  !$acc parallel loop copy(c) async(3)
  do i = 1, n
    c(i) = i
  end do
  call acc_wait(3)
  print *, sum(c)
  !$acc parallel loop copy(c) async(4)
  do i = 1, n
    c(i) = c(i) + 1
  end do
  call acc_wait_all()
  print *, sum(c)
end subroutine

subroutine clause_waits()
  integer, parameter :: n = 100
  real :: d(n), e(n)
  integer :: i
  d = 1
  e = 2
  !$acc enter data copyin(d)
  !$acc parallel loop present(d) async(5)
  do i = 1, n
    d(i) = d(i) * 2
  end do
  ! A synchronous update waiting for queue 5 first.
  !$acc update self(d) wait(5)
  print *, sum(d)
  ! An async kernel that only reads e: the host may read e meanwhile.
  !$acc parallel loop copyin(e) present(d) async(6)
  do i = 1, n
    d(i) = d(i) + e(i)
  end do
  print *, sum(e)
  !$acc wait(6)
  !$acc exit data delete(d)
end subroutine
