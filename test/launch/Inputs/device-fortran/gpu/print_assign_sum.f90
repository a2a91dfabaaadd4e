program t1
  real, allocatable :: a(:), b(:)
  real :: s
  integer :: i
  allocate(a(8))
  a = [(real(i), i = 1, 8)]
  !$omp target map(to: a) map(from: s)
  b = a
  s = sum(b)
  print *, 'device sum', s, size(b)
  !$omp end target
  print *, s
end program
