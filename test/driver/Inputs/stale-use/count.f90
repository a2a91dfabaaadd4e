program count
  use counter_mod
  implicit none
  !$omp target
  hits = hits + 5
  !$omp end target
  !$omp target update from(hits)
  print '(a,i0)', 'hits = ', hits
end program count
