! acc is only allocated on the device (map alloc), yet the region adds to
! it: the sum starts from whatever the device copy held. Nothing copies it
! back; the read is seen in the released copy, computed from its poison.
program alloc_read
  implicit none
  integer, parameter :: n = 10
  double precision :: acc, x(n)
  integer :: i
  x = 1.0d0
  acc = 0.0d0
  !$omp target map(alloc: acc) map(to: x)
  do i = 1, n
    acc = acc + x(i)
  end do
  !$omp end target
  print '(a,f6.1)', 'acc = ', acc
end program
