! A kernels region with two independent loop nests and code between them:
! acc-to-omp runs each nest as its own kernel and the code between them
! once, inside one target data region for the kernels' data.
subroutine nests(n, a, b, s)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n), b(n)
  real, intent(inout) :: s
  integer :: i
  !$acc kernels copy(a, b, s)
  !$acc loop independent
  do i = 1, n
    a(i) = a(i) + 1.0
  end do
  s = s + a(1)
  b(1) = s
  !$acc loop independent
  do i = 2, n
    b(i) = a(i) * 2.0
  end do
  !$acc end kernels
end subroutine nests
