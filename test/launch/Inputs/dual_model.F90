! One source, two models: the build picks one with -fopenmp or -fopenacc.
program dual_model
  implicit none
  integer, parameter :: n = 1000
  real :: a(n)
  integer :: i
#ifdef _OPENACC
  !$acc parallel loop copyout(a)
#else
  !$omp target teams distribute parallel do map(from: a)
#endif
  do i = 1, n
    a(i) = 2.0 * i
  end do
  print '(a, f10.1)', 'sum a = ', sum(a)
end program
