! One file, the model picked by the preprocessor (-DUSE_TARGET), as codes
! with one module per programming model do.
subroutine axpy(a, x, y, n)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a, x(n)
  real, intent(inout) :: y(n)
  integer :: i
#ifdef USE_TARGET
  !$omp target teams distribute parallel do map(to: x) map(tofrom: y)
#endif
  do i = 1, n
    y(i) = y(i) + a * x(i) * SCALE
  end do
end subroutine
