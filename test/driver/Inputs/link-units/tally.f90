module tally
  implicit none
  integer :: hits
  real(8) :: weights(8)
  !$omp declare target link(hits, weights)
end module
