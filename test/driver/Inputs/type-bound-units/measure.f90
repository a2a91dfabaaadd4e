program measure
  use rects
  use squares
  implicit none
  real(8) :: r, q
  !$omp target map(from: r, q)
  block
    type(rect) :: a
    type(square) :: b
    a%side = 5d0
    b%side = 3d0
    r = a%twice()
    q = b%twice()
  end block
  !$omp end target
  print '(a, 2f6.1)', 'twice the areas on the device:', r, q
end program
