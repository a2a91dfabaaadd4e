! A target construct's always map of a section of a declare target array:
! refused (its host code would copy gm(1:2)).
module dta
  implicit none
  real :: gm(8)
  !$omp declare target(gm)
end module dta

program declare_target_always
  use dta
  implicit none
  gm = 1
  !$omp target map(always, to: gm(7:8))
  gm(1) = gm(7) + gm(8)
  !$omp end target
end program declare_target_always
