module phys_consts
  implicit none
  real(8) :: gain = 1.0d0
  integer :: nsteps = 2
  real(8) :: acc_total = 0d0
  !$omp declare target(gain, nsteps, acc_total)
end module phys_consts
