subroutine apply_coef(n, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8) :: ca, cb
  common /coef/ ca, cb
  !$omp declare target(/coef/)
  integer :: i
  !$omp target teams distribute parallel do map(tofrom: x)
  do i = 1, n
    x(i) = ca * x(i) + cb
  end do
end subroutine
