program main
  use coefmod
  implicit none
  real :: y(10)
  integer :: i
  coef = 2.0
  y = 1.0
  !$omp target teams distribute parallel do map(to: coef) map(tofrom: y)
  do i = 1, 10
    y(i) = scaled(i, y(i))
  end do
  print '(10f5.1)', y
end program
