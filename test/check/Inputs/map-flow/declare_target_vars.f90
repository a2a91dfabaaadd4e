! Declare target variables have one device copy for the whole program: a
! map neither makes nor drops it, so only `target update` moves data.
module dt_vars
  implicit none
  real :: coef(8) = 1.0
  integer :: total = 0
  !$omp declare target(coef, total)
end module dt_vars

subroutine right()
  use dt_vars
  implicit none
  coef = 2.0
  !$omp target update to(coef)
  !$omp target
  total = total + int(coef(1))
  !$omp end target
  !$omp target update from(total)
  print *, total
end subroutine right

subroutine no_update_to()
  use dt_vars
  implicit none
  coef = 3.0
  !$omp target map(to: total)
  total = int(coef(2))
  !$omp end target
end subroutine no_update_to

subroutine tofrom_is_no_copy_back()
  use dt_vars
  implicit none
  !$omp target map(tofrom: total)
  total = 7
  !$omp end target
  print *, total
end subroutine tofrom_is_no_copy_back
