! Names the common block without the directive: its region copied the
! members in as host scalars.
program run
  implicit none
  real(8) :: gain
  integer :: steps
  common /knobs/ gain, steps
  call setup()
  !$omp target
  steps = steps + 1
  !$omp end target
  print '(a,i0)', 'steps ', steps
end program run
