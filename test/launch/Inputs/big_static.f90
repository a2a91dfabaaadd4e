! Static arrays of 2.4 GB (a module's and a program's): .bss past the
! +-2 GiB a PC-relative reference reaches.
module big_static_m
  implicit none
  real :: a(300000000)
end module

program big_static
  use big_static_m
  implicit none
  real :: b(300000000)
  a(1) = 1
  a(300000000) = 2
  !$omp target map(tofrom: a(1:10))
  a(2) = a(1) + 1
  !$omp end target
  b(300000000) = a(300000000) + a(2)
  print '(a,f6.1)', 'b(n) = ', b(300000000)
  if (b(300000000) /= 4) error stop 'big_static: FAILED'
  print '(a)', 'big_static: PASSED'
end
