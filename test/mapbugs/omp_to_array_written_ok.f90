! A kernel doubles a, but the map copies a to the device only.
program omp_to_array_written
  implicit none
  integer, parameter :: n = 1000
  real :: a(n)
  integer :: i
  a = 1.0
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    a(i) = 2.0 * a(i)
  end do
  if (all(a == 2.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
