! A serial kernel sums into s, mapped to the device only.
program omp_to_scalar_written
  implicit none
  integer, parameter :: n = 500
  real :: a(n), s
  integer :: i
  a = 2.0
  s = 0.0
  !$omp target map(to: a) map(to: s) ! expect-static: map-write-not-from ! expect-run: not-copied-back
  do i = 1, n
    s = s + a(i)
  end do
  !$omp end target
  if (s == 1000.0) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
