module m
  implicit none
  real(8) :: c = 1.0d0
  !$omp declare target(c)
end module m
program p
  use m
  implicit none
  real(8) :: x(4)
  integer :: i
  c = 0.5d0
  !$omp target update to(c)
  !$omp target teams distribute parallel do map(from: x)
  do i = 1, 4
    x(i) = c * i
  end do
  print *, x
  if (any(x /= 0.5d0 * [1, 2, 3, 4])) error stop 1
  print *, 'PASSED'
end program p
