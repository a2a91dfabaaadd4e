program main
  use dropped
  implicit none
  real :: a(8), r1, r2, r3
  a = 1.0
  call accumulate(a, r1)
  call host_reads(a, r2)
  call next_kernel_reads(a, r3)
  print '(a,3f6.1)', 'r =', r1, r2, r3
end program
