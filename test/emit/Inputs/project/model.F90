! The model is chosen by the build: -DUSE_ACC for OpenACC, else OpenMP.
subroutine axpy(n, a, x, y)
  integer :: n, i
  real :: a, x(n), y(n)
#ifdef USE_ACC
  !$acc parallel loop copyin(x) copy(y)
#else
  !$omp target teams distribute parallel do map(to: x) map(tofrom: y)
#endif
  do i = 1, n
    y(i) = y(i) + a * x(i)
  end do
end subroutine axpy
