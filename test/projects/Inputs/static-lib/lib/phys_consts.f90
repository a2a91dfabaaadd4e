module phys_consts
  implicit none
  real(8) :: gain = 1.0d0
  integer :: nsteps = 2
  !$omp declare target(gain, nsteps)
end module phys_consts
