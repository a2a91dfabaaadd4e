! The host changes a(3) of a present array; the kernel overwrites a(2),
! which the host left alone, and reads a(3): the device's old value.
program stale_element_read
  implicit none
  integer, parameter :: n = 8
  real :: a(0:n), s
  a = 1.0
  !$omp target enter data map(to: a)
  a(3) = 5.0
  !$omp target map(from: s)
  a(2) = 7.0
  s = a(3)
  !$omp end target
  !$omp target exit data map(delete: a)
  print '(a,f5.1)', 's = ', s
end program
