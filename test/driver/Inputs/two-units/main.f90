program main
  use lib
  implicit none
  integer, parameter :: n = 1000
  real :: a(n)
  integer :: i
  a = 1.0
  coeff = 3.0
  !$omp target update to(coeff)
  call scale(a, n)
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    a(i) = twice(a(i))
  end do
  if (all(abs(a - 12.0) < 1e-5)) then
    print *, 'PASSED'
  else
    print *, 'FAILED', a(1)
    error stop 1
  end if
end program
