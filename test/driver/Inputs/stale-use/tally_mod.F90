! A module's common block, declared for the device only in the device
! variant of the build (-DDEVICE_COUNT): the .mod file is the same.
module tally_mod
  implicit none
  integer :: total
  common /tally/ total
#ifdef DEVICE_COUNT
  !$omp declare target(/tally/)
#endif
end module tally_mod
