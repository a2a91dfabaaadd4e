program main
  use counter
  implicit none
  call bump()
  call bump()
  !$omp target update from(hits)
  print *, 'hits', hits
end program
