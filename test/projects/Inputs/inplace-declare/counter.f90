module counter
  implicit none
  integer :: hits = 0
  !$omp declare target(hits)
end module
