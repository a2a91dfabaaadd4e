program call_bump
  implicit none
  !$omp target
  call bump(3)
  !$omp end target
end program call_bump
