! An allocatable array present on the device (enter data): the host
! changes a(3) and the first kernel overwrites it before reading it (no
! finding); the host then changes a(5) and the second kernel reads it (the
! device's old value: found, element 5 in the array's bounds).
program stale_allocatable
  implicit none
  real, allocatable :: a(:)
  real :: s, t
  allocate(a(0:8))
  a = 1.0
  !$omp target enter data map(to: a)
  a(3) = 5.0
  !$omp target map(from: s)
  a(3) = 7.0
  s = a(3) + a(4)
  !$omp end target
  a(5) = 9.0
  !$omp target map(from: t)
  t = a(5)
  !$omp end target
  !$omp target exit data map(delete: a)
  print '(a,2f5.1)', 's t = ', s, t
end program
