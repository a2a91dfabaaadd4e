program main_t
  use tgtmod
  implicit none
  real :: y(10)
  integer :: i
  weights = 2.0
  y = 1.0
  !$omp target teams distribute parallel do map(to: weights) map(tofrom: y)
  do i = 1, 10
    y(i) = weighted(i, y(i))
  end do
  print '(10f5.1)', y
end program
