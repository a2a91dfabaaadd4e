! In a shared library: calls a procedure an archive of the program gives.
subroutine relay(x)
  implicit none
  real(8), intent(inout) :: x
  external :: bump_it
  call bump_it(x)
end subroutine
