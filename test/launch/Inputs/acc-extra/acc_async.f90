! async queues and wait: the second kernel on queue 1 reads what the first
! wrote; queue 2 is independent; wait(1) and wait order them for the host.
subroutine queues(n, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n), b(n)
  integer :: i
  !$acc data copy(a, b)
  !$acc parallel loop async(1)
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  !$acc parallel loop async(2)
  do i = 1, n
    b(i) = 2.0 * b(i)
  end do
  !$acc parallel loop async(1)
  do i = 1, n
    a(i) = 3.0 * a(i)
  end do
  !$acc wait(1)
  !$acc update self(a) async(2)
  !$acc wait
  !$acc end data
end subroutine queues
