program main
  use fields
  implicit none
  real :: a(n)
  call fill(a)
  call check(a, n)
end program
