module field_mod
  real :: field(100)
  !$omp declare target(field)
end module
