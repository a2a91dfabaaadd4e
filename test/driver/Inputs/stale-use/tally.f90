program tally
  use tally_mod
  implicit none
  total = 1
  !$omp target update to(total)
  !$omp target
  total = total + 9
  !$omp end target
  !$omp target update from(total)
  print '(a,i0)', 'total = ', total
end program tally
