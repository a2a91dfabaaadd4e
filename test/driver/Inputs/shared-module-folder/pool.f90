! Program A's module: a common block and a BIND(C) counter, both declared
! for the device.
module pool
  use iso_c_binding, only: c_int
  implicit none
  real :: w
  common /pool/ w
  !$omp declare target(/pool/)
  integer(c_int), bind(c, name='pool_hits') :: hits = 0
  !$omp declare target(hits)
end module pool
