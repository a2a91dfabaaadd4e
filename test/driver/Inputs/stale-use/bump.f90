! A declare target procedure using the module's variable (no region
! names it here).
subroutine bump(k)
  use counter_mod
  implicit none
  !$omp declare target
  integer, intent(in) :: k
  hits = hits + k
end subroutine bump
