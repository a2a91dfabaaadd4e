! The driver: uses the input's module.
program main
  use kern
  implicit none
  real :: a(4) = [1.0, 2.0, 3.0, 4.0]
  call scale(a, 4)
  print '(a,4f5.1)', 'scaled:', a
end program
