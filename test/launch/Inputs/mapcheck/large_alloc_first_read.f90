! A data region keeps a on the device; a kernel writes it; the host reads
! its copy (element IDX, or the sum) inside the region without
! `target update from`: a stale host read.
program stale_read
  implicit none
  integer, parameter :: n = 1048576
  real, allocatable :: a(:)
  real :: s, expect
  integer :: i
  allocate(a(n))
  a = 1.0
  !$omp target enter data map(to: a)
  !$omp target
  do i = 1, n
    a(i) = 2.0
  end do
  !$omp end target
  s = a(1)
  expect = 2.0
  print *, 's =', s, merge('OK   ', 'STALE', s == expect)
  !$omp target exit data map(delete: a)
end program
