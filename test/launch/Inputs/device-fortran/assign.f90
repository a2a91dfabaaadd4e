program assign
  implicit none
  real, allocatable :: a(:), b(:), c(:,:)
  integer, allocatable :: k(:)
  real(8), allocatable :: d(:)
  character(len=:), allocatable :: s
  real :: src(2,3)
  integer :: i
  allocate (a(3))
  a = [1.0, 2.0, 3.0]
  b = a
  print *, allocated(b), size(b), b
  a = [4.0, 5.0, 6.0, 7.0, 8.0]
  b = a
  print *, size(b), lbound(b), b
  b = a(5:1:-2)
  print *, size(b), b
  a = a(5:1:-1)
  print *, a
  src = reshape([(real(i), i = 1, 6)], [2, 3])
  c = src
  print *, shape(c), c
  c = src(:, 2:3)
  print *, shape(c), c
  k = [(i*i, i = 1, 4)]
  print *, k
  k(2:3) = k(3:2:-1)
  print *, k
  d = [1.0d0/3.0d0, 2.0d0]
  print *, d
  s = 'device'
  print *, s, len(s)
  s = 'fortran runtime'
  print *, s, len(s)
end program
