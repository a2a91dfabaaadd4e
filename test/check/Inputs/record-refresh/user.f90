! Writes the module's counter in a target region: right when the module
! declares it target (the region writes the device's variable).
program user
  use counter_mod
  implicit none
  !$omp target
  cnt = cnt + 5
  !$omp end target
  !$omp target update from(cnt)
  print *, cnt
end program
