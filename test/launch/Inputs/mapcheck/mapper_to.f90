! The mapper copies the weights in only; the kernel rescales them. The
! loss is seen when the copy is released at the region's end, and it is
! reported at the mapper's clause.
program mapper_to
  implicit none
  type :: layer
    real :: w(32)
    integer :: k
  end type
  !$omp declare mapper(wonly : layer :: l) map(to: l%w) map(to: l%k)
  type(layer) :: net
  integer :: i
  net%w = 4.0
  net%k = 32
  !$omp target map(mapper(wonly), tofrom: net)
  do i = 1, net%k
    net%w(i) = net%w(i) / 4.0
  end do
  !$omp end target
  print '(a,f4.1)', 'w(1) = ', net%w(1)
end program
