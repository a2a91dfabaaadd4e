! A module whose variable is declare target `to`, or `link` with -DLINK:
! the .mod file is the same either way.
module counter_mod
  implicit none
  integer :: hits = 0
#ifdef LINK
  !$omp declare target link(hits)
#else
  !$omp declare target(hits)
#endif
end module counter_mod
