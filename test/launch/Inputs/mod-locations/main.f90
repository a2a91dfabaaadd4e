program main
  use field
  use kern
  implicit none
  call open_field(10)
  call bump()
  call bump_fixed()
  call bump_grid()
  !$omp target exit data map(from: u, fixed, gr%v)
  print *, 'u(1) =', u(1), 'fixed(1) =', fixed(1), 'gr%v(1) =', gr%v(1)
end program
