#ifndef N
#define N 64
#endif
program main
  implicit none
  real :: a(N)
  a = 0
  call fill(a)
  print '(a,i0,a,f0.1)', 'N=', N, ' sum=', sum(a)
end program
