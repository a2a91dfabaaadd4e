subroutine bump()
  use counter
  implicit none
  !$omp target
  hits = hits + 1
  !$omp end target
end subroutine
