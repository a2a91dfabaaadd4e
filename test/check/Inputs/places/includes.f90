! Its target region comes from kernel.inc: the finding at the INCLUDE line.
program includes
  implicit none
  integer, parameter :: n = 16
  real :: c(n)
  integer :: i
  c = 0.0
  include 'kernel.inc'
  print *, sum(c)
end program
