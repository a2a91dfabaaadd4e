! A declare target coefficient changed on the host and read on the device
! by a procedure the kernel calls: the device keeps its own copy (the
! initial value), which no map of the kernel refreshes.
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
program omp_declare_target_call
  use coefficients
  implicit none
  integer, parameter :: n = 64
  real :: a(n)
  integer :: i
  a = 1.0
  gain = 3.0
  !$omp target teams distribute parallel do map(tofrom: a) ! expect-static: stale-device-read
  do i = 1, n
    a(i) = amplified(a(i))
  end do
  if (abs(sum(a) - 3.0 * n) < 1e-3) then
    print *, 'PASS'
  else
    print *, 'FAIL'
  end if
end program
