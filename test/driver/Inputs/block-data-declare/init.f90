! The initial values of common blocks declared target, in a unit of their
! own (a `to` block and a `link` one).
block data tables
  implicit none
  real :: alpha, tab(4)
  integer :: offset
  real :: weights(2)
  common /cst/ alpha, tab
  common /lnk/ offset, weights
  !$omp declare target(/cst/)
  !$omp declare target link(/lnk/)
  data alpha /2.5/, tab /1.0, 2.0, 3.0, 4.0/
  data offset /7/, weights /0.5, 0.25/
end block data
