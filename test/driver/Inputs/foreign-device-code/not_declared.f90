! Built by ompx-flang with device code (its other procedure has a region),
! but add_one is not declare target: only the host has it.
subroutine add_one(x)
  implicit none
  real(8), intent(inout) :: x
  x = x + 1d0
end subroutine
subroutine has_region()
  implicit none
  !$omp target
  !$omp end target
end subroutine
