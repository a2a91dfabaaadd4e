! Both models in one file: an OpenACC loop and an OpenMP target region.
program omp_and_acc
  implicit none
  integer :: i
  real :: a(100), b(100)
  a = 1
  b = 0
  !$acc parallel loop copyin(a) copyout(b)
  do i = 1, 100
    b(i) = 2 * a(i) + i
  end do
  !$omp target map(tofrom: b)
  b(1) = b(1) + 100
  !$omp end target
  print '(a,f8.1)', 'sum b = ', sum(b)
  if (sum(b) /= 5350) error stop 'omp_and_acc: FAILED'
  print '(a)', 'omp_and_acc: PASSED'
end
