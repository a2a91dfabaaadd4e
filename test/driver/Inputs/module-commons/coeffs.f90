! A common block and a BIND(C) variable of a module, declared for the
! device there (OpenMP) — flang names neither after the module.
module coeffs
  use iso_c_binding, only: c_int
  implicit none
  real(8) :: scale
  integer :: nsteps
  common /tuning/ scale, nsteps
  !$omp declare target(/tuning/)
  integer(c_int), bind(c, name='coeffs_calls') :: calls = 0
  !$omp declare target(calls)
end module coeffs
