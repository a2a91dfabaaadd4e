! An accumulator mapped alloc: the kernel starts from garbage.
program omp_alloc_scalar_sum
  implicit none
  integer, parameter :: n = 100
  real :: a(n), total
  integer :: i
  a = 1.0
  total = 10.0
  !$omp target map(to: a) map(alloc: total) ! expect-static: map-read-before-write ! expect-run: uninitialized-read
  do i = 1, n
    total = total + a(i)
  end do
  !$omp end target
  !$omp target update from(total)
  if (total == 110.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
