subroutine step(n, u, v)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: u(n)
  real, intent(in) :: v(n)
  integer :: i

  !$omp target teams distribute parallel do &
  !$omp&   map(tofrom: u) map(to: v)
  do i = 1, n
    u(i) = u(i) + v(i)
  end do
end subroutine
