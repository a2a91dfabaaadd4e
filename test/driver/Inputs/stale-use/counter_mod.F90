! A module whose variable is declare target only in the device variant of
! the build (-DDEVICE_COUNT): the .mod file is the same either way.
module counter_mod
  implicit none
  integer :: hits = 0
#ifdef DEVICE_COUNT
  !$omp declare target(hits)
#endif
end module counter_mod
