subroutine total(a, n, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8), intent(out) :: s
  integer :: i
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(to: a) map(tofrom: s)
  do i = 1, n
    s = s + a(i)
  end do
end subroutine
