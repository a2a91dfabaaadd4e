! A `declare target link` scalar of a module, named without a map clause in
! another file's target region (declare-target-use.test).
module link_state
  implicit none
  real(8) :: sc
  !$omp declare target link(sc)
end module
