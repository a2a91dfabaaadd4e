! flang's error inside the included file comes back at the INCLUDE line.
program broken_include
  implicit none
  integer, parameter :: n = 4
  real :: c(n)
  integer :: i
  c = 0.0
  include 'broken.inc'
  print *, c
end program
