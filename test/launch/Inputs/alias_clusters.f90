! Two pairs of names of storage (a pointer into each of two arrays), and a
! scalar that lies between the arrays in memory, on one construct: each
! pair gets a copy of its own. (One copy of the bytes from the first pair
! to the second took the scalar in: found present there, it was never
! copied in or out, 0.0.)
module alias_clusters_m
  real, target :: x(10)
  real :: xs
  real, target :: y(10)
end module

program alias_clusters
  use alias_clusters_m
  implicit none
  real, pointer :: px(:), py(:)
  integer :: i
  x = [(real(i), i = 1, 10)]
  y = 10 * x
  xs = 0
  px => x(3:10)
  py => y(3:10)
  !$omp target map(tofrom: xs)
  xs = x(1) + px(1) + y(1) + py(1)
  px(2) = -1
  !$omp end target
  print '(a, 2f8.1)', 'xs, x(4):', xs, x(4)
end program
