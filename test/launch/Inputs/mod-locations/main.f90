program main
  use field
  use kern
  implicit none
  call open_field(10)
  call bump()
  !$omp target exit data map(from: u)
  print *, 'u(1) =', u(1)
end program
