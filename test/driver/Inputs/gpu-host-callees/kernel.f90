! A kernel calling a module procedure and an external one, neither of
! which is declare target.
program kernel
  use weights
  implicit none
  real(8) :: y(8)
  real(8), external :: ramp
  integer :: i
  !$omp target teams distribute parallel do map(from: y)
  do i = 1, 8
    y(i) = weight(real(i, 8)) + ramp(real(i, 8))
  end do
  print *, sum(y)
end program
