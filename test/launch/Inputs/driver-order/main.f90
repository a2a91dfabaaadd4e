program main
  use kern
  use report
  implicit none
  real :: a(100)
  a = 1.0
  call scale(a, 100)
  call say('sum', sum(a))
end program
