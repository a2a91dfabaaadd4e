program link_use
  use link_state
  implicit none
  real(8) :: y
  sc = 2
  ! A link variable named in a region is mapped tofrom.
  !$omp target map(from: y)
  y = sc
  sc = 10
  !$omp end target
  print '(a, f5.1, a, f5.1)', 'y ', y, ' sc ', sc
end program
