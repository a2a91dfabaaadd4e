! A declare target procedure alone: no kernel, no variable of its own.
subroutine add_offset(x)
  use offset_mod
  implicit none
  !$omp declare target
  real(8), intent(inout) :: x
  x = x + offset
end subroutine
