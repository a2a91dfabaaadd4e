#ifndef N
#define N 64
#endif
subroutine fill(a)
  implicit none
  real :: a(N)
  integer :: i
  !$omp target teams distribute parallel do map(from: a)
  do i = 1, N
    a(i) = i
  end do
end subroutine
