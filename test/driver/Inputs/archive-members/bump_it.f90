subroutine bump_it(x)
  implicit none
  real(8), intent(inout) :: x
  !$omp target map(tofrom: x)
  x = x + 3d0
  !$omp end target
end subroutine
