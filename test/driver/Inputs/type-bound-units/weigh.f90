program weigh
  use bodies
  use planets
  implicit none
  type(planet) :: p
  type(body) :: b
  real(8) :: wp, wb
  p%radius = 2d0
  p%density = 0.5d0
  b%density = 3d0
  !$omp target map(to: p, b) map(from: wp, wb)
  wp = weight(p)
  wb = weight(b)
  !$omp end target
  print '(a, 2f6.1)', 'weights on the device:', wp, wb
end program
