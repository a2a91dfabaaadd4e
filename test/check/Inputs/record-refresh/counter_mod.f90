module counter_mod
  implicit none
  integer :: cnt = 0
  !$omp declare target(cnt)
end module
