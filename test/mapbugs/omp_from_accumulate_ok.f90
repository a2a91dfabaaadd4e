! a(i) = a(i) + b(i) reads a, but map(from:) never copies it in.
program omp_from_accumulate
  implicit none
  integer, parameter :: n = 100000
  real :: a(n), b(n)
  integer :: i
  a = 1.0
  b = 2.0
  !$omp target teams distribute parallel do map(tofrom: a) map(to: b)
  do i = 1, n
    a(i) = a(i) + b(i)
  end do
  if (all(a == 3.0)) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
