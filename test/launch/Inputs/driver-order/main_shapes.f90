program main_shapes
  use kern
  use shapes
  use consts
  implicit none
  real :: a(10)
  a = area(2.0)
  call scale(a, 10)
  print '(a, f8.1)', 'sum:', sum(a) + two
end program
