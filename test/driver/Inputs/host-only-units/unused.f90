! Built for the host alone, in an archive, and called by nobody.
subroutine never_called(a, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: a(n)
  !$omp target update from(a)
end subroutine
