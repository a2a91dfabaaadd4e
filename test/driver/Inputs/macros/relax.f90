! The device's copies of grid's variables: updated apart from the host's.
program relax
  use grid
  implicit none
  nx = 5
  w = 1
  !$omp target update to(nx, w)
  nx = 100
  w = 100
  !$omp target
  nx = nx + 1
  w(2) = w(2) + 3
  !$omp end target
  print '(a,i4,f6.1)', 'host', nx, w(2)
  !$omp target update from(nx, w)
  print '(a,i4,f6.1)', 'device', nx, w(2)
end program relax
