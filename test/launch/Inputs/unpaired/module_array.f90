module m
  implicit none
  real :: coef(10)
contains
  real function scaled(i, x)
    !$omp declare target
    integer, intent(in) :: i
    real, intent(in) :: x
    scaled = coef(i) * x
  end function
end module
program mv
  use m
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
