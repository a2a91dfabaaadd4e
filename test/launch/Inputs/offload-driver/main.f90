program main
  use lib
  implicit none
  integer, parameter :: n = 100
  real :: a(n)
  integer :: i
  a = 1.0
  call scale(a, n)
  ! The driver's own kernel calls the library's declare target routine.
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    a(i) = twice(a(i))
  end do
  if (all(abs(a - 4.0) < 1e-5)) then
    print *, 'PASSED'
  else
    print *, 'FAILED', a(1)
    error stop 1
  end if
end program
