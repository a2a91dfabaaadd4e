! An integer array (no element kind for the checker): a kernel updates
! every element, `update from` brings the last one back and the host reads
! it. Its neighbour, which the device also changed, is not read.
program int_update_section_ok
  implicit none
  integer, parameter :: n = 64
  integer :: k(n), last
  integer :: i
  k = 1
  !$omp target data map(tofrom: k)
  !$omp target teams distribute parallel do
  do i = 1, n
    k(i) = k(i) + i
  end do
  !$omp target update from(k(n:n))
  last = k(n)
  !$omp end target data
  print '(a,i4)', 'last =', last
end program
