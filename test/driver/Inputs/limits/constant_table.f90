! A stencil's weights as a named constant, indexed in the region.
subroutine smooth(d, n, k)
  integer :: n, k
  real(8) :: d(n)
  real(8), parameter :: w(3) = [0.25d0, 0.5d0, 0.25d0]
  !$omp target map(tofrom: d)
    d(1) = w(k) * d(1)
  !$omp end target
end subroutine
