program use_vec
  use vec_mod
  implicit none
  call fill()
  !$omp target update from(v)
  print *, v(n)
end program use_vec
