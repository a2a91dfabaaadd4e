! Declares the common block for the device, as OpenMP asks of every unit
! naming it.
subroutine setup()
  implicit none
  real(8) :: gain
  integer :: steps
  common /knobs/ gain, steps
  !$omp declare target(/knobs/)
  gain = 2; steps = 3
  !$omp target update to(gain, steps)
end subroutine setup
