! Uses dt_vars (declare_target_vars.f90, compiled first): flang-22's .mod
! file does not say `total` is declare target; the module's record does.
subroutine user()
  use dt_vars
  implicit none
  !$omp target
  total = total + 5
  !$omp end target
  !$omp target update from(total)
  print *, total
end subroutine user
