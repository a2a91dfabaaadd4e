program main
  implicit none
  integer :: i
  real :: a(4)
  a = 1.0
  !$omp target map(tofrom: a)
  print '(a,f6.2)', 'from the device', a(1)
  !$omp end target
end program
