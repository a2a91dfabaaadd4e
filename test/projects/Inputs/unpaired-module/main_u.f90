program main_u
  use unusedmod
  implicit none
  real :: y(10)
  integer :: i
  table = 3.0
  y = 1.0
  !$omp target teams distribute parallel do map(to: table) map(tofrom: y)
  do i = 1, 10
    y(i) = twice(y(i)) + table(i)
  end do
  print '(10f5.1)', y
end program
