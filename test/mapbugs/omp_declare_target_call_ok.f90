! The same with `target update to(gain)` after the host changes it.
module coefficients
  implicit none
  real :: gain = 1.0
  !$omp declare target(gain)
contains
  real function amplified(x)
    !$omp declare target
    real, intent(in) :: x
    amplified = gain * x
  end function
end module
program omp_declare_target_call_ok
  use coefficients
  implicit none
  integer, parameter :: n = 64
  real :: a(n)
  integer :: i
  a = 1.0
  gain = 3.0
  !$omp target update to(gain)
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    a(i) = amplified(a(i))
  end do
  if (abs(sum(a) - 3.0 * n) < 1e-3) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
