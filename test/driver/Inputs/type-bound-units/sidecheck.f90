! Uses a component of a shared library's type in a kernel, no binding.
program sidecheck
  use shapes
  implicit none
  type(shape) :: s
  real(8) :: r
  s%side = 3d0
  !$omp target map(to: s) map(from: r)
  r = 2 * s%side
  !$omp end target
  print '(a, f5.1)', 'twice the side on the device:', r
end program
