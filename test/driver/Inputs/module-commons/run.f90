program run
  use coeffs
  implicit none
  scale = 2; nsteps = 1; calls = 10
  !$omp target update to(scale, nsteps, calls)
  !$omp target
  nsteps = nsteps + 5
  scale = scale * 3
  calls = calls + 1
  !$omp end target
  !$omp target update from(scale, nsteps, calls)
  print '(a,f4.1,a,i0,a,i0)', 'scale ', scale, ' nsteps ', nsteps, ' calls ', calls
end program run
