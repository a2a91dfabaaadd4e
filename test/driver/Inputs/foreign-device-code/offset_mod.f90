module offset_mod
  implicit none
  real(8) :: offset = 1d0
  !$omp declare target(offset)
end module
