subroutine bump(s)
  implicit none
  real(8), intent(inout) :: s
  !$omp target map(tofrom: s)
  s = s + 1
  !$omp end target
end subroutine
